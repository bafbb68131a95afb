"""The Electioneer US ruleset object: the engine contract wired to this game's modules."""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.types import Action, ApplyResult, CardText, Decision, Outcome
from engine.electioneer import bot, cards, determinize, notation, refusals, rules, viewing
from engine.electioneer.scenario_adapter import ElectioneerScenarioAdapter
from engine.electioneer.silent import ElectioneerSilent
from engine.electioneer.state import ElectioneerState, Options
from engine.electioneer.views import ElectioneerView

HELP = """**Electioneer US** — two players, DEM and REP, seven battleground states, seven months.
Each month one state's two issues are revealed. Both players draw two policies, secretly put one on the
bottom of their deck (`discard D07`), then secretly choose one to campaign on (`campaign D03`); the two are
revealed together. The higher total on that state's issues wins the month (a tie goes to the state's colour),
and the winner may swap one issue of any revealed state for one from the issue deck (`swap GA 1 crime`, or `keep`).
Theatrics can be played at any time (`play T05 PA`). After month 7, election day: play any last theatrics,
then `ready`. Each state goes to the side whose whole platform of seven policies scores more there
(tie: the state's colour); most electors wins (tie: DEM)."""


class ElectioneerRuleset:
    name = "electioneer"
    title = "Electioneer US"
    min_seats = 2
    max_seats = 2
    scenario_adapter = ElectioneerScenarioAdapter  # what the scenario runner needs beyond the generic
    silent = ElectioneerSilent()

    def seat_names(self, count: int) -> list[str]:
        return list(rules.SEATS)

    def assign_seats(self, joined: list[str], options: dict[str, Any]) -> list[str]:
        return list(joined)  # two fixed seats: a lobby's picks are final

    def parse_options(self, options: dict[str, Any]) -> Options:
        return Options.model_validate(options or {})

    def setup(self, options: dict[str, Any], seats: list[str], seed: int) -> ElectioneerState:
        return rules.setup(options, seats, seed)

    def load_state(self, data: str) -> ElectioneerState:
        return rules.load_state(data)

    def decisions(self, state: ElectioneerState, seat: str) -> Decision:
        return rules.decisions(state, seat)

    def apply(self, state: ElectioneerState, seat: str, action: Action) -> ApplyResult:
        return rules.apply(state, seat, action)

    def view(self, state: ElectioneerState, seat: str | None) -> ElectioneerView:
        return viewing.view(state, seat)

    def outcome(self, state: ElectioneerState) -> Outcome | None:
        return rules.outcome(state)

    def parse(self, text: str) -> list[Action]:
        return notation.parse(text)

    def format(self, actions: list[Action]) -> str:
        return notation.format(actions)

    def deadline_action(self, state: ElectioneerState, seat: str) -> Action:
        return rules.deadline_action(state, seat)

    def bot_action(self, state: ElectioneerState, seat: str, rng: Rng) -> Action:
        return bot.bot_action(state, seat, rng)

    def card(self, ref: str) -> CardText | None:
        return cards.card(ref)

    def help_text(self) -> str:
        return HELP

    def refusal_reason(self, state: ElectioneerState, seat: str, action: Action) -> str | None:
        return refusals.refusal_reason(state, seat, action)

    def determinize(self, state: ElectioneerState, seat: str, rng: Rng) -> ElectioneerState:
        """One of the states `seat` cannot tell from `state`, its hidden facts redrawn from `rng`
        (engine/core/search.py)."""
        return determinize.determinize(state, seat, rng)


RULESET = ElectioneerRuleset()
