"""One router per resource: editions, tables, moves (and undo), ws (the live feed)."""
