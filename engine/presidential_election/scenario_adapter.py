"""Presidential Election's part of the scenario runner: the rulebook's invariants as the lint (dice are
forced through the state's core Randomness by the default adapter)."""
from __future__ import annotations

from typing import Any

from engine.core.scenario import DefaultScenarioAdapter
from engine.presidential_election.primitives import invariant_problems


class PEScenarioAdapter(DefaultScenarioAdapter):
    def lint(self, state: Any) -> list[str]:
        return invariant_problems(state)
