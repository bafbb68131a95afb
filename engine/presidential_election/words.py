"""Presidential Election in words: the prompt of each question a seat is asked and the label, detail and region of
each of its options, made from the facts the rules state (facts.py, filled by menus.py). Each prompt that asks about
a card names it with its whole effect (cardtext.py), and each Advantage card that changes a number the prompt shows.
The ruleset contract runs these after the rules (engine/core/ruleset.py, `Words`); the rules, and the silent path a
search takes, never import this module. Each event's line is words_tell.py's, made from the facts the rules state
(facts_tell.py); `tell` words a step's events and says runs of them as one line (words_runs.py)."""
from __future__ import annotations

from typing import Any, Callable

from engine.content import us_regions
from engine.core.types import Decision, Event, Facts, Option, Outcome, word
from engine.core.words import noun
from engine.presidential_election import facts as f
from engine.presidential_election import facts_tell as ft
from engine.presidential_election import words_runs, words_tell
from engine.presidential_election.cardtext import card_line, card_name
from engine.presidential_election.content import Content, load

ITEM_NAMES = {"ballot": "State ballot", "sign": "Sign Campaign", "tv": "Television Campaign", "fly": "Airfare"}
# How a two-player debate is settled (debates.hold_debate), said wherever one is offered.
DEBATE_HOW = "each rolls a d6; the higher takes the difference in votes from the other there, never a last vote"
AMONG = {"ballot": "whose ballot you are on", "ballot_not_home": "whose ballot you are on, not your home state",
         "off_ballot": "whose ballot you are not on yet"}
# What each purchase gives, and the Advantage hooks that change its price or votes (with how to say so).
ITEM_HOOKS = {"ballot": (("ballot_discount", "${value}k off"),), "sign": (("sign_bonus", "+{value} vote"),),
              "tv": (("tv_discount", "${value}k off"), ("tv_bonus", "+{value} votes")),
              "fly": (("airfare_discount", "${value}k off"),)}


def c() -> Content:
    return load()


def votes(n: int, more: str = "") -> str:
    """`1 vote`, `2 more votes`."""
    return f"{n} {more}{'vote' if n == 1 else 'votes'}"


def advantage_note(advantage: str, name: str, what: str) -> str:
    """`3 more from Advantage card A11 — Popular Running Mate` (`what` = "{value} more") when the Advantage card
    `advantage` has hook `name`, else ""."""
    card = c().advantages.get(advantage) if advantage else None
    if card is None or card.hook != name or not card.value:
        return ""
    return f"{what.format(value=card.value)} from {card_name(advantage)}"


def space_name(space: int) -> str:
    """`space 7, Running-Mate Shortlist`: a trail space as the log names it."""
    found = c().track[space]
    return f"space {found.index}, {found.label}"


# ---------------------------------------------------------------- events


def tell(events: list[Event]) -> list[Event]:
    """The step's events said as the table reads them, in place: each one's line from its facts (words_tell.py;
    a line told to its seat alone as that seat's), each run of like lines one counted line (words_runs.py), and the
    turn's news (`TurnNews`) told to its seats as the step's public lines. An event worded already passes as it is."""
    for event in events:
        x = event.facts
        if x is None or event.public or event.private or event.proof or isinstance(x, ft.TurnNews):
            continue
        told = words_tell.private(event.seat or "", x)
        if told is not None:
            event.private = {event.seat or "": told}
        else:
            event.public = words_tell.line(event.seat or "", x)
    events[:] = words_runs.merge(events)
    for event in events:
        if isinstance(event.facts, ft.TurnNews) and not event.private:
            news = "\n".join(e.public for e in events if e.public)
            if news:
                event.private = {seat: news for seat in event.facts.seats}
    return events


# ---------------------------------------------------------------- questions


def _gets(x: f.CardChoiceAsk) -> str:
    r = c().rules
    if x.use == "votes":
        return f"it gets {votes(x.n)}"
    if x.use == "ballot":
        return "you go on its ballot free, with 1 vote"
    if x.use == "sign":
        return f"a free Sign Campaign there ({r.sign_dice}d3 votes)"
    return f"a free Television Campaign there ({r.tv_dice}d3 votes)"


