"""A whole 6-player Campaign Trail game through the GameManager on a real SQLite file, with the board
image rendered: nothing hidden reaches anyone it should not.

Hidden: every card in a hand, in the month decks, or tucked under a Recount — unless it was face up at
some point (a card taken back from the discard pile was seen there). Checked at every delivery, against
the state replayed from the journal at that move:
- public posts (text and the image's alt text) name no hidden card;
- a seat's private briefs show its own hand and its running mate's (team-mates may show each other their
  cards), and name no other hidden card;
- log records (DEBUG and up) name no card that is hidden at the end of the game.
"""
from __future__ import annotations

import logging

import pytest

from bot.service import GameManager
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine.campaign_trail import content as ct_content
from engine.core.rng import Rng
from engine.core.ruleset import play
from engine.registry import get
from tests.engine.campaign_trail.secrets import face_up, hidden
from tests.fakeclock import Clock
from tests.service.table_games import play_out

CT = get("campaign_trail")
# Six players pick seats in the lobby in any order; at Start they are the six team seats.
PICKS = ["REP-VP", "DEM-P", "LIB-P", "DEM-VP", "REP-P", "LIB-VP"]


def _named(text: str, numbers: set[int]) -> set[int]:
    c = ct_content.load()
    return {n for n in numbers if c.card(n).name in text}


@pytest.mark.parametrize("options", [{}, {"dirty": True}], ids=["standard", "dirty_politics"])
async def test_six_player_game_leaks_nothing(tmp_path, caplog, options) -> None:
    caplog.set_level(logging.DEBUG)
    store = await Store.open(tmp_path / "ct6.sqlite3")
    table = RecordingTable()
    manager = GameManager(store, table, clock=Clock(), render=True)
    record = await manager.games.create("campaign_trail", "u0", "Player 0", seat=PICKS[0], seed=606, channel_id="c", guild_id="g",
                                  options=options)
    for i, seat in enumerate(PICKS[1:], start=1):
        await manager.games.join(record.id, f"u{i}", f"Player {i}", seat=seat)
    await manager.games.start(record.id, "u0")
    seats = {s.user_id: s.seat for s in await store.list_seats(record.id)}
    assert sorted(seats.values()) == sorted(CT.seat_names(6)) and seats["u0"] == "REP-VP"

    await play_out(manager, record.id, Rng(606), limit=6000)
    final_record = await manager.views.game(record.id)
    assert final_record.status == "finished", "the game reached Election Day"

    # Replay the journal: the true state at every move, and which cards had been face up by then.
    journal = await store.load_journal(record.id)
    state = CT.setup(final_record.options, [s.seat for s in await store.list_seats(record.id)], final_record.seed)
    at = {0: state}
    shown_at = {0: face_up(state)}
    shown = set(shown_at[0])
    for entry in journal:
        before = state
        state = play(CT, state, entry.seat, CT.parse(entry.notation)).state
        shown |= face_up(before) | face_up(state)
        at[entry.seq] = state
        shown_at[entry.seq] = set(shown)

    checked_public = 0
    for post in table.posts:
        seq = post.game.seq
        secret = hidden(at[seq], shown_at[seq])
        text = post.text + "\n" + (post.picture.alt if post.picture else "")
        leaked = _named(text, secret)
        assert not leaked, f"post at move {seq} names hidden cards {sorted(leaked)}: {text[:300]}"
        checked_public += 1
    assert checked_public >= 60 and any(p.picture for p in table.posts)

    c = ct_content.load()
    all_cards = set(c.cards) | (set(c.dirty_cards) if options else set())
    if options:  # the module was on, and rivals were asked to decide Scandals and Intimidations along the way
        assert any(n in c.dirty_cards for s in at.values() for p in s.players.values() for n in p.hand)
        assert any(s.wait and s.wait.get("seat") and s.turn and s.wait["seat"] != s.turn.seat for s in at.values())
    checked_private = 0
    for brief in table.briefs:
        seq = brief.game.seq
        s = at[seq]
        me = s.players[brief.seat]
        mates = [x for x in s.parties[me.party].seats if x != brief.seat]
        team_hands = set(me.hand) | {n for x in mates for n in s.players[x].hand}
        view = brief.view
        assert [c.number for c in view.hand] == me.hand, "a brief shows the seat's own hand"
        if mates:
            assert [c.number for c in view.partner_hand] == s.players[mates[0]].hand
        else:
            assert view.partner_hand is None
        secret = hidden(s, shown_at[seq]) - team_hands
        shown_text = brief.text + "\n" + view.model_dump_json()
        leaked = _named(shown_text, secret)
        assert not leaked, f"{brief.seat}'s brief at move {seq} names others' hidden cards {sorted(leaked)}"
        assert _named(view.model_dump_json(), all_cards) >= set(me.hand)
        checked_private += 1
    assert checked_private >= 100 and {b.seat for b in table.briefs} == set(seats.values())

    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert not _named(logged, hidden(at[journal[-1].seq], shown_at[journal[-1].seq]))
    await store.close()
