"""The checks every title's `determinize` must pass, for the per-title tests to call (tests/engine/<title>/
test_determinize.py): from seeded random positions of a whole game, for each seat,

- the determinized state gives the seat exactly the view the true state gives it (JSON of `view(state, seat)`) and
  the same decision, options and all;
- the true state is left as it was;
- over `samples` draws, what the seat does not know varies (`hidden(state, seat)`: the title's own summary of the
  facts hidden from the seat, each kind on its own — the rivals' hands, the decks' order, sealed picks);
- a determinized state is a real game: it plays on by random legal moves without an error;
- its own randomness was reseeded (so no copy of the true seed can tell the dice to come).
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engine.core.rng import Rng, randomness_of
from engine.core.ruleset import Ruleset, owing_seats, play, state_hash

Hidden = Callable[[Any, str], Any]


def positions(ruleset: Ruleset, options: dict[str, Any], seats: list[str], seed: int, stops: list[int]) -> list[Any]:
    """The states of one seeded random game (bot and uniformly random moves, half each) after each number of steps
    in `stops`, as far as the game lasts."""
    state = ruleset.setup(options, seats, seed)
    rng = Rng(seed * 31 + 7)
    found: list[Any] = []
    step = 0
    for stop in sorted(stops):
        while step < stop and ruleset.outcome(state) is None:
            seat = owing_seats(ruleset, state)[0]
            options_now = ruleset.decisions(state, seat).options
            action = ruleset.bot_action(state, seat, rng) if rng.below(2) else options_now[rng.below(len(options_now))].action
            state = play(ruleset, state, seat, [action]).state
            step += 1
        if ruleset.outcome(state) is None:
            found.append(state)
    return found


def problems(ruleset: Ruleset, state: Any, hidden: Hidden, *, samples: int = 40, playouts: int = 2,
             playout_steps: int = 30) -> list[str]:
    """Everything wrong with `ruleset.determinize` at `state`, for every seat (empty when all is well).

    `hidden(state, seat)` summarises what the seat cannot see: one hashable value, or a dict of them by kind
    ("rival hand", "deck order", …) so that each kind must vary on its own; None, or a kind left out, where nothing
    could be otherwise."""
    found: list[str] = []
    before = state_hash(state)
    for seat in state.seats:
        seen = ruleset.view(state, seat).model_dump_json()
        asked = ruleset.decisions(state, seat).model_dump_json()  # what a seat may do is part of what it knows
        kinds = _kinds(hidden(state, seat))
        drawn: dict[str, set[Hashable]] = {kind: set() for kind in kinds}
        for k in range(samples):
            world = ruleset.determinize(state, seat, Rng(1000 + k))
            if ruleset.view(world, seat).model_dump_json() != seen:
                found.append(f"{seat}: sample {k} changes what the seat sees")
                break
            if ruleset.decisions(world, seat).model_dump_json() != asked:
                found.append(f"{seat}: sample {k} changes what the seat may do")
                break
            if _randomness(state) is not None and _randomness(world) == _randomness(state):
                found.append(f"{seat}: sample {k} kept the true state's seed")
                break
            for kind, value in _kinds(hidden(world, seat)).items():
                drawn.setdefault(kind, set()).add(value)
            if k < playouts:
                found += [f"{seat}: sample {k}: {p}" for p in _plays_on(ruleset, world, Rng(k), playout_steps)]
        found += [f"{seat}: {samples} samples drew the {kind} one way only" for kind in kinds if len(drawn[kind]) < 2]
    if state_hash(state) != before:
        found.append("determinize changed the true state")
    return found


def _kinds(summary: Hashable | dict[str, Hashable] | None) -> dict[str, Hashable]:
    if summary is None:
        return {}
    if isinstance(summary, dict):
        return {kind: value for kind, value in summary.items() if value is not None}
    return {"hidden facts": summary}


def _randomness(state: Any) -> Hashable:
    """The state's own `Randomness` (engine/core/rng.py), to see it was reseeded."""
    randomness = randomness_of(state)
    return None if randomness is None else randomness.model_dump_json()


def _plays_on(ruleset: Ruleset, state: Any, rng: Rng, steps: int) -> list[str]:
    for step in range(steps):
        if ruleset.outcome(state) is not None:
            return []
        owing = owing_seats(ruleset, state)
        if not owing:
            return [f"no seat owes a move at step {step} of the playout"]
        seat = owing[rng.below(len(owing))]
        options = ruleset.decisions(state, seat).options
        try:
            state = play(ruleset, state, seat, [options[rng.below(len(options))].action]).state
        except Exception as exc:  # noqa: BLE001 — any error playing on is the finding
            return [f"playout step {step} failed: {type(exc).__name__}: {exc}"]
    return []


class Positions(Sequence[Any]):
    """`count` positions made by `make()` when a test first reads one, not when the file is collected: every
    worker of the suite collects every file, and only one runs it."""

    def __init__(self, count: int, make: Callable[[], Sequence[Any]]) -> None:
        self._count, self._make, self._found = count, make, None

    def _all(self) -> Sequence[Any]:
        if self._found is None:
            found = list(self._make())
            assert len(found) == self._count, f"{len(found)} positions, not the {self._count} the tests are made for"
            self._found = found
        return self._found

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]

    def __add__(self, other: Sequence[Any]) -> Positions:
        return Positions(len(self) + len(other), lambda: [*self, *other])
