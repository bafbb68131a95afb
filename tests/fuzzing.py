"""What every ruleset's fuzzer shares: the checks of the options a seat is offered, and one shape for a fuzzer
(`Fuzzer`: its variants and one numbered game's findings) so the tests play a seeded sample of games and
bench/fuzz.py plays thousands of the very same games, with the very same checks."""
from __future__ import annotations

import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from tests.engine.fuzz_report import FuzzReport

MAX_OPTIONS = 60  # more would not fit one list a player can read


def option_problems(ruleset: Any, options: list[Any], seat: str, step: int, *, round_trip: bool) -> list[str]:
    """The options are few enough for one list and, if `round_trip`, each one's notation parses back to it."""
    problems = []
    if len(options) > MAX_OPTIONS:
        problems.append(f"{len(options)} options for {seat} at step {step}: too many for one list")
    if round_trip:
        problems += [f"notation does not round-trip: {o.action.notation()}" for o in options
                     if ruleset.parse(ruleset.format([o.action])) != [o.action]]
    return problems


@dataclass(frozen=True)
class Fuzzer:
    """A ruleset's random-legal-move fuzzer. `game(variant, n)` plays game number `n` of a variant (its seed is
    derived from both, so the pair reproduces it) with every check after every step, and returns its findings."""
    variants: tuple[str, ...]
    game: Callable[[str, int], FuzzReport]


def game_findings(where: str, steps: int, problems: list[str], end: str = "") -> FuzzReport:
    """One game's report from a fuzzer that lists its problems unsorted (all under "problem"); `end` is who won
    ("draw", a seat, or "" when the game did not end)."""
    report = FuzzReport(steps=steps, longest=steps)
    for p in problems:
        report.add("problem", f"{where}: {p}")
    if end:
        report.outcomes[end] += 1
    return report


def crash_text(exc: BaseException) -> str:
    """An exception out of the engine, with the line that raised it (a crash is a finding, not an error)."""
    where = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})"


def merge(total: FuzzReport, one: FuzzReport) -> None:
    """Add one game's report to a running total (the problems stay capped per category, as in any report)."""
    total.steps += one.steps
    total.longest = max(total.longest, one.longest)
    for part, seconds in one.phase_seconds.items():
        total.phase_seconds[part] += seconds
    total.actions |= one.actions
    total.outcomes += one.outcomes
    for category, problems in one.problems.items():
        for p in problems:
            total.add(category, p)


def one_game(fuzzer: Fuzzer, variant: str, n: int) -> FuzzReport:
    """Game `n` of a variant; an exception out of it is its "crash" finding, named by variant and number."""
    try:
        return fuzzer.game(variant, n)
    except Exception as exc:  # noqa: BLE001 - a crash is a finding
        report = FuzzReport()
        report.add("crash", f"{variant} game {n}: {crash_text(exc)}")
        return report


def play_games(fuzzer: Fuzzer, variants: Iterable[str], numbers: Iterable[int]) -> FuzzReport:
    """Games `numbers` of each variant, their findings in one report (the tests' seeded sample)."""
    total = FuzzReport()
    start = time.perf_counter()
    numbers = list(numbers)
    for variant in variants:
        for n in numbers:
            merge(total, one_game(fuzzer, variant, n))
            total.games += 1
    total.seconds = time.perf_counter() - start
    return total


def all_problems(report: FuzzReport) -> list[str]:
    """Every problem the report kept, crashes first (what a test of a whole fuzz run asserts is empty)."""
    return report.of("crash") + [p for category, found in report.problems.items() if category != "crash"
                                 for p in found]
