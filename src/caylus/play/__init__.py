"""The terminal game: play Caylus against bots or friends (`caylus play`), and step through records
(`caylus replay FILE --step`).

- `loop`: the game at the terminal, one loop over a `caylus.session.Session` for every edition.
- `boards`: one board per edition, a pure function of `game.view(player)` to rich renderables.
- `choices`: the legal moves, numbered, in plain words; `commands`: what a player may type.
- `terminal`: printing, asking with tab completion, pacing; `style`: player colours and letters.
- `records`: where games are saved; `stepper`: walking through a record.
"""
