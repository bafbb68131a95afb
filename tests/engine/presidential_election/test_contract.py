"""Presidential Election against the engine contract: seats, notation errors, deadlines and the bot stay legal."""
from __future__ import annotations

import pytest

from engine.core.errors import UnknownAction
from engine.core.rng import Rng
from engine.core.ruleset import check_legal, owing_seats, play
from engine.presidential_election.ruleset import RULESET as R


def test_seats() -> None:
    assert R.seat_names(6) == ["P1", "P2", "P3", "P4", "P5", "P6"]
    assert R.assign_seats(["P4", "P1", "P6"], {}) == ["P1", "P2", "P3"]


@pytest.mark.parametrize("text,code", [("jump", "unknown_verb"), ("buy car OH", "malformed"), ("home XX", "unknown_state"),
                                       ("state ٣٣", "unknown_state"), ("advantage A99", "unknown_card"), ("", "malformed"),
                                       ("debate P9 OH", "malformed"), ("roll " + "x" * 3000, "too_long")])
def test_notation_errors(text: str, code: str) -> None:
    with pytest.raises(UnknownAction) as err:
        R.parse(text)
    assert err.value.code == code


def test_compound_notation() -> None:
    assert R.format(R.parse("buy sign oh; fly in\ndebate p2 OH")) == "buy sign; state OH; fly; state IN; debate P2; state OH"


def test_deadline_and_bot_moves_are_legal_to_the_end() -> None:
    """Every seat's deadline default is one of its options, all game long (a table of absent players ends)."""
    state = R.setup({}, R.seat_names(3), 7)
    steps = 0
    while R.outcome(state) is None:
        seat = owing_seats(R, state)[0]
        action = R.deadline_action(state, seat)
        check_legal(R, state, seat, action)
        assert R.decisions(state, seat).deadline_default == action.notation()
        state = play(R, state, seat, [action]).state
        steps += 1
        assert steps < 5000
    rng = Rng(1)
    state = R.setup({}, R.seat_names(5), 9)
    while R.outcome(state) is None:
        seat = owing_seats(R, state)[0]
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
    assert R.outcome(state).winners


def test_help_names_the_moves() -> None:
    text = R.help_text()
    for word in ("roll", "home", "advantage", "ballot", "buy sign", "fly", "debate", "decline", "stake", "place", "done"):
        assert word in text
