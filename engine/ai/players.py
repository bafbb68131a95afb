"""The computer opponent's three levels, one entry point: `choose`.

- `easy`: the title's heuristic, with a uniformly random legal move instead EASY_EPSILON of the time;
- `normal`: the title's heuristic (`ruleset.bot_action`);
- `hard`: a search (ISMCTS by default, engine/ai/ismcts.py) whose rollouts the heuristic plays, within a time
  budget on the caller's clock, or a fixed number of iterations when no clock is given. Where the title offers its
  own evaluation, a rollout stops after HARD_HORIZON steps and is scored by it; the search plays its own pick
  over the title's default move (`ruleset.search_favourite`, a stronger rule of thumb than the heuristic) only
  when it beats it by HARD_CONFIDENCE standard errors (the settings measured best: docs/players/bot-strength.md).
"""
from __future__ import annotations

from typing import Any, Callable

from engine.ai.ensemble import ensemble
from engine.ai.ismcts import Settings, ismcts
from engine.core.rng import Rng
from engine.core.ruleset import Ruleset
from engine.core.search import SearchGame
from engine.core.types import Action

LEVELS = ("easy", "normal", "hard")
EASY_EPSILON = 0.3
HARD_SECONDS = 2.0
HARD_ITERATIONS = 200
HARD_HORIZON = 6
HARD_CONFIDENCE = 1.0
METHODS = {"ismcts": ismcts, "ensemble": ensemble}


def choose(ruleset: Ruleset, state: Any, seat: str, level: str, rng: Rng, budget_s: float | None = HARD_SECONDS, *,
           clock: Callable[[], float] | None = None, iterations: int | None = None, method: str = "ismcts",
           settings: Settings | None = None) -> Action:
    """`seat`'s move at `level`. `hard` thinks for `budget_s` seconds of `clock` (with no clock: `iterations`,
    HARD_ITERATIONS by default); `settings`, when given, replaces every search setting."""
    if level == "normal":
        return ruleset.bot_action(state, seat, rng)
    if level == "easy":
        legal = SearchGame(ruleset).legal(state, seat)
        if legal and rng.next_u64() / float(1 << 64) < EASY_EPSILON:
            return legal[rng.below(len(legal))]
        return ruleset.bot_action(state, seat, rng)
    if level == "hard":
        search = METHODS.get(method)
        if search is None:
            raise ValueError(f"no search called {method!r}: {', '.join(METHODS)}")
        if settings is None:
            settings = hard_settings(ruleset, state, budget_s, clock=clock, iterations=iterations)
        return search(ruleset, state, seat, settings, rng).action
    raise ValueError(f"no level called {level!r}: {', '.join(LEVELS)}")


def hard_settings(ruleset: Ruleset, state: Any, budget_s: float | None = HARD_SECONDS, *,
                  clock: Callable[[], float] | None = None, iterations: int | None = None) -> Settings:
    """`hard`'s search settings for `state`: `budget_s` seconds of `clock` (with no clock: `iterations`,
    HARD_ITERATIONS by default), playouts cut after HARD_HORIZON steps where the title evaluates a position, and the
    default move overruled only by HARD_CONFIDENCE standard errors."""
    timed = clock is not None and budget_s is not None
    evaluates = ruleset.evaluate(state) is not None
    return Settings(iterations=iterations if iterations is not None or timed else HARD_ITERATIONS,
                    seconds=budget_s if timed else None, clock=clock if timed else None,
                    horizon=HARD_HORIZON if evaluates else None, confidence=HARD_CONFIDENCE)