def _card_choice(x: f.CardChoiceAsk) -> str:
    """`Card C25 — Get Out The Vote: … Choose a state (2 of 3) whose ballot you are on, other than UT (already
    chosen for this card): it gets 1 vote.`"""
    if not x.total:  # not paused at a choice (cannot happen while an effect task waits): say the card at least
        return f"{card_line(x.card)} Choose a state."
    which = f" ({x.index} of {x.total})" if x.total > 1 else ""
    # the card's choices are different states: say which ones it took already (those the list leaves out)
    taken = f", other than {', '.join(x.taken)} (already chosen for this card)" if x.taken else ""
    return f"{card_line(x.card)} Choose a state{which} {AMONG[x.among]}{taken}: {_gets(x)}."


def _running_mate(x: f.RunningMateAsk) -> str:
    """Why a running mate, why this many votes, and where they may go."""
    r = c().rules
    base = r.vp_land_votes if x.landed else r.vp_pass_votes
    how = (f"you landed on {space_name(x.space)}, a Pick a VP space" if x.landed
           else "you passed a Pick a VP space on the Campaign Trail")
    other = f"passing one brings {r.vp_pass_votes}" if x.landed else f"landing on one brings {r.vp_land_votes}"
    bonus = advantage_note(x.advantage, "vp_bonus", "{value} more")
    return (f"Running mate: {how}, so you choose a running mate, who brings you {votes(base)} ({other})"
            f"{', and ' + bonus if bonus else ''}. "
            f"Place all {x.n} in one state whose ballot you are on — not your home state, since a running mate "
            f"comes from another state.")


def _debate_offer(x: f.DebateOfferAsk) -> str:
    """A debate the initiator may start or decline, and what started it."""
    if x.cause in c().cards:
        why = f"{card_line(x.cause)} Debate a rival who shares a ballot state with you"
    elif x.cause == "token":
        why = f"You landed on the Campaign Trail space where {x.target} stands: debate {x.target}"
    elif x.cause == "flight":
        why = f"You flew to {x.state}, where {x.target}'s map token stands: debate {x.target} there"
    else:
        why = f"You landed on {space_name(x.space)}, a Debate space: debate a rival who shares a ballot state with you"
    return f"{why} ({DEBATE_HOW}), or decline."


def _stake(x: f.StakeAsk) -> str:
    called = f"{card_line(x.card)} " if x.card else ""
    return (f"{called}National Debate: stake {votes(x.n, 'more ')}, one state at a time, never a state's "
            f"last vote; then everyone who staked rolls a d6 and the highest places the whole pot.")


def _advantage(x: f.AdvantageAsk) -> str:
    # The prompt is public (every view's `pending`) and the draw is private: the cards' names and whole texts
    # go only in the options, which only the drawer is shown.
    return (f"Keep one of the {x.offered} Advantage cards you drew (each option gives its whole text); its "
            f"ability lasts all game, and the others go back unseen.")


def _convention(x: f.ConventionAsk) -> str:
    note = advantage_note(x.advantage, "convention_plus", "{value} more at each Convention")
    return (f"Party Convention: get on up to {x.n} more {noun(x.n, 'ballot')} free, one at a time, each with 1 vote, "
            f"or `done`{' (' + note + ')' if note else ''}.")


def _free_tv(x: f.FreeTvAsk) -> str:
    return (f"Party Convention: you are on every ballot already, so you get a free Television Campaign "
            f"({c().rules.tv_dice}d3 votes) instead. Which state?")


def _campaign(x: f.CampaignAsk) -> str:
    note = advantage_note(x.advantage, "cap_plus", "${value}k more")
    return (f"Campaign: ${x.money}k in hand, ${x.spent}k of this turn's ${x.cap}k limit spent "
            f"(${x.cap - x.spent}k left{'; the limit includes ' + note if note else ''}). Buy, fly, or `done`.")


_PROMPTS: dict[type[Facts], Callable[[Any], str]] = {
    f.RollAsk: lambda x: "Roll for the playing order." if x.order else "Roll for the Campaign Trail.",
    f.PositionAsk: lambda x: "You play first: keep that, or play last in every round?",
    f.HomeAsk: lambda x: "Pick your home state.",
    f.AdvantageAsk: _advantage, f.StakeAsk: _stake, f.RunningMateAsk: _running_mate, f.ConventionAsk: _convention,
    f.FreeTvAsk: _free_tv,
    f.PlaceAsk: lambda x: f"{words_tell.why(x.cause)}: place {x.n} more {noun(x.n, 'vote')}, one at a time.",
    f.CardChoiceAsk: _card_choice, f.DebateOfferAsk: _debate_offer,
    f.DebateStateAsk: lambda x: f"Debate with {x.target}: name the state, one whose ballot you are both on.",
    f.BuyStateAsk: lambda x: f"{ITEM_NAMES[x.item]} (${x.price}k): which state?",
    f.CampaignAsk: _campaign,
}


