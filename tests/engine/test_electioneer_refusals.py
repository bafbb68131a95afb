"""Electioneer US refusals name the rule and its facts."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction, UnknownAction
from engine.core.ruleset import check_legal, play
from engine.core.types import Action
from engine.electioneer.ruleset import RULESET as R


def _refused(state, seat: str, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        check_legal(R, state, seat, R.parse(text)[0])
    assert refused.value.rule and refused.value.rule in refused.value.message
    return refused.value


def _to_swap():
    """Month 1 played to its reveal: the winner is to swap or keep."""
    state = R.setup({}, ["DEM", "REP"], 5)
    for verb in ("discard", "campaign"):
        for seat in ("DEM", "REP"):
            state = play(R, state, seat, [Action(verb=verb, args=(state.players[seat].hand[0],))]).state
    assert state.phase == "swap"
    return state


def test_a_rivals_policy_is_named_as_theirs() -> None:
    state = R.setup({}, ["DEM", "REP"], 5)
    rival = state.players["REP"].hand[0]
    refused = _refused(state, "DEM", f"discard {rival}")
    assert refused.rule == f"{rival} is a REP policy and you play DEM: your hand holds {', '.join(state.players['DEM'].hand)}"


def test_ready_before_election_day_says_what_comes_first() -> None:
    state = R.setup({}, ["DEM", "REP"], 5)
    refused = _refused(state, "DEM", "ready")
    assert refused.rule.startswith("`ready` is for election day, after month 7; now put one policy from your hand "
                                   "on the bottom of your deck first (month 1, ")


def test_swap_in_a_face_down_state_and_for_the_same_issue() -> None:
    state = _to_swap()
    winner = state.month_winner
    hidden = next(code for code in state.order if not state.boards[code].revealed)
    refused = _refused(state, winner, f"swap {hidden} 1 crime")
    assert "issues are still face down: an issue is swapped only in a revealed state" in refused.rule
    here = state.current
    same = state.boards[here].issues[0]
    refused = _refused(state, winner, f"swap {here} 1 {same}")
    assert "'s first issue is already " in refused.rule and refused.rule.endswith(": the new issue must differ")


def test_a_month_bonus_theatric_after_the_reveal() -> None:
    state = _to_swap()
    winner = state.month_winner
    state.players[winner].theatrics = ["T01"]
    refused = _refused(state, winner, "play T01")
    assert refused.rule.startswith("Rally in the Rain adds to a month's contest, so it is played before both "
                                   "policies are revealed")


def test_a_theatric_not_held() -> None:
    state = R.setup({}, ["DEM", "REP"], 5)
    state.players["DEM"].theatrics = ["T05"]
    refused = _refused(state, "DEM", "play T09 PA")
    assert refused.rule == "T09 Internal Polling is not among your theatrics: you hold T05"


def test_an_unknown_verb_is_named_before_its_words_are_counted() -> None:
    for text in ("banana", "banana ZZ 9"):
        with pytest.raises(UnknownAction, match=r"^`banana` is not an Electioneer move\. Moves: discard, campaign"):
            R.parse(text)
