"""GET /api/editions: the games a table can be created for, with their player counts and options."""

from __future__ import annotations

from fastapi import APIRouter

import caylus

from ..models import EditionInfo, EditionOption

router = APIRouter(prefix="/api/editions", tags=["editions"])


@router.get("", response_model=list[EditionInfo], summary="The editions, their player counts and options")
def list_editions() -> list[EditionInfo]:
    out = []
    for edition_id in caylus.available_editions():
        ed = caylus.get_edition(edition_id)
        out.append(EditionInfo(
            id=ed.id, title=ed.title, min_players=ed.min_players, max_players=ed.max_players,
            options=[EditionOption(name=o.name, choices=[str(c) for c in o.choices] or ["true", "false"],
                                   default=str(o.default).lower() if isinstance(o.default, bool) else str(o.default),
                                   help=o.help) for o in ed.options]))
    return out
