"""The bots' scheduler: people's tables before all-bot tables, round robin within each, watched all-bot tables
paced, the all-bot queue bounded. On a clock of the test's own (no waiting, no timing)."""

from __future__ import annotations

from caylus.server.scheduler import Scheduler


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def drain(s: Scheduler, moved: bool = True, turns: int = 100) -> list[str]:
    """The tables handed out, one move each, as long as any is ready (each told done at once)."""
    order = []
    for _ in range(turns):
        t = s.next_ready()
        if t is None:
            break
        order.append(t)
        s.done(t, moved=moved)
    return order


def test_people_tables_go_before_all_bot_tables_whenever_both_wait():
    s = Scheduler(pace=0, clock=Clock())
    s.kick("b1", people=False)
    s.kick("p1", people=True)
    s.kick("b2", people=False)
    s.kick("p2", people=True)
    # Both people's tables keep a bot to move (each move queues them again): no all-bot table gets a worker.
    assert drain(s, turns=6) == ["p1", "p2", "p1", "p2", "p1", "p2"]
    # Once the people's bots are done (they do not move any more), the all-bot tables play, in turn.
    for t in ("p1", "p2"):
        assert s.next_ready() == t
        s.done(t, moved=False)
    assert drain(s, turns=4) == ["b1", "b2", "b1", "b2"]


def test_round_robin_within_people_tables_one_move_each():
    s = Scheduler(pace=0, clock=Clock())
    for t in ("a", "b", "c"):
        s.kick(t, people=True)
    assert drain(s, turns=7) == ["a", "b", "c", "a", "b", "c", "a"]


def test_a_table_is_queued_once_and_a_kick_while_it_thinks_queues_it_again():
    s = Scheduler(pace=0, clock=Clock())
    assert s.kick("a", people=True) and s.kick("a", people=True)
    assert s.waiting() == {"people": 1, "bots": 0, "out": 0}
    assert s.next_ready() == "a"
    assert s.next_ready() is None  # out thinking: not handed to a second worker
    s.kick("a", people=True)  # someone changed the table meanwhile (an undo): look again afterwards
    s.done("a", moved=False)
    assert s.next_ready() == "a"
    s.done("a", moved=False)
    assert s.next_ready() is None and s.idle()


def test_a_watched_all_bot_table_moves_once_per_pace_and_an_unwatched_one_on_idle_capacity():
    clock = Clock()
    watched = {"w"}
    s = Scheduler(pace=1.0, watched=lambda t: t in watched, clock=clock)
    s.kick("w", people=False)
    s.kick("u", people=False)
    assert drain(s, turns=5) == ["w", "u", "u", "u", "u"]  # w moved at 100.0: due again at 101.0
    clock.now = 100.5
    assert s.next_ready() == "u"
    s.done("u", moved=True)
    clock.now = 101.0
    assert drain(s, turns=3) == ["u", "w", "u"]  # w is due: back in the round behind u
    # A person's table still goes first, even before a due watched table.
    clock.now = 105.0
    s.kick("p", people=True)
    assert s.next_ready() == "p"


def test_a_watched_all_bot_table_unwatched_later_is_no_longer_paced():
    clock = Clock()
    watched = {"w"}
    s = Scheduler(pace=2.0, watched=lambda t: t in watched, clock=clock)
    s.kick("w", people=False)
    assert s.next_ready() == "w"
    s.done("w", moved=True)
    assert s.next_ready() is None  # resting until 102.0
    clock.now = 102.0
    assert s.next_ready() == "w"
    watched.clear()  # the spectator left
    s.done("w", moved=True)
    assert s.next_ready() == "w"


def test_take_waits_for_a_paced_table_then_hands_it_out():
    s = Scheduler(pace=0.05, watched=lambda t: True)  # the real clock: take() sleeps until the table is due
    s.kick("w", people=False)
    assert s.take(timeout=1) == "w"
    s.done("w", moved=True)
    assert s.take(timeout=0.001) is None  # not due yet
    assert s.take(timeout=2) == "w"


