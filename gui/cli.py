"""The ``emberkeep`` console script: parses its arguments before any Qt import.

``emberkeep check FILE...`` and ``emberkeep print FILE ...`` use only the rules core and exit
with their status; anything else starts the application, and only then is PySide6 imported.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    from gui import lean_start

    if "PySide6" in sys.modules:  # the bundle's start-up hook imports it before the app
        lean_start.skip_pyside_source_scan()
    lean_start.defer_secrets()  # before pydantic is imported, in every command
    lean_start.skip_pydantic_plugin_scan()
    if args and args[0] == "check":
        return _check(args[1:])
    if args and args[0] == "print":  # the paper sheets as a PDF, with no Qt
        from emberkeep.paper.command import main as print_main

        return print_main(args[1:])
    parser = argparse.ArgumentParser(
        prog="emberkeep",
        description="Emberkeep: campaign sheets, gear repairs and encounters for Furnace. "
                    "Use 'emberkeep check FILE...' to validate campaign files and "
                    "'emberkeep print FILE --help' to print sheets.")
    parser.add_argument("file", nargs="?", help="a campaign file to open")
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument("--debug", action="store_true",
                        help="log every step in detail, to the console and the log file")
    parser.add_argument("--smoke-test", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(args)
    from gui import logging_setup  # no Qt: the log records the start before Qt loads

    logging_setup.configure(debug=options.debug)
    from gui.app import run  # Qt is imported from here on

    return run(options.file, smoke_test=options.smoke_test)


def _version() -> str:
    from emberkeep import __version__

    return __version__


class _VersionAction(argparse.Action):
    """``--version``: the package's version, read only when asked (every start made argparse's
    own action read the package metadata for its text)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default,
                         help=help or "show program's version number and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(f"{parser.prog} {_version()}")  # on stdout, as argparse's own action
        parser.exit()


def _check(files: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="emberkeep check",
        description="Validate campaign files; prints a line per file and never writes. "
                    "Exits 0 when every file is valid, 1 otherwise.")
    parser.add_argument("files", nargs="+", metavar="FILE")
    options = parser.parse_args(files)
    from emberkeep.check import check_files

    lines, status = check_files(options.files)
    for line in lines:
        print(line)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
