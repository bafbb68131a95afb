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

from typing import Any, Callable, Protocol, runtime_checkable

from engine.core.rng import Rng
from engine.core.ruleset import Ruleset, SilentRules
from engine.core.types import Action, Outcome, copy_state


@runtime_checkable
class Determinizer(Protocol):
    """A ruleset's own sampler of what a seat does not know (a declared capability: `Ruleset.determinizer`)."""

    def determinize(self, state: Any, seat: str, rng: Rng) -> Any:
        """A full, playable state that gives `seat` exactly the view `state` gives it, with every fact hidden from
        `seat` redrawn from `rng` among the facts consistent with that view, and the state's own randomness
        reseeded from `rng` (so no copy of the true state's seed can show the dice to come). Never changes
        `state`."""
        ...


class ThroughApply:
    """The silent path of a ruleset that declares none: the full path's answers with their words dropped, and an
    `advance` that moves `apply`'s new state into the one given."""

    __slots__ = ("ruleset",)

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def over(self, state: Any) -> bool:
        return self.ruleset.outcome(state) is not None

    def to_move(self, state: Any) -> list[str]:
        if self.over(state):
            return []
        return [s for s in state.seats if self.ruleset.decisions(state, s).owes_move]

    def legal(self, state: Any, seat: str) -> list[Action]:
        if self.over(state):
            return []
        decision = self.ruleset.decisions(state, seat)
        if not decision.owes_move:
            return []
        return legal_actions(decision.all_options())

    def advance(self, state: Any, seat: str, action: Action) -> None:
        after = self.ruleset.apply(state, seat, action).state
        for name in type(after).model_fields:
            setattr(state, name, getattr(after, name))


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


class SearchGame:
    """Any ruleset as a search sees it: who is to move, what a seat may do, the position after one step, what each
    seat scored, and the positions a seat cannot tell apart from this one. Pure, like the ruleset beneath it, and
    without words: nothing here reads a prompt or keeps an event.

    `step` is the silent apply, and it trusts its caller: it does not re-check legality as `play` does (a refused
    action would cost a search nothing but time, and the check costs a second `decisions` every step). It takes
    only an action from `legal(state, seat)` for a seat in `to_move(state)`; anything else may raise or reach a
    state no game could."""

    __slots__ = ("ruleset", "_silent", "to_move", "legal", "advance")

    # The three asked at every step of a playout are the silent path's own methods, bound once: a method here that
    # only passed the call on would cost a call more each time.
    to_move: Callable[[Any], list[str]]
    """`to_move(state)`: the seats that owe a decision now, in seat order (empty once the game is over); a search
    moves the first."""
    legal: Callable[[Any, str], list[Action]]
    """`legal(state, seat)`: what `seat` may do now: the actions of its decision's options, then its any-time plays;
    nothing for a seat that owes no decision (its any-time plays are left out of the search) or once the game is
    over."""
    advance: Callable[[Any, str, Action], None]
    """`advance(state, seat, action)`: play `action` for `seat` on `state` itself, a legal action of a seat to move
    (not checked: see the class): the fast step of a playout, which owns its copy."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.silent = ruleset.silent if ruleset.silent is not None else ThroughApply(ruleset)

    @property
    def silent(self) -> SilentRules:
        """The silent path beneath: the ruleset's own, or its full path with the words dropped (`ThroughApply`)."""
        return self._silent

    @silent.setter
    def silent(self, silent: SilentRules) -> None:
        self._silent = silent
        self.to_move = silent.to_move
        self.legal = silent.legal
        self.advance = silent.advance

    def clone(self, state: Any) -> Any:
        """An independent copy of `state`, for a playout to `advance`."""
        return copy_state(state)

    def step(self, state: Any, seat: str, action: Action) -> Any:
        """The state after `seat` plays `action`, a legal action of a seat to move (not checked: see the class).
        `state` is left as it was."""
        after = copy_state(state)
        self.silent.advance(after, seat, action)
        return after

    def returns(self, state: Any) -> dict[str, float] | None:
        """Each seat's result once the game is over (1 win, 0.5 a shared win or a draw, 0 a loss; running mates
        score with their party); None while it goes on."""
        if not self._silent.over(state):
            return None
        outcome = self.ruleset.outcome(state)
        if outcome is None:
            return None
        seats = list(state.seats)
        return returns(outcome, seats, {s: self.ruleset.party_of(s) for s in seats})

    def determinize(self, state: Any, seat: str, rng: Rng) -> Any:
        """One of the states `seat` cannot tell apart from `state` (`Determinizer`): where every search of that
        seat's starts."""
        return self.ruleset.determinize(state, seat, rng)
