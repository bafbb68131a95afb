"""Scenario runner: the rules test cases of docs/scenarios.md (our DATC).

A scenario file is YAML holding a list of named cases. Each case sets a game up, overrides any
part of the fresh state, optionally adds inline cards, plays steps in move notation (some
expected to fail with a given error and change nothing) and checks expectations on the views,
the outcome, the decisions and the log.

    results = run_file("tests/scenarios/<ruleset>/<topic>.yaml")
    lines, passed, failed = run_paths(["tests/scenarios"])

Pure: no clock, no randomness of its own, no bot/ import. It knows no ruleset by name: what a
ruleset needs beyond the generic (inline cards, fix-ups after `setup:`, lint, forced dice and draws)
comes from its scenario adapter (engine/core/scenario.py).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import yaml

from engine import registry, yamlfile
from engine.core.errors import EngineError
from engine.core.rng import ForcedValueError, randomness_of
from engine.core.posting import EMPTY, outlined
from engine.core.ruleset import Ruleset, owing_seats, play_posted, state_hash
from engine.core.scenario import ScenarioAdapter, ScenarioFailure, adapter_for, one_line, short

CASE_KEYS = {"name", "rule", "ruleset", "seed", "seats", "options", "setup", "cards", "steps", "expect", "lint", "force", "note"}
STEP_KEYS = {"seat", "move", "deadline", "error", "expect", "force", "note"}
FORCE_KEYS = {"dice", "draws"}  # force: {dice: [6, 6], draws: [red, blue]}
FILE_KEYS = {"ruleset", "seed", "options", "cases", "defs", "note"}  # defs: YAML anchors to reuse
OPERATORS = {"equals", "not", "contains", "not_contains", "len"}


@dataclass(frozen=True)
class CaseResult:
    file: str
    case: str
    rule: str
    passed: bool
    reason: str = ""

    @property
    def line(self) -> str:
        if self.passed:
            return f"PASS {self.file}::{self.case} — {self.rule}"
        return f"FAIL {self.file}::{self.case} — {self.reason}"

    def __str__(self) -> str:
        return self.line


# ---------------------------------------------------------------- public API


def run_file(path: str | Path) -> list[CaseResult]:
    path = Path(path)
    label = _label(path)
    try:
        text = path.read_text(encoding="utf-8")
        doc = yamlfile.load(text)
    except yamlfile.AmbiguousYaml as exc:
        case = yamlfile.enclosing_item(text, "cases", exc.line) or "<file>"
        return [CaseResult(label, case, "", False, f"ambiguous YAML at {exc}")]
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        return [CaseResult(label, "<file>", "", False, f"cannot read: {short(str(exc), 300)}")]
    if not isinstance(doc, dict) or not isinstance(doc.get("cases"), list):
        return [CaseResult(label, "<file>", "", False, "a scenario file is a mapping with a `cases:` list")]
    unknown = set(doc) - FILE_KEYS
    if unknown:
        return [CaseResult(label, "<file>", "", False, f"unknown top-level key(s): {', '.join(sorted(unknown))}")]
    defaults = {k: doc[k] for k in ("ruleset", "seed", "options") if k in doc}
    results: list[CaseResult] = []
    seen: set[str] = set()
    for index, raw in enumerate(doc["cases"]):
        name = str(raw.get("name", f"case{index + 1}")) if isinstance(raw, dict) else f"case{index + 1}"
        rule = str(raw.get("rule", "")) if isinstance(raw, dict) else ""
        if name in seen:
            results.append(CaseResult(label, name, rule, False, "duplicate case name in this file"))
            continue
        seen.add(name)
        try:
            if not isinstance(raw, dict):
                raise ScenarioFailure("a case is a mapping (name, rule, setup, steps, expect)")
            run_case({**defaults, **raw})
        except ScenarioFailure as exc:
            results.append(CaseResult(label, name, rule, False, str(exc)))
        except Exception as exc:  # an engine crash is a failure of the case, not of the runner
            results.append(CaseResult(label, name, rule, False, f"crash: {type(exc).__name__}: {short(one_line(str(exc)), 300)}"))
        else:
            results.append(CaseResult(label, name, rule, True))
    return results


def run_paths(paths: Sequence[str | Path]) -> tuple[list[str], int, int]:
    """Run files and directories (every *.yaml below them, sorted). Returns (lines, passed, failed)."""
    files: list[Path] = []
    lines: list[str] = []
    failed = 0
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(sorted(x for x in p.rglob("*.y*ml") if x.suffix in (".yaml", ".yml")))
        elif p.exists():
            files.append(p)
        else:
            lines.append(f"FAIL {p}::<file> — no such file or directory")
            failed += 1
    passed = 0
    for f in files:
        for r in run_file(f):
            lines.append(r.line)
            passed += r.passed
            failed += not r.passed
    return lines, passed, failed


def _label(path: Path) -> str:
    """The path as written in reports: relative to the working directory when possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# ---------------------------------------------------------------- one case


