"""The line that says the bot played is made from who played and what, never glued onto another line.

In Campaign Trail a rival's response window closes when the last asked seat passes, and the declared action then
resolves inside that seat's step: with the bot playing LIB, the first public line of LIB's step is often DEM's
("DEM fundraises $90M."), which the old marker turned into "🤖 LIB (bot): DEM fundraises $90M.". Here the bot's
line is a line of its own, once per bot move, in the post that shows the move's lines (held lines included), and
says nothing of what was chosen (a sealed candidate stays sealed until the engine reveals it)."""
from __future__ import annotations

import json
import re

from engine import registry
from engine.core.rng import Rng
from tests.service.table_games import table_of

BOT_LINE = re.compile(r"^🤖 The bot moved for (\S+)(?: \(nothing of that move is public\))?\.$")


async def test_every_bot_line_is_that_seats_own_choice_and_none_is_glued_to_another(tmp_path) -> None:
    store, table, manager, gid = await table_of(tmp_path, "campaign_trail", ["DEM", "REP", "LIB"], seed=5)
    await manager.seats.bot_seat(gid, "u0", "LIB")
    ruleset = registry.get("campaign_trail")
    rng = Rng(3)
    for _ in range(400):  # the people move with the bot's own choices, under their own names
        owing = [s for s in await manager.views.owing(gid) if s != "LIB"]
        if not owing:
            break
        seat = owing[rng.below(len(owing))]
        record = await manager.views.game(gid)
        _, state, _ = await manager.views.state(record)
        action = ruleset.bot_action(state, seat, rng)
        await manager.games.submit(gid, {"DEM": "u0", "REP": "u1"}[seat], [action])
    journal = await store.load_journal(gid)
    bot_moves = [e for e in journal if e.actor == "bot"]
    assert len(bot_moves) >= 10, "the bot played LIB's share"

    lines = [line for post in table.posts for line in post.text.splitlines()]
    marked = [m for m in map(BOT_LINE.match, lines) if m]
    assert marked and all(m.group(1) == "LIB" for m in marked)
    glued = [line for line in lines if "(bot)" in line or ("🤖" in line and not BOT_LINE.match(line)
                                                               and "handed LIB to the bot" not in line)]
    assert not glued, glued
    # the sealed candidate: the bot's line before the reveal names no candidate
    reveal = next(i for i, line in enumerate(lines) if line.startswith("LIB: The "))
    assert not [line for line in lines[:reveal] if "LIB" in line and "The Strategist" in line]
    # a line for each bot move shown (a post of several moves notes each; LIB's moves in a row, once), none more
    held = json.loads(await store.get_setting(f"game:{gid}", "bot_notes_held") or "[]")
    posts_marked = [p for p in table.posts if any(BOT_LINE.match(line) for line in p.text.splitlines())]
    assert len(posts_marked) <= len(marked) <= len(bot_moves) - len(held)
    assert len(marked) > len(posts_marked), "some post holds two of LIB's moves, a person's between them"
    for post in posts_marked:
        said = post.text.splitlines()
        notes = [i for i, line in enumerate(said) if BOT_LINE.match(line)]
        for a, b in zip(notes, notes[1:]):  # the same note again only after a line that is not LIB's
            assert said[a] != said[b] or any(not line.startswith("LIB") for line in said[a + 1:b]), post.text
