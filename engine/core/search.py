"""What a search player needs of a game, and nothing it must not see.

A search (Monte Carlo tree search over information sets, or an ensemble of determinized trees) asks four things of a
position, over and over: who is to move, what each of them may do, the position after one step, and — at the end —
what each seat scored. It asks them thousands of times a decision, so they carry no words. And it may only think
from what its own seat knows: `determinize(state, seat, rng)` turns the true state into one of the states that seat
cannot tell apart from it — what the seat has seen kept, everything else (the rivals' hands, the decks' order,
face-down and sealed picks, the dice to come) drawn afresh. A searcher that starts every playout from a
determinization never reads the secret state, whatever it does with the copy.

Who moves when several seats owe a decision at once (simultaneous sealed picks, a response window open to
several): `to_move` lists them all, in seat order; a search takes the first (its pick stays sealed from the others
in every title, so the order changes nothing they can see). Plays allowed at any time (a decision's `extras`) are
legal actions of the seat that owes the decision only; the others' any-time plays are left out of the search, as
a rule of the search rather than of the game.
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from engine.core.rng import Rng
from engine.core.types import Action, Outcome


@runtime_checkable
class Determinizer(Protocol):
    """A ruleset's own sampler of what a seat does not know (a declared capability: `Ruleset.determinizer`)."""

    def determinize(self, state: Any, seat: str, rng: Rng) -> Any:
        """A full, playable state that gives `seat` exactly the view `state` gives it, with every fact hidden from
        `seat` redrawn from `rng` among the facts consistent with that view, and the state's own randomness
        reseeded from `rng` (so no copy of the true state's seed can show the dice to come). Never changes
        `state`."""
        ...


def returns(outcome: Outcome, seats: list[str], party_of: dict[str, str] | None = None) -> dict[str, float]:
    """Each seat's result of a finished game: 1 for a win, 0.5 for a share of a draw or of a win several parties
    hold, 0 for a loss. A seat wins with its party (`party_of`, for running mates)."""
    parties = party_of or {}
    winners = set(outcome.winners)
    shared = 0.5 if outcome.draw or len(winners) > 1 else 1.0
    result: dict[str, float] = {}
    for seat in seats:
        if outcome.draw:
            result[seat] = 0.5
        elif seat in winners or parties.get(seat, seat) in winners:
            result[seat] = shared
        else:
            result[seat] = 0.0
    return result


def legal_actions(decision_options: list[Any]) -> list[Action]:
    """The actions of a decision's options, without their words, duplicates dropped in order."""
    return list(dict.fromkeys(o.action for o in decision_options))
