"""Entry script for the PyInstaller bundle: the same console entry point as ``emberkeep``."""

from gui.cli import main

raise SystemExit(main())
