"""The `caylus` command: `caylus sim`, `caylus bench`, `caylus replay` (see `caylus --help` and README.md).

`runs` holds the measuring loops (also used by benchmarks/); `main` holds the argument parsing and printing.
"""
