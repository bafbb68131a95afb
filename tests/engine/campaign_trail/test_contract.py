"""Campaign Trail against the engine contract: seats, bots, deadlines, notation of whole turns."""
from __future__ import annotations

import pytest

from engine import registry
from engine.campaign_trail import rules
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.core.ruleset import Ruleset, owing_seats, play, state_hash


def test_satisfies_the_ruleset_protocol() -> None:
    assert isinstance(R, Ruleset)
    assert R.name == "campaign_trail" and (R.min_seats, R.max_seats) == (2, 6)


def test_offered_by_the_registry() -> None:
    assert registry.get("campaign_trail") is R


@pytest.mark.parametrize("joined, options, final", [
    # a lobby's picks from the full table's names, fitted to three players: one per party
    (["DEM-P", "DEM-VP", "REP-P"], {}, ["DEM", "REP", "LIB"]),
    # two players of a DEM-LIB game keep their parties
    (["LIB-VP", "DEM-P"], {"parties": ["DEM", "LIB"]}, ["LIB", "DEM"]),
    # five players, REP played solo: picks that exist stay, the rest keep their party where a seat is free
    (["LIB-VP", "DEM", "REP-P", "REP-VP", "DEM-VP"], {}, ["LIB-VP", "DEM-P", "REP", "LIB-P", "DEM-VP"]),
    # already the right names: nothing moves
    (["REP", "DEM"], {}, ["REP", "DEM"]),
])
def test_lobby_picks_are_fitted_to_the_table(joined, options, final) -> None:
    assert R.assign_seats(joined, options) == final
    assert sorted(final) == sorted(rules.seat_names(len(joined), options))


def test_setup_takes_seats_in_any_order_and_keeps_table_order() -> None:
    assert R.setup({}, ["LIB", "DEM", "REP"], 1).seats == ["DEM", "REP", "LIB"]


@pytest.mark.parametrize("count, seats", [
    (2, ["DEM", "REP"]),
    (3, ["DEM", "REP", "LIB"]),
    (4, ["DEM-P", "DEM-VP", "REP-P", "REP-VP"]),
    (5, ["DEM-P", "DEM-VP", "REP", "LIB-P", "LIB-VP"]),
    (6, ["DEM-P", "DEM-VP", "REP-P", "REP-VP", "LIB-P", "LIB-VP"]),
])
def test_seat_names(count, seats) -> None:
    assert R.seat_names(count) == seats


def test_setup_refuses_wrong_seats() -> None:
    with pytest.raises(IllegalAction):
        R.setup({}, ["DEM", "LIB"], 1)
    with pytest.raises(IllegalAction):
        R.setup({}, ["A"] * 7, 1)


def test_same_seed_same_state() -> None:
    a = R.setup({}, R.seat_names(4), 42)
    b = R.setup({}, R.seat_names(4), 42)
    assert state_hash(a) == state_hash(b)
    assert state_hash(a) != state_hash(R.setup({}, R.seat_names(4), 43))


def _play_out(count: int, seed: int, pick) -> tuple[object, list[list[str]]]:
    """A whole game; returns the final state and each turn's steps in notation (for round trips)."""
    state = R.setup({}, R.seat_names(count), seed)
    turns: list[list] = []
    current: list = []
    for _ in range(5000):
        if R.outcome(state) is not None:
            break
        seat = owing_seats(R, state)[0]
        action = pick(state, seat)
        before_turn = state.turn
        state = play(R, state, seat, [action]).state
        current.append(action)
        if state.turn is None and (before_turn is not None or action.verb in ("pass",)):
            turns.append(current)
            current = []
        elif state.phase != "play":
            current = []
    return state, turns


@pytest.mark.parametrize("count", [2, 3, 5])
def test_bot_plays_whole_games(count) -> None:
    rng = Rng(count)
    state, turns = _play_out(count, count, lambda s, seat: R.bot_action(s, seat, rng))
    assert R.outcome(state) is not None
    assert sum(R.outcome(state).scores.values()) == 538
    for steps in turns:  # a whole turn formats to one compound move and parses back
        assert R.parse(R.format(steps)) == steps, R.format(steps)


@pytest.mark.parametrize("count", [2, 6])
def test_deadline_defaults_are_always_legal(count) -> None:
    state, _ = _play_out(count, 7, lambda s, seat: R.deadline_action(s, seat))
    assert R.outcome(state) is not None


def test_compact_notation_examples() -> None:
    acts = R.parse("97 campaign VA4 WV1 KY1")
    assert [a.notation() for a in acts] == ["play 97", "campaign"] + ["vote VA"] * 4 + ["vote WV", "vote KY", "done"]
    assert R.format(acts) == "97 campaign VA4 WV1 KY1"
    assert R.format(R.parse("play 97; campaign; vote VA")) == "play 97; campaign; vote VA"
    assert R.format(R.parse("31 politick; pick CA; vote VA; done")) == "31 politick; pick CA; vote VA; done"


def test_views_show_hands_only_to_the_party() -> None:
    state = R.setup({}, R.seat_names(6), 3)
    mate = R.view(state, "DEM-P")
    assert [c.number for c in mate.hand] == state.players["DEM-P"].hand
    assert [c.number for c in mate.partner_hand] == state.players["DEM-VP"].hand
    public = R.view(state, None)
    assert public.hand is None and public.partner_hand is None and public.offer is None
    assert rules.problems(state) == []
