"""1960's part of the scenario runner: the invariants as the lint."""
from __future__ import annotations

from typing import Any

from engine.core.scenario import DefaultScenarioAdapter
from engine.nineteen_sixty.invariants import invariant_problems


class NSScenarioAdapter(DefaultScenarioAdapter):
    def lint(self, state: Any) -> list[str]:
        return invariant_problems(state)
