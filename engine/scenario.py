"""Scenario runner: the rules test cases of docs/scenarios.md (our DATC, DESIGN.md §3).

A scenario file is YAML holding a list of named cases. Each case sets a game up, overrides any
part of the fresh state, optionally adds inline cards, plays steps in move notation (some
expected to fail with a given error and change nothing) and checks expectations on the views,
the outcome, the decisions and the log.

    results = run_file("tests/scenarios/electioneer/months.yaml")
    lines, passed, failed = run_paths(["tests/scenarios"])

Pure: no clock, no randomness of its own, no bot/ import. Inline cards are installed only for
the duration of one case (see `_ElectioneerAdapter.content`).
"""
from __future__ import annotations

import json
import re
from collections import Counter
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, ContextManager, Iterator, Sequence

import yaml

from engine import registry, yamlfile
from engine.core.errors import EngineError
from engine.core.ruleset import Ruleset, owing_seats, play, state_hash

CASE_KEYS = {"name", "rule", "ruleset", "seed", "seats", "options", "setup", "cards", "steps", "expect", "lint", "note"}
STEP_KEYS = {"seat", "move", "deadline", "error", "expect", "note"}
FILE_KEYS = {"ruleset", "seed", "options", "cases", "defs", "note"}  # defs: YAML anchors to reuse
OPERATORS = {"equals", "not", "contains", "not_contains", "len"}


class ScenarioFailure(Exception):
    """A case did not behave as written (or is itself malformed)."""


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
        return [CaseResult(label, "<file>", "", False, f"cannot read: {_short(str(exc), 300)}")]
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
            results.append(CaseResult(label, name, rule, False, f"crash: {type(exc).__name__}: {_short(_one_line(str(exc)), 300)}"))
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


# Rulesets still being built: not in the registry (the bot must not offer them), but their rules
# test cases run. name -> module holding RULESET.
UNREGISTERED: dict[str, str] = {}


def get_ruleset(name: str) -> Ruleset:
    """The registry's ruleset, or an unregistered one under construction (UNREGISTERED)."""
    try:
        return registry.get(name)
    except KeyError:
        if name not in UNREGISTERED:
            raise
    import importlib

    return importlib.import_module(UNREGISTERED[name]).RULESET


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
    adapter = ADAPTERS.get(ruleset.name, _GenericAdapter)()
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
            state = ruleset.setup(options, ruleset.assign_seats(list(seats), options), seed)
        except Exception as exc:  # bad options or seats: say so rather than "crash"
            raise ScenarioFailure(f"setup({options}, {list(seats)}, {seed}) failed: {_short(_one_line(str(exc)), 300)}") from None
        if case.get("setup"):
            state = _apply_setup(ruleset, adapter, state, case["setup"])
        if lint:
            problems = adapter.lint(state)
            if problems:
                raise ScenarioFailure("setup gives an inconsistent state: " + "; ".join(problems[:4])
                                      + " (fix the setup, or set `lint: false` if that is the point)")
        run.state = state
        steps = case.get("steps") or []
        if not isinstance(steps, list):
            raise ScenarioFailure("`steps:` is a list of {seat, move} mappings")
        for number, step in enumerate(_flatten(steps), start=1):
            run.step(number, step)
        run.check(case.get("expect") or {}, "expect")


def _flatten(steps: list[Any]) -> list[Any]:
    """A step that is itself a list (a YAML alias of a shared sequence) is spliced in place."""
    out: list[Any] = []
    for step in steps:
        out.extend(_flatten(step) if isinstance(step, list) else [step])
    return out


