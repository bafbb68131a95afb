"""What a scenario case changes before and between its steps (docs/scenarios.md): `setup:` overrides of the fresh
state, and `force:` — the next dice faces and bag draws — with the check that every forced value came up.
Pure, and generic: what a ruleset needs beyond this comes from its scenario adapter (engine/core/scenario.py)."""
from __future__ import annotations

import json
import re
from typing import Any

from engine.core import rng
from engine.core.ruleset import Ruleset
from engine.core.scenario import ScenarioAdapter, ScenarioFailure, one_line, short
from engine.scenario_expect import dump

FORCE_KEYS = {"dice", "draws"}  # force: {dice: [6, 6], draws: [red, blue]}


# ---------------------------------------------------------------- forced dice and draws


def forced_state(adapter: ScenarioAdapter, state: Any, force: Any, where: str) -> Any:
    """`force: {dice: [6, 6], draws: [red, blue]}`: the next dice faces and bag draws, queued in the
    state's Randomness (through the adapter) ahead of anything forced earlier."""
    if not isinstance(force, dict) or not force or set(force) - FORCE_KEYS:
        raise ScenarioFailure(f"{where}: `force:` is a mapping of `dice: [faces]` and/or `draws: [kinds]`")
    lists = {key: force.get(key, []) for key in FORCE_KEYS}
    for key, value in lists.items():
        if not isinstance(value, list):
            raise ScenarioFailure(f"{where}: `{key}:` is a list, e.g. `{key}: {'[6, 6]' if key == 'dice' else '[red, blue]'}`")
    try:
        return adapter.force(state, lists["dice"], lists["draws"])
    except ScenarioFailure as exc:
        raise ScenarioFailure(f"{where}: {exc}") from None


def check_forced_values_used(state: Any) -> None:
    """A forced value never drawn means the case did not test what it says."""
    randomness = rng.randomness_of(state) if state is not None else None
    if randomness is None:
        return
    left = []
    if randomness.forced_dice:
        left.append(f"dice {randomness.forced_dice}")
    if randomness.forced_draws:
        left.append(f"draws {randomness.forced_draws}")
    if left:
        raise ScenarioFailure(f"forced {' and '.join(left)} never came up (the case ended first)")


# ---------------------------------------------------------------- setup overrides


def apply_setup(ruleset: Ruleset, adapter: ScenarioAdapter, state: Any, overrides: Any) -> Any:
    """The fresh state with a case's `setup:` overrides (dotted path: value; mappings merge, the rest
    replaces), fixed up by the ruleset's adapter and validated again as the state model."""
    if not isinstance(overrides, dict):
        raise ScenarioFailure("`setup:` is a mapping of dotted path: value")
    before = dump(state)
    data = json.loads(json.dumps(before))
    # YAML aliases share objects between cases: copy, so one case's dotted override never edits another's.
    overrides = json.loads(json.dumps(overrides))
    touched: list[tuple[str, ...]] = []
    for key, value in overrides.items():
        path = tuple(str(key).split("."))
        _set_path(data, path, value)
        touched.extend(_leaf_paths(path, value))
    data = adapter.fix_up(before, data, touched)
    try:
        return type(state).model_validate(data)
    except Exception as exc:  # pydantic's message names the field
        raise ScenarioFailure(f"setup does not make a valid state: {short(one_line(str(exc)), 400)}") from None


def _set_path(data: Any, path: tuple[str, ...], value: Any) -> None:
    node = data
    for i, part in enumerate(path[:-1]):
        node = _child(node, part, path[: i + 1])
    last = path[-1]
    if isinstance(node, list):
        index = _index(node, last, path)
        node[index] = _merge(node[index], value)
    elif isinstance(node, dict):
        # a new key is fine for mappings (e.g. players.DEM.known.GA); a typo in a field name
        # is caught when the state model re-validates (unknown fields are forbidden)
        node[last] = _merge(node[last], value) if last in node else value
    else:
        raise ScenarioFailure(f"setup: {'.'.join(path)}: cannot set inside {type(node).__name__}")


def _child(node: Any, part: str, path: tuple[str, ...]) -> Any:
    if isinstance(node, dict):
        if part not in node:
            raise ScenarioFailure(f"setup: {'.'.join(path)}: no such field (has: {', '.join(map(str, node))})")
        return node[part]
    if isinstance(node, list):
        return node[_index(node, part, path)]
    raise ScenarioFailure(f"setup: {'.'.join(path)}: cannot look inside {type(node).__name__}")


def _index(node: list[Any], part: str, path: tuple[str, ...]) -> int:
    if re.fullmatch(r"-?[0-9]+", part) and -len(node) <= int(part) < len(node):
        return int(part)
    raise ScenarioFailure(f"setup: {'.'.join(path)}: not an index of a list of {len(node)}")


def _merge(old: Any, new: Any) -> Any:
    """Mappings merge key by key (recursively); lists and scalars replace."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = dict(old)
        for k, v in new.items():
            out[k] = _merge(old[k], v) if k in old else v
        return out
    return new


def _leaf_paths(prefix: tuple[str, ...], value: Any) -> list[tuple[str, ...]]:
    if isinstance(value, dict) and value:
        out: list[tuple[str, ...]] = []
        for k, v in value.items():
            out.extend(_leaf_paths((*prefix, str(k)), v))
        return out
    return [prefix]
