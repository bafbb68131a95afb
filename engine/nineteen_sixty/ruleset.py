"""The 1960: The Making of the President ruleset object: the engine contract wired to this game's modules."""
from __future__ import annotations

from typing import Any

from engine.core.earlier_layouts import EarlierLayout
from engine.core.ruleset import ModuleRuleset
from engine.core.rng import Rng
from engine.core.types import Action, ApplyResult, CardText
from engine.nineteen_sixty import bot, determinize, earlier, evaluate, favourite, notation, refusals, rules, waits, words
from engine.nineteen_sixty.facts import WaitAsk
from engine.nineteen_sixty.phrases import tally_reason
from engine.nineteen_sixty.primitives import tally_of
from engine.nineteen_sixty.scenario_adapter import NSScenarioAdapter
from engine.nineteen_sixty.silent import NineteenSixtySilent
from engine.nineteen_sixty.state import SEATS, NSState, Options
from engine.nineteen_sixty.views import view
from engine.nineteen_sixty.words import GLOSSARY, card_text, wait_question

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
Election Day (turn 9). Choices events ask for: `pick OH`. Options: `vp=on` (Johnson and Lodge), `restricted=on`.

""" + GLOSSARY


def _wait_in_words(data: dict[str, Any]) -> None:
    """A state's dump as stored while a wait kept its question's words in place of its facts: the effect's own
    question the words make from those facts, after the wait's kind, seat and choices."""
    wait = data.get("wait")
    if wait and "prompt" not in wait:
        data["wait"] = {"kind": wait["kind"], "seat": wait["seat"], "among": wait["among"],
                        "prompt": wait_question(WaitAsk(default="", **waits.fields(wait)))}


def _reason_in_words(data: dict[str, Any]) -> None:
    """A state's dump as stored while the state kept the outcome's reason in words: last of its fields, empty until
    the game is over, then the reason the words make from the final tally."""
    over = data.get("phase") == "over"
    data["reason"] = tally_reason(*tally_of(data["support"], data["unawarded"]))[1] if over else ""


def _stored_then(data: dict[str, Any]) -> None:
    """A state's dump as stored while it kept its wait's question, the outcome's reason and the last draws in
    words."""
    _reason_and_draws_in_words(data)
    _wait_in_words(data)


def _reason_and_draws_in_words(data: dict[str, Any]) -> None:
    """A state's dump as stored while it kept the outcome's reason and the last draws in words."""
    _reason_in_words(data)
    earlier.draws_then(data)


class NineteenSixtyRuleset(ModuleRuleset):
    name = "nineteen_sixty"
    title = "1960: The Making of the President"
    min_seats = 2
    max_seats = 2
    seats = SEATS
    options_model = Options
    help = HELP
    scenario_adapter = NSScenarioAdapter
    rules, notation, bot = rules, notation, bot
    refusals, determinizer = refusals, determinize
    evaluator = evaluate
    view_fn = staticmethod(view)
    silent = NineteenSixtySilent()
    # stored with the posting and every word, then (later) with waits in facts but the reason and the last draws
    # still in words, then with the last draws and a paused Election Day event's reason in words, then that alone;
    # its lines as worded then
    earlier_layout = EarlierLayout(posting_before="votes", restore=_stored_then,
                                   later=(_reason_and_draws_in_words, earlier.draws_then, earlier.reason_then),
                                   said_then=earlier.said_then)
    words = words  # the rules state facts; these words make them the prompts and labels players read

    def setup(self, options: dict[str, Any], seats: list[str], seed: int) -> NSState:
        return rules.setup(options, seats, seed).state  # type: ignore[return-value]

    def start(self, options: dict[str, Any], seats: list[str], seed: int) -> ApplyResult:
        result = rules.setup(options, seats, seed)
        result.events = words.tell(result.events)  # the opening lines, worded, wait for the first post
        return result

    def search_favourite(self, state: Any, seat: str, rng: Rng) -> Action:
        """The move `hard` keeps unless its search finds a clearly better one: the rule of thumb's, with CP spent
        on state support where the evaluation says it raises the chance of winning most (favourite.py)."""
        return favourite.favourite(state, seat, rng)

    def card(self, ref: str) -> CardText | None:
        """A campaign card's whole text by its number (`23`), or a candidate card's by its seat (`KEN`)."""
        return card_text(ref)


RULESET = NineteenSixtyRuleset()
