"""A whole 4-player Presidential Election game through Discord: /game new with the ruleset, three members press Join,
the host presses Start, then every step is taken by its player: one in three from their DM buttons and selects (a
seeded random pick among the components shown), now and then one typed with /move, the rest handed to the manager
as another table hands it (simworld.take_a_move), while every delivery goes through Discord — to the winner.

Checked along the way: the opening roll and every trail roll are pressed by the player (never made for them); every
finished turn posts one board image (with alt text) and a turn in progress posts nothing (docs/rulings.md: one post
per turn); the Advantage cards a player saw and returned are never named in the channel or in another player's DMs;
no Campaign card is named before it is drawn; every interaction is acknowledged privately within Discord's 3 s.
"""
from __future__ import annotations

import random

from simworld import (RENDER, DmLedger, World, game_state, journal_len, latest_prompt, message_text, open_lobby, seeded_bot,
                      take_a_move, private)

from engine.presidential_election import content as pe_content

GAME_SEED = 20261124  # one fixed game, so a failure replays exactly


simcord_bot = seeded_bot(GAME_SEED)


def _titles(text: str, titles: dict[str, str]) -> set[str]:
    return {card for card, title in titles.items() if title in text}


async def test_four_players_play_presidential_election_through_discord(world: World) -> None:
    w = world
    players = [w.alice, w.bob, *(w.guild.add_member(w.env.create_user(name)) for name in ("dave", "erin"))]
    game_id = await open_lobby(w, "presidential_election", players)
    seats = {s.user_id: s.seat for s in await w.manager.store.list_seats(game_id)}
    assert sorted(seats.values()) == ["P1", "P2", "P3", "P4"]
    seat_of = {m: seats[str(m.id)] for m in players}
    ledger = DmLedger(w, game_id, players)  # the DM stays tidy
    await ledger.observe()

    c = pe_content.load()
    advantages = {a: card.title for a, card in c.advantages.items()}
    campaign = {k: card.title for k, card in c.cards.items()}
    seen_adv: dict[str, set[str]] = {seat: set() for seat in seat_of.values()}  # offered to each seat
    drawn: set[str] = set()  # Campaign cards drawn so far (public once drawn)
    rng = random.Random(GAME_SEED)
    moves = typed = pressed = posts = rolls_pressed = 0
    while (await w.manager.views.game(game_id)).status == "active":
        state = await game_state(w, game_id)
        owing = [m for m in players if (await w.manager.views.decision(game_id, str(m.id)))[2].owes_move]
        assert owing, "someone always owes a move in a live game"
        member = rng.choice(owing)
        decision = (await w.manager.views.decision(game_id, str(member.id)))[2]
        if any(o.action.verb == "roll" for o in decision.options):
            rolls_pressed += 1
        seen = w.public_mark()
        before = await journal_len(w, game_id)
        kind = await take_a_move(w, member, game_id, rng, moves, typed_every=23, typed_at=5)
        typed += kind == "typed"
        pressed += kind == "buttons"
        assert await journal_len(w, game_id) == before + 1, "exactly one move per interaction"
        moves += 1
        await ledger.observe()
        after = await game_state(w, game_id)
        for seat, p in after.players.items():
            seen_adv[seat] |= set(p.offer)
        drawn |= set(after.discard)
        new = w.public_since(seen)
        # the turn's player moved and still decides alone: the turn is in progress, nothing is posted yet
        owing_after = [m for m in players if (await w.manager.views.decision(game_id, str(m.id)))[2].owes_move]
        mid_turn = state.phase == after.phase == "play" and seat_of[member] == state.current == after.current \
            and after.turn.stage != "roll" and owing_after == [member]
        if mid_turn:
            assert not new, f"a turn in progress is not posted step by step (move {moves}): {message_text(new[0])[:200]}"
        if state.phase == "play" and after.current != state.current:
            assert new, f"the end of a turn posts to the channel (move {moves})"
        if new:
            posts += 1
            if RENDER:
                pngs = [a for m in new for a in m.attachments if a.filename.endswith(".png")]
                assert pngs and all(a.description for a in pngs), "each post carries the board image with alt text"
        kept = {p.advantage for p in after.players.values() if p.advantage}
        for message in new:
            text = message_text(message)
            hidden_adv = _titles(text, advantages) - kept
            assert not hidden_adv, f"unkept Advantage cards {sorted(hidden_adv)} named in the channel"
            early = _titles(text, campaign) - drawn
            assert not early, f"Campaign cards {sorted(early)} named before they were drawn"
        assert moves < 3000

    record = await w.manager.views.game(game_id)
    final = await game_state(w, game_id)
    assert record.status == "finished" and record.result["winners"] == [final.winner]
    assert any(record.result["reason"][:40] in m.content for m in w.public())
    assert all(p.turns == final.players[final.order[0]].turns for p in final.players.values()), "equal turns"
    assert typed >= 1 and pressed >= moves // 4 and moves == await journal_len(w, game_id)
    journal = await w.manager.store.load_journal(game_id)
    assert all(e.actor not in ("deadline", "bot") for e in journal), "every roll and step was the player's own"
    assert rolls_pressed >= 4 * 8, "each player pressed the opening roll and a trail roll every turn"
    turns = sum(p.turns for p in final.players.values())
    assert turns <= posts < moves, "about one post per turn, far fewer than the steps"

    # Each player's DMs name the Advantage cards they were offered, and no other unkept one.
    kept = {p.advantage for p in final.players.values() if p.advantage}
    for member, seat in seat_of.items():
        text = "\n".join(w.dm_texts(member))  # every version of every DM: prompts are edited in place
        named = _titles(text, advantages)
        assert seen_adv[seat] and seen_adv[seat] <= named, "the player's own Advantage offer was delivered"
        foreign = named - seen_adv[seat] - kept
        assert not foreign, f"{seat} was shown Advantage cards {sorted(foreign)} offered only to others"

    assert w.results and all(r.acknowledged and private(r) for r in w.results)
    assert max(w.bot.metrics.ack_seconds) < 3.0
    print("DM messages created, decisions, idle news per player:", ledger.report())
    ledger.check_end()
    for member in players:
        assert latest_prompt(w, member, game_id) is None, "no buttons left once the game is over"
