"""A missing library of the rl extra is reported in one line that says what to install."""

from __future__ import annotations

import subprocess
import sys

import pytest

from caylus.research._extra import MissingExtra, need


def test_need_names_the_pip_install():
    with pytest.raises(MissingExtra) as info:
        need("no_such_library_for_caylus")
    assert str(info.value) == "caylus.research needs no_such_library_for_caylus: run pip install 'caylus[rl]'"
    assert info.value.__cause__ is None and info.value.__suppress_context__


def test_importing_without_the_library_says_so():
    # Hide pyspiel from a fresh interpreter, as on a machine without the extra.
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "try:\n    import caylus.research.openspiel\n"
            "except ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout
    assert out.strip() == "caylus.research needs pyspiel: run pip install 'caylus[rl]'"
