"""A resumable frame stack: multi-step effects as data, able to pause for a decision.

Card and event effects are op lists (from data/) run by this small interpreter. Each frame
holds `{proc, ip, locals}`; the whole stack is part of the game state, so a card that stops
half-way for a player's choice or a response window survives a restart and resumes exactly
where it was. Ops:

    ["call", proc, {locals}]   push a frame running another procedure
    ["goto", label]            jump to ["label", label] in the same procedure
    ["label", name]            a jump target (no effect)
    ["if", local, label]       jump to label when locals[local] is truthy
    ["end"]                    pop this frame
    [name, *args]              a ruleset's handler: it mutates the game and returns None to go on,
                               or a `Wait` to pause until `resume()` is called with an answer

Content's nested effects are compiled into this form by the effect language, engine/core/effects.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from pydantic import Field

from engine.core.types import Strict


class Frame(Strict):
    proc: str
    ip: int = 0
    locals: dict[str, Any] = Field(default_factory=dict)


class FrameStack(Strict):
    frames: list[Frame] = Field(default_factory=list)

    @property
    def waiting(self) -> bool:
        return bool(self.frames)


@dataclass(frozen=True)
class Wait:
    """A handler's request to pause: `decision` names what is awaited (ruleset-defined data)."""

    decision: dict[str, Any]


Handler = Callable[[Any, Frame, list[Any]], "Wait | None"]
_CONTROL = frozenset(("call", "goto", "label", "if", "end"))  # the interpreter's own ops: no handler runs them


class Interpreter:
    def __init__(self, procs: Mapping[str, list[list[Any]]], handlers: Mapping[str, Handler], *, max_steps: int = 10_000):
        self.procs = procs
        self.handlers = handlers
        self.max_steps = max_steps  # a runaway effect (a loop in data) is a content bug, not a hang
        self._labels: dict[str, dict[str, int]] = {}  # each procedure's labels, indexed the first time one is sought

    def start(self, stack: FrameStack, proc: str, game: Any, **locals_: Any) -> Wait | None:
        stack.frames.append(Frame(proc=proc, locals=dict(locals_)))
        return self.run(stack, game)

    def resume(self, stack: FrameStack, game: Any, answer: Any) -> Wait | None:
        """Continue after a Wait: the answer is stored in the waiting frame's `answer` local."""
        if not stack.frames:
            raise RuntimeError("nothing is waiting")
        frame = stack.frames[-1]
        frame.locals["answer"] = answer
        frame.ip += 1
        return self.run(stack, game)

    def run(self, stack: FrameStack, game: Any) -> Wait | None:
        frames, procs, handlers = stack.frames, self.procs, self.handlers  # read once: run for every step of a search
        budget = self.max_steps
        while frames:
            frame = frames[-1]
            ops = procs[frame.proc]
            end = len(ops)
            # the frame's `ip` kept in a local while the frame runs: written to the frame's own fields (as the model
            # sets a field) before a handler reads it and whenever the frame stops running
            fields = frame.__dict__
            frame.__pydantic_fields_set__.add("ip")
            ip = fields["ip"]
            while True:
                if not budget:
                    fields["ip"] = ip
                    raise RuntimeError(f"effect ran more than {self.max_steps} steps: a loop in the content data?")
                budget -= 1
                if ip >= end:
                    frames.pop()
                    break
                op = ops[ip]
                name = op[0]
                if name not in _CONTROL:  # a handler's op, by far the most common
                    handler = handlers.get(name)
                    if handler is None:
                        raise KeyError(f"no handler for op {name!r} in {frame.proc}")
                    fields["ip"] = ip
                    wait = handler(game, frame, op[1:])
                    if wait is not None:
                        return wait
                    ip = fields["ip"] + 1  # after the handler, which may have moved it
                    if not frames or frames[-1] is not frame:  # the handler pushed or popped a frame
                        fields["ip"] = ip
                        break
                elif name == "call":
                    fields["ip"] = ip + 1
                    frames.append(Frame(proc=op[1], locals=dict(op[2]) if len(op) > 2 else {}))
                    break
                elif name == "goto":
                    ip = self._label(frame.proc, op[1])
                elif name == "label":
                    ip += 1
                elif name == "if":
                    ip = self._label(frame.proc, op[2]) if frame.locals.get(op[1]) else ip + 1
                else:  # end
                    frames.pop()
                    break
        return None

    def _label(self, proc: str, label: str) -> int:
        """Where a jump to `label` goes on: the op after the label (the label itself does nothing)."""
        labels = self._labels.get(proc)
        if labels is None:
            labels = self._labels[proc] = {}
            for i, op in enumerate(self.procs[proc]):
                if op[0] == "label":
                    labels.setdefault(op[1], i + 1)  # the first of a name, as a search from the top finds it
        found = labels.get(label)
        if found is None:
            raise KeyError(f"no label {label!r} in {proc}")
        return found
