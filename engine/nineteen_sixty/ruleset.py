"""The 1960: The Making of the President ruleset object: the engine contract wired to this game's modules."""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.types import Action, ApplyResult, Decision, Outcome
from engine.nineteen_sixty import bot, notation, rules
from engine.nineteen_sixty.scenario_adapter import NSScenarioAdapter
from engine.nineteen_sixty.state import SEATS, NSState, Options
from engine.nineteen_sixty.views import NSView, view

HELP = """**1960: The Making of the President** — Kennedy (`KEN`, blue) against Nixon (`NIX`, red), two players, nine
turns. Win the states worth 269 of the 537 electoral votes. A state is led with 1 cube and carried with 4.
Each turn (1–5, 7–8): the initiative holder picks who starts; then five activity phases, each player playing one
card: `play 23 event` (its event), or its CP to `play 23 campaign` (then `add NY 2` in your token's region,
`travel PA` across a border, `done`), `play 23 advertise` (one support check per CP; each success is a media
cube: `media E`) or `play 23 position` (issue support: 1 CP for the first cube on an issue, 2 for each more);
`candidate` instead of a card number uses your candidate card for 5 CP. `play 23 preempt` (2 momentum), then
the use, keeps your rival from triggering the event; after a CP play the rival may `trigger` it for 1
momentum, or `pass`. Then the momentum phase and
Campaign Strategy: `strategy 12` sets a card aside face down for the Debates (turn 6: `debate 12` each round) or
Election Day (turn 9). Choices events ask for: `pick OH`. Options: `vp=on` (Johnson and Lodge), `restricted=on`."""


class NineteenSixtyRuleset:
    name = "nineteen_sixty"
    title = "1960: The Making of the President"
    min_seats = 2
    max_seats = 2
    scenario_adapter = NSScenarioAdapter

    def seat_names(self, count: int) -> list[str]:
        return list(SEATS)[:count]

    def assign_seats(self, joined: list[str], options: dict[str, Any]) -> list[str]:
        return list(joined)

    def parse_options(self, options: dict[str, Any]) -> Options:
        return Options.model_validate(options or {})

    def setup(self, options: dict[str, Any], seats: list[str], seed: int) -> NSState:
        return rules.setup(options, seats, seed)

    def load_state(self, data: str) -> NSState:
        return rules.load_state(data)

    def decisions(self, state: NSState, seat: str) -> Decision:
        return rules.decisions(state, seat)

    def apply(self, state: NSState, seat: str, action: Action) -> ApplyResult:
        return rules.apply(state, seat, action)

    def view(self, state: NSState, seat: str | None) -> NSView:
        return view(state, seat)

    def outcome(self, state: NSState) -> Outcome | None:
        return rules.outcome(state)

    def parse(self, text: str) -> list[Action]:
        return notation.parse(text)

    def format(self, actions: list[Action]) -> str:
        return notation.format(actions)

    def deadline_action(self, state: NSState, seat: str) -> Action:
        return rules.deadline_action(state, seat)

    def bot_action(self, state: NSState, seat: str, rng: Rng) -> Action:
        return bot.bot_action(state, seat, rng)

    def help_text(self) -> str:
        return HELP


RULESET = NineteenSixtyRuleset()
