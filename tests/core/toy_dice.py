"""A test-only ruleset that rolls dice and draws from a bag with the core Randomness.

Two seats, A and B, take turns; the first to 10 points wins. On your turn either `roll` (2d6 added to
your score), `draw` (one token from the bag: red 1, blue 2, gold 4 points; an emptied bag is refilled)
or `pass`; two passes in a row end the game as a draw (so the tables' draw texts are tested too). No registered ruleset rolls dice yet: this one proves the core pieces and the scenario
runner's `force:` on a real Ruleset. It is never registered; tests reach it through
`engine.registry.UNDER_CONSTRUCTION`.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engine.core.errors import UnknownAction
from engine.core.rng import Bag, Randomness, Rng
from engine.core.ruleset import ModuleRuleset
from engine.core.types import Action, ApplyResult, Decision, Event, Option, Outcome, PendingKind

SEATS = ["A", "B"]
GOAL = 10
TOKEN_POINTS = {"red": 1, "blue": 2, "gold": 4}
FULL_BAG = {"red": 3, "blue": 2, "gold": 1}
VERBS = ("roll", "draw", "pass")


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ToyState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: list[str]
    turn: str
    scores: dict[str, int]
    passes: int = 0  # passes in a row
    bag: Bag = Field(default_factory=lambda: Bag(counts=dict(FULL_BAG)))
    randomness: Randomness  # found by the scenario runner and core `play` from its type, not its name


class ToyView(BaseModel):
    """What anyone sees: no PRNG state, no forced values, only how many tokens are left."""

    turn: str
    scores: dict[str, int]
    bag_size: int


class ToyDiceRuleset(ModuleRuleset):
    name = "toy_dice"
    title = "Toy dice race"
    min_seats = 2
    max_seats = 2
    # the default `scenario_adapter` forces dice and draws through `randomness`

    def seat_names(self, count: int) -> list[str]:
        return list(SEATS)

    def assign_seats(self, joined: list[str], options: dict[str, Any]) -> list[str]:
        return list(joined)

    def parse_options(self, options: dict[str, Any]) -> Options:
        return Options.model_validate(options or {})

    def setup(self, options: dict[str, Any], seats: list[str], seed: int) -> ToyState:
        self.parse_options(options)
        return ToyState(seats=list(seats), turn=seats[0], scores={s: 0 for s in seats},
                        randomness=Randomness.seeded(seed))

    def load_state(self, data: str) -> ToyState:
        return ToyState.model_validate_json(data)

    def decisions(self, state: ToyState, seat: str) -> Decision:
        if self.outcome(state) is not None or seat != state.turn:
            return Decision(seat=seat)
        verbs = [v for v in VERBS if v != "draw" or state.bag.size]
        return Decision(seat=seat, kind=PendingKind.CHOICE, prompt="Roll, draw or pass.",
                        options=[Option(action=Action(verb=v), label=v) for v in verbs], deadline_default="pass")

    def apply(self, state: ToyState, seat: str, action: Action) -> ApplyResult:
        # ApplyResult.undoable is left at its default on purpose: core `play` ends undo itself when
        # the step moved `randomness.draws`.
        new = state.model_copy(deep=True)
        if action.verb == "roll":
            roll = new.randomness.roll(2, sides=6)
            new.scores[seat] += roll.total
            text = f"{seat} {roll.text}"
        elif action.verb == "draw":
            [token] = new.randomness.draw(new.bag)
            new.scores[seat] += TOKEN_POINTS[token]
            text = f"{seat} drew {token} (+{TOKEN_POINTS[token]})"
            if not new.bag.size:
                new.bag.refill(FULL_BAG)
                text += "; the bag is refilled"
        else:
            text = f"{seat} passes"
        new.passes = new.passes + 1 if action.verb == "pass" else 0
        new.turn = new.seats[(new.seats.index(seat) + 1) % len(new.seats)]
        return ApplyResult(state=new, events=[Event(public=text)])

    def view(self, state: ToyState, seat: str | None) -> ToyView:
        return ToyView(turn=state.turn, scores=dict(state.scores), bag_size=state.bag.size)

    def outcome(self, state: ToyState) -> Outcome | None:
        winners = [s for s in state.seats if state.scores[s] >= GOAL]
        if winners:
            return Outcome(winners=winners, scores=dict(state.scores), reason=f"reached {GOAL}")
        if state.passes >= 2:
            return Outcome(winners=[], draw=True, scores=dict(state.scores), reason="both players passed")
        return None

    def parse(self, text: str) -> list[Action]:
        actions = [Action(verb=part.strip()) for part in text.split(";") if part.strip()]
        unknown = [a.verb for a in actions if a.verb not in VERBS]
        if unknown or not actions:
            raise UnknownAction(f"Say {', '.join(VERBS)}.", code="unknown_verb")
        return actions

    def format(self, actions: list[Action]) -> str:
        return "; ".join(a.notation() for a in actions)

    def deadline_action(self, state: ToyState, seat: str) -> Action:
        return Action(verb="pass")

    def bot_action(self, state: ToyState, seat: str, rng: Rng) -> Action:
        return Action(verb="roll")

    def help_text(self) -> str:
        return "Race to 10: `roll` (2d6), `draw` (a token) or `pass`."


RULESET = ToyDiceRuleset()
