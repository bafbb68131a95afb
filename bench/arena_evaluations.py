"""Trial evaluations of unfinished positions for the arena's searches (`--evaluate`), one per title that has one,
to measure what a cut rollout scored by a projection is worth before a title adopts it as its own `evaluate`.
Each takes a determinized state (every hidden fact drawn, so it may read them all) and gives every seat a value
in [0, 1], its chance of winning as the projection sees it."""
from __future__ import annotations

import math
from typing import Any, Callable

from engine.electioneer import content as electioneer_content
from engine.electioneer import rules as electioneer_rules


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def electioneer(state: Any) -> dict[str, float]:
    """The election counted now, softly: each state carried with a chance that grows with the margin of the whole
    platforms on its issues (markers included, a tie to its colour), the electors expected of each side, and the
    chance of winning from their difference (the incumbent DEM wins a tie)."""
    states = electioneer_content.load().states
    expected = {"DEM": 0.0, "REP": 0.0}
    for code in state.order:
        totals = electioneer_rules.state_totals(state, code, state.boards[code].issues)
        lead = totals["DEM"] - totals["REP"] + (0.5 if states[code].colour == "DEM" else -0.5)
        dem = _logistic(lead / 2.0)
        expected["DEM"] += dem * states[code].electors
        expected["REP"] += (1.0 - dem) * states[code].electors
    dem_wins = _logistic((expected["DEM"] - expected["REP"] + 0.5) / 8.0)
    return {"DEM": dem_wins, "REP": 1.0 - dem_wins}


EVALUATIONS: dict[str, Callable[[Any], dict[str, float]]] = {"electioneer": electioneer}
