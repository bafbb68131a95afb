"""What a ruleset gives the scenario runner (engine/scenario.py), which knows no ruleset by name.

A ruleset that needs nothing special gets `DefaultScenarioAdapter`. One that does sets a
`scenario_adapter` attribute on its RULESET object: a zero-argument callable (usually the adapter
class) that makes a fresh adapter for each case, so an adapter may remember things within one case
(e.g. the ids of that case's inline cards).

The adapter's four parts, in the order the runner uses them:

- `content(cards)`: a context manager that installs a case's inline `cards:` for that case only;
- `fix_up(before, data, touched)`: after `setup:` overrides, keeps the rest of the state consistent
  (`touched` lists the dotted paths the case set, so the author's own choices always win);
- `lint(state)`: structural problems of a state, checked after setup and after every step;
- `force(state, dice, draws)`: queues forced dice faces and bag draws (tests only); the default
  finds the state's core `Randomness` itself, so a ruleset that embeds one needs nothing here.
"""
from __future__ import annotations

from contextlib import nullcontext
from typing import Any, Callable, ContextManager, Protocol, Sequence

from pydantic import BaseModel

from engine.core.rng import forced_copy, randomness_path

Touched = list[tuple[str, ...]]


class ScenarioFailure(Exception):
    """A case did not behave as written (or is itself malformed)."""


class ScenarioAdapter(Protocol):
    def content(self, cards: list[Any]) -> ContextManager[None]: ...
    def fix_up(self, before: dict[str, Any], data: dict[str, Any], touched: Touched) -> dict[str, Any]: ...
    def lint(self, state: Any) -> list[str]: ...
    def force(self, state: BaseModel, dice: Sequence[int], draws: Sequence[str]) -> BaseModel: ...


class DefaultScenarioAdapter:
    """Any ruleset: literal overrides, no inline cards, no consistency checks, forcing through the
    state's core `Randomness` if it has one. Ruleset adapters subclass it and override what they need."""

    def content(self, cards: list[Any]) -> ContextManager[None]:
        if cards:
            raise ScenarioFailure("inline `cards:` are not supported for this ruleset yet")
        return nullcontext()

    def fix_up(self, before: dict[str, Any], data: dict[str, Any], touched: Touched) -> dict[str, Any]:
        return data

    def lint(self, state: Any) -> list[str]:
        return []

    def force(self, state: BaseModel, dice: Sequence[int], draws: Sequence[str]) -> BaseModel:
        if randomness_path(type(state)) is None:
            raise ScenarioFailure("`force:` needs a state that holds the core Randomness (engine/core/rng.py); "
                                  "this ruleset's state has none")
        try:
            return forced_copy(state, dice, draws)
        except ValueError as exc:
            raise ScenarioFailure(str(exc)) from None


def adapter_for(ruleset: Any) -> ScenarioAdapter:
    """A fresh adapter for one case, from the ruleset's `scenario_adapter` (the default one unless it has its own)."""
    make: Callable[[], ScenarioAdapter] = ruleset.scenario_adapter
    return make()


def touched_under(touched: Touched, *pattern: str) -> bool:
    """Did the case override any path under `pattern` (`*` matches one part)? For `fix_up`."""
    for path in touched:
        n = min(len(path), len(pattern))
        if all(p == "*" or p == q for p, q in zip(pattern[:n], path[:n])):
            return True
    return False


def short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def one_line(text: str) -> str:
    """pydantic's multi-line messages as one line, without the documentation links."""
    lines = [x.strip() for x in text.splitlines() if x.strip() and not x.strip().startswith("For further information")]
    return " · ".join(lines)
