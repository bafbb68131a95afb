"""Campaign Trail's determinize: one of the positions a seat cannot tell from the true one, with what it cannot see
redrawn (the rival parties' hands, the decks' order, tucked cards, setup's hidden picks, the AI decks)."""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest

from engine.campaign_trail import rules
from engine.campaign_trail.menus import home_choices
from engine.campaign_trail.ruleset import RULESET
from engine.campaign_trail.state import CampaignTrailState
from engine.core.rng import Rng
from tests.engine.determinize_check import Positions, positions, problems


def _rivals(state: CampaignTrailState, seat: str) -> list[str]:
    return [x for x in state.seats if state.players[x].party != state.players[seat].party]


def hidden(state: CampaignTrailState, seat: str) -> dict[str, Hashable]:
    """Each kind of fact hidden from `seat` (None where it could only be one way)."""
    rivals = _rivals(state, seat)
    others = [x for x in state.seats if x != seat]
    deck = sum(map(len, state.decks)) + len(state.reshuffled)
    out: dict[str, Hashable] = {
        "rival hands": tuple(tuple(sorted(state.players[x].hand)) for x in rivals)
        if any(state.players[x].hand for x in rivals) else None,
        "deck order": (tuple(map(tuple, state.decks)), tuple(state.reshuffled)) if deck > 1 else None,
        "rival tucked cards": tuple(t.tucked for x in rivals for t in state.players[x].table if t.tucked is not None)
        or None,
    }
    if state.phase == "candidate":
        out["dealt candidates"] = tuple((tuple(state.players[x].offer), state.players[x].candidate if x in rivals
                                         else None) for x in others)
    if state.phase == "home" and any(state.players[x].home for x in rivals):
        out["rival home states"] = tuple(state.players[x].home for x in rivals)
    if state.solo is not None:
        out["AI decks"] = (tuple(map(tuple, state.solo.decks)), tuple(sorted(state.solo.boxed)))
    if state.advanced is not None:
        out["AI decks"] = tuple((tuple(map(tuple, d.months)), tuple(d.debate)) for d in state.advanced.decks.values())
    return out


# (options, seats, {seed: steps}): steps picked to reach setup's choices, a debate, a rival's card choice in progress
# (the Experienced Candidate's put-back, Re-strategize), a tucked Recount, an exchange, the AI's Change of Plans
# window and the end-of-game politicks
GAMES: dict[str, tuple[dict[str, Any], list[str], dict[int, list[int]]]] = {
    "2p": ({}, ["DEM", "REP"], {1: [1, 3, 119], 2: [7]}),
    "3p dirty": ({"dirty": True}, ["DEM", "REP", "LIB"], {1: [4, 31, 160, 443], 2: [358]}),
    "4p": ({}, RULESET.seat_names(4), {2: [145, 326]}),
    "solo": ({"ai": "REP"}, ["DEM"], {1: [2, 15], 2: [36]}),
    "coop": ({"ai": "REP", "coop": True}, ["DEM-P", "DEM-VP"], {1: [1, 28]}),
    "advanced": ({"ai": "REP", "ai_deck": "advanced"}, ["DEM"], {1: [7, 40, 61]}),
}


def _positions() -> list[tuple[str, CampaignTrailState]]:
    found = []
    for name, (options, seats, runs) in GAMES.items():
        for seed, stops in runs.items():
            found += [(name, state) for state in positions(RULESET, options, seats, seed, stops)]
    return found


POSITIONS = Positions(19, _positions)
STATES = Positions(19, lambda: [state for _, state in POSITIONS])


@pytest.fixture
def state(request: pytest.FixtureRequest) -> Any:
    """The position a test is parametrized with, by its index (made when first read: Positions)."""
    return STATES[request.param]


def _find(check: Any) -> CampaignTrailState:
    return next(state for state in STATES if check(state))


@pytest.mark.parametrize("state", range(len(STATES)), indirect=True)
def test_determinize_keeps_the_view_and_redraws_the_hidden(state: CampaignTrailState) -> None:
    assert problems(RULESET, state, hidden, samples=12, playout_steps=20) == []


@pytest.mark.parametrize("state", range(len(STATES)), indirect=True)
def test_states_a_seat_cannot_tell_apart_determinize_alike(state: CampaignTrailState) -> None:
    for seat in state.seats:
        other_truth = RULESET.determinize(state, seat, Rng(9))
        assert RULESET.determinize(state, seat, Rng(5)) == RULESET.determinize(other_truth, seat, Rng(5)), seat


