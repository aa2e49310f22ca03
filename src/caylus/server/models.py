"""The request and response bodies of the API (Pydantic), so the OpenAPI page (/docs) documents it by itself."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

Token = Annotated[str, StringConstraints(min_length=1, max_length=200)]
ActionToken = Annotated[str, StringConstraints(min_length=1, max_length=64)]
OptionValue = str | int | bool


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewTable(Strict):
    """A table to create: the edition, its options, and what sits in each seat."""

    edition: Annotated[str, StringConstraints(min_length=1, max_length=32)] = Field(examples=["caylus"])
    players: int | None = Field(None, ge=1, le=8, strict=True,
                                description="how many players (default: one per seat)")
    options: dict[Annotated[str, StringConstraints(max_length=32)], OptionValue] = Field(
        default_factory=dict, max_length=16, examples=[{"favors": "table"}])
    seats: list[Annotated[str, StringConstraints(min_length=1, max_length=32)]] = Field(
        min_length=1, max_length=8, examples=[["human", "normal", "normal", "normal"]],
        description='one entry per player: "human" or a bot level (random, greedy, easy, normal, hard)')
    seed: int | None = Field(None, ge=0, lt=2**63, strict=True,
                             description="the game's seed (default: a random one); only where no card is hidden, "
                                         "or every seat is a bot")
    takeover: Annotated[str, StringConstraints(min_length=1, max_length=32)] = Field(
        "normal", description="the bot level that plays a person's seat once they resign (POST .../resign)")
    take_back: bool = Field(False, strict=True, description="whether a person who resigned may take their seat back "
                                                            "(POST .../take-back)")
    clock: dict[Annotated[str, StringConstraints(max_length=32)], Any] | None = Field(
        None, max_length=4, examples=[{"kind": "realtime", "initial_s": 1200, "increment_s": 20}],
        description='the time control: {"kind": "realtime", "initial_s", "increment_s"} (a clock per person, '
                    'running on their decisions), {"kind": "turn_based", "per_turn_s"} (a time per decision), or '
                    'null (none). A seat whose time runs out is played by the takeover bot')


# A record as a replay request carries it: a few kilobytes for a whole game (the request body's own cap is lower).
RecordText = Annotated[str, StringConstraints(min_length=1, max_length=16_000)]


class ReplayRequest(Strict):
    """A record and the step of it to show."""

    record: RecordText = Field(description="a game record (docs/notation.md): a finished table's, or a file")
    step: int | None = Field(None, ge=0, lt=2**31, strict=True,
                             description="how many of its moves to play (default: all of them)")
    seat: int | None = Field(None, ge=0, le=7, strict=True,
                             description="whose view (with that seat's cards); default: a spectator's")


class PlayOn(Strict):
    """A new table that plays on from a step of a record, with these seats."""

    record: RecordText
    step: int = Field(ge=0, lt=2**31, strict=True, description="the moves of the record the table starts after")
    seats: list[Annotated[str, StringConstraints(min_length=1, max_length=32)]] = Field(
        min_length=1, max_length=8, description='one entry per player: "human" or a bot level')


class SeatTicket(BaseModel):
    seat: int
    kind: str = Field(description='"human" or the bot level')
    token: str | None = Field(description="the seat's secret token (human seats only): keep it, it is shown once")
    link: str | None = Field(description="the browser link for this seat (human seats only), the token in its "
                                         "fragment (#table=...&token=...), which browsers never send to a server")


class TableCreated(BaseModel):
    id: str
    seats: list[SeatTicket]
    owner_token: str = Field(description="the creator's secret: DELETE /api/tables/{id} with it (Authorization: "
                                         "Bearer) closes the table; it holds no seat")


class TableClosed(BaseModel):
    id: str
    closed: bool


class LegalMove(BaseModel):
    token: str
    text: str


class SeatPlayer(BaseModel):
    id: str
    name: str


class SeatInfo(BaseModel):
    seat: int
    name: str
    kind: str
    spec: str
    player: SeatPlayer | None = Field(None, description="the player who joined this seat (POST .../join), if any")
    taken_over: dict[str, Any] | None = Field(None, description='once a person left the seat: {"by": the bot level, '
                                                                '"why": "resigned" | "timeout" | "absent", "from_decision": the number of '
                                                                'the first decision the bot made}')
    back_from_decision: int | None = Field(None, description="once a person took the seat back from a bot: the "
                                                             "number of their first decision since")
    can_take_back: bool = Field(False, description="a bot plays the seat and its person may take it back "
                                                  "(POST .../take-back): a table made with take_back, or after an "
                                                  "absence")


class TableState(BaseModel):
    """What one seat (or a spectator: seat null) may see of a table."""

    table: str
    edition: str
    seat: int | None
    version: int = Field(description="send it back with a move: a move made on an older version is refused")
    current_player: int = Field(description="the seat to decide (negative once the game is over)")
    terminal: bool
    closed: bool = Field(False, description="closed by its creator or expired: nothing more is played")
    seats: list[SeatInfo]
    legal: list[LegalMove] = Field(description="this seat's legal moves (empty unless it is to move)")
    decision: str | None = Field(description="what this seat is asked, in words (when it is to move)")
    view: dict[str, Any] = Field(description="the game as this seat sees it (Game.view)")
    log: list[dict[str, Any]] = Field(description="what happened, as this seat may know it, from `since` on")
    scores: list[int]
    result: dict[str, Any] | None = None
    rematch: str | None = Field(None, description="once the game is over and a rematch was made (POST "
                                                      ".../rematch): the new table's id")
    clocks: dict[str, Any] | None = Field(None, description='the time control and each seat\'s time left as of '
                                                             '`since` (null: no clock); docs/server.md')


class MoveRequest(Strict):
    token: Token | None = Field(None, description="the seat's token, if not in the Authorization header")
    version: int = Field(ge=0, lt=2**31, strict=True)
    action: ActionToken


class UndoRequest(Strict):
    token: Token | None = Field(None, description="the seat's token, if not in the Authorization header")
    version: int = Field(ge=0, lt=2**31, strict=True)


class Hint(BaseModel):
    token: str
    text: str
    value: float
    reason: str


class Hints(BaseModel):
    advice: list[Hint]


class LobbyTable(BaseModel):
    id: str
    edition: str
    title: str
    players: int
    seats: list[str]
    version: int
    terminal: bool


class EditionOption(BaseModel):
    name: str
    choices: list[str]
    default: str
    help: str


class EditionInfo(BaseModel):
    id: str
    title: str
    min_players: int
    max_players: int
    options: list[EditionOption]


class ErrorBody(BaseModel):
    error: str
    code: str


PlayerName = Annotated[str, StringConstraints(min_length=1, max_length=200)]


class NewPlayer(Strict):
    name: PlayerName = Field(examples=["Alice"], description="how others see the player (at most 40 characters, "
                                                            "unique without regard to case)")


class PlayerCreated(BaseModel):
    id: str
    name: str
    key: str = Field(description="the player's secret key (Authorization: Bearer): keep it, it is shown once")
    link: str = Field(description='the "use on another device" link, the key in its fragment (#player=...&key=...), '
                                  "which browsers never send to a server")


class PlayerMe(BaseModel):
    id: str
    name: str


class PlayerTable(BaseModel):
    """One of a player's tables, as their page lists it."""

    table: str
    edition: str
    title: str
    seat: int = Field(description="the player's seat")
    seats: list[str] = Field(description="who sits in each seat: a player's name, a bot level, or \"\" for a "
                                         "person who made no player")
    kinds: list[str] = Field(description='each seat\'s kind: "human" or a bot level')
    current_player: int
    your_turn: bool = Field(description="the player is to decide there")
    terminal: bool
    closed: bool
    scores: list[int]
    result: dict[str, Any] | None = Field(description="once the game is over: its result")
    updated: float = Field(description="when the table last changed (seconds since 1970, the server's clock)")
    record: str = Field(description="where the game's record is")