def get_ruleset(name: str) -> Ruleset:
    """The registry's ruleset, or one still under construction (`registry.UNDER_CONSTRUCTION`: its
    cases run, though the bot does not offer it yet)."""
    try:
        return registry.get(name)
    except KeyError:
        found = registry.under_construction(name)
        if found is None:
            raise
        return found


def run_case(case: dict[str, Any]) -> None:
    unknown = set(case) - CASE_KEYS
    if unknown:
        raise ScenarioFailure(f"unknown case key(s): {', '.join(sorted(unknown))} (allowed: {', '.join(sorted(CASE_KEYS))})")
    if "rule" not in case:
        raise ScenarioFailure("every case cites the rule section it tests (`rule:`)")
    try:
        ruleset = get_ruleset(str(case.get("ruleset", "")))
    except KeyError as exc:
        raise ScenarioFailure(str(exc.args[0])) from None
    adapter = adapter_for(ruleset)
    seed = case.get("seed", 1)
    if not isinstance(seed, int):
        raise ScenarioFailure("`seed` is an integer")
    seats = case.get("seats") or ruleset.seat_names(ruleset.max_seats)
    options = case.get("options") or {}
    lint = case.get("lint", True)
    with adapter.content(case.get("cards") or []):
        run = _Run(ruleset, adapter, lint)
        try:
            # As the game manager does at Start: a lobby's seat picks are fitted to the table first.
            started = ruleset.start(options, ruleset.assign_seats(list(seats), options), seed)
            state, run.posting = started.state, ruleset.post(EMPTY, started)[1]
        except Exception as exc:  # bad options or seats: say so rather than "crash"
            raise ScenarioFailure(f"setup({options}, {list(seats)}, {seed}) failed: {short(one_line(str(exc)), 300)}") from None
        if case.get("setup"):
            state = _apply_setup(ruleset, adapter, state, case["setup"])
        if lint:
            problems = adapter.lint(state)
            if problems:
                raise ScenarioFailure("setup gives an inconsistent state: " + "; ".join(problems[:4])
                                      + " (fix the setup, or set `lint: false` if that is the point)")
        if "force" in case:
            state = _force(adapter, state, case["force"], "force")
        run.state = state
        steps = case.get("steps") or []
        if not isinstance(steps, list):
            raise ScenarioFailure("`steps:` is a list of {seat, move} mappings")
        for number, step in enumerate(_flatten(steps), start=1):
            run.step(number, step)
        run.check(case.get("expect") or {}, "expect")
        _check_forced_values_used(run.state)


def _flatten(steps: list[Any]) -> list[Any]:
    """A step that is itself a list (a YAML alias of a shared sequence) is spliced in place."""
    out: list[Any] = []
    for step in steps:
        out.extend(_flatten(step) if isinstance(step, list) else [step])
    return out


