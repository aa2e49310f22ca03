"""The `rl` extra: numpy, open-spiel, pettingzoo and gymnasium are imported only through `need`, so a missing one
gives one line saying what to install instead of a traceback from deep inside an import."""

from __future__ import annotations

import importlib

INSTALL = "pip install 'caylus[rl]'"


class MissingExtra(ImportError):
    """A library of the `rl` extra is not installed; the message says which `pip install` to run."""


def need(module: str):
    """Import `module` (a library of the `rl` extra) or raise `MissingExtra` with the install command."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtra(f"caylus.research needs {module.split('.')[0]}: run {INSTALL}") from None
