"""Who is asked in 1960's Campaign Strategy phase depends on public facts only (the hand's size), never on what
the hand holds (4. Campaign Strategy Phase, Step 1, and its note on the Gathering Momentum cards; docs/rulings.md,
"a Campaign Strategy hand with no choice").

A hand bigger than the cards still to set aside is asked, even when none of its cards may be set aside (only
Gathering Momentum cards left, after a discard event): it answers `pass` and sets aside nothing. Otherwise the
rival would see the player was never asked and learn his hand holds only Gathering Momentum cards. Each test
compares twins that differ only in the hidden hand: what the rival sees must be the same."""
from __future__ import annotations

import json

import pytest

from engine.core.ruleset import owing_seats, play
from engine.core.types import Action
from engine.nineteen_sixty.ruleset import RULESET as R
from engine.nineteen_sixty.scenario_adapter import NSScenarioAdapter
from engine.nineteen_sixty.state import SEATS, NSState

GATHERING_MOMENTUM = (15, 16, 17, 18)  # the four cards barred from Campaign Strategy
PLACEABLE = 8  # Profiles in Courage: any card but a Gathering Momentum one may be set aside


def _strategy_phase(turn: int, kennedy: list[int], nixon: list[int]) -> NSState:
    """A fresh game moved to turn `turn`'s Campaign Strategy phase with these hands, every card in one place."""
    state = R.setup({}, list(SEATS), 1)
    before = state.model_dump(mode="json")
    data = json.loads(json.dumps(before))
    data.update(turn=turn, phase="strategy")
    data["sides"]["K"]["hand"], data["sides"]["N"]["hand"] = kennedy, nixon
    touched = [("turn",), ("phase",), ("sides", "K", "hand"), ("sides", "N", "hand")]
    adapter = NSScenarioAdapter()
    built = NSState.model_validate(adapter.fix_up(before, data, touched))
    assert not adapter.lint(built)
    return built


def _what_nixon_sees(state: NSState) -> tuple[list[str], object, list[str]]:
    return owing_seats(R, state), R.view(state, "NIX"), [o.action.notation() for o in R.decisions(state, "NIX").options]


@pytest.mark.parametrize("kennedy", [[PLACEABLE, 17], [16, 17]], ids=["placeable", "only_gathering_momentum"])
def test_a_hand_bigger_than_the_need_is_asked_whatever_it_holds(kennedy: list[int]) -> None:
    state = _strategy_phase(3, kennedy, [43, 18, 20])
    after = play(R, state, "NIX", [Action(verb="strategy", args=("43",))]).state
    assert owing_seats(R, after) == ["KEN"]  # Kennedy holds two cards for one place: he is asked
    assert R.decisions(after, "KEN").options


def test_a_hand_of_gathering_momentum_cards_may_only_set_aside_nothing() -> None:
    state = _strategy_phase(3, [16, 17], [43, 18, 20])
    assert [o.action.notation() for o in R.decisions(state, "KEN").options] == ["pass"]
    after = play(R, state, "KEN", [Action(verb="pass")])
    assert "KEN sets aside 0 cards face down for Campaign Strategy." in [e.public for e in after.events]
    turn_over = play(R, after.state, "NIX", [Action(verb="strategy", args=("43",))]).state
    assert turn_over.turn == 4 and turn_over.sides["K"].strategy == [] and turn_over.sides["N"].strategy == [43]


def test_the_rival_sees_the_same_whether_or_not_a_card_may_be_set_aside() -> None:
    placeable = play(R, _strategy_phase(3, [PLACEABLE, 17], [43, 18, 20]), "NIX", [Action(verb="strategy", args=("43",))])
    barred = play(R, _strategy_phase(3, [16, 17], [43, 18, 20]), "NIX", [Action(verb="strategy", args=("43",))])
    assert _what_nixon_sees(placeable.state) == _what_nixon_sees(barred.state)
    assert [e.public for e in placeable.events] == [e.public for e in barred.events]


@pytest.mark.parametrize("kennedy", [[PLACEABLE, 58, 17], [PLACEABLE, 16, 17]], ids=["placeable", "only_gathering_momentum"])
def test_after_the_debates_the_second_card_is_asked_for_whatever_is_left(kennedy: list[int]) -> None:
    state = _strategy_phase(7, kennedy, [43, 18, 20])
    after = play(R, state, "KEN", [Action(verb="strategy", args=(str(PLACEABLE),))]).state
    assert owing_seats(R, after) == ["KEN", "NIX"]  # two cards left for one more place: still asked
    assert R.decisions(after, "KEN").options
