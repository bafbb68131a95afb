"""A bot process that dies in the middle of a run of notifications: each row is marked sent as it goes out, so
the process that takes the run over (once the dead one's lease ends) sends only what was left, repeating at most
the one message that went out just before the death. Real SQLite files, two "processes" (managers with stores
of their own on one file), the dead one stopped for good inside a send."""
from __future__ import annotations

import asyncio
from pathlib import Path

from bot.service import GameManager
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine.core.rng import Rng
from tests.fakeclock import Clock

DIES_AT = 2  # the dead process's second message (of three: a post, a DM to each seat) goes out, and it dies there


class Logged(RecordingTable):
    """Records every message that goes out, in order: a public post by its outbox row, a DM by seat and text."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[str] = []

    async def publish(self, post):  # noqa: ANN001, ANN201 - the table's signature
        self.log.append(f"post {post.key}")
        return await super().publish(post)

    async def tell(self, brief) -> bool:  # noqa: ANN001 - the table's signature
        self.log.append(f"dm {brief.seat}: {brief.text}")
        return await super().tell(brief)


class DiesMidRun(Logged):
    """The `DIES_AT`-th message goes out, and then the process never returns from that send."""

    def __init__(self) -> None:
        super().__init__()
        self.dead = asyncio.Event()

    async def publish(self, post):  # noqa: ANN001, ANN201 - the table's signature
        missed = await super().publish(post)
        await self._after()
        return missed

    async def tell(self, brief) -> bool:  # noqa: ANN001 - the table's signature
        ok = await super().tell(brief)
        await self._after()
        return ok

    async def _after(self) -> None:
        if len(self.log) >= DIES_AT:
            self.dead.set()
            await asyncio.Event().wait()  # killed here: nothing after this send runs


async def game_with_waiting_notifications(path: Path, clock: Clock) -> int:
    """A game played with no table: its notifications wait in the outbox, as a held game's do. Returns how many."""
    store = await Store.open(path)
    try:
        maker = GameManager(store, None, clock=clock, render=False)
        record = await maker.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=3, channel_id="c1",
                                          guild_id="g1")
        await maker.games.join(record.id, "u-rep", "Remy", seat="REP")
        await maker.games.start(record.id, "u-dem")
        rng = Rng(4)
        for _ in range(6):
            owing = await maker.views.owing(record.id)
            await maker.games.bot_move(record.id, owing[rng.below(len(owing))], rng)
        return len(await store.pending_outbox(limit=1000))
    finally:
        await store.close()


async def deliver(path: Path, table: RecordingTable, clock: Clock) -> None:
    store = await Store.open(path)
    try:
        await GameManager(store, table, clock=clock, render=False).delivery.flush()
        assert await store.pending_outbox() == []
    finally:
        await store.close()


async def test_a_process_killed_mid_run_leaves_at_most_one_message_to_repeat(tmp_path) -> None:
    # What one process that never dies sends.
    whole = Logged()
    assert await game_with_waiting_notifications(tmp_path / "whole.sqlite3", Clock()) > 2 * DIES_AT
    await deliver(tmp_path / "whole.sqlite3", whole, Clock())

    path, clock = tmp_path / "takeover.sqlite3", Clock()
    await game_with_waiting_notifications(path, clock)
    # The first process claims the run and dies inside its DIES_AT-th send: the message is out, its mark is not.
    store = await Store.open(path)
    first = DiesMidRun()
    flushing = asyncio.create_task(GameManager(store, first, clock=clock, render=False).delivery.flush())
    await asyncio.wait_for(first.dead.wait(), 30)
    flushing.cancel()
    await asyncio.gather(flushing, return_exceptions=True)
    await store.close()
    # Another process takes the run over once the lease has run out.
    clock.t += 3600
    second = Logged()
    await deliver(path, second, clock)

    assert first.log == whole.log[:DIES_AT]
    assert second.log == whole.log[DIES_AT - 1:], "only the message sent as the process died goes out twice"