class _Run:
    def __init__(self, ruleset: Ruleset, adapter: ScenarioAdapter, lint: bool) -> None:
        self.ruleset = ruleset
        self.adapter = adapter
        self.lint = lint
        self.state: Any = None
        self.posting = EMPTY  # what the table holds for the turn's post, as the game manager keeps it
        self.result: dict[str, Any] | None = None
        self.error: dict[str, Any] | None = None
        self.log: list[str] = []

    def step(self, number: int, step: Any) -> None:
        if not isinstance(step, dict) or "seat" not in step or ("move" in step) == bool(step.get("deadline")):
            raise ScenarioFailure(f"step {number}: a step is {{seat: X, move: \"...\"}} or {{seat: X, deadline: true}}")
        unknown = set(step) - STEP_KEYS
        if unknown:
            raise ScenarioFailure(f"step {number}: unknown key(s) {', '.join(sorted(unknown))}")
        seat = str(step["seat"])
        move = step.get("move", "<deadline>")
        if isinstance(move, dict):  # {text: "x", repeat: 10000}: a long move without a long file
            if set(move) != {"text", "repeat"} or not isinstance(move["repeat"], int) or not 0 < move["repeat"] <= 100_000:
                raise ScenarioFailure(f"step {number}: a repeated move is {{text: \"...\", repeat: N}} (N ≤ 100000)")
            move = str(move["text"]) * move["repeat"]
        move = str(move)
        where = f"step {number} ({seat}: {short(move, 40)})"
        expected_error = step.get("error")
        if "force" in step:
            self.state = _force(self.adapter, self.state, step["force"], f"{where} force")
        before = state_hash(self.state)
        try:
            if step.get("deadline"):
                actions = [self.ruleset.deadline_action(self.state, seat)]
            else:
                actions = self.ruleset.parse(move)
            played = play_posted(self.ruleset, self.state, self.posting, seat, actions)
            result = played.result
        except ForcedValueError as exc:
            raise ScenarioFailure(f"{where}: impossible force: {exc}") from None
        except EngineError as exc:
            if state_hash(self.state) != before:
                raise ScenarioFailure(f"{where}: the failed move changed the state") from None
            self.error = {"code": exc.code, "class": type(exc).__name__, "message": exc.message}
            if expected_error is None:
                raise ScenarioFailure(f"{where}: unexpected error {exc.code}: {short(exc.message, 160)}") from None
            if not _error_matches(exc, str(expected_error)):
                raise ScenarioFailure(f"{where}: expected error {expected_error}, got {exc.code} "
                                      f"({type(exc).__name__}): {short(exc.message, 120)}") from None
        else:
            if state_hash(self.state) != before:
                raise ScenarioFailure(f"{where}: apply mutated its input state")
            if expected_error is not None:
                raise ScenarioFailure(f"{where}: expected error {expected_error}, but the move was accepted")
            self.state, self.posting = result.state, played.posting or EMPTY
            public = [e.public for e in result.events if e.public]
            self.log.extend(public)
            private: dict[str, list[str]] = {}
            for e in result.events:
                for s, text in e.private.items():
                    private.setdefault(s, []).append(text)
            self.result = {
                "undoable": result.undoable,
                "changed": list(result.changed),
                "public": "\n".join(public),
                "proof": "\n".join(e.proof for e in result.events if e.proof),
                "private": {s: "\n".join(t) for s, t in private.items()},
                "actions": self.ruleset.format(actions),
            }
            if self.lint:
                problems = self.adapter.lint(self.state)
                if problems:
                    raise ScenarioFailure(f"after {where} an invariant broke: " + "; ".join(problems[:4]))
        if step.get("expect"):
            self.check(step["expect"], f"{where} expect")

    # ---- expectations

    def root(self, name: str) -> Any:
        r, s = self.ruleset, self.state

        def view(seat: str) -> Any:
            return outlined(r.view(s, None if seat in ("public", "None", "none") else seat), self.posting)

        if name == "view":
            return _LazyMap(lambda seat: _dump(view(seat)))
        if name == "decisions":
            return _LazyMap(lambda seat: _decision_dump(r, s, seat))
        if name == "outcome":
            o = r.outcome(s)
            return _dump(o) if o is not None else None
        if name == "owing":
            return owing_seats(r, s)
        if name == "text":
            return _LazyMap(lambda seat: view(seat).model_dump_json())
        if name == "state":
            return _dump(s)
        if name == "result":
            return self.result
        if name == "error":
            return self.error
        if name == "log":
            return "\n".join(self.log)
        if name == "held":
            return "\n".join(line.text for line in self.posting.held)
        raise ScenarioFailure(f"unknown expectation root `{name}` (view, text, decisions, outcome, owing, state, result, error, "
                              "log, held)")

    def check(self, expect: Any, where: str) -> None:
        if not isinstance(expect, dict):
            raise ScenarioFailure(f"{where}: `expect:` is a mapping of path: expected value")
        for path, wanted in expect.items():
            parts = str(path).split(".")
            actual = _walk(self.root(parts[0]), parts[1:], str(path))
            problem = _compare(actual, wanted)
            if problem:
                raise ScenarioFailure(f"{where}: {path}: {problem}")


class _LazyMap:
    """`view.DEM` / `decisions.REP`: computed only when a path asks for it."""

    def __init__(self, make: Callable[[str], Any]) -> None:
        self.make = make

    def get(self, key: str) -> Any:
        return self.make(key)


def _dump(model: Any) -> Any:
    return json.loads(model.model_dump_json())


def _decision_dump(ruleset: Ruleset, state: Any, seat: str) -> dict[str, Any]:
    d = ruleset.decisions(state, seat)
    out = _dump(d)
    out["moves"] = [o.action.notation() for o in d.options]
    out["extra_moves"] = [o.action.notation() for o in d.extras]
    out["owes"] = d.owes_move
    return out


def _walk(node: Any, parts: list[str], path: str) -> Any:
    for i, part in enumerate(parts):
        here = ".".join([path.split(".")[0], *parts[: i + 1]])
        if isinstance(node, _LazyMap):
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
    if isinstance(node, _LazyMap):
        raise ScenarioFailure(f"{path}: name a seat (or `public`) after it")
    return node


def _is_operator_form(wanted: Any) -> bool:
    return isinstance(wanted, dict) and bool(wanted) and set(wanted) <= OPERATORS


def _compare(actual: Any, wanted: Any) -> str | None:
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


def _error_matches(exc: EngineError, wanted: str) -> bool:
    """`error:` names the exact code (illegal_argument), the class's code (illegal) or the class."""
    return wanted in (exc.code, type(exc).code, type(exc).__name__)


# ---------------------------------------------------------------- forced dice and draws


def _force(adapter: ScenarioAdapter, state: Any, force: Any, where: str) -> Any:
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


def _check_forced_values_used(state: Any) -> None:
    """A forced value never drawn means the case did not test what it says."""
    randomness = randomness_of(state) if state is not None else None
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


def _apply_setup(ruleset: Ruleset, adapter: ScenarioAdapter, state: Any, overrides: Any) -> Any:
    if not isinstance(overrides, dict):
        raise ScenarioFailure("`setup:` is a mapping of dotted path: value")
    before = _dump(state)
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
