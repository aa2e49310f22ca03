"""The compiled build's tests (test_compiled.py) belong to the compiled pass of scripts/test only."""

import os

collect_ignore = [] if os.environ.get("CAYLUS_COMPILED") == "1" else ["test_compiled.py"]
