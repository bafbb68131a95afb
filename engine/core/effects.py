"""The effect language every ruleset shares: nested ops, as content data writes them, compiled into the flat
label/goto form that `engine.core.frames.Interpreter` runs, with the generic control ops and a registry each
ruleset adds its own ops to.

Content writes an effect as a list of `[name, {params}]`. A ruleset makes an `EffectLanguage`, registers its
own ops (how each compiles, mostly to itself, and the handler that runs it) and the few hooks the control ops
need (the lists a `for_each` goes over, where a choice's candidates come from, who picks in a `choose_one`).
The control ops are the core's, the same in every ruleset:

    for_each   {over, as, do}           `do` once per item of a registered domain, bound to `as`: the items are
                                        fixed when compiling (unrolled), or picked at run time from a list of at
                                        most `bound` items (a missing item is skipped)
    choose_*   {as, count?, ...}        a registered choice (of a state, a region, a card…): the player picks one
                                        of its candidates, or `count` different ones one at a time; bound to `as`
    choose_one {options: [{label, do}]} the ops of one option, picked by a player (the ruleset's hook says which
                                        options are offered, and takes the only one without asking)
    repeat     {times, do, up_to?}      `do` `times` times; with `up_to`, the first op is asked in its optional
                                        form and declining ends the loop (as does the ruleset's guard)
    optional   {do: [op]}               the op in its registered optional form: the player may decline
    when       {test, do, else?}        `do` if a registered condition holds, else `else`

Compiled procedures are data: a paused effect keeps only `{proc, ip, locals}` in the game state, so the same
content must always compile to the same list (keys come from one counter per compile, in order).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from engine.core.frames import Frame, Handler, Interpreter, Wait

Ops = list[list[Any]]
Params = dict[str, Any]
OpCompiler = Callable[[Params, "Compiler"], Ops]
Matcher = Callable[[Params], bool]
# A choice's candidates: (game, frame, params) -> the items a player may pick now
Candidates = Callable[[Any, Frame, Params], list[Any]]
# An optional form: (the op's params, the local to set True when the player declines or None, the compiler)
OptionalForm = Callable[[Params, "str | None", "Compiler"], Ops]


class Compiler:
    """One compile: hands out the labels' keys, in order, and compiles nested op lists."""

    def __init__(self, language: EffectLanguage) -> None:
        self.language = language
        self._count = 0

    def key(self, prefix: str) -> str:
        self._count += 1
        return f"{prefix}{self._count}"

    def compile(self, ops: list[Any]) -> Ops:
        out: Ops = []
        for name, params in ops:
            out.extend(self.language.compile_op(name, params, self))
        return out


@dataclass(frozen=True)
class Domain:
    """What a `for_each` goes over: `values` known when compiling, or `at_run` (game, frame) -> items, at most `bound`."""

    values: Callable[[], list[Any]] | None = None
    at_run: Callable[[Any, Frame], list[Any]] | None = None
    bound: int = 0


@dataclass(frozen=True)
class Choice:
    """A `choose_*` op: where its candidates come from and the decision kind a player is asked with."""

    candidates: Candidates
    kind: str


@dataclass(frozen=True)
class OneOf:
    """The ruleset's side of `choose_one`: `ask` returns a Wait, or the index of the option taken without asking;
    `picked` is told the index chosen (to log it)."""

    ask: Callable[[Any, Frame, Params], "Wait | int"]
    picked: Callable[[Any, Frame, Params, int], None] = lambda game, frame, params, index: None


def _compiles_to_itself(name: str) -> OpCompiler:
    return lambda params, compiler: [[name, params]]


