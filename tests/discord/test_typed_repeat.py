"""`/move` sent twice through the real discord.py applies once; `again:True` applies it deliberately."""
from __future__ import annotations

import re

from simworld import World, journal_len

from engine.core.rng import Rng
from tests.service.twice_legal import advance_to_twice_legal


async def test_a_double_sent_move_applies_once_and_again_true_repeats_it(world: World) -> None:
    w = world
    w.record(await w.alice.slash(w.channel, "game new", ruleset="campaign_trail"))
    lobby = next(m for m in reversed(w.channel.history(viewer=w.carol)) if m.embeds and "game #" in (m.embeds[0].title or ""))
    game_id = int(re.search(r"game #(\d+)", lobby.embeds[0].title).group(1))
    w.record(await w.bob.click(lobby, label="Join"))
    w.record(await w.alice.click(lobby, label="Start"))
    seat, notation = await advance_to_twice_legal(w.manager, game_id, Rng(4))
    users = {s.seat: s.user_id for s in await w.manager.store.list_seats(game_id)}
    member = w.alice if users[seat] == str(w.alice.user.id) else w.bob
    start = await journal_len(w, game_id)
    first = w.record(await member.slash(w.channel, "move", notation=notation, game=game_id))
    second = w.record(await member.slash(w.channel, "move", notation=notation, game=game_id))
    assert first.ephemeral and second.ephemeral
    assert "✅" in first.response.content
    assert "again:True" in second.response.content and "✅" not in second.response.content
    assert await journal_len(w, game_id) == start + 1
    third = w.record(await member.slash(w.channel, "move", notation=notation, game=game_id, again=True))
    assert "✅" in third.response.content
    assert await journal_len(w, game_id) == start + 2
