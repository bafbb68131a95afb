"""The Campaign Manager 2008 ruleset object: the engine contract wired to this game's modules."""
from __future__ import annotations

from engine.campaign_manager_2008 import bot, notation, refusals, rules
from engine.campaign_manager_2008.scenario_adapter import CMScenarioAdapter
from engine.campaign_manager_2008.state import SEATS, Options
from engine.campaign_manager_2008.views import view
from engine.core.ruleset import ModuleRuleset

HELP = """**Campaign Manager 2008** — Obama (`OBA`) against McCain (`MCC`), two players. Win battleground states
until you reach 270 electoral votes (Obama starts on 157, McCain on 155); 269–269 with every state won is a draw.
Start: draft your deck — three cards of your 45 at a time, `keep` one, the other two leave face down, fifteen
times (`options:deck=starter` skips it with the starred cards and states). Then secretly `pick` two starting
states of your colour; they are revealed together. Four states are in play at a time.
Your turn, one action: `play O05` (a card with a cost: `discard` the cards it asks for) or `draw` (only with
fewer than 5 in hand). Cards gain support in an issue row (an opponent's block first, then an undecided one),
shift a state's issue marker (`toward economy`), alter its key demographic, or rally a demographic group's
undecided voters in every state where it is the key. A state is won the moment its major issue's row is all
one colour: the winner scores it and picks the state that replaces it (`enter NV`), and a Breaking News card
hits the new state (or the state a Media Support card's owner names: `target OH`). Going Negative cards roll
a die at the end of the turn; your opponent applies the result."""


class CampaignManager2008Ruleset(ModuleRuleset):
    name = "campaign_manager_2008"
    title = "Campaign Manager 2008"
    min_seats = 2
    max_seats = 2
    seats = SEATS
    options_model = Options
    help = HELP
    scenario_adapter = CMScenarioAdapter
    rules, notation, bot = rules, notation, bot
    refusals = refusals
    view_fn = staticmethod(view)


RULESET = CampaignManager2008Ruleset()
