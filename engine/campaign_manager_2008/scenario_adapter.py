"""Campaign Manager 2008's part of the scenario runner: the invariants as the lint."""
from __future__ import annotations

from typing import Any

from engine.campaign_manager_2008.invariants import invariant_problems
from engine.core.scenario import DefaultScenarioAdapter


class CMScenarioAdapter(DefaultScenarioAdapter):
    def lint(self, state: Any) -> list[str]:
        return invariant_problems(state)