class Entrant(BaseModel):
    """Who a rating is of: a player (id and name) or a bot level."""

    kind: str = Field(description='"player" or "bot"')
    id: str | None = Field(None, description="the player's id (a player)")
    name: str = Field(description="the player's name, or the bot's level")


class Rating(BaseModel):
    """OpenSkill figures: the skill `mu`, its uncertainty `sigma`, and `rating` = mu - 2 sigma, what lists order by."""

    mu: float
    sigma: float
    rating: float
    games: int = Field(description="the rated games that changed it")


class LeaderboardEntry(Rating):
    place: int = Field(description="1 for the best")
    entrant: Entrant


class Leaderboard(BaseModel):
    edition: str
    kind: str = Field(description='"two" (two-player games) or "multi" (three or more)')
    entries: list[LeaderboardEntry]


class PlayerRating(Rating):
    edition: str
    kind: str = Field(description='"two" or "multi"')
    place: int = Field(description="the player's place on that leaderboard")


class PlayerPage(BaseModel):
    id: str
    name: str
    ratings: list[PlayerRating] = Field(default_factory=list,
                                        description="the player's rating in each edition and kind they played")
    open: list[PlayerTable] = Field(description="tables still in play, the latest joined first")
    finished: list[PlayerTable] = Field(description="games over or closed, the latest joined first")


class Rematch(BaseModel):
    id: str = Field(description="the new table")
    seat: int | None = Field(description="the asking person's seat at the new table (their token or key opens it)")
    seats: list[str] = Field(description="the new table's seats: \"human\" or a bot level, rotated one place")
    link: str = Field(description="the new table's page (the asking browser keeps its token for it)")
    owner_token: str | None = Field(description="the new table's owner token, to whoever made the rematch (null "
                                                "for those who asked after)")


class YourTurn(BaseModel):
    table: str
    edition: str
    title: str
    seat: int
    waiting_s: float = Field(description="seconds since the table last changed: how long it has waited")
    left_s: float | None = Field(None, description="the seat's time left for this decision (null: no clock)")


class JoinRequest(Strict):
    seat_token: Token = Field(description="the token of the human seat to take (from the table's creation)")


class JoinedSeat(BaseModel):
    table: str
    seat: int
    player: str
