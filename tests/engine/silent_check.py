"""The shared check of a silent path (engine/core/search.py, `SilentRules`): along a game played through `play()`,
at every position the search interface answers exactly as the full path — who is to move, each seat's legal
actions (its decision's options, then its any-time plays while it owes the decision; nothing otherwise), the game
not over before its end — and `advance` on a copy reaches, field for field, the state `play()` reaches."""
from __future__ import annotations

from typing import Any

from engine.core.ruleset import Ruleset, owing_seats, play
from engine.core.rng import Rng
from engine.core.search import SearchGame, legal_actions
from engine.core.types import Action


def expected_legal(ruleset: Ruleset, state: Any, seat: str) -> list[Action]:
    """A seat's legal actions as the full path gives them."""
    decision = ruleset.decisions(state, seat)
    if not decision.options:
        return []
    found = [o.action for o in decision.options]
    return list(dict.fromkeys(found + [o.action for o in decision.extras]))


def check_silent_path(ruleset: Ruleset, game: SearchGame, start: Any, moves: list[tuple[str, Action]]) -> Any:
    """Play `moves` from `start` through `play()`, checking the search interface's every answer and its `advance`
    at each step against the full path; returns the final state, where the game must be over."""
    state = start
    for number, (seat, action) in enumerate(moves):
        assert game.returns(state) is None and not game.silent.over(state), f"over too soon, step {number}"
        to_move = game.to_move(state)
        assert to_move == owing_seats(ruleset, state) and to_move[0] == seat, (number, to_move)
        for other in state.seats:
            assert game.legal(state, other) == expected_legal(ruleset, state, other), (number, other)
        after = play(ruleset, state, seat, [action]).state
        silent = game.clone(state)
        game.advance(silent, seat, action)
        assert silent.model_dump() == after.model_dump(), \
            f"step {number}, {seat} {action}: advance parted ways"
        state = after
    assert game.silent.over(state), "the game goes on after its last move"
    assert game.to_move(state) == [] and all(game.legal(state, s) == [] for s in state.seats)
    return state


def random_moves(ruleset: Ruleset, start: Any, seed: int, limit: int = 5000) -> list[tuple[str, Action]]:
    """A whole game through play() from `start`, the first seat owing a move playing a uniformly random legal action
    of the full path's (seeded by `seed`): the (seat, action) moves, for `check_silent_path` to replay."""
    rng, state, moves = Rng(seed), start, []
    while ruleset.outcome(state) is None:
        seat = owing_seats(ruleset, state)[0]
        actions = legal_actions(ruleset.decisions(state, seat).all_options())
        moves.append((seat, actions[rng.below(len(actions))]))
        state = play(ruleset, state, seat, [moves[-1][1]]).state
        assert len(moves) < limit, "runaway game"
    return moves