class EffectLanguage:
    """The registry: op compilers (tried in registration order per name; the first that matches compiles) and
    handlers, the core's control ops included."""

    def __init__(self) -> None:
        self._compilers: dict[str, list[tuple[Matcher | None, OpCompiler]]] = {}
        self.handlers: dict[str, Handler] = {}
        self._domains: dict[str, Domain] = {}
        self._choices: dict[str, Choice] = {}
        self._optional: dict[str, OptionalForm] = {}
        self._conditions: dict[str, Callable[[Any, Frame, Params], bool]] = {}
        self._one_of: OneOf | None = None
        self._repeat_guard: tuple[Callable[[list[Any]], Params], Callable[[Any, Frame, Params], bool]] | None = None
        for name, compile_ in (("for_each", self._for_each), ("choose_one", self._choose_one), ("repeat", self._repeat),
                               ("optional", self._optional_op), ("when", self._when)):
            self.op(name, compile_)
        self.handlers.update({
            "set": _set, "bind": _bind, "for_each_item": self._for_each_item,
            "choose_ask": self._choose_ask, "choose_init": _choose_init, "choose_next": self._choose_next,
            "choose_add": _choose_add, "choose_one_ask": self._choose_one_ask, "choose_one_pick": self._choose_one_pick,
            "repeat_init": _repeat_init, "repeat_gate": self._repeat_gate, "test": self._test,
        })

    # ---------------------------------------------------------------- registering

    def op(self, name: str, compile_: OpCompiler | None = None, *, when: Matcher | None = None,
           handler: Handler | None = None) -> None:
        """Add a way to compile `name` (default: to itself, one frame op) for params `when` matches (default: all)."""
        self._compilers.setdefault(name, []).append((when, compile_ or _compiles_to_itself(name)))
        if handler is not None:
            self.handlers[name] = handler

    def handler(self, name: str, fn: Handler) -> None:
        self.handlers[name] = fn

    def domain(self, name: str, domain: Domain) -> None:
        self._domains[name] = domain

    def choice(self, name: str, choice: Choice, *, when: Matcher | None = None) -> None:
        """`name` (e.g. `choose_state`) asks for one of `choice.candidates`, or `count` different ones."""
        choice_id = f"{name}#{sum(1 for k in self._choices if k.startswith(name + '#'))}"
        self._choices[choice_id] = choice
        self.op(name, lambda params, compiler: self._choose(choice_id, params, compiler), when=when)

    def optional(self, name: str, form: OptionalForm) -> None:
        self._optional[name] = form

    def condition(self, name: str, test: Callable[[Any, Frame, Params], bool]) -> None:
        self._conditions[name] = test

    def one_of(self, hooks: OneOf) -> None:
        self._one_of = hooks

    def repeat_guard(self, params: Callable[[list[Any]], Params], holds: Callable[[Any, Frame, Params], bool]) -> None:
        """Another round of a `repeat ... up_to` only while `holds(game, frame, params(rest of the body))`."""
        self._repeat_guard = (params, holds)

    # ---------------------------------------------------------------- compiling and running

    def compile(self, ops: list[Any]) -> Ops:
        return Compiler(self).compile(ops)

    def compile_op(self, name: str, params: Params, compiler: Compiler) -> Ops:
        for when, compile_ in self._compilers.get(name, ()):
            if when is None or when(params):
                return compile_(params, compiler)
        raise NotImplementedError(f"op {name}")

    def interpreter(self, procs: Mapping[str, Ops]) -> Interpreter:
        return Interpreter(procs, self.handlers)

    # ---------------------------------------------------------------- for_each

    def _for_each(self, p: Params, c: Compiler) -> Ops:
        domain = self._domains[p["over"]]
        out: Ops = []
        if domain.values is not None:
            for value in domain.values():
                out.append(["set", {"var": p["as"], "value": value}])
                out.extend(c.compile(p["do"]))
            return out
        for i in range(domain.bound):
            key = c.key("fo")
            out.append(["for_each_item", {"over": p["over"], "var": p["as"], "index": i, "key": key}])
            out.append(["if", key + "_skip", key + "_next"])
            out.extend(c.compile(p["do"]))
            out.append(["label", key + "_next"])
        return out

    def _for_each_item(self, game: Any, frame: Frame, args: list[Any]) -> None:
        p = args[0]
        at_run = self._domains[p["over"]].at_run
        if at_run is None:  # a domain whose values are known when compiling never compiles to for_each_item
            raise NotImplementedError(f"domain {p['over']} with neither values nor at_run")
        items = at_run(game, frame)
        skip = p["index"] >= len(items)
        frame.locals[p["key"] + "_skip"] = skip
        if not skip:
            frame.locals[p["var"]] = items[p["index"]]

    # ---------------------------------------------------------------- choices

    def _choose(self, choice_id: str, params: Params, c: Compiler) -> Ops:
        if "count" not in params:
            return [["choose_ask", {**params, "choice": choice_id}], ["bind", {"as": params["as"]}]]
        key = c.key("cs")
        p = {**params, "key": key, "choice": choice_id}
        return [["choose_init", p], ["label", key], ["choose_next", p], ["choose_add", p], ["if", key + "_again", key]]

    def _choose_ask(self, game: Any, frame: Frame, args: list[Any]) -> Wait | None:
        choice = self._choices[args[0]["choice"]]
        among = choice.candidates(game, frame, args[0])
        if not among:
            return None  # nothing to choose from: nothing is bound
        return Wait({"kind": choice.kind, "among": among, "optional": False})

    def _choose_next(self, game: Any, frame: Frame, args: list[Any]) -> Wait | None:
        p = args[0]
        choice = self._choices[p["choice"]]
        chosen = frame.locals[p["key"] + "_list"]
        among = [x for x in choice.candidates(game, frame, p) if x not in chosen]
        if len(chosen) >= int(p["count"]) or not among:
            frame.locals[p["key"] + "_asked"] = False
            return None  # fewer qualify: all of them are taken (here: as many as there are)
        frame.locals[p["key"] + "_asked"] = True
        return Wait({"kind": choice.kind, "among": among, "optional": False})

    # ---------------------------------------------------------------- choose_one

    def _choose_one(self, p: Params, c: Compiler) -> Ops:
        if any(o.get("when") for o in p["options"]):
            raise NotImplementedError("op choose_one with conditional options")
        key = c.key("co")
        n = len(p["options"])
        out: Ops = [["choose_one_ask", {**p, "key": key}],
                    ["choose_one_pick", {"key": key, "n": n, "labels": [o["label"] for o in p["options"]]}]]
        out += [["if", f"{key}_{i}", f"{key}_L{i}"] for i in range(n)]
        out.append(["goto", key + "_end"])
        for i, option in enumerate(p["options"]):
            out.append(["label", f"{key}_L{i}"])
            out.extend(c.compile(option["do"]))
            out.append(["goto", key + "_end"])
        out.append(["label", key + "_end"])
        return out

    def _choose_one_ask(self, game: Any, frame: Frame, args: list[Any]) -> Wait | None:
        asked = self._hooks().ask(game, frame, args[0])
        if isinstance(asked, Wait):
            return asked
        frame.locals[args[0]["key"] + "_auto"] = asked
        return None

    def _choose_one_pick(self, game: Any, frame: Frame, args: list[Any]) -> None:
        p = args[0]
        key = p["key"]
        index = int(frame.locals.pop("answer")) - 1 if "answer" in frame.locals else frame.locals.pop(key + "_auto")
        for i in range(int(p["n"])):
            frame.locals[f"{key}_{i}"] = i == index
        self._hooks().picked(game, frame, p, index)

    def _hooks(self) -> OneOf:
        if self._one_of is None:
            raise NotImplementedError("choose_one needs the ruleset's OneOf hooks")
        return self._one_of

    # ---------------------------------------------------------------- repeat, optional, when

    def _repeat(self, p: Params, c: Compiler) -> Ops:
        times = int(p["times"])
        if not p.get("up_to"):
            return [op for _ in range(times) for op in c.compile(p["do"])]
        first, rest = p["do"][0], p["do"][1:]
        if first[0] not in self._optional:
            raise NotImplementedError(f"op repeat up_to starting with {first[0]}")
        key = c.key("rp")
        guard = self._repeat_guard[0](rest) if self._repeat_guard is not None else {}
        out: Ops = [["repeat_init", {"key": key}], ["label", key],
                    ["repeat_gate", {"key": key, "times": times, **guard}], ["if", key + "_stop", key + "_end"]]
        out += self._optional[first[0]]({**first[1], **guard}, key + "_stop", c)
        out.append(["if", key + "_stop", key + "_end"])
        out.extend(c.compile(rest))
        out += [["goto", key], ["label", key + "_end"]]
        return out

    def _repeat_gate(self, game: Any, frame: Frame, args: list[Any]) -> None:
        """Another round? Not past `times`, and not once the ruleset's guard fails."""
        p = args[0]
        key = p["key"]
        n = frame.locals[key + "_n"]
        frame.locals[key + "_n"] = n + 1
        holds = self._repeat_guard[1](game, frame, p) if self._repeat_guard is not None else True
        frame.locals[key + "_stop"] = n >= p["times"] or not holds

    def _optional_op(self, p: Params, c: Compiler) -> Ops:
        (name, params), = p["do"]
        if name not in self._optional:
            raise NotImplementedError(f"op optional {name}")
        return self._optional[name](params, None, c)

    def _when(self, p: Params, c: Compiler) -> Ops:
        key = c.key("wh")
        test = {k: v for k, v in p.items() if k not in ("do", "else")}
        return [["test", {**test, "key": key}], ["if", key, key + "_then"], *c.compile(p.get("else", [])),
                ["goto", key + "_end"], ["label", key + "_then"], *c.compile(p["do"]), ["label", key + "_end"]]

    def _test(self, game: Any, frame: Frame, args: list[Any]) -> None:
        p = args[0]
        frame.locals[p["key"]] = bool(self._conditions[p["test"]](game, frame, p))


# ---------------------------------------------------------------- handlers that need no hooks


def _set(game: Any, frame: Frame, args: list[Any]) -> None:
    frame.locals[args[0]["var"]] = args[0]["value"]


def _bind(game: Any, frame: Frame, args: list[Any]) -> None:
    if "answer" in frame.locals:  # no answer when there was nothing to choose from
        frame.locals[args[0]["as"]] = frame.locals.pop("answer")


def _choose_init(game: Any, frame: Frame, args: list[Any]) -> None:
    frame.locals[args[0]["key"] + "_list"] = []


def _choose_add(game: Any, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    key = p["key"]
    if frame.locals.pop(key + "_asked", False):
        frame.locals[key + "_list"].append(frame.locals.pop("answer"))
        frame.locals[key + "_again"] = len(frame.locals[key + "_list"]) < int(p["count"])
    else:
        frame.locals[key + "_again"] = False
    frame.locals[p["as"]] = list(frame.locals[key + "_list"])


def _repeat_init(game: Any, frame: Frame, args: list[Any]) -> None:
    frame.locals[args[0]["key"] + "_n"] = 0
