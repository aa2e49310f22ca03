"""The hub's hand-over of new states from the threads that store changes to the event loop that sends them."""

from __future__ import annotations

import asyncio
import json
import threading

from caylus.server.hub import Hub, Watcher


class Socket:
    def __init__(self):
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)


def state(version: int) -> dict:
    return {"version": version, "log": [{"index": version, "text": f"move {version}"}]}


def test_changes_made_while_the_loop_is_busy_wake_it_once_and_each_socket_gets_the_newest(monkeypatch):
    wakes = []

    async def run() -> tuple:
        hub = Hub()
        hub.loop = asyncio.get_running_loop()
        real = hub.loop.call_soon_threadsafe
        monkeypatch.setattr(hub.loop, "call_soon_threadsafe", lambda *a: (wakes.append(a), real(*a))[1])
        sockets = {name: Socket() for name in ("a0", "a1", "b0")}
        watchers = [Watcher(sockets["a0"], "a", 0, False), Watcher(sockets["a1"], "a", 1, False),
                    Watcher(sockets["b0"], "b", 0, False)]
        for w in watchers:
            hub.add(w)
        pumps = [asyncio.create_task(w.pump()) for w in watchers]

        def store_changes():  # a request's thread: three versions of table a, one of b, the loop not yet run
            for version in (1, 2, 3):
                hub.publish("a", {0: state(version), 1: state(version)})
            hub.publish("b", {0: state(7)})

        thread = threading.Thread(target=store_changes)
        thread.start()
        thread.join()  # the loop ran nothing meanwhile (this coroutine held it)
        for _ in range(5):
            await asyncio.sleep(0)
        for p in pumps:
            p.cancel()
        return sockets

    sockets = asyncio.run(run())
    assert len(wakes) == 1  # one wake-up of the loop for the four changes
    for name in ("a0", "a1"):
        assert len(sockets[name].sent) == 1 and '"version":3' in sockets[name].sent[0].replace(" ", "")
    assert len(sockets["b0"].sent) == 1 and '"version":7' in sockets["b0"].sent[0].replace(" ", "")


def test_a_change_after_the_loop_took_the_last_ones_wakes_it_again():
    async def run() -> list[str]:
        hub = Hub()
        hub.loop = asyncio.get_running_loop()
        socket = Socket()
        w = Watcher(socket, "a", None, False)
        hub.add(w)
        pump = asyncio.create_task(w.pump())
        for version in (1, 2):
            await asyncio.to_thread(hub.publish, "a", {None: state(version)})
            for _ in range(5):
                await asyncio.sleep(0)
        pump.cancel()
        return socket.sent

    sent = asyncio.run(run())
    assert len(sent) == 2 and [json.loads(t)["state"]["version"] for t in sent] == [1, 2]
