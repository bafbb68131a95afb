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

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import yaml

from engine import registry, yamlfile
from engine.core.errors import EngineError
from engine.core.rng import ForcedValueError
from engine.core.posting import EMPTY, outlined
from engine.core.ruleset import Ruleset, owing_seats, play_posted, state_hash
from engine.core.scenario import ScenarioAdapter, ScenarioFailure, adapter_for, one_line, short
from engine.scenario_expect import LazyMap, compare, decision_dump, dump, walk
from engine.scenario_setup import apply_setup, check_forced_values_used, forced_state

CASE_KEYS = {"name", "rule", "ruleset", "seed", "seats", "options", "setup", "cards", "steps", "expect", "lint", "force", "note"}
STEP_KEYS = {"seat", "move", "deadline", "error", "expect", "force", "note"}
FILE_KEYS = {"ruleset", "seed", "options", "cases", "defs", "note"}  # defs: YAML anchors to reuse


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
            state = apply_setup(ruleset, adapter, state, case["setup"])
        if lint:
            problems = adapter.lint(state)
            if problems:
                raise ScenarioFailure("setup gives an inconsistent state: " + "; ".join(problems[:4])
                                      + " (fix the setup, or set `lint: false` if that is the point)")
        if "force" in case:
            state = forced_state(adapter, state, case["force"], "force")
        run.state = state
        steps = case.get("steps") or []
        if not isinstance(steps, list):
            raise ScenarioFailure("`steps:` is a list of {seat, move} mappings")
        for number, step in enumerate(_flatten(steps), start=1):
            run.step(number, step)
        run.check(case.get("expect") or {}, "expect")
        check_forced_values_used(run.state)


def _flatten(steps: list[Any]) -> list[Any]:
    """A step that is itself a list (a YAML alias of a shared sequence) is spliced in place."""
    out: list[Any] = []
    for step in steps:
        out.extend(_flatten(step) if isinstance(step, list) else [step])
    return out


def _step_move(number: int, step: Any) -> tuple[str, str]:
    """A step's seat and move in notation (`<deadline>` for a deadline's default; a repeated move spelt out),
    after its keys are checked."""
    if not isinstance(step, dict) or "seat" not in step or ("move" in step) == bool(step.get("deadline")):
        raise ScenarioFailure(f"step {number}: a step is {{seat: X, move: \"...\"}} or {{seat: X, deadline: true}}")
    unknown = set(step) - STEP_KEYS
    if unknown:
        raise ScenarioFailure(f"step {number}: unknown key(s) {', '.join(sorted(unknown))}")
    move = step.get("move", "<deadline>")
    if isinstance(move, dict):  # {text: "x", repeat: 10000}: a long move without a long file
        if set(move) != {"text", "repeat"} or not isinstance(move["repeat"], int) or not 0 < move["repeat"] <= 100_000:
            raise ScenarioFailure(f"step {number}: a repeated move is {{text: \"...\", repeat: N}} (N ≤ 100000)")
        move = str(move["text"]) * move["repeat"]
    return str(step["seat"]), str(move)


class _Run:
    """One case in play: its state, the table's post, the last step's result or error and the log, which the
    expectations read."""

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
        """Play one step: its move (or the deadline's default) accepted, or refused with the error it expects and
        the state unchanged; then its expectations checked."""
        seat, move = _step_move(number, step)
        where = f"step {number} ({seat}: {short(move, 40)})"
        expected_error = step.get("error")
        if "force" in step:
            self.state = forced_state(self.adapter, self.state, step["force"], f"{where} force")
        before = state_hash(self.state)
        try:
            if step.get("deadline"):
                actions = [self.ruleset.deadline_action(self.state, seat)]
            else:
                actions = self.ruleset.parse(move)
            played = play_posted(self.ruleset, self.state, self.posting, seat, actions)
        except ForcedValueError as exc:
            raise ScenarioFailure(f"{where}: impossible force: {exc}") from None
        except EngineError as exc:
            self._refused(exc, before, expected_error, where)
        else:
            self._accepted(played, actions, before, expected_error, where)
        if step.get("expect"):
            self.check(step["expect"], f"{where} expect")

    def _refused(self, exc: EngineError, before: str, expected_error: Any, where: str) -> None:
        """A refused move: it must have changed nothing and be the error the step expects (kept for `error.`)."""
        if state_hash(self.state) != before:
            raise ScenarioFailure(f"{where}: the failed move changed the state") from None
        self.error = {"code": exc.code, "class": type(exc).__name__, "message": exc.message}
        if expected_error is None:
            raise ScenarioFailure(f"{where}: unexpected error {exc.code}: {short(exc.message, 160)}") from None
        if not _error_matches(exc, str(expected_error)):
            raise ScenarioFailure(f"{where}: expected error {expected_error}, got {exc.code} "
                                  f"({type(exc).__name__}): {short(exc.message, 120)}") from None

    def _accepted(self, played: Any, actions: list[Any], before: str, expected_error: Any, where: str) -> None:
        """An accepted move: its input state untouched, not a move the step expected refused; the game moves on,
        its public lines join the log and its result is kept (for `result.`), then the invariants are linted."""
        result = played.result
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

    # ---- expectations

    def root(self, name: str) -> Any:
        r, s = self.ruleset, self.state

        def view(seat: str) -> Any:
            return outlined(r.view(s, None if seat in ("public", "None", "none") else seat), self.posting)

        if name == "view":
            return LazyMap(lambda seat: dump(view(seat)))
        if name == "decisions":
            return LazyMap(lambda seat: decision_dump(r, s, seat))
        if name == "outcome":
            o = r.outcome(s)
            return dump(o) if o is not None else None
        if name == "owing":
            return owing_seats(r, s)
        if name == "text":
            return LazyMap(lambda seat: view(seat).model_dump_json())
        if name == "state":
            return dump(s)
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
            actual = walk(self.root(parts[0]), parts[1:], str(path))
            problem = compare(actual, wanted)
            if problem:
                raise ScenarioFailure(f"{where}: {path}: {problem}")


def _error_matches(exc: EngineError, wanted: str) -> bool:
    """`error:` names the exact code (illegal_argument), the class's code (illegal) or the class."""
    return wanted in (exc.code, type(exc).code, type(exc).__name__)
