"""The DM stays tidy: a decision in progress lives in one direct message that the bot edits as the player
builds it — each step of the walk, "◀ Back" to the first step, the next step of the turn — and a finished decision
leaves one line of what was done; a stale menu says it is stale and offers none of its old buttons; the message ids
are stored, so the edits go on after a restart. (The whole-game tests count the messages over a game: DmLedger.)"""
from __future__ import annotations

import random

from bot.present import echo
from simworld import (CHOICE, World, custom_ids, is_back, journal_len, latest_prompt, make_bot, message_text,
                      open_game, seeded_bot, walk_to_move)

simcord_bot = seeded_bot(20261125)


def _seqs(message) -> set[int]:
    return {int(CHOICE.match(c["custom_id"]).group(2)) for c in custom_ids(message) if CHOICE.match(c["custom_id"])}


def _group(message) -> tuple[str, str | None] | None:
    """A choice of the message that opens a further step of the walk: (custom id, select value or None)."""
    for c in custom_ids(message):
        if not CHOICE.match(c["custom_id"]) or is_back(c):
            continue
        if c["type"] == 2 and c["custom_id"].endswith(" +"):
            return c["custom_id"], None
        for o in c.get("options") or []:
            if o["value"].endswith(" +"):
                return c["custom_id"], o["value"]
    return None


def _finals(message) -> list[tuple[str, str | None]]:
    out = []
    for c in custom_ids(message):
        if not CHOICE.match(c["custom_id"]) or is_back(c):
            continue
        if c["type"] == 2 and not c["custom_id"].endswith(" +"):
            out.append((c["custom_id"], None))
        out += [(c["custom_id"], o["value"]) for o in c.get("options") or [] if not o["value"].startswith("+")
                and not o["value"].endswith(" +")]
    return out


async def _press(member, message, pick: tuple[str, str | None]):
    custom_id, value = pick
    if value is None:
        return await member.user.click(message, custom_id=custom_id)
    return await member.user.select(message, [value], custom_id=custom_id)


async def test_a_walk_and_its_turn_live_in_one_message(world: World) -> None:
    w = world
    players = [w.alice, w.bob]
    game_id = await open_game(w)
    rng = random.Random(7)
    found = None
    for _ in range(300):  # play on until some player's prompt opens with a choice of several steps
        owing = [m for m in players if (await w.manager.views.decision(game_id, str(m.id)))[2].owes_move]
        assert owing, "the game is still on"
        for m in owing:
            prompt = latest_prompt(w, m, game_id)
            if prompt is not None and _group(prompt) is not None:
                found = m, prompt
                break
        if found:
            break
        await walk_to_move(w, rng.choice(owing), game_id, rng)
    assert found, "some decision of the game is walked in several steps"
    member, prompt = found
    created = w.dm_created(member)
    first = sorted(c["custom_id"] for c in custom_ids(prompt))
    before = await journal_len(w, game_id)

    # A step of the walk: the same message shows it, with "◀ Back"; nothing new is sent.
    r = await _press(member, prompt, _group(prompt))
    assert r.acknowledged and r.response is not None and r.response.id == prompt.id
    step = r.response
    assert "possible; choose" in step.content and any(is_back(c) for c in custom_ids(step))
    assert step.embeds, "the hand stays in view while the player chooses"
    # ◀ Back: the first step again, in the same message.
    back = next(c["custom_id"] for c in custom_ids(step) if is_back(c))
    r = await member.user.click(step, custom_id=back)
    assert r.response.id == prompt.id and sorted(c["custom_id"] for c in custom_ids(r.response)) == first
    assert not r.response.content

    # Down again and through to a move: still the same message — the next step of the turn, or one line.
    r = await _press(member, r.response, _group(r.response))
    for _ in range(5):
        if await journal_len(w, game_id) > before:
            break
        assert r.response.id == prompt.id
        finals = _finals(r.response)
        r = await _press(member, r.response, finals[0]) if finals else await _press(member, r.response, _group(r.response))
    assert await journal_len(w, game_id) == before + 1
    assert r.response.id == prompt.id
    now = next(m for m in w.dms(member) if m.id == prompt.id)
    entry = (await w.manager.store.load_journal(game_id))[-1]
    _, seq, decision = await w.manager.views.decision(game_id, str(member.id))
    if decision.owes_move:  # the next step of the same turn, in the same message, on the new move number
        assert _seqs(now) == {seq} and "✅" in now.content and echo.notation(entry.notation) in now.content
    else:  # the decision is over: one line of what was done, no buttons
        assert now.content.startswith("✓") and echo.notation(entry.notation) in now.content and not now.components and not now.embeds
    assert w.dm_created(member) == created, "no new message for a step of the walk or of the turn"
    assert len(w.live_menus(member, game_id)) <= 1