def test_the_all_bot_queue_is_bounded_people_are_never_turned_away_and_room_is_announced():
    rooms = []
    s = Scheduler(pace=0, clock=Clock(), max_bot_tables=4, on_room=lambda: rooms.append(1))
    assert all(s.kick(f"b{i}", people=False) for i in range(4))
    assert not s.kick("b4", people=False)  # full: turned away, left in the store
    assert s.kick("p", people=True)
    assert s.waiting() == {"people": 1, "bots": 4, "out": 0}
    for t in ("p", "b0"):  # the bots' tables end their games: the queue drains
        assert s.take(timeout=0) == t
        s.done(t, moved=False)
    assert rooms == []  # 3 of 4 still queued: over half
    assert s.take(timeout=0) == "b1"
    assert rooms == [1]  # at half: the owner may kick the turned-away tables again
    assert s.kick("b4", people=False)


def test_a_table_whose_worker_died_goes_first_and_a_forgotten_table_leaves_every_queue():
    s = Scheduler(pace=0, clock=Clock())
    for t in ("a", "b", "c"):
        s.kick(t, people=True)
    assert s.next_ready() == "a"
    s.retry("a")
    assert s.next_ready() == "a"
    s.forget("a")
    s.forget("b")
    assert drain(s, moved=False) == ["c"]
    assert s.idle()


def test_closed_scheduler_hands_out_nothing_and_take_returns():
    s = Scheduler(pace=0, clock=Clock())
    s.kick("a", people=True)
    s.close()
    assert s.take() is None
    assert not s.kick("b", people=True)


def test_all_bot_tables_never_hold_more_than_their_slots_so_a_worker_stays_free_for_people():
    s = Scheduler(pace=0, clock=Clock(), bot_slots=1)
    for t in ("b1", "b2", "b3"):
        s.kick(t, people=False)
    assert s.next_ready() == "b1"
    assert s.next_ready() is None  # b2 waits: the other worker is kept for people's tables
    s.kick("p", people=True)
    assert s.next_ready() == "p"
    s.done("b1", moved=True)
    assert s.next_ready() == "b2"
    s.retry("b2")  # its worker died: the slot is free again, and b2 is first
    assert s.next_ready() == "b2"
    s.forget("b2")
    assert s.next_ready() == "b3"
    assert s.waiting() == {"people": 0, "bots": 1, "out": 2}  # b3 and p out; b1 waits for the slot


def test_a_worker_waiting_for_an_all_bot_slot_wakes_when_one_frees():
    import threading

    s = Scheduler(pace=0, bot_slots=1)
    s.kick("b1", people=False)
    s.kick("b2", people=False)
    assert s.take(timeout=1) == "b1"
    got = []
    waiter = threading.Thread(target=lambda: got.append(s.take(timeout=10)))
    waiter.start()
    s.done("b1", moved=False)
    waiter.join(10)
    assert got == ["b2"]


def test_the_worker_kept_for_people_takes_only_peoples_tables_and_never_swallows_a_wakeup():
    import threading

    s = Scheduler(pace=0, bot_slots=1)
    s.kick("b1", people=False)
    assert s.next_ready(people_only=True) is None  # the flood is never thought on the people's worker
    assert s.take(timeout=0.05, people_only=True) is None
    assert s.take(timeout=1) == "b1"
    people, others = [], []
    waiters = [threading.Thread(target=lambda: people.append(s.take(timeout=10, people_only=True))),
               threading.Thread(target=lambda: others.append(s.take(timeout=10)))]
    for w in waiters:
        w.start()
    s.done("b1", moved=True)  # b1 queued again: only the other worker may take it, though both were waiting
    waiters[1].join(10)
    assert others == ["b1"]
    s.kick("p", people=True)
    waiters[0].join(10)
    assert people == ["p"]
