"""Write the licence notices of what the bundle ships, from each package's own metadata.

    uv run python packaging/licences.py          # rewrite resources/licences.txt and texts
    uv run python packaging/licences.py --check  # exit 1 when they are out of date

What ships is Emberkeep's runtime dependencies (``uv export --no-dev``: the bundle is built from
them alone, see packaging/build.py), Python itself and the Qt libraries inside PySide6. Each
package's licence is read from its metadata (``License-Expression``, else its licence classifier,
else ``License``), never written by hand; its licence file is copied from its ``.dist-info``
beside the summary in ``resources/licences/``. The LGPL and GPL texts that cover Qt and PySide6
(whose wheels carry none) are the FSF's, kept in that folder as they are.

The About box (gui/about_dialog.py) shows ``resources/licences.txt``; the bundle carries the
whole folder.
"""

from __future__ import annotations

import argparse
import platform
import re
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUMMARY = ROOT / "resources" / "licences.txt"
TEXTS = ROOT / "resources" / "licences"
FSF_TEXTS = ("LGPL-3.0.txt", "GPL-3.0.txt")  # committed as published; never regenerated here

HEADER = """\
Emberkeep and what it ships
===========================

Emberkeep is free software under the MIT licence (see Emberkeep-LICENSE.txt). The application
bundle also carries Python and the packages below, each under its own licence; the full texts
are in the licences folder beside this file (resources/licences/ in the source, the bundle's
_internal/resources/licences/).

Qt and PySide6 (Qt for Python) are used under the GNU Lesser General Public License version 3
(LGPL-3.0, which adds permissions to the GNU GPL version 3: both texts are in the licences
folder). They are shared libraries in the bundle folder (_internal/PySide6 and
_internal/shiboken6): you may replace them with a build of your own of the same version. Their
complete source code is available from The Qt Company at
https://download.qt.io/official_releases/qt/ (Qt) and
https://download.qt.io/official_releases/QtForPython/ (PySide6 and Shiboken6), and from
https://code.qt.io/ . The Qt libraries include third-party code under their own licences,
listed at https://doc.qt.io/qt-6/licenses-used-in-qt.html .
"""


def runtime_names() -> list[str]:
    """The runtime dependencies, locked: ``uv export --no-dev`` (the bundle's build input)."""
    done = subprocess.run(["uv", "export", "--no-dev", "--no-hashes", "--no-emit-project",
                           "--frozen", "--no-header", "--no-annotate"],
                          capture_output=True, text=True, cwd=ROOT, check=True)
    names = []
    for line in done.stdout.splitlines():
        requirement = line.split(";")[0].strip()
        if requirement and not requirement.startswith(("#", "-")):
            names.append(re.split(r"[=<>!~ \[]", requirement, maxsplit=1)[0])
    return sorted(names, key=str.lower)


def licence_of(meta: metadata.PackageMetadata) -> str:
    expression = meta.get("License-Expression")
    if expression:
        return str(expression)
    classifiers = [c.rpartition(" :: ")[2] for c in meta.get_all("Classifier") or []
                   if c.startswith("License :: ")]
    if classifiers:
        return " / ".join(classifiers)
    text = str(meta.get("License") or "").strip()
    return text.splitlines()[0] if text else "not stated in its metadata"


def home_of(meta: metadata.PackageMetadata) -> str:
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [] if ", " in u)
    for key in ("Source", "Repository", "Code", "Homepage", "Home"):
        if key in urls:
            return urls[key]
    return str(meta.get("Home-page") or "")


def licence_files(name: str) -> list[tuple[str, bytes]]:
    """The package's licence files from its .dist-info, as (name in the texts folder, bytes)."""
    files = metadata.files(name) or []
    found = []
    for file in files:
        parts = Path(str(file)).parts
        if parts and parts[0].endswith(".dist-info") and re.search(
                r"licen[cs]e|copying|notice", parts[-1], re.IGNORECASE):
            found.append((f"{name}-{parts[-1]}" + ("" if parts[-1].endswith(".txt") else ".txt"),
                          Path(str(file.locate())).read_bytes()))
    return found


def render() -> tuple[str, dict[str, bytes]]:
    """The summary text and the licence files to write beside it."""
    texts: dict[str, bytes] = {"Emberkeep-LICENSE.txt": _emberkeep_licence().encode("utf-8")}
    lines = [HEADER, "", "Shipped components", "------------------", ""]
    python_licence = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    lines += _entry(f"Python {platform.python_version_tuple()[0]}."
                    f"{platform.python_version_tuple()[1]}", "PSF-2.0",
                    "https://www.python.org/", ["Python-LICENSE.txt"])
    texts["Python-LICENSE.txt"] = python_licence.read_bytes()
    for name in runtime_names():
        meta = metadata.metadata(name)
        files = licence_files(name)
        texts.update(files)
        shown = [f for f, _ in files]
        if re.search(r"\bLGPL", licence_of(meta)):
            shown += list(FSF_TEXTS)
        lines += _entry(f"{meta['Name']} {meta['Version']}", licence_of(meta), home_of(meta),
                        shown)
    return "\n".join(lines).rstrip("\n") + "\n", texts


def _entry(title: str, licence: str, home: str, files: list[str]) -> list[str]:
    lines = [title, f"    licence: {licence}"]
    if home:
        lines.append(f"    source: {home}")
    if files:
        lines.append(f"    text: {', '.join(files)}")
    return [*lines, ""]


def _emberkeep_licence() -> str:
    year_holder = "Copyright (c) the Emberkeep authors"
    return (f"MIT License\n\n{year_holder}\n\n"
            "Permission is hereby granted, free of charge, to any person obtaining a copy of this "
            "software and associated documentation files (the \"Software\"), to deal in the "
            "Software without restriction, including without limitation the rights to use, "
            "copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the "
            "Software, and to permit persons to whom the Software is furnished to do so, "
            "subject to the following conditions:\n\n"
            "The above copyright notice and this permission notice shall be included in all "
            "copies or substantial portions of the Software.\n\n"
            "THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR "
            "IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS "
            "FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR "
            "COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN "
            "AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION "
            "WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.\n")


def stale() -> list[str]:
    """What differs between the committed notices and what the metadata says now."""
    summary, texts = render()
    found = []
    if not SUMMARY.is_file() or SUMMARY.read_text(encoding="utf-8") != summary:
        found.append(str(SUMMARY.relative_to(ROOT)))
    for name, data in texts.items():
        path = TEXTS / name
        if not path.is_file() or path.read_bytes() != data:
            found.append(str(path.relative_to(ROOT)))
    for name in FSF_TEXTS:
        if not (TEXTS / name).is_file():
            found.append(f"resources/licences/{name} (missing)")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only say whether the notices are out of date")
    options = parser.parse_args(argv)
    if options.check:
        found = stale()
        for line in found:
            print(f"out of date: {line}")
        return 1 if found else 0
    summary, texts = render()
    TEXTS.mkdir(parents=True, exist_ok=True)
    SUMMARY.write_text(summary, encoding="utf-8")
    for name, data in texts.items():
        (TEXTS / name).write_bytes(data)
    print(f"wrote {SUMMARY.relative_to(ROOT)} and {len(texts)} licence texts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
