"""What the start spares itself before anything of pydantic is imported or built.

Kept apart from :mod:`gui.app`, which imports the app's pydantic models: this must run before
pydantic is imported, so :mod:`gui.cli` calls it first.
"""

from __future__ import annotations

import importlib.machinery
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
