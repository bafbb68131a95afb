"""A whole game of 1960: The Making of the President through Discord: /game new with the ruleset, Bob presses Join,
Alice presses Start, then every step is taken by its player: one in three from their DM buttons and selects (a
seeded random pick among the components shown), now and then one typed with /move, the rest handed to the manager
as another table hands it (simworld.take_a_move), while every delivery goes through Discord — through the Debates
and Election Day to the result. Played with both optional rules off and on.

Checked along the way: the channel never names a card that is not face up (hands, the sealed Campaign Strategy
stacks and a debate card chosen but not yet revealed stay secret); each player's DMs never name a card the opponent
holds unless it is face up; a player's own steps inside one play are posted together once the decision passes on;
the bag's counts and every draw are in the channel; in the basic game each post carries the board image with
alt text; every interaction is acknowledged privately within Discord's 3 s.
"""
from __future__ import annotations

import random

import pytest
from simworld import (RENDER, DmLedger, World, game_state, journal_len, latest_prompt, message_text, post_text, open_lobby,
                      take_a_move, private)
from whole_game import seeded_bot

from engine.nineteen_sixty import content as ns_content

GAME_SEED = 19601108

# the pictures are checked in the basic game (whole_game.py says why)
simcord_bot = seeded_bot(GAME_SEED, drawn="basic")


def _face_up(state) -> set[int]:
    out = set(state.discard) | set(state.removed)
    out |= {e.card for e in state.debate_events + state.election_events + state.prevention}
    if state.play is not None and state.play.card is not None:
        out.add(state.play.card)
    for side in state.sides.values():
        if side.vp_card is not None:
            out.add(side.vp_card)
    if state.debate is not None:
        for issue in state.debate.issues:
            out |= set(issue.cards["K"]) | set(issue.cards["N"])
        out |= set(state.debate.revealed.values())
    return out


def _held(state, side: str) -> set[int]:
    me = state.sides[side]
    return set(me.hand) | set(me.strategy) | set(me.picking)


@pytest.mark.parametrize("options", ["", "vp=on restricted=on"], ids=["basic", "both_options"])
async def test_two_players_play_1960_through_discord(world: World, options: str) -> None:
    w = world
    players = [w.alice, w.bob]
    game_id = await open_lobby(w, "nineteen_sixty", players, options)
    assert w.bot.render == (RENDER and options == ""), "the pictures are drawn in the basic game"
    seats = {s.user_id: s.seat for s in await w.manager.store.list_seats(game_id)}
    assert sorted(seats.values()) == ["KEN", "NIX"]
    seat_of = {m: seats[str(m.id)] for m in players}
    ledger = DmLedger(w, game_id, players)  # the DM stays tidy
    await ledger.observe()
    side_of = {m: "K" if seat_of[m] == "KEN" else "N" for m in players}
    names = {cid: card.name for cid, card in ns_content.load().cards.items()}

    rng = random.Random(GAME_SEED)
    public: set[int] = set()
    held_ever: dict[str, set[int]] = {"K": set(), "N": set()}
    moves = typed = pressed = posts = 0
    phases: set[str] = set()
    while (await w.manager.views.game(game_id)).status == "active":
        state = await game_state(w, game_id)
        phases.add(state.phase)
        for side in ("K", "N"):
            held_ever[side] |= _held(state, side)
        owing = [m for m in players if (await w.manager.views.decision(game_id, str(m.id)))[2].owes_move]
        assert owing, "someone always owes a move in a live game"
        member = rng.choice(owing)
        seen = w.public_mark()
        kind = await take_a_move(w, member, game_id, rng, moves, typed_every=23, typed_at=5)
        typed += kind == "typed"
        pressed += kind == "buttons"
        moves += 1
        await ledger.observe()
        after = await game_state(w, game_id)
        public |= _face_up(after)
        new = w.public_since(seen)
        owing_after = [m for m in players if (await w.manager.views.decision(game_id, str(m.id)))[2].owes_move]
        if state.phase == after.phase == "activity" and after.play is not None and state.play is not None \
                and owing_after == [member] and owing == [member]:
            assert not new, f"a play in progress is not posted step by step (move {moves})"
        if new:
            posts += 1
            if w.bot.render:
                pngs = [a for m in new for a in m.attachments if a.filename.endswith(".png")]
                assert pngs and all(a.description for a in pngs), "each post carries the board image with alt text"
        for message in new:
            text = message_text(message)
            secret = {cid for cid, name in names.items() if f"#{cid} {name}" in text} - public
            assert not secret, f"cards {sorted(secret)} named in the channel before they were face up"
        assert moves < 4000

    record = await w.manager.views.game(game_id)
    final = await game_state(w, game_id)
    assert record.status == "finished"
    assert {"initiative", "activity", "strategy", "debate"} <= phases  # Election Day may ask nobody anything
    assert final.turn == 9 and final.phase == "over"
    assert final.draw or record.result["winners"] == [final.winner]
    channel = "\n".join(post_text(m) for m in w.public())
    assert "Initiative check" in channel and "Bag now B" in channel, "every draw and the bag are public"
    assert "Turn 6: the Debates." in channel and "Turn 9: Election Day." in channel and "Final tally" in channel
    assert typed >= 1 and pressed >= moves // 4 and moves == await journal_len(w, game_id)
    assert posts < moves

    for member in players:
        side = side_of[member]
        text = "\n".join(w.dm_texts(member))  # every version of every DM: prompts are edited in place
        theirs = held_ever["N" if side == "K" else "K"] - held_ever[side]
        foreign = {cid for cid in theirs if f"#{cid} {names[cid]}" in text} - public
        assert not foreign, f"{seat_of[member]} was shown the opponent's hidden cards {sorted(foreign)}"
        own = {cid for cid in held_ever[side] if f"#{cid} {names[cid]}" in text}
        assert len(own) >= 20, "the player's hands were delivered"

    assert w.results and all(r.acknowledged and private(r) for r in w.results)
    assert max(w.bot.metrics.ack_seconds) < 3.0
    print("DM messages created, decisions, idle news per player:", ledger.report())
    ledger.check_end()
    for member in players:
        assert latest_prompt(w, member, game_id) is None, "no buttons left once the game is over"
