"""The Campaign Manager 2008 ruleset object: the engine contract wired to this game's modules."""
from __future__ import annotations

from typing import Any

from engine.campaign_manager_2008 import (bot, cardtext, determinize, evaluate, favourite, notation, refusals, rules, waits,
                                          words)
from engine.campaign_manager_2008.scenario_adapter import CMScenarioAdapter
from engine.campaign_manager_2008.silent import CMSilent
from engine.campaign_manager_2008.state import SEATS, Options
from engine.campaign_manager_2008.views import view
from engine.campaign_manager_2008.words_earlier import outcome_and_roll_in_words, said_then
from engine.campaign_manager_2008.words_waits import wait_asked
from engine.core.earlier_layouts import EarlierLayout
from engine.core.ruleset import ModuleRuleset
from engine.core.rng import Rng
from engine.core.types import Action, CardText

HELP = """**Campaign Manager 2008** — Obama (`OBA`) against McCain (`MCC`), two players. Win battleground states
until you reach 270 electoral votes (Obama starts on 157, McCain on 155); 269–269 with every state won is a draw.
Start: draft your deck (`keep` one card of three, fifteen times; `options:deck=starter` skips it with the starred
cards and states), then secretly `pick` two starting states. Four states are in play at a time.
Your turn, one action: `play O05` (a card with a cost: `discard` the cards it asks for, or `done`) or `draw`.
Choices inside a card: `state NJ`, `issue economy`, `toward defense`, `discard M12`; a state won: `enter NV`;
Media Support: `target OH`; several states won at once: `order MI`. Any card, news card or Going Negative
result a prompt names (O05, M38, N15, GN3) can be read whole with the table's card command.
Terms:
**campaign card** — one of your 15 cards (ids O01–O45 for Obama, M01–M45 for McCain); played cards go to your discard.
**draft** — you see three cards of your 45 at a time, keep one, and the other two leave the game face down.
**starting states** — the two states you pick secretly among those with your colour (blue Obama, red McCain) on the back.
**hand limit** — `draw` as your action only with fewer than 5 cards in hand; cards that make you draw have no limit.
**cost** — some cards ask you to discard other cards from your hand to play them ("any number" allows none).
**support** — a gain turns one of the opponent's blocks in a row to you, else one undecided block; a full row of yours gains nothing.
**undecided** — a white block no one has taken yet; once taken it is never undecided again.
**issue row** — each state has a Defense row and an Economy row of voter blocks; `O3 M1 U2` is a row of 3 Obama, 1 McCain and 2 undecided blocks.
**issue marker** — points to Defense (top two spaces) or Economy (bottom two); to shift a state moves it toward an issue.
**major issue** — the issue the marker points to; the other is the minor issue. A state is won the moment its major row is all one colour.
**key demographic** — one of the state's two voter groups; altering it switches to the other group.
**Demographic Support** — you take every undecided block of each state in play whose key demographic is that group.
**electoral votes (EV)** — what a won state scores; its winner picks the state that replaces it.
**Breaking News** — a news card drawn each time a new state enters play; it hits that state at once, even in the middle of another card.
**trailing candidate** — the side with fewer electoral votes (on a tie, the side whose turn it is not); some news let it choose.
**active player** — the side whose turn it is; some news let it choose.
**Media Support** — a card that stays on the table (one for both sides): its owner picks the state in play each Breaking News hits.
**Going Negative** — after a card with it, its player rolls a die; the opponent applies that result (GN1–GN6)."""


def _wait_in_words(data: dict[str, Any]) -> None:
    """A state's dump as stored while a wait kept its question's words in place of its facts: the prompt the words
    make from those facts, after the wait's kind, seat and choices."""
    wait = data.get("wait")
    if wait and "prompt" not in wait:
        data["wait"] = {"kind": wait["kind"], "seat": wait["seat"], "among": wait["among"],
                        "prompt": wait_asked(waits.ask(wait))}


def _in_words(data: dict[str, Any]) -> None:
    """A state's dump as stored while the state kept in words a wait's question, its outcome's reason and its last
    roll (after the wait kept its question's facts, only the reason and the roll: the layout's `later`)."""
    _wait_in_words(data)
    outcome_and_roll_in_words(data)


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
    evaluator = evaluate
    refusals, determinizer = refusals, determinize
    view_fn = staticmethod(view)
    silent = CMSilent()
    words = words  # the rules state facts; these words make them the lines, prompts and labels players read
    earlier_layout = EarlierLayout(posting_before="winner", restore=_in_words,
                                   later=(outcome_and_roll_in_words,), said_then=said_then)

    def search_favourite(self, state: Any, seat: str, rng: Rng) -> Action:
        """The move `hard` keeps unless its search finds a clearly better one (favourite.py)."""
        return favourite.favourite(state, seat, rng)

    def card(self, ref: str) -> CardText | None:
        return cardtext.card(ref)


RULESET = CampaignManager2008Ruleset()