@pytest.mark.parametrize("state", range(len(STATES)), indirect=True)
def test_a_determinization_holds_every_card_once_and_keeps_what_the_seat_has_seen(state: CampaignTrailState) -> None:
    for seat in state.seats:
        world = RULESET.determinize(state, seat, Rng(3))
        assert rules.problems(world) == []
        mates = [x for x in state.seats if x not in _rivals(state, seat)]
        assert [world.players[x].hand for x in mates] == [state.players[x].hand for x in mates]
        assert [world.players[x].table for x in mates] == [state.players[x].table for x in mates]
        assert (world.discard, world.removed, world.turn) == (state.discard, state.removed, state.turn)


def test_positions_cover_setup_debates_tucks_exchanges_and_choices_in_progress() -> None:
    assert {"candidate", "home", "play", "debate", "final"} <= {state.phase for state in STATES}
    assert any(s.phase == "home" and any(p.home for p in s.players.values()) for s in STATES)
    assert any(s.wait is not None and s.wait.get("putback") is not None for s in STATES)
    assert any(any(t.tucked for p in s.players.values() for t in p.table) for s in STATES)
    assert any(f.tucked for s in STATES for f in s.final)
    assert any(s.exchange is not None and s.exchange.give is not None for s in STATES)
    assert any(f.locals.get("found") for s in STATES for f in s.frames.frames)
    assert any(s.solo is not None and s.solo.window is not None for s in STATES)
    assert any(s.advanced is not None and s.phase == "debate" for s in STATES)


@pytest.mark.parametrize("where", ["put back", "re-strategize", "exchange"])
def test_a_rivals_choice_in_progress_names_cards_of_its_redealt_hand(where: str) -> None:
    checks = {
        "put back": lambda s: s.wait is not None and s.wait.get("putback") is not None,
        "re-strategize": lambda s: any(f.locals.get("found") for f in s.frames.frames),
        "exchange": lambda s: s.exchange is not None and s.exchange.give is not None,
    }
    state = _find(checks[where])
    actor = state.exchange.seat if where == "exchange" else state.turn.seat
    seat = _rivals(state, actor)[0]
    hands = set()
    for k in range(10):
        world = RULESET.determinize(state, seat, Rng(k))
        hand = world.players[actor].hand
        if where == "exchange":
            assert world.exchange.give in hand
        else:
            named = world.wait["among"] if world.wait and world.wait.get("kind") == "card" else []
            found = [f.locals["found"] for f in world.frames.frames if "found" in f.locals]
            assert named + found and all(int(n) in hand for n in named + found)
            # the card taken face up from the discard pile stays: everyone saw it go to that hand
            assert found == [f.locals["found"] for f in state.frames.frames if "found" in f.locals]
        hands.add(tuple(sorted(hand)))
    assert len(hands) > 1


def test_a_rivals_recount_still_to_resolve_uses_the_card_dealt_under_it() -> None:
    state = _find(lambda s: any(f.tucked for f in s.final))
    owner = next(f.seat for f in state.final if f.tucked)
    seat = _rivals(state, owner)[0]
    tucked = set()
    for k in range(10):
        world = RULESET.determinize(state, seat, Rng(k))
        under = [t.tucked for t in world.players[owner].table if t.politick == "recount" and t.tucked is not None]
        assert [f.tucked for f in world.final if f.seat == owner and f.tucked is not None] == under
        tucked.add(tuple(under))
    assert len(tucked) > 1


def test_a_rivals_home_state_is_one_its_redealt_hand_offers() -> None:
    state = _find(lambda s: s.phase == "home" and any(s.players[x].home for x in s.seats))
    chooser = next(x for x in state.seats if state.players[x].home)
    seat = _rivals(state, chooser)[0]
    homes = set()
    for k in range(12):
        world = RULESET.determinize(state, seat, Rng(k))
        assert world.players[chooser].home in home_choices(world, chooser)
        assert all(home_choices(world, x) for x in _rivals(state, seat))
        homes.add(world.players[chooser].home)
    assert len(homes) > 1


def test_a_rivals_candidate_is_one_of_its_redealt_pair_and_the_partners_kept_one_stays() -> None:
    state = _find(lambda s: s.phase == "candidate" and len(s.seats) == 2 and any(p.candidate for p in s.players.values()))
    chooser = next(x for x in state.seats if state.players[x].candidate)
    seat = next(x for x in state.seats if x != chooser)
    for k in range(6):
        world = RULESET.determinize(state, seat, Rng(k))
        assert world.players[chooser].candidate in world.players[chooser].offer
        assert world.players[seat].offer == state.players[seat].offer
        assert not set(world.players[chooser].offer) & set(state.players[seat].offer)
    coop = _find(lambda s: s.phase == "candidate" and s.solo is not None and any(p.candidate for p in s.players.values()))
    partner = next(x for x in coop.seats if coop.players[x].candidate)
    seat = next(x for x in coop.seats if x != partner)
    for k in range(6):
        world = RULESET.determinize(coop, seat, Rng(k))
        assert world.players[partner].candidate == coop.players[partner].candidate
        assert world.players[partner].candidate in world.players[partner].offer
