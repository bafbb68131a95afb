"""Private delivery: DMs closed (HTTP 403, code 50007, injected by SimCord) fall back to
/game hand, with a content-free nudge in the channel; and a restart keeps every button working."""
from __future__ import annotations

import re

from simworld import private, World, custom_ids, journal_len, latest_prompt, make_bot, message_text, open_game, policies


def _close_dms(w: World, member) -> None:
    w.env.inject_error("POST", f"/channels/{member.user.dm_channel.id}/messages", status=403, code=50007,
                       message="Cannot send messages to this user", times=None)


async def test_dms_closed_player_uses_game_hand(world: World) -> None:
    w = world
    _close_dms(w, w.bob)
    r = w.record(await w.alice.slash(w.channel, "game new"))
    lobby = w.public()[-1]
    r = w.record(await w.bob.click(lobby, label="Join"))
    assert r.ephemeral and "can't send you direct messages" in r.response.content
    w.record(await w.alice.click(lobby, label="Start"))
    game_id = 1

    # The channel got a nudge that names Bob and says where to look — and nothing else.
    nudges = [m for m in w.public() if "can't DM you" in m.content]
    assert len(nudges) == 1
    assert nudges[0].content == f"<@{w.bob.id}>, I can't DM you — use /game hand to see your hand and choices."
    table = policies()
    text = message_text(nudges[0])
    assert not any(re.search(rf"\b{p}\b", text) or table[p].name in text for p in table)
    assert not w.dms(w.bob) or all(not m.embeds for m in w.dms(w.bob))
    seats = {s.seat: s for s in await w.manager.store.list_seats(game_id)}
    assert seats["REP"].dm_ok is False and seats["DEM"].dm_ok is True

    # /game hand: Bob's own hand and his choices, ephemerally.
    r = w.record(await w.bob.slash(w.channel, "game hand"))
    assert r.acknowledged and r.ephemeral
    _, view = await w.manager.views.view(game_id, str(w.bob.id))
    shown = message_text(r.response)
    assert all(card.id in shown for card in view.hand)
    button = next(c["custom_id"] for c in custom_ids(r.response) if ":0:a:" in c["custom_id"])
    r = w.record(await w.bob.click(r.response, custom_id=button))
    assert r.ephemeral and "✅" in r.response.content
    assert await journal_len(w, game_id) == 1
    # The nudge's own button answers privately too.
    r = w.record(await w.bob.click(nudges[0], custom_id=f"g:{game_id}:hand"))
    assert r.ephemeral and r.response.embeds and view.hand[0].id in message_text(r.response)


async def test_buttons_survive_a_restart(world: World, db_path) -> None:
    w = world
    game_id = await open_game(w)
    prompt = latest_prompt(w, w.alice, game_id)  # sent before the restart
    button = next(c["custom_id"] for c in custom_ids(prompt) if ":0:a:" in c["custom_id"])
    old = w.env.bot

    fresh = make_bot(db_path)
    await w.env.restart_bot(fresh)
    await old.close()  # the old process is gone: its store and loop are closed
    assert w.env.bot is fresh and fresh.manager is not old.manager

    r = await w.alice.user.click(prompt, custom_id=button)
    assert r.acknowledged and private(r) and "✅" in r.response.content, r.response.content
    assert await journal_len(w, game_id) == 1
    # The lobby buttons, the board's "Show my hand" and the slash commands work too.
    board = next(m for m in reversed(w.public()) if any(c["custom_id"].endswith(":hand") for c in custom_ids(m)))
    r = await w.bob.click(board, custom_id=f"g:{game_id}:hand")
    assert r.ephemeral and r.response.embeds
    r = await w.bob.slash(w.channel, "game status")
    assert r.ephemeral and f"game #{game_id}" in r.response.embeds[0].title
    await fresh.store.close()


async def test_undelivered_posts_go_out_after_a_restart(world: World, db_path) -> None:
    w = world
    game_id = await open_game(w)
    old = w.env.bot
    # A move committed while the bot could not deliver (the process died before its flush).
    old_table, old.manager.table = old.manager.table, None
    _, _, decision = await old.manager.views.decision(game_id, str(w.alice.id))
    await old.manager.games.submit(game_id, str(w.alice.id), decision.options[0].action.notation())
    pending = await old.manager.store.pending_outbox()
    assert pending, "the move's notifications wait in the outbox"
    old.manager.table = old_table
    seen = len(w.public())

    fresh = make_bot(db_path)
    await w.env.restart_bot(fresh)
    await old.close()
    assert await fresh.store.pending_outbox() == []
    assert any("put a policy on the bottom" in m.content for m in w.public()[seen:])
    await fresh.store.close()


async def test_the_start_reply_sends_a_host_with_closed_dms_to_game_hand(world: World) -> None:
    w = world
    for member in (w.alice, w.bob):
        _close_dms(w, member)
    w.record(await w.alice.slash(w.channel, "game new"))
    lobby = w.public()[-1]
    w.record(await w.bob.click(lobby, label="Join"))
    r = w.record(await w.alice.click(lobby, label="Start"))
    assert r.ephemeral and "has started" in r.response.content, r.response.content
    assert "`/game hand`" in r.response.content and "can't send you direct messages" in r.response.content
    assert "are in your DMs" not in r.response.content
    # Bob, seated when the host started, is pointed to /game hand in the channel (no word of his hand)
    assert any(m.content == f"<@{w.bob.id}>, I can't DM you — use /game hand to see your hand and choices."
               for m in w.public())


async def test_the_start_reply_sends_a_host_with_open_dms_to_them(world: World) -> None:
    w = world
    w.record(await w.alice.slash(w.channel, "game new"))
    w.record(await w.bob.click(w.public()[-1], label="Join"))
    r = w.record(await w.alice.slash(w.channel, "game start"))
    assert r.ephemeral and "has started. Your hand and choices are in your DMs" in r.response.content