class _Run:
    def __init__(self, ruleset: Ruleset, adapter: "_Adapter", lint: bool) -> None:
        self.ruleset = ruleset
        self.adapter = adapter
        self.lint = lint
        self.state: Any = None
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
        where = f"step {number} ({seat}: {_short(move, 40)})"
        expected_error = step.get("error")
        before = state_hash(self.state)
        try:
            if step.get("deadline"):
                actions = [self.ruleset.deadline_action(self.state, seat)]
            else:
                actions = self.ruleset.parse(move)
            result = play(self.ruleset, self.state, seat, actions)
        except EngineError as exc:
            if state_hash(self.state) != before:
                raise ScenarioFailure(f"{where}: the failed move changed the state") from None
            self.error = {"code": exc.code, "class": type(exc).__name__, "message": exc.message}
            if expected_error is None:
                raise ScenarioFailure(f"{where}: unexpected error {exc.code}: {_short(exc.message, 160)}") from None
            if not _error_matches(exc, str(expected_error)):
                raise ScenarioFailure(f"{where}: expected error {expected_error}, got {exc.code} "
                                      f"({type(exc).__name__}): {_short(exc.message, 120)}") from None
        else:
            if state_hash(self.state) != before:
                raise ScenarioFailure(f"{where}: apply mutated its input state")
            if expected_error is not None:
                raise ScenarioFailure(f"{where}: expected error {expected_error}, but the move was accepted")
            self.state = result.state
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
        if name == "view":
            return _LazyMap(lambda seat: _dump(r.view(s, None if seat in ("public", "None", "none") else seat)))
        if name == "decisions":
            return _LazyMap(lambda seat: _decision_dump(r, s, seat))
        if name == "outcome":
            o = r.outcome(s)
            return _dump(o) if o is not None else None
        if name == "owing":
            return owing_seats(r, s)
        if name == "text":
            return _LazyMap(lambda seat: r.view(s, None if seat in ("public", "None", "none") else seat).model_dump_json())
        if name == "state":
            return _dump(s)
        if name == "result":
            return self.result
        if name == "error":
            return self.error
        if name == "log":
            return "\n".join(self.log)
        raise ScenarioFailure(f"unknown expectation root `{name}` (view, text, decisions, outcome, owing, state, result, error, log)")

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
            if isinstance(x, dict) and not isinstance(item, dict) and item in (x.get("id"), x.get("code")):
                return True
        return False
    return None


def _show(value: Any) -> str:
    return _short(json.dumps(value, ensure_ascii=False, default=str), 200)


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _one_line(text: str) -> str:
    """pydantic's multi-line messages as one line, without the documentation links."""
    lines = [x.strip() for x in text.splitlines() if x.strip() and not x.strip().startswith("For further information")]
    return " · ".join(lines)


def _error_matches(exc: EngineError, wanted: str) -> bool:
    """`error:` names the exact code (illegal_argument), the class's code (illegal) or the class."""
    return wanted in (exc.code, type(exc).code, type(exc).__name__)


# ---------------------------------------------------------------- setup overrides


def _apply_setup(ruleset: Ruleset, adapter: "_Adapter", state: Any, overrides: Any) -> Any:
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
        raise ScenarioFailure(f"setup does not make a valid state: {_short(_one_line(str(exc)), 400)}") from None


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


def _touched(touched: list[tuple[str, ...]], *pattern: str) -> bool:
    """Was any path under `pattern` (`*` matches one part) overridden?"""
    for path in touched:
        n = min(len(path), len(pattern))
        if all(p == "*" or p == q for p, q in zip(pattern[:n], path[:n])):
            return True
    return False


# ---------------------------------------------------------------- ruleset adapters


class _Adapter:
    def content(self, cards: list[Any]) -> ContextManager[None]:
        raise NotImplementedError

    def fix_up(self, before: dict[str, Any], data: dict[str, Any], touched: list[tuple[str, ...]]) -> dict[str, Any]:
        return data

    def lint(self, state: Any) -> list[str]:
        return []


class _GenericAdapter(_Adapter):
    """Any ruleset: literal overrides, no inline cards, no consistency checks."""

    def content(self, cards: list[Any]) -> ContextManager[None]:
        if cards:
            raise ScenarioFailure("inline `cards:` are not supported for this ruleset yet")
        return nullcontext()


