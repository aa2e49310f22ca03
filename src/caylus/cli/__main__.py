"""`python -m caylus.cli ...` is the same as the `caylus` command."""

import sys

from .main import main

sys.exit(main())
