"""The examples in docs/api.md and docs/notation.md run, and notation.md covers every Caylus (2005) decision."""

from __future__ import annotations

import re
from pathlib import Path

import caylus

DOCS = Path(__file__).resolve().parents[2] / "docs"


def code_blocks(page: str, language: str = "") -> list[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def test_the_api_example_runs():
    example = code_blocks("api.md", "python")[0]
    namespace: dict = {}
    exec(compile(example, "docs/api.md", "exec"), namespace)
    assert namespace["game"].is_terminal and namespace["again"].scores() == namespace["game"].scores()


def test_the_record_example_replays():
    record = next(block for block in code_blocks("notation.md") if block.startswith("[Edition"))
    game = caylus.load_record(record)
    assert len(game.history) == 16 and game.view(None)["turn"] == 2
    assert game.record().splitlines()[5:] == [line for line in record.splitlines()[5:] if not line.startswith("#")]


def test_notation_names_every_decision_and_every_verb_of_caylus():
    from caylus.editions.classic.rules import DECISION_NAMES

    text = (DOCS / "notation.md").read_text(encoding="utf-8")
    for name in DECISION_NAMES:
        assert f"| {name} |" in text, f"docs/notation.md does not describe the decision {name!r}"
    for verb in {a.verb for a in caylus.get_edition("caylus").actions}:
        assert f"`{verb}" in text, f"docs/notation.md does not mention the verb {verb!r}"