def prompt(question: Facts | None) -> str:
    """What a seat is asked, in words ("" for no question)."""
    return "" if question is None else _PROMPTS[type(question)](question)


# ---------------------------------------------------------------- options


def ask(decision: Decision) -> Decision:
    """Word a decision in place: its prompt from its question, each option's label, detail and region."""
    question = decision.facts
    if question is not None:
        decision.prompt = prompt(question)
    places = _places()
    for option in (*decision.options, *decision.extras):
        x = option.facts
        if type(x) is f.Standing:
            _state_labelled(option, x, places)
        else:
            word(option, *option_words(option, question))
    return decision


def conclude(outcome: Outcome) -> Outcome:
    """The outcome with its reason, made from what decided the game."""
    if not isinstance(outcome.facts, ft.ElectionOver):
        return outcome
    return outcome.model_copy(update={"reason": words_tell.reason(outcome.facts)})


_places_of: list[Any] = [None, {}]  # [the content, each state's (name, region) by code]
_details: dict[tuple[int, tuple[tuple[str, int], ...]], str] = {}  # a standing's detail, by its electoral votes
_DETAILS_AT_MOST = 8192  # and its holders' votes


def _places() -> dict[str, tuple[str, str]]:
    """Each state's name and region by its code, read once per loaded content."""
    content = c()
    if _places_of[0] is not content:
        regions = us_regions()
        _places_of[:] = [content, {code: (info.name, regions[code]) for code, info in content.states.items()}]
    return _places_of[1]


def _state_labelled(option: Option, x: f.Standing, places: dict[str, tuple[str, str]]) -> None:
    """A state option: its name, its electoral votes and each holder's votes there, and the region a long menu lists
    it under. Set in place, as `word` does (a menu may list all 51 states at every decision)."""
    name, region = places[option.action.args[0]]
    key = (x.ev, x.votes)
    detail = _details.get(key)
    if detail is None:
        if len(_details) >= _DETAILS_AT_MOST:
            _details.clear()
        held = ", ".join(f"{seat} {n}" for seat, n in x.votes)
        detail = _details[key] = f"{x.ev} EV" + (f" · votes: {held}" if held else "")
    word(option, name, detail, region)


def option_words(option: Option, question: Facts | None) -> tuple[str, str]:
    """The label and detail of an option other than a state."""
    verb, args, x = option.action.verb, option.action.args, option.facts
    if isinstance(x, f.Purchase):
        item = args[0] if args else "fly"
        return f"{ITEM_NAMES[item]} (${x.price}k)", item_detail(item, x)
    if verb == "advantage":
        card = c().advantages[args[0]]
        return f"{args[0]} {card.title}", card.text
    if verb == "roll":
        return ("Roll a d6" if isinstance(question, f.RollAsk) and question.order else "Roll a d6 and move"), ""
    if verb == "done":
        return ("End the turn" if isinstance(question, f.CampaignAsk) else "No more ballots"), ""
    if verb == "debate":
        return f"Debate {args[0]}", ""
    return " ".join((verb, *args)), ""


def item_detail(item: str, x: f.Purchase) -> str:
    """A purchase's detail: what it gives, and which card changes it."""
    r = c().rules
    what = {"ballot": "get on a new state's ballot, with 1 vote",
            "sign": f"{r.sign_dice}d3 votes in a state whose ballot you are on",
            "tv": f"{r.tv_dice}d3 votes in a state whose ballot you are on",
            "fly": "move your map token to another state, once a turn"}[item]
    notes = [advantage_note(x.advantage, name, how) for name, how in ITEM_HOOKS[item]]
    if x.free:
        notes.append(f"free this turn from {card_name(x.free_card)}" if x.free_card else "free this turn")
    notes = [n for n in notes if n]
    return what + (f" ({'; '.join(notes)})" if notes else "")