async def test_a_stale_menu_says_so_and_keeps_no_buttons(world: World) -> None:
    w = world
    game_id = await open_game(w)
    # Bob asks for his hand by DM: a second menu, for move 0.
    r = await w.bob.user.slash("game hand")
    old = r.response
    assert old is not None and _seqs(old) == {0}
    # Alice moves from her DM prompt: move 0's buttons are stale now.
    prompt = latest_prompt(w, w.alice, game_id)
    r = await w.alice.user.click(prompt, custom_id=_finals(prompt)[0][0])
    assert r.response.id == prompt.id and await journal_len(w, game_id) == 1
    created = w.dm_created(w.bob)

    r = await _press(w.bob, old, _finals(old)[0])
    assert r.acknowledged and r.response.id == old.id
    assert "out of date" in r.response.content and "nothing was played" in r.response.content
    assert not custom_ids(r.response) and not r.response.embeds
    assert await journal_len(w, game_id) == 1, "nothing was played from the stale menu"
    assert w.dm_created(w.bob) == created, "the stale menu is answered in place"
    live = latest_prompt(w, w.bob, game_id)
    assert live is not None and _seqs(live) == {1}, "Bob's live prompt is on the current move"

    # A menu of the current move asked for by DM plays like the prompt, and ends as one line; the live prompt
    # goes on with what follows.
    r = await w.bob.user.slash("game hand")
    fresh = r.response
    r = await _press(w.bob, fresh, _finals(fresh)[0])
    assert await journal_len(w, game_id) == 2 and r.response.id == fresh.id
    entry = (await w.manager.store.load_journal(game_id))[-1]
    assert r.response.content.startswith("✓") and echo.notation(entry.notation) in r.response.content and not custom_ids(r.response)
    assert len(w.live_menus(w.bob, game_id)) <= 1


async def test_the_prompt_is_edited_after_a_restart(world: World, db_path) -> None:
    w = world
    game_id = await open_game(w)
    bob_prompt = latest_prompt(w, w.bob, game_id)
    alice_prompt = latest_prompt(w, w.alice, game_id)
    created = w.dm_created(w.bob)
    old = w.env.bot
    fresh = make_bot(db_path)
    await w.env.restart_bot(fresh)
    await old.close()

    r = await w.alice.user.click(alice_prompt, custom_id=_finals(alice_prompt)[0][0])
    assert r.response.id == alice_prompt.id and await journal_len(w, game_id) == 1
    # Bob's prompt, sent before the restart, was brought to the new move in place.
    live = latest_prompt(w, w.bob, game_id)
    assert live.id == bob_prompt.id and _seqs(live) == {1}
    assert w.dm_created(w.bob) == created
    r = await _press(w.bob, live, _finals(live)[0])
    assert r.response.id == bob_prompt.id and await journal_len(w, game_id) == 2
    assert "✅" in message_text(r.response) or r.response.content.startswith("✓")
    assert w.dm_created(w.bob) == created
    await fresh.store.close()
