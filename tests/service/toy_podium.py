"""A test-only ruleset whose outcome a test writes down: 2–6 seats (P1…P6) take turns; on its turn a
seat may `warm` (nothing happens: a move, to give a seat as many moves as a test needs), `score N`
(N from 0 to 20; its final score, and it is done) or `pass` (done, with no score). When every seat is
done the game ends: the highest score wins (equal highest scores share the win) and the rest are
ranked by score; if every seat passed, a draw. So a test of ratings knows each game's places in advance.

Never registered: a test adds it with `monkeypatch.setitem(registry.RULESETS, "toy_podium", RULESET)`.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.core.errors import UnknownAction
from engine.core.rng import Rng
from engine.core.ruleset import ModuleRuleset
from engine.core.types import Action, ApplyResult, Decision, Event, Option, Outcome, PendingKind

SEATS = ["P1", "P2", "P3", "P4", "P5", "P6"]
TOP = 20


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PodiumState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: list[str]
    turn: str
    done: dict[str, int | None] = {}  # seat -> final score (None: passed)
    moves: dict[str, int] = {}  # seat -> moves made


class PodiumView(BaseModel):
    turn: str
    done: dict[str, int | None]


class ToyPodiumRuleset(ModuleRuleset):
    name = "toy_podium"
    title = "Toy podium"
    min_seats = 2
    max_seats = 6

    def seat_names(self, count: int) -> list[str]:
        return SEATS[:count]

    def assign_seats(self, joined: list[str], options: dict[str, Any]) -> list[str]:
        return list(joined)

    def parse_options(self, options: dict[str, Any]) -> Options:
        return Options.model_validate(options or {})

    def setup(self, options: dict[str, Any], seats: list[str], seed: int) -> PodiumState:
        return PodiumState(seats=list(seats), turn=seats[0])

    def load_state(self, data: str) -> PodiumState:
        return PodiumState.model_validate_json(data)

    def decisions(self, state: PodiumState, seat: str) -> Decision:
        if self.outcome(state) is not None or seat != state.turn:
            return Decision(seat=seat)
        options = [Option(action=Action(verb="warm"), label="warm"), Option(action=Action(verb="pass"), label="pass")]
        options += [Option(action=Action(verb="score", args=(str(n),)), label=f"score {n}") for n in range(TOP + 1)]
        return Decision(seat=seat, kind=PendingKind.CHOICE, prompt="Warm up, score or pass.", options=options,
                        deadline_default="pass")

    def apply(self, state: PodiumState, seat: str, action: Action) -> ApplyResult:
        new = state.model_copy(deep=True)
        new.moves[seat] = new.moves.get(seat, 0) + 1
        if action.verb == "score":
            new.done[seat] = int(action.args[0])
        elif action.verb == "pass":
            new.done[seat] = None
        left = [s for s in new.seats if s not in new.done]
        if left:
            after = new.seats[(new.seats.index(seat) + 1) % len(new.seats):] + new.seats
            new.turn = next(s for s in after if s in left)
        return ApplyResult(state=new, events=[Event(public=f"{seat}: {action.notation()}")])

    def view(self, state: PodiumState, seat: str | None) -> PodiumView:
        return PodiumView(turn=state.turn, done=dict(state.done))

    def outcome(self, state: PodiumState) -> Outcome | None:
        if len(state.done) < len(state.seats):
            return None
        if all(v is None for v in state.done.values()):
            return Outcome(winners=[], draw=True, reason="everyone passed")
        scores = {s: v or 0 for s, v in state.done.items()}
        top = max(scores.values())
        return Outcome(winners=[s for s in state.seats if scores[s] == top], scores=scores, reason=f"top score {top}")

    def parse(self, text: str) -> list[Action]:
        actions = []
        for part in filter(None, (p.strip() for p in text.split(";"))):
            verb, *args = part.split()
            if verb not in ("warm", "pass", "score"):
                raise UnknownAction("Say warm, pass or score N.", code="unknown_verb")
            actions.append(Action(verb=verb, args=tuple(args)))
        if not actions:
            raise UnknownAction("Say warm, pass or score N.", code="unknown_verb")
        return actions

    def format(self, actions: list[Action]) -> str:
        return "; ".join(a.notation() for a in actions)

    def deadline_action(self, state: PodiumState, seat: str) -> Action:
        return Action(verb="pass")

    def bot_action(self, state: PodiumState, seat: str, rng: Rng) -> Action:
        """The bot warms up until its seat has made two moves, then scores 10."""
        return Action(verb="score", args=("10",)) if state.moves.get(seat, 0) >= 2 else Action(verb="warm")

    def help_text(self) -> str:
        return "Warm up, then score 0–20 or pass; the top score wins."


RULESET = ToyPodiumRuleset()
