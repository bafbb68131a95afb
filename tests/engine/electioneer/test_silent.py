"""Electioneer US's silent path (engine/electioneer/silent.py) is the full path without its words: along seeded
random games at each theatrics setting (three each, one each, none), at every position it names the same seats
to move, the same legal actions for each seat and, stepping a copy in place, the very state play() reaches
(tests/engine/silent_check.py). The games between them play every kind of theatric, election-day stunts among
them, so every branch of the shared step runs both ways; and the check does catch a step that goes wrong."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import seats_for
from engine.core.search import SearchGame
from engine.core.types import Action
from engine.electioneer import content as content_mod
from engine.electioneer.moves import owes, owing
from engine.electioneer.ruleset import RULESET
from engine.electioneer.silent import ElectioneerSilent
from engine.electioneer.state import ElectioneerState
from tests.engine.silent_check import check_silent_path

# (options, seeds, patient): theatrics change the flow (any-time plays in every phase, election-day stunts
# re-opening the count), so each setting gets its own games; most go to the full set, the one with the most
# branches. A patient player keeps its theatrics for election day (a random one spends them all in month 1 or 2).
GAMES = [({}, range(6), False), ({}, range(3), True), ({"theatrics": 1}, range(2), False),
         ({"theatrics": 0}, range(1), False)]


def _random_moves(game: SearchGame, state: ElectioneerState, seed: int,
                  patient: bool = False) -> list[tuple[str, Action]]:
    """A whole game's moves, the first seat to move playing a uniformly random legal action each step (when
    `patient`, no theatric before election day)."""
    rng = Rng(seed)
    moves: list[tuple[str, Action]] = []
    state = game.clone(state)
    while game.returns(state) is None:
        seat = game.to_move(state)[0]
        actions = game.legal(state, seat)
        if patient and state.phase != "election":
            actions = [a for a in actions if a.verb != "play"]
        action = actions[rng.below(len(actions))]
        moves.append((seat, action))
        game.advance(state, seat, action)
        assert len(moves) < 1000, "runaway game"
    return moves


def _start(options: dict[str, Any], seed: int) -> ElectioneerState:
    return RULESET.setup(options, seats_for(RULESET, 2, options), seed)


@pytest.mark.parametrize(("options", "seeds", "patient"), GAMES,
                         ids=[f"theatrics-{o.get('theatrics', 3)}{'-patient' if p else ''}" for o, _, p in GAMES])
def test_the_silent_path_answers_as_the_full_path_at_every_position(options: dict[str, Any], seeds: range,
                                                                   patient: bool) -> None:
    game = SearchGame(RULESET)
    assert isinstance(game.silent, ElectioneerSilent)
    for seed in seeds:
        start = _start(options, seed)
        end = check_silent_path(RULESET, game, start, _random_moves(game, start, seed, patient))
        assert RULESET.outcome(end) is not None


def test_the_checked_games_play_every_kind_of_theatric_and_an_election_day_stunt() -> None:
    """What the first test's full-set games cover: a branch no game reaches would go unchecked."""
    game = SearchGame(RULESET)
    kinds = content_mod.load().theatrics
    played: set[str] = set()
    stunts = 0
    for seed, patient in [(seed, patient) for options, seeds, patient in GAMES if not options for seed in seeds]:
        state = _start({}, seed)
        for seat, action in _random_moves(game, state, seed, patient):
            if action.verb == "play":
                played.add(kinds[action.args[0]].kind)
                stunts += state.phase == "election"
            game.advance(state, seat, action)
    assert played == {"momentum", "reframe", "endorse", "scandal", "research", "factcheck"}
    assert stunts


class _DropsFactChecks(ElectioneerSilent):
    """A wrong silent path: its step forgets that a fact check removes its marker."""

    def advance(self, state: ElectioneerState, seat: str, action: Action) -> None:
        marks = {code: list(b.markers) for code, b in state.boards.items()}
        super().advance(state, seat, action)
        if action.verb == "play" and len(action.args) == 3:
            for code, kept in marks.items():
                state.boards[code].markers = kept


def test_the_check_catches_a_step_that_parts_ways_with_apply() -> None:
    game = SearchGame(RULESET)
    game.silent = _DropsFactChecks()
    seed = next(s for s in range(6) if any(a.verb == "play" and len(a.args) == 3
                                              for _, a in _random_moves(game, _start({}, s), s)))
    start = _start({}, seed)
    with pytest.raises(AssertionError, match="advance parted ways"):
        check_silent_path(RULESET, game, start, _random_moves(SearchGame(RULESET), start, seed))


def test_who_owes_a_move_is_every_seat_owes_is_true_of() -> None:
    """`owing` (who is to move, in one pass) agrees with `owes` asked seat by seat, at every position of whole
    random games with and without theatrics."""
    positions = 0
    for options, seed in (({}, 1), ({"theatrics": 3}, 2), ({"theatrics": 3}, 5)):
        rng = Rng(seed)
        state = RULESET.setup(options, seats_for(RULESET, 2, options), seed)
        while RULESET.outcome(state) is None:
            assert owing(state) == [seat for seat in state.seats if owes(state, seat)]
            seat = owing(state)[0]
            actions = [o.action for o in RULESET.decisions(state, seat).all_options()]
            state = RULESET.apply(state, seat, actions[rng.below(len(actions))]).state
            positions += 1
    assert positions > 100