class _ElectioneerAdapter(_Adapter):
    SEATS = ("DEM", "REP")

    def __init__(self) -> None:
        self.inline: set[str] = set()  # ids of this case's inline cards (need not be dealt anywhere)

    @contextmanager
    def content(self, cards: list[Any]) -> Iterator[None]:
        """Install the base content plus inline cards for one case.

        A card with `party` is a policy, one with `kind` a theatric, one with `electors` a
        state (replacing the state with that code: there are always seven). A card whose id
        already exists replaces it. Missing `rationale` defaults to "scenario card".
        """
        if not cards:
            yield
            return
        from engine.electioneer import content as cm

        base = cm.load()
        states, policies, theatrics = dict(base.states), dict(base.policies), dict(base.theatrics)
        if not isinstance(cards, list):
            raise ScenarioFailure("`cards:` is a list of card mappings")
        for raw in cards:
            if not isinstance(raw, dict):
                raise ScenarioFailure("`cards:` is a list of card mappings")
            card = {"rationale": "scenario card", **raw}
            try:
                if "party" in card:
                    p = cm.PolicyDef.model_validate(card)
                    bad = [i for i in p.effects if i not in base.issues]
                    if bad:
                        raise ScenarioFailure(f"cards: {p.id}: unknown issue(s) {', '.join(bad)}")
                    policies[p.id] = p
                elif "kind" in card:
                    t = cm.TheatricDef.model_validate(card)
                    theatrics[t.id] = t
                elif "electors" in card:
                    s = cm.StateDef.model_validate(card)
                    if s.code not in states:
                        raise ScenarioFailure(f"cards: {s.code}: a state card replaces one of the seven ({', '.join(states)})")
                    states[s.code] = s
                else:
                    raise ScenarioFailure(f"cards: {raw.get('id', raw)}: give `party` (policy), `kind` (theatric) or `electors` (state)")
            except ScenarioFailure:
                raise
            except Exception as exc:
                raise ScenarioFailure(f"cards: {raw.get('id') or raw.get('code')}: {_short(_one_line(str(exc)), 300)}") from None
        self.inline = {str(c.get("id") or c.get("code")) for c in cards}
        custom = cm.ElectioneerContent(states=states, issues=dict(base.issues), policies=policies, theatrics=theatrics)
        with _installed(cm, custom):
            yield

    def fix_up(self, before: dict[str, Any], data: dict[str, Any], touched: list[tuple[str, ...]]) -> dict[str, Any]:
        """Keep an overridden state consistent unless the author took charge of the detail.

        - a party's hand/platform set but not its deck: the deck keeps its order, loses the cards
          now placed elsewhere, and gains the cards displaced from hand/platform at the bottom;
        - board issues set but not `issue_deck`: tiles newly on boards come out of the deck,
          tiles taken off boards go to its bottom;
        - `order`, `month` or `phase` set but no board's `revealed`/`month`: boards are revealed
          exactly up to the current month (all of them on election day).
        """
        for seat in self.SEATS:
            if seat not in data.get("players", {}):
                continue
            if (_touched(touched, "players", seat, "hand") or _touched(touched, "players", seat, "platform")) \
                    and not _touched(touched, "players", seat, "deck"):
                old, new = before["players"][seat], data["players"][seat]
                placed = set(new["hand"]) | set(new["platform"])
                deck = [x for x in old["deck"] if x not in placed]
                displaced = [x for x in old["hand"] + old["platform"] if x not in placed and x not in deck]
                new["deck"] = deck + displaced
        if _touched(touched, "boards", "*", "issues") and not _touched(touched, "issue_deck"):
            old_tiles = Counter(t for b in before["boards"].values() for t in b["issues"])
            new_tiles = Counter(t for b in data["boards"].values() for t in b["issues"])
            deck = list(data["issue_deck"])
            for tile, n in (new_tiles - old_tiles).items():
                for _ in range(n):
                    if tile in deck:
                        deck.remove(tile)
            for code in data["order"]:
                for tile in before["boards"][code]["issues"]:
                    if (old_tiles - new_tiles)[tile] > 0:
                        deck.append(tile)
                        old_tiles[tile] -= 1
            data["issue_deck"] = deck
        if (_touched(touched, "order") or _touched(touched, "month") or _touched(touched, "phase")) \
                and not (_touched(touched, "boards", "*", "revealed") or _touched(touched, "boards", "*", "month")):
            upto = len(data["order"]) if data["phase"] in ("election", "over") else data["month"]
            for i, code in enumerate(data["order"]):
                board = data["boards"][code]
                board["revealed"] = i < upto
                board["month"] = i + 1 if i < upto else None
        return data

    def lint(self, state: Any) -> list[str]:
        """Structural consistency of an Electioneer state (also run after every step)."""
        from engine.electioneer import content as cm
        from engine.electioneer import rules

        c = cm.load()
        problems: list[str] = []
        if sorted(state.order) != sorted(c.states) or sorted(state.boards) != sorted(c.states):
            problems.append(f"order/boards must name the seven states once each ({', '.join(c.states)})")
            return problems
        for seat in self.SEATS:
            p = state.players[seat]
            zones = p.hand + p.deck + p.platform
            for pid in zones:
                if pid not in c.policies:
                    problems.append(f"{seat}: unknown policy {pid}")
                elif c.policies[pid].party != seat:
                    problems.append(f"{seat}: {pid} belongs to {c.policies[pid].party}")
            dupes = sorted(k for k, n in Counter(zones).items() if n > 1)
            if dupes:
                problems.append(f"{seat}: {', '.join(dupes)} in two places (hand/deck/platform)")
            missing = sorted(x.id for x in c.policies.values() if x.party == seat and x.id not in zones
                             and x.id not in self.inline)
            if missing:
                problems.append(f"{seat}: policies missing from hand/deck/platform: {', '.join(missing)}")
            mine = rules.view(state, seat)  # pending choices as the seat sees them (storage may change)
            for choice in (mine.pending_discard, mine.pending_campaign):
                if choice is not None and choice not in p.hand:
                    problems.append(f"{seat}: pending choice {choice} is not in hand")
            for tid in p.theatrics:
                if tid not in c.theatrics:
                    problems.append(f"{seat}: unknown theatric {tid}")
        held = Counter(t for seat in self.SEATS for t in state.players[seat].theatrics)
        dupes = sorted(t for t, n in held.items() if n > 1)
        if dupes:
            problems.append(f"theatric(s) {', '.join(dupes)} held twice")
        tiles = Counter(t for b in state.boards.values() for t in b.issues) + Counter(state.issue_deck)
        for issue, tile_count in sorted(tiles.items()):
            if issue not in c.issues:
                problems.append(f"unknown issue {issue}")
            elif tile_count != c.issues[issue].copies:
                problems.append(f"{issue}: {tile_count} tiles on boards + deck, issues.yaml has {c.issues[issue].copies}")
        for issue in c.issues:
            if issue not in tiles:
                problems.append(f"{issue}: no tiles left on boards or in the deck")
        for b in state.boards.values():
            if len(b.issues) != 2:
                problems.append(f"{b.code}: a state holds two issues, not {len(b.issues)}")
        upto = len(state.order) if state.phase in ("election", "over") else state.month
        for i, code in enumerate(state.order):
            if state.boards[code].revealed != (i < upto):
                problems.append(f"{code}: revealed={state.boards[code].revealed} but it is {i + 1}. in the order "
                                f"and this is month {state.month} ({state.phase})")
        return problems


