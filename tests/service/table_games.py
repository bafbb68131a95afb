"""A game at a recording table for the manager tests: a real SQLite file, the fake clock, players u0, u1, … in
the given seats (u0 hosts), started; and a game played out by the built-in bot."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.service import GameManager
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine.core.rng import Rng
from tests.fakeclock import Clock

OPENED: list[Store] = []  # closed after each test by tests/service/conftest.py


async def table_of(tmp_path: Path, ruleset: str, seats: list[str], *, options: dict[str, Any] | None = None,
                   seed: int = 11, render: bool = False) -> tuple[Store, RecordingTable, GameManager, int]:
    store = await Store.open(tmp_path / "s.sqlite3")
    OPENED.append(store)
    table = RecordingTable()
    manager = GameManager(store, table, clock=Clock(), render=render)
    record = await manager.games.create(ruleset, "u0", "Player0", seat=seats[0], seed=seed, channel_id="c1", guild_id="g1",
                                  options=options or {})
    for i, seat in enumerate(seats[1:], start=1):
        await manager.games.join(record.id, f"u{i}", f"Player{i}", seat=seat)
    await manager.games.start(record.id, "u0")
    return store, table, manager, record.id


async def play_out(manager: GameManager, game_id: int, rng: Rng, *, limit: int) -> None:
    """The bot moves for whoever owes one, picked at random, until nobody does (or `limit` moves)."""
    for _ in range(limit):
        owing = await manager.views.owing(game_id)
        if not owing:
            return
        await manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
