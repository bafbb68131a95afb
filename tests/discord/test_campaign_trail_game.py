"""A whole 3-player Campaign Trail game through Discord: /game new with the ruleset, two members press Join, the host
presses Start, then every step is taken by its player: one in three from their DM buttons and selects (a seeded
random pick among the components shown), now and then one typed with /move, the rest handed to the manager as
another table hands it (simworld.take_a_move), while every delivery goes through Discord — to the winner.

Checked along the way: every finished turn posts to the channel (with the board image and its alt text, in the
standard game), and a turn in progress posts nothing (docs/rulings.md: one post per turn); no card that is still in
a hand or a deck is ever named in the channel; each player's DMs name only cards they have held or that were played
openly; every interaction is acknowledged privately within Discord's 3 s.
"""
from __future__ import annotations

import random
import re

import pytest
from simworld import (RENDER, DmLedger, World, game_state, journal_len, latest_prompt, message_text, post_text, open_lobby,
                      take_a_move, private)
from whole_game import seeded_bot

from engine.campaign_trail import content as ct_content
from engine.campaign_trail.posting import asks_rival
from tests.engine.campaign_trail.secrets import face_up, hidden

GAME_SEED = 20261122  # one fixed game, so a failure replays exactly


# the pictures are checked in the standard game (whole_game.py says why)
simcord_bot = seeded_bot(GAME_SEED, drawn="standard")


def _mentioned(text: str, numbers: set[int]) -> set[int]:
    """Cards named in the text (by name: every message that shows a card names it, while a bare `#1`
    also appears in "game #1")."""
    c = ct_content.load()
    return {n for n in numbers if c.card(n).name in text}


@pytest.mark.parametrize("options", ["", "dirty=on"], ids=["standard", "dirty_politics"])
async def test_three_players_play_campaign_trail_through_discord(world: World, options: str) -> None:
    w = world
    dave = w.guild.add_member(w.env.create_user("dave"))
    players = [w.alice, w.bob, dave]
    game_id = await open_lobby(w, "campaign_trail", players, options)
    assert w.bot.render == (RENDER and options == ""), "the pictures are drawn in the standard game"
    # Three players: the lobby's picks were fitted to one seat per party.
    seats = {s.user_id: s.seat for s in await w.manager.store.list_seats(game_id)}
    assert sorted(seats.values()) == ["DEM", "LIB", "REP"]
    seat_of = {m: seats[str(m.id)] for m in players}
    ledger = DmLedger(w, game_id, players)  # the DM stays tidy
    await ledger.observe()

    rng = random.Random(20261122)
    held: dict[str, set[int]] = {seat: set() for seat in seat_of.values()}
    shown: set[int] = set()
    moves = images = typed = pressed = posts = 0
    while (await w.manager.views.game(game_id)).status == "active":
        state = await game_state(w, game_id)
        shown |= face_up(state)
        for seat in held:
            held[seat] |= set(state.players[seat].hand)
        owing = [m for m in players if (await w.manager.views.decision(game_id, str(m.id)))[2].owes_move]
        assert owing, "someone always owes a move in a live game"
        member = rng.choice(owing)
        seen = w.public_mark()
        before = await journal_len(w, game_id)
        kind = await take_a_move(w, member, game_id, rng, moves, typed_every=25, typed_at=7)
        typed += kind == "typed"
        pressed += kind == "buttons"
        assert await journal_len(w, game_id) == before + 1, "exactly one move per interaction"
        moves += 1
        await ledger.observe()
        new = w.public_since(seen)
        after = await game_state(w, game_id)
        if after.phase == "play" and after.turn is not None and after.window is None and state.window is None \
                and not asks_rival(after):
            assert not new, ("a turn in progress is not posted step by step (a response window is, at once, and so is "
                             "the turn so far while a rival decides — docs/rulings.md)")
        elif state.turn is not None and after.turn is None:
            assert new, f"the end of a turn posts to the channel (move {moves})"
        if new:
            posts += 1
            if w.bot.render:
                pngs = [a for m in new for a in m.attachments if a.filename.endswith(".png")]
                assert pngs and all(a.description for a in pngs), "each post carries the board image with alt text"
                images += 1
        shown |= face_up(after)
        for seat in held:
            held[seat] |= set(after.players[seat].hand)
        secret = hidden(after, shown)
        for message in new:
            leaked = _mentioned(message_text(message), secret)
            assert not leaked, f"hidden cards {sorted(leaked)} named in the channel: {message_text(message)[:300]}"
        assert moves < 2500

    record = await w.manager.views.game(game_id)
    assert record.status == "finished" and record.result["winners"]
    assert any(record.result["reason"][:40] in post_text(m) for m in w.public())
    assert typed >= 1 and pressed >= moves // 4 and moves == await journal_len(w, game_id)
    assert 80 <= posts < moves, "about one post per turn, far fewer than the steps"
    if w.bot.render:
        assert images == posts

    # Each player's DMs hold their own cards, and otherwise only cards that were played openly.
    final = await game_state(w, game_id)
    still_secret = hidden(final, shown)
    c = ct_content.load()
    all_cards = set(c.cards) | (set(c.dirty_cards) if options else set())
    if options:  # the module is really on: Dirty Politics cards were dealt, and their actions taken
        assert any(n in c.dirty_cards for hand in held.values() for n in hand)
        channel = "\n".join(message_text(m) for m in w.public())
        taken = re.findall(r"runs a smear campaign|slings mud|sets out to suppress|flips \w+'s contributors|sways minds|"
                           r"takes the dirty trick", channel)
        assert len(set(taken)) >= 3, taken
    for member, seat in seat_of.items():
        text = "\n".join(w.dm_texts(member))  # every version of every DM: prompts are edited in place
        named = _mentioned(text, all_cards)
        assert named & held[seat], "the player's own hand was delivered"
        foreign = (named - held[seat]) & still_secret
        where = [line for line in text.splitlines() if _mentioned(line, foreign)][:3]
        assert not foreign, f"{seat} was shown cards {sorted(foreign)} held by others or still in the decks: {where}"

    assert w.results and all(r.acknowledged and private(r) for r in w.results)
    assert max(w.bot.metrics.ack_seconds) < 3.0
    print("DM messages created, decisions, idle news per player:", ledger.report())
    ledger.check_end()
    for member in players:
        assert latest_prompt(w, member, game_id) is None, "no buttons left once the game is over"
