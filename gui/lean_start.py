"""What the start spares itself: PySide6's read of every module's source, OpenSSL, pydantic's
plugin search.

Kept apart from :mod:`gui.app`, which imports the app's pydantic models: this must run before
pydantic is imported, so :mod:`gui.cli` calls it first.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import types
from typing import Any

PYDANTIC_PLUGIN_LOADER = "pydantic.plugin._loader"


def skip_pyside_source_scan() -> bool:
    """Spare every later import PySide6's read of the module's source (True: spared).

    Loaded, PySide6 reads the whole source of each module an import statement names, into
    ``linecache`` for good, to learn whether the module may select a ``__feature__``
    (``snake_case``, ``true_property``): some 300 files at start-up, 5 MiB of the peak and tens
    of milliseconds. Emberkeep selects none (tests/gui/test_startup_imports.py), and a module
    found not to use PySide6 keeps the selection in force, the default one here as everywhere:
    so every module is answered "does not use it" without its source read. A PySide6 without
    that private hook is left alone (False). The app calls this once PySide6 is loaded: in
    :func:`gui.app.run`, or first thing where PySide6 came before the app (the bundle's start-up
    hook imports it, and the read would go on through every module the app imports)."""
    try:
        feature: Any = importlib.import_module("shibokensupport.feature")  # loaded with PySide6
    except ImportError:
        return False
    if not callable(getattr(feature, "_mod_uses_pyside", None)):
        return False
    feature._mod_uses_pyside = _uses_no_feature
    return True


def _uses_no_feature(_module: object) -> bool:
    return False


def skip_pydantic_plugin_scan() -> bool:
    """Load no pydantic plugin, and spare the start the search for them (True: spared).

    pydantic looks for plugins when its first model is built: the module that does imports
    :mod:`importlib.metadata` (with :mod:`email`, :mod:`zipfile`, :mod:`tempfile` and more),
    some 17 ms and 3 MiB of the first window's peak (bench/startup.py), then reads every
    installed package's entry points. Emberkeep ships with no plugin and wants none (a plugin
    sees every value validated: a campaign's names and notes). That module is given the answer
    pydantic itself gives when ``PYDANTIC_DISABLE_PLUGINS`` is set: no plugins. Left alone
    (False) when the module is already loaded, or this pydantic has no such module."""
    if PYDANTIC_PLUGIN_LOADER in sys.modules:
        return False
    try:
        found = importlib.util.find_spec(PYDANTIC_PLUGIN_LOADER)  # imports pydantic.plugin only
    except ImportError:
        return False
    if found is None:
        return False
    loader = types.ModuleType(PYDANTIC_PLUGIN_LOADER, "pydantic's plugin loader, answering none")
    loader.get_plugins = _no_plugins  # type: ignore[attr-defined]
    sys.modules[PYDANTIC_PLUGIN_LOADER] = loader
    return True


def _no_plugins() -> tuple[()]:
    return ()


def defer_secrets() -> bool:
    """Stand in for :mod:`secrets` until something asks it for a name (True: stood in).

    pydantic imports :mod:`secrets` for the one comparison its ``Secret`` types make, which no
    campaign has; importing it imports :mod:`hmac`, which loads OpenSSL's ``libcrypto``: 3.3
    MiB of the first window's peak (bench/startup.py; the app's own digests of a small file
    need no OpenSSL: :mod:`emberkeep.digests`). The stand-in holds the module's spec, so an
    import statement finds it imported, and imports the real module at the first name asked
    of it (``secrets.token_urlsafe`` when the players' share starts), taking its names on.
    Left alone (False) when :mod:`secrets` is imported already."""
    if "secrets" in sys.modules:
        return False
    spec = importlib.util.find_spec("secrets")
    if spec is None:
        return False
    sys.modules["secrets"] = _StandIn(spec)
    return True


class _StandIn(types.ModuleType):
    """A module that imports the real one when first asked for a name it does not hold."""

    def __init__(self, spec: importlib.machinery.ModuleSpec) -> None:
        super().__init__(spec.name, "stands in for the module until it is first used")
        self.__spec__ = spec  # what an import statement reads (not being initialised)

    def __getattr__(self, name: str) -> object:
        if name.startswith("__") and name.endswith("__") and name != "__all__":
            # asked of any module by a look around (inspect's __wrapped__, a __file__): not a use
            raise AttributeError(name)
        real = _real_module(self)
        self.__dict__.update({key: value for key, value in vars(real).items()
                              if key not in ("__spec__", "__loader__")})
        return getattr(real, name)


def _real_module(stand_in: _StandIn) -> types.ModuleType:
    name = stand_in.__name__
    if sys.modules.get(name) is stand_in:
        del sys.modules[name]
    try:
        return importlib.import_module(name)
    except BaseException:
        sys.modules.setdefault(name, stand_in)
        raise
