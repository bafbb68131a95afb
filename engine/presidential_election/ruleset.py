"""The Presidential Election ruleset object: the engine contract wired to this game's modules."""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.types import Action, ApplyResult, Decision, Outcome
from engine.presidential_election import bot, notation, refusals, rules, setup
from engine.presidential_election.scenario_adapter import PEScenarioAdapter
from engine.presidential_election.state import Options, PEState
from engine.presidential_election.views import PEView, view

HELP = """**Presidential Election** — 2 to 6 candidates race round a 40-space Campaign Trail and buy votes on
the 51-state map; most electoral votes wins.
Start: everyone `roll`s for order (ties roll again); the first player may play `first` or `last`; each picks a
`home TX` (on its ballot with 15 votes) and keeps one of three Advantage cards (`advantage A03`).
Your turn: `roll` and move; the space acts — Convention (`ballot CA TX …` up to 20 first time, 10 later, or
`done`), Fundraising, a Campaign card, Pick a VP (`state OH`: 10 landing, 5 passing, never home),
Debate (`debate P2 OH` or `decline`), National Debate (everyone able `stake CA` twice; the winner `place`s the
pot). Landing on a rival starts a debate too. Then campaign, at most $1,110k a turn and never into debt:
`buy ballot OH` $20k, `buy sign OH` $100k (+d3 votes), `buy tv OH` $500k (+6d3), `fly IN` $10k once a turn
(a rival there: `debate P2` or `decline`); `cancel` backs out; `done` ends the turn (+1 vote where your map
token stands, then fundraising d3 × $100k). The first back on Election Day stops there; the round is finished
and the votes are counted (recount rolls for tied states, a House roll for a tied Electoral College)."""


class PresidentialElectionRuleset:
    name = "presidential_election"
    title = "Presidential Election"
    min_seats = 2
    max_seats = 6
    scenario_adapter = PEScenarioAdapter

    def seat_names(self, count: int) -> list[str]:
        return [f"P{i}" for i in range(1, count + 1)]

    def assign_seats(self, joined: list[str], options: dict[str, Any]) -> list[str]:
        return self.seat_names(len(joined))  # seats are numbered in the order players joined

    def parse_options(self, options: dict[str, Any]) -> Options:
        return Options.model_validate(options or {})

    def setup(self, options: dict[str, Any], seats: list[str], seed: int) -> PEState:
        return setup.setup(options, seats, seed)

    def load_state(self, data: str) -> PEState:
        return rules.load_state(data)

    def decisions(self, state: PEState, seat: str) -> Decision:
        return rules.decisions(state, seat)

    def apply(self, state: PEState, seat: str, action: Action) -> ApplyResult:
        return rules.apply(state, seat, action)

    def view(self, state: PEState, seat: str | None) -> PEView:
        return view(state, seat)

    def outcome(self, state: PEState) -> Outcome | None:
        return rules.outcome(state)

    def parse(self, text: str) -> list[Action]:
        return notation.parse(text)

    def format(self, actions: list[Action]) -> str:
        return notation.format(actions)

    def deadline_action(self, state: PEState, seat: str) -> Action:
        return rules.deadline_action(state, seat)

    def bot_action(self, state: PEState, seat: str, rng: Rng) -> Action:
        return bot.bot_action(state, seat, rng)

    def help_text(self) -> str:
        return HELP

    def refusal_reason(self, state: PEState, seat: str, action: Action) -> str | None:
        return refusals.refusal_reason(state, seat, action)


RULESET = PresidentialElectionRuleset()
