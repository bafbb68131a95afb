"""Scenario expectations (docs/scenarios.md): a dotted path walked from its root (a view, the decisions, the
outcome, the last result...) and the value found compared with the wanted one, exactly or through an operator.
Pure, and generic: no ruleset is named here."""
from __future__ import annotations

import json
import re
from typing import Any, Callable

from engine.core.ruleset import Ruleset
from engine.core.scenario import ScenarioFailure, short

OPERATORS = {"equals", "not", "contains", "not_contains", "len"}


class LazyMap:
    """`view.DEM` / `decisions.REP`: computed only when a path asks for it."""

    def __init__(self, make: Callable[[str], Any]) -> None:
        self.make = make

    def get(self, key: str) -> Any:
        return self.make(key)


def dump(model: Any) -> Any:
    """A model as plain JSON data, as a path walks it."""
    return json.loads(model.model_dump_json())


def decision_dump(ruleset: Ruleset, state: Any, seat: str) -> dict[str, Any]:
    """The seat's decision as data, with its moves and extra moves in notation and whether it owes one."""
    d = ruleset.decisions(state, seat)
    out = dump(d)
    out["moves"] = [o.action.notation() for o in d.options]
    out["extra_moves"] = [o.action.notation() for o in d.extras]
    out["owes"] = d.owes_move
    return out


def walk(node: Any, parts: list[str], path: str) -> Any:
    """The value at the dotted `path` below its root: keys of mappings, indexes of lists (or an element's
    code or id), a seat of a lazy map; a path that leads nowhere fails naming where it stopped."""
    for i, part in enumerate(parts):
        here = ".".join([path.split(".")[0], *parts[: i + 1]])
        if isinstance(node, LazyMap):
            node = node.get(part)
        elif isinstance(node, dict):
            if part not in node:
                keys = ", ".join(map(str, list(node)[:12]))
                raise ScenarioFailure(f"{here}: no such key (has: {keys})")
            node = node[part]
        elif isinstance(node, list):
            if re.fullmatch(r"-?[0-9]+", part):
                index = int(part)
                if not -len(node) <= index < len(node):
                    raise ScenarioFailure(f"{here}: index {index} out of range (length {len(node)})")
                node = node[index]
            else:
                hits = [x for x in node if isinstance(x, dict) and part in (x.get("code"), x.get("id"))]
                if not hits:
                    raise ScenarioFailure(f"{here}: no element with code/id {part}")
                node = hits[0]
        elif node is None:
            raise ScenarioFailure(f"{here}: the value before it is null")
        else:
            raise ScenarioFailure(f"{here}: cannot look inside {type(node).__name__}")
    if isinstance(node, LazyMap):
        raise ScenarioFailure(f"{path}: name a seat (or `public`) after it")
    return node


def _is_operator_form(wanted: Any) -> bool:
    return isinstance(wanted, dict) and bool(wanted) and set(wanted) <= OPERATORS


def compare(actual: Any, wanted: Any) -> str | None:
    """What is wrong with `actual`, or None: `wanted` is a value it must equal, or a mapping of operators
    (equals, not, contains, not_contains, len)."""
    if not _is_operator_form(wanted):
        wanted = {"equals": wanted}
    for op, value in wanted.items():
        if op == "equals" and not _equal(actual, value):
            return f"expected {_show(value)}, got {_show(actual)}"
        if op == "not" and _equal(actual, value):
            return f"expected anything but {_show(value)}"
        if op == "len":
            try:
                n = len(actual)
            except TypeError:
                return f"has no length: {_show(actual)}"
            if n != value:
                return f"expected length {value}, got {n}: {_show(actual)}"
        if op in ("contains", "not_contains"):
            items = value if isinstance(value, list) else [value]  # a list: each item must (not) be there
            for item in items:
                found = _contains(actual, item)
                if found is None:
                    return f"`{op}` needs a list, mapping or text, got {_show(actual)}"
                if op == "contains" and not found:
                    return f"expected to contain {_show(item)}, got {_show(actual)}"
                if op == "not_contains" and found:
                    return f"expected not to contain {_show(item)}, got {_show(actual)}"
    return None


def _equal(actual: Any, wanted: Any) -> bool:
    if isinstance(actual, bool) or isinstance(wanted, bool):
        return type(actual) is type(wanted) and actual == wanted
    return actual == wanted


def _contains(actual: Any, item: Any) -> bool | None:
    if isinstance(actual, str):
        return str(item) in actual
    if isinstance(actual, dict):
        return item in actual
    if isinstance(actual, list):
        for x in actual:
            if _equal(x, item):
                return True
            if isinstance(x, dict) and not isinstance(item, dict) and item in (x.get("id"), x.get("code"), x.get("text")):
                return True
        return False
    return None


def _show(value: Any) -> str:
    return short(json.dumps(value, ensure_ascii=False, default=str), 200)
