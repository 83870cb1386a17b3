"""Entry script for the PyInstaller bundle: the same console entry point as ``emberkeep``.

``freeze_support`` first: the odds' worker processes start this executable again,
and in a bundle it must run the worker, not a second copy of the app."""

import multiprocessing

from gui.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    raise SystemExit(main())
