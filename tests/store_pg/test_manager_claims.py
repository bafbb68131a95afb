"""Two bot processes on one database: two GameManagers, each on its own store instance and table,
make moves and flush at the same time; together their tables got every public post exactly once, and each game's
posts in order. Run on PostgreSQL and on SQLite (a file shared by two processes)."""
from __future__ import annotations

import asyncio

from bot.service import GameManager
from bot.tables.recording import RecordingTable
from engine.core.rng import Rng
from tests.fakeclock import Clock


class SharedTable(RecordingTable):
    """A recording table that also writes each public post to a log shared with the other process's table, so
    the order across both is known; it yields on every post so the two managers interleave."""

    def __init__(self, log: list[tuple[int, int, str]]) -> None:
        super().__init__()
        self.log = log

    async def publish(self, post):
        await asyncio.sleep(0.001)
        self.log.append((post.game.id, post.game.seq, post.text))
        return await super().publish(post)



async def play(manager: GameManager, games: list[int], rng: Rng, rounds: int) -> None:
    for _ in range(rounds):
        for gid in games:
            owing = await manager.views.owing(gid)
            if owing:
                await manager.games.bot_move(gid, owing[rng.below(len(owing))], rng)


async def test_two_managers_flushing_after_moves_post_everything_exactly_once(two_stores) -> None:
    a, b = two_stores
    clock = Clock()
    log: list[tuple[int, int, str]] = []
    table_a, table_b = SharedTable(log), SharedTable(log)
    manager_a = GameManager(a, table_a, clock=clock, render=False)
    manager_b = GameManager(b, table_b, clock=clock, render=False)
    games = []
    for k in range(4):
        rec = await manager_a.games.create("electioneer", f"d{k}", "Dana", seat="DEM", seed=k, channel_id=f"c{k}", guild_id="g")
        await manager_a.games.join(rec.id, f"r{k}", "Remy", seat="REP")
        await manager_a.games.start(rec.id, f"d{k}")
        games.append(rec.id)
    # each process moves its own games; every move's flush claims whatever is due in any game
    await asyncio.wait_for(asyncio.gather(play(manager_a, games[:2], Rng(1), 6), play(manager_b, games[2:], Rng(2), 6),
                                          manager_b.delivery.flush()), timeout=300)
    await asyncio.gather(manager_a.delivery.flush(), manager_b.delivery.flush())
    for gid in games:
        rows = [r for r in await a.outbox_for_game(gid) if r.audience == "public"]
        assert rows and all(r.sent_at is not None for r in rows)
        expected = [(r.created_seq, r.payload.get("text", "")) for r in rows]
        got = [(seq, text) for g, seq, text in log if g == gid]
        assert got == expected, f"game {gid}: posts missing, doubled or out of order"
        assert len(expected) > 6  # the opening post and the moves' posts
    assert table_a.posts and table_b.posts, "both processes delivered"
