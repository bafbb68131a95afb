"""What a fuzz run found, by category, shared by every ruleset's fuzzer (one test per category reads it)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.core.types import Action

CAP = 20  # problems kept per category: enough to diagnose, short enough to read in a failure


@dataclass
class FuzzReport:
    games: int = 0
    steps: int = 0
    longest: int = 0
    seconds: float = 0.0
    phase_seconds: dict[str, float] = field(default_factory=Counter)
    actions: set[Action] = field(default_factory=set)  # every legal option seen (for notation round trips)
    problems: dict[str, list[str]] = field(default_factory=dict)
    outcomes: Counter = field(default_factory=Counter)
    dirty: bool = False  # Campaign Trail: the Dirty Politics module was on

    def add(self, category: str, message: str) -> None:
        bucket = self.problems.setdefault(category, [])
        if len(bucket) < CAP:
            bucket.append(message)

    def of(self, category: str) -> list[str]:
        return self.problems.get(category, [])
