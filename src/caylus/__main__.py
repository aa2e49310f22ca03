"""`python -m caylus ...`: the same as the `caylus` command (for a checkout or a venv without its scripts on PATH)."""

import sys

from caylus.cli.main import main

sys.exit(main())
