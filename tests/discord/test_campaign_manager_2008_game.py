"""A whole Campaign Manager 2008 game through Discord, the draft included: /game new with the ruleset, Bob presses
Join, Alice presses Start, then every step is taken by its player: one in three from their DM buttons and selects
(a seeded random pick among the components shown), now and then one typed with /move, the rest handed to the
manager as another table hands it (simworld.take_a_move), while every delivery goes through Discord — to a win or a
draw.

Checked along the way: both sides draft in parallel in their DMs; the channel never names a card that has not been
played or discarded face up (draft keeps and removals, hands and decks stay secret) and never a starting state
before the reveal; each player's DMs name the opponent's cards only once they are face up; a turn in progress posts
nothing, and in the starter game each post carries the board image with alt text; every interaction is acknowledged
privately within Discord's 3 s.
"""
from __future__ import annotations

import random

import pytest
from simworld import (RENDER, DmLedger, World, game_state, journal_len, latest_prompt, message_text, post_text, open_lobby,
                      take_a_move, private)
from whole_game import seeded_bot

from engine.campaign_manager_2008 import content as cm_content

GAME_SEED = 20261124


# the pictures are checked in the starter game (whole_game.py says why)
simcord_bot = seeded_bot(GAME_SEED, drawn="starter")


def _face_up(state) -> set[str]:
    out = {x for side in state.sides.values() for x in side.discard}
    if state.media:
        out.add(state.media["card"])
    if state.turn and state.turn.card:
        out.add(state.turn.card)
    if state.turn:
        out |= set(state.turn.discarded)
    return out


@pytest.mark.parametrize("options", ["", "deck=starter"], ids=["drafted", "starter"])
async def test_two_players_play_campaign_manager_2008_through_discord(world: World, options: str) -> None:
    w = world
    players = [w.alice, w.bob]
    game_id = await open_lobby(w, "campaign_manager_2008", players, options)
    assert w.bot.render == (RENDER and options == "deck=starter"), "the pictures are drawn in the starter game"
    seats = {s.user_id: s.seat for s in await w.manager.store.list_seats(game_id)}
    assert sorted(seats.values()) == ["MCC", "OBA"]
    seat_of = {m: seats[str(m.id)] for m in players}
    ledger = DmLedger(w, game_id, players)  # the DM stays tidy
    await ledger.observe()
    titles = {cid: card.title for cid, card in cm_content.load().cards.items()}

    rng = random.Random(GAME_SEED)
    public: set[str] = set()  # cards seen face up so far
    moves = typed = pressed = posts = parallel = 0
    while (await w.manager.views.game(game_id)).status == "active":
        state = await game_state(w, game_id)
        owing = [m for m in players if (await w.manager.views.decision(game_id, str(m.id)))[2].owes_move]
        assert owing, "someone always owes a move in a live game"
        parallel += len(owing) == 2
        member = rng.choice(owing)
        seen = w.public_mark()
        kind = await take_a_move(w, member, game_id, rng, moves, typed_every=17, typed_at=3)
        typed += kind == "typed"
        pressed += kind == "buttons"
        moves += 1
        await ledger.observe()
        after = await game_state(w, game_id)
        public |= _face_up(after)
        new = w.public_since(seen)
        owing_after = [m for m in players if (await w.manager.views.decision(game_id, str(m.id)))[2].owes_move]
        if state.phase == after.phase == "play" and after.turn.seat == state.turn.seat == seat_of[member] \
                and after.turn.stage != "action" and owing_after == [member]:
            assert not new, f"a turn in progress is not posted step by step (move {moves})"
        if new:
            posts += 1
            if w.bot.render:
                pngs = [a for m in new for a in m.attachments if a.filename.endswith(".png")]
                assert pngs and all(a.description for a in pngs), "each post carries the board image with alt text"
        for message in new:
            text = message_text(message)
            secret = {cid for cid, title in titles.items() if title in text} - public
            assert not secret, f"cards {sorted(secret)} named in the channel before they were face up"
            if after.phase in ("draft", "states"):
                picks = {code for side in after.sides.values() for code in side.picks}
                named = {code for code in picks if f" {code}" in text or f"({code})" in text}
                assert not named, f"a sealed starting state {sorted(named)} named before the reveal"
        assert moves < 3000

    record = await w.manager.views.game(game_id)
    final = await game_state(w, game_id)
    assert record.status == "finished"
    assert final.draw or record.result["winners"] == [final.winner]
    assert any(record.result["reason"][:30] in post_text(m) for m in w.public())
    assert typed >= 1 and pressed >= moves // 4 and moves == await journal_len(w, game_id)
    if not options:
        assert parallel >= 10, "both sides drafted in parallel"
    assert posts < moves

    for member, seat in seat_of.items():
        text = "\n".join(w.dm_texts(member))  # every version of every DM: prompts are edited in place
        other = {cid for cid, card in cm_content.load().cards.items() if card.side != seat}
        foreign = {cid for cid in other if titles[cid] in text} - public
        assert not foreign, f"{seat} was shown the opponent's hidden cards {sorted(foreign)}"
        own = {cid for cid in set(titles) - other if titles[cid] in text}
        assert len(own) >= 15, "the player's own draft and hand were delivered"

    assert w.results and all(r.acknowledged and private(r) for r in w.results)
    assert max(w.bot.metrics.ack_seconds) < 3.0
    print("DM messages created, decisions, idle news per player:", ledger.report())
    ledger.check_end()
    for member in players:
        assert latest_prompt(w, member, game_id) is None, "no buttons left once the game is over"
