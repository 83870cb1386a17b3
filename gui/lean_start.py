"""What the start spares itself before anything of pydantic is built.

Kept apart from :mod:`gui.app`, which imports the app's pydantic models: this must run before
the first model class is made, so :mod:`gui.cli` calls it first.
"""

from __future__ import annotations

import importlib.util
import sys
import types

PYDANTIC_PLUGIN_LOADER = "pydantic.plugin._loader"


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
