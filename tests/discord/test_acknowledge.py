"""Acknowledge first, privately.

SimCord enforces Discord's 3-second window on its *virtual* clock (a callback after it gets
10062 Unknown interaction), and virtual time does not pass while a handler runs; so the wall
clock is measured too: the bot stamps each interaction as it arrives and again when `ack()`
has been answered (Stumpbot.metrics).
"""
from __future__ import annotations

import sqlite3
import threading
import time

from simworld import private, World, custom_ids, journal_len, latest_prompt, open_game


async def test_every_command_answers_privately_first(world: World) -> None:
    w = world
    results = []
    results.append(await w.alice.slash(w.channel, "game help"))
    results.append(await w.alice.slash(w.channel, "game new", title="Acks", deadline_hours=24, options="theatrics=1"))
    results.append(await w.bob.slash(w.channel, "game join"))
    results.append(await w.bob.slash(w.channel, "game leave"))
    results.append(await w.bob.slash(w.channel, "game join", seat="REP"))
    results.append(await w.alice.slash(w.channel, "game list"))
    results.append(await w.alice.slash(w.channel, "game status"))
    results.append(await w.alice.slash(w.channel, "game start"))
    results.append(await w.alice.slash(w.channel, "game hand"))
    results.append(await w.alice.slash(w.channel, "game board"))
    results.append(await w.alice.slash(w.channel, "move", notation=(await w.alice.autocomplete(
        w.channel, "move", "notation", "discard"))[0]["value"]))
    results.append(await w.alice.slash(w.channel, "game undo"))
    results.append(await w.alice.slash(w.channel, "game log"))
    results.append(await w.bob.slash(w.channel, "game concede"))
    results.append(await w.alice.slash(w.channel, "game new"))
    results.append(await w.alice.slash(w.channel, "game abandon"))
    for r in results:
        assert r.acknowledged and r.ephemeral, r
        assert r.response is not None and r.response.ephemeral
        assert "went wrong" not in (r.response.content or ""), r.response.content
    texts = [r.response.content or "" for r in results]
    assert "Move 1 was taken back" in texts[11]
    assert "You conceded" in texts[13]
    assert "cancelled" in texts[15]
    assert max(w.bot.metrics.ack_seconds) < 3.0
    assert len(w.bot.metrics.ack_seconds) == len(results)
    # The board post is public; every answer to a command was private.
    assert any(m.content.startswith("The board of game #1") for m in w.public())


async def test_acknowledged_at_once_while_the_database_is_busy(world: World, db_path) -> None:
    w = world
    game_id = await open_game(w)
    prompt = latest_prompt(w, w.alice, game_id)
    button = next(c["custom_id"] for c in custom_ids(prompt) if ":0:a:" in c["custom_id"])
    # Another writer holds the database for a second: the move must wait, the acknowledgement must not.
    blocker = sqlite3.connect(db_path, check_same_thread=False, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    timer = threading.Timer(1.0, lambda: blocker.execute("COMMIT"))
    timer.start()
    acks_before = len(w.bot.metrics.ack_seconds)
    started = time.perf_counter()
    try:
        r = await w.alice.user.click(prompt, custom_id=button)
    finally:
        timer.join()
        blocker.close()
    elapsed = time.perf_counter() - started
    assert elapsed >= 0.9, "the move really waited for the database"
    assert r.acknowledged and private(r) and "✅" in r.response.content
    ack = w.bot.metrics.ack_seconds[acks_before]
    assert ack < 0.5, f"acknowledged after {ack:.2f} s"
    assert await journal_len(w, game_id) == 1