@contextmanager
def _installed(cm: Any, custom: Any) -> Iterator[None]:
    """Make `engine.electioneer.content.load()` return `custom` for the duration.

    Uses the module's own hook when it has one (`use(content)`, a context-local override);
    otherwise swaps the module attribute, which every rules module reads through
    `content_mod.load()`. Scenario runs are sequential, so the swap is safe for them.
    """
    hook = getattr(cm, "use", None)
    if hook is not None:
        with hook(custom):
            yield
        return
    original = cm.load
    cm.load = lambda: custom
    try:
        yield
    finally:
        cm.load = original


class _CampaignTrailAdapter(_GenericAdapter):
    """Campaign Trail: keeps the voter ledger and the cards consistent after overrides, and lints
    every state with the ruleset's own invariants (conservation, money, 538 EV, hands, turn order)."""

    def fix_up(self, before: dict[str, Any], data: dict[str, Any], touched: list[tuple[str, ...]]) -> dict[str, Any]:
        # Response windows ask every rival on most declarations: a case about something else would have to
        # pass them all, so seats stand on "always pass" unless the case sets `autopass` itself.
        if not _touched(touched, "autopass"):
            data["autopass"] = list(data["seats"])
        # voters placed or registered by the setup come from the undecided supply
        if (_touched(touched, "voters") or _touched(touched, "parties", "*", "registered")) \
                and not _touched(touched, "parties", "*", "out_of_supply"):
            for p, ps in data["parties"].items():
                ps["out_of_supply"] = ps["registered"] + sum(row.get(p, 0) for row in data["voters"].values())
        # cards placed by the setup (hands, decks, discard, removed) come out of the zones it did not
        # set; cards no longer anywhere go under the discard pile (or out of the game if it was set too)
        zones = [("players", s, "hand") for s in data["players"]] + [("decks",), ("discard",), ("removed",)]
        set_zones = [z for z in zones if _touched(touched, *z)]
        # politicks the setup put on the table (and cards tucked under them) are placed cards too
        tabled = {n for p in data["players"].values() for tab in p.get("table", [])
                  for n in (tab.get("card"), tab.get("tucked")) if n is not None}
        if set_zones or tabled:
            def get(z):
                return data["players"][z[1]]["hand"] if z[0] == "players" else data[z[0]]

            placed = tabled | {n for z in set_zones for n in (sum(get(z), []) if z == ("decks",) else get(z))}
            for z in zones:
                if z in set_zones:
                    continue
                if z == ("decks",):
                    data["decks"] = [[n for n in d if n not in placed] for d in data["decks"]]
                elif z[0] == "players":
                    data["players"][z[1]]["hand"] = [n for n in get(z) if n not in placed]
                else:
                    data[z[0]] = [n for n in get(z) if n not in placed]
            for z in zones:  # a hand that lost cards to the setup is topped up from the month decks
                if z[0] == "players" and z not in set_zones and ("decks",) not in set_zones:
                    hand, want = data["players"][z[1]]["hand"], len(before["players"][z[1]]["hand"])
                    for deck in data["decks"]:
                        while len(hand) < want and deck:
                            hand.append(deck.pop(0))
            turn_card = [data["turn"]["card"]] if data.get("turn") and data["turn"].get("card") else []
            present = {n for z in zones for n in (sum(get(z), []) if z == ("decks",) else get(z))} | set(turn_card) | tabled
            every = [n for p in before["players"].values() for n in p["hand"]] + sum(before["decks"], []) \
                + before["discard"] + before["removed"]
            missing = [n for n in every if n not in present]
            if ("discard",) not in set_zones:
                data["discard"] = missing + data["discard"]
            else:
                data["removed"] = data["removed"] + missing
        return data

    def lint(self, state: Any) -> list[str]:
        from engine.campaign_trail import rules

        return rules.problems(state)


ADAPTERS: dict[str, type[_Adapter]] = {"electioneer": _ElectioneerAdapter, "campaign_trail": _CampaignTrailAdapter}
