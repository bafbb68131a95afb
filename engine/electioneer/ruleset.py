"""The Electioneer US ruleset object: the engine contract wired to this game's modules."""
from __future__ import annotations

from typing import Any

from engine.core.ruleset import ModuleRuleset
from engine.core.rng import Rng
from engine.core.types import Action, CardText
from engine.electioneer import bot, cards, determinize, evaluate, notation, refusals, rules, viewing, words
from engine.electioneer.scenario_adapter import ElectioneerScenarioAdapter
from engine.electioneer.silent import ElectioneerSilent
from engine.electioneer.state import Options

HELP = """**Electioneer US** — two players, DEM and REP, seven battleground states, seven months.
Each month one state's two issues are revealed. Both players draw two policies, secretly put one on the
bottom of their deck (`discard D07`), then secretly choose one to campaign on (`campaign D03`); the two are
revealed together. The higher total on that state's issues wins the month (a tie goes to the state's colour),
and the winner may swap one issue of any revealed state for one from the issue deck (`swap GA 1 crime`, or `keep`).
Theatrics can be played at any time (`play T05 PA`). After month 7, election day: play any last theatrics,
then `ready`. Each state goes to the side whose whole platform of seven policies scores more there
(tie: the state's colour); most electors wins (tie: DEM)."""


class ElectioneerRuleset(ModuleRuleset):
    name = "electioneer"
    title = "Electioneer US"
    min_seats = 2
    max_seats = 2
    seats = rules.SEATS
    options_model = Options
    help = HELP
    scenario_adapter = ElectioneerScenarioAdapter
    rules, notation, bot, refusals, determinizer = rules, notation, bot, refusals, determinize
    evaluator = evaluate
    words = words  # the rules state facts; these words make them the lines, prompts and labels players read
    view_fn = staticmethod(viewing.view)
    silent = ElectioneerSilent()

    def card(self, ref: str) -> CardText | None:
        return cards.card(ref)

    def search_favourite(self, state: Any, seat: str, rng: Rng) -> Action:
        """`hard`'s default move: the heuristic's, with the lasting theatrics kept for election day (bot.py)."""
        return bot.patient_action(state, seat, rng)

    def search_candidates(self, state: Any, seat: str, actions: list[Action]) -> list[Action]:
        """The root actions a search weighs: the heuristic's short list (bot.py)."""
        return bot.search_candidates(state, seat, actions)

    def search_cut(self, state: Any) -> bool:
        return evaluate.cut(state)


RULESET = ElectioneerRuleset()
