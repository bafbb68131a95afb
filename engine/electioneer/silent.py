"""Electioneer US's silent path (engine/core/search.py, `SilentRules`): what a search asks thousands of times a
decision, without a word, an option label or a copy. Legality is moves.py's, the very actions decisions() labels;
a step is rules.step, apply's own body, run on the given state with its lines left unworded."""
from __future__ import annotations

from engine.core.types import Action
from engine.electioneer import moves, rules
from engine.electioneer.state import ElectioneerState


class ElectioneerSilent:
    __slots__ = ()

    def over(self, state: ElectioneerState) -> bool:
        return state.phase == "over" and state.winner is not None  # moves.over, without a call per step

    def to_move(self, state: ElectioneerState) -> list[str]:
        return moves.owing(state)

    def legal(self, state: ElectioneerState, seat: str) -> list[Action]:
        answers = moves.answers(state, seat)
        return answers + moves.plays(state, seat) if answers else answers

    def advance(self, state: ElectioneerState, seat: str, action: Action) -> None:
        rules.step(state, seat, action, None)
