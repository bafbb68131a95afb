"""1960: The Making of the President in words: the prompt, deadline default and option labels of its decisions,
made from the facts the rules state (facts.py, built by menus.py), and its events' lines (words_tell.py). The
ruleset contract runs these after the rules (engine/core/ruleset.py, `Words`); the rules, and the silent path a
search takes, never import this module. The card vocabulary it speaks with is phrases.py's (also read by the
presenters from here)."""
from __future__ import annotations

from typing import Any, Callable

from engine.core.types import Decision, Event, Facts, Option, Outcome, word
from engine.core.words import plural
from engine.nineteen_sixty import facts as f
from engine.nineteen_sixty import facts_stages as fs
from engine.nineteen_sixty.content_models import NAMES
from engine.nineteen_sixty.legal import CANDIDATE
from engine.nineteen_sixty.phrases import (
    GLOSSARY,
    card_detail,
    card_text,
    effect,
    event_words,
    rest_words,
    signed,
    support_words,
    tally_reason,
    travel_name,
)
from engine.nineteen_sixty.primitives import (
    c,
    card,
    card_label,
    issue_name,
    region_crossings,
    region_name,
    region_of,
    side_of,
)
from engine.nineteen_sixty.words_tell import PRIVATE, line, private, told

__all__ = ["GLOSSARY", "ask", "card_text", "conclude", "effect", "tell"]

# ---------------------------------------------------------------- events


def tell(events: list[Event]) -> list[Event]:
    """Word each event that states facts (words_tell.py), in place: its public line, or the seat's private one. An
    event given in words only passes as it is."""
    for event in events:
        x = event.facts
        if x is None or not told(x):
            continue
        if isinstance(x, PRIVATE):
            event.private = private(x)
        else:
            event.public = line(x)
    return events


def conclude(outcome: Outcome) -> Outcome:
    """The outcome's reason, from the final tally that decided it."""
    x = outcome.facts
    assert isinstance(x, fs.Tallied), x
    return outcome.model_copy(update={"reason": tally_reason(x.votes, x.won, x.cubes)[1]})


# ---------------------------------------------------------------- decisions

Labeller = Callable[[Decision, Any, Option], tuple[str, str, str]]


def ask(decision: Decision) -> Decision:
    """Word a decision in place: its prompt and deadline default from its question, each option's label, detail and
    group (the region a state's choice is listed under)."""
    question = decision.facts
    if not isinstance(question, f.Ask):
        return decision
    prompt, labeller = _QUESTIONS[type(question)]
    decision.prompt, decision.deadline_default = prompt(question), question.default
    for option in decision.all_options():
        label, detail, group = labeller(decision, question, option)
        word(option, label, detail, group)
    return decision


def _state_group(code: str) -> str:
    return region_name(region_of(code))


def _card_option(card_id: int) -> tuple[str, str, str]:
    """A card to choose: its id and name as the label, its numbers and whole effect as the detail."""
    return card_label(card_id), card_detail(card_id, rest=False), ""


# ---------------------------------------------------------------- prompts


_PICKS = {"state": "Choose a state for the event.", "region": "Choose a region for the event.",
          "issue": "Choose an issue for the event.", "card": "Choose a card to discard."}


def wait_question(x: f.WaitAsk) -> str:
    """The effect's own question: whose support goes where, which endorsement to place, or just what to pick."""
    if x.loser is not None:
        return (f"{NAMES[x.loser]} loses support in the {region_name(x.region or '')}: pick a state to take 1 from "
                f"({x.left} to go).")
    if x.endorsement is not None:
        return f"“{c().endorsements[x.endorsement].name}”: endorse {NAMES[x.endorsed or '']} in which region?"
    return _PICKS[x.pick]


def _wait_prompt(x: f.WaitAsk) -> str:
    """An event's choice as asked: the card whose event it is (where a card started the effect) and its whole
    effect around the effect's own question."""
    if x.card is None:
        return wait_question(x)
    return f"{card_label(x.card)} — {wait_question(x)} The event: {effect(x.card)}"


def _window_prompt(x: f.WindowAsk) -> str:
    return (f"{x.rival} played {card_label(x.card)} for its campaign points. Trigger its event for "
            f"{c().rules.trigger_cost} momentum (you have {x.momentum})? The event: {effect(x.card)}")


def _activity_prompt(x: f.ActivityAsk) -> str:
    return ("Play a card for its event, or for its CP to campaign, advertise or position."
            + (" A card's rest moves that many of your cubes into the bag, however it is played." if x.rest else ""))


def _how_prompt(x: f.HowAsk) -> str:
    return (f"Preempted: now use the CP of {card_label(x.card)}." if x.preempted
            else f"Play the VP card — its event or its CP. {event_words(x.card)}")


def _amount_prompt(x: f.AmountAsk) -> str:
    return f"How many CP in {x.state}? " + ("It needs support checks: they are declared now and drawn at once."
                                            if x.checks else "Each adds one cube.")


def _campaign_prompt(x: f.CampaignAsk) -> str:
    return (f"Campaign: {x.cp_left} CP left, your token in {travel_name(x.here)}. `add ST` then the CP to spend "
            "there (checks where your rival carries it or his token stands, unless you have media in the region), "
            "`travel R` to cross into another region, `done`.")


def _strategy_prompt(x: f.StrategyAsk) -> str:
    return (f"Campaign Strategy: set aside {x.left} more card{'s' if x.left > 1 else ''} face down (for the "
            f"{'Debates' if x.debates else 'Election Day'}); the rest are discarded.")


def _place_prompt(x: f.PlaceAsk) -> str:
    return (f"You won {issue_name(x.issue)}: place {x.left} state support cube{'s' if x.left != 1 else ''} "
            "anywhere (no checks).")


def _side_prompt(x: f.SideAsk) -> str:
    return f"{card_label(x.card)} shows both candidates: place it on whose side of {issue_name(card(x.card).debate_issue)}?"


def _round_prompt(x: f.RoundAsk) -> str:
    return f"Debate round {x.round}: pick a card to reveal (open issues: {', '.join(issue_name(i) for i in x.open)})."


# ---------------------------------------------------------------- option labels: (label, detail, group)


def _use_words(option: Option) -> tuple[str, str, str]:
    """One way to use a card (or the candidate card): a short label (the card, then the use: the options read
    card by card), the whole effect in the detail."""
    arg, verb = option.action.args
    x = option.facts if isinstance(option.facts, f.Use) else f.Use()
    is_candidate = arg == CANDIDATE
    cp = c().rules.candidate_cp if is_candidate else card(int(arg)).cp
    name = "Candidate card" if is_candidate else card_label(int(arg))
    gets = f" · {rest_words(x.rest, explain=False)}" if x.rest else ""
    if verb == "event":
        if x.spent:
            words, detail = ("event (no effect: the Debates are over)",
                             f"Played now, the card only leaves the game. {effect(int(arg))}")
        else:
            words, detail = "event", effect(int(arg))
    elif verb == "campaign":
        words = f"campaign, {cp} CP"
        detail = "add support in your token's region, travel" + (" (costs 1 momentum)" if x.knee else "")
    elif verb == "advertise":
        words, detail = f"advertise, {cp} CP", f"{plural(cp, 'support check')} for media cubes"
    elif verb == "position":
        words, detail = f"position, {cp} CP", "issue support: 1 CP for the first cube, 2 for more"
    else:
        words, detail = "preempt, then its CP", "pay 2 momentum so your rival cannot trigger its event"
    return f"{name} — {words}", detail + gets, ""


def _wait_option(d: Decision, x: f.WaitAsk, o: Option) -> tuple[str, str, str]:
    value = o.action.args[0]
    if x.pick == "state":
        return f"{c().states[value].name} ({value})", "", _state_group(value)
    if x.pick == "region":
        return region_name(value), "", ""
    if x.pick == "issue":
        return issue_name(value), "", ""
    return _card_option(int(value))


def _window_option(d: Decision, x: f.WindowAsk, o: Option) -> tuple[str, str, str]:
    if o.action.verb == "trigger":
        return f"Trigger {card_label(x.card)}", effect(x.card), ""
    return "Pass", "", ""


def _initiative_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    who = o.action.args[0]
    return f"{who} ({NAMES[side_of(who)]}) starts" + (" (you)" if who == d.seat else ""), "", ""


def _activity_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    if o.action.verb == "play":
        return _use_words(o)
    if o.action.verb == "vp" and isinstance(o.facts, f.VpDiscard):
        return (f"VP card: discard {card_label(int(o.action.args[0]))}", f"play {card_label(o.facts.card)} instead",
                "")
    return "Pass", "no card may be played", ""


def _how_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    return _use_words(o)


def _support_of(o: Option) -> f.Support:
    return o.facts if isinstance(o.facts, f.Support) else f.Support(value=0)


def _amount_option(d: Decision, x: f.AmountAsk, o: Option) -> tuple[str, str, str]:
    n = int(o.action.args[0])
    return (f"{n} CP in {x.state}" + (f" ({plural(n, 'check')})" if x.checks else ""),
            support_words(x.state, _support_of(o).value), "")


def _stop_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    code = o.action.args[0]
    return f"{c().states[code].name} ({code})", support_words(code, _support_of(o).value), _state_group(code)


def _campaign_option(d: Decision, x: f.CampaignAsk, o: Option) -> tuple[str, str, str]:
    verb, args = o.action.verb, o.action.args
    if verb == "add":
        s = _support_of(o)
        return args[0] + (" (checks)" if s.checks else ""), support_words(args[0], s.value), _state_group(args[0])
    if verb == "travel":
        return f"Travel to {travel_name(args[0])} ({region_crossings(x.here, args[0])} CP)", "", ""
    return "Done", f"{x.cp_left} CP left unspent", ""


def _standing_of(o: Option) -> f.Standing:
    return o.facts if isinstance(o.facts, f.Standing) else f.Standing(value=0)


def _advertise_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    return f"{region_name(o.action.args[0])} ({signed(_standing_of(o).value)})", "", ""


def _position_option(d: Decision, x: f.PositionAsk, o: Option) -> tuple[str, str, str]:
    if o.action.verb == "issue":
        s = _standing_of(o)
        return f"{issue_name(o.action.args[0])} +1 ({s.cost} CP)", f"now {signed(s.value)}", ""
    return "Done", f"{x.cp_left} CP left unspent", ""


def _swap_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    if o.action.verb == "swap":
        return f"Swap {issue_name(o.action.args[0])} and {issue_name(o.action.args[1])}", "", ""
    return "Keep the track", "", ""


def _reward_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    return ("1 momentum" if o.action.args[0] == "momentum" else "1 endorsement card"), "", ""


def _strategy_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    if o.action.verb == "strategy":
        return _card_option(int(o.action.args[0]))
    return "Set aside nothing", "no card in your hand may be set aside", ""


def _place_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    code = o.action.args[0]
    return f"{code} ({support_words(code, _support_of(o).value)})", "", _state_group(code)


def _first_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    return f"{o.action.args[0]} places first", "", ""


def _side_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    who = o.action.args[0]
    return f"{who}'s side ({NAMES[side_of(who)]})", "", ""


def _round_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    return _card_option(int(o.action.args[0]))


def _order_option(d: Decision, x: Any, o: Option) -> tuple[str, str, str]:
    side = o.facts.side if isinstance(o.facts, f.Owner) else ""
    return f"{card_label(int(o.action.args[0]))} ({NAMES[side]}'s)", "", ""


def _said(text: str) -> Callable[[Any], str]:
    return lambda x: text


# each question's prompt (a function of its facts) and the words of its options
_QUESTIONS: dict[type[Facts], tuple[Callable[[Any], str], Labeller]] = {
    f.WaitAsk: (_wait_prompt, _wait_option),
    f.WindowAsk: (_window_prompt, _window_option),
    f.InitiativeAsk: (_said("You have the initiative: who plays first in every activity phase this turn?"),
                      _initiative_option),
    f.ActivityAsk: (_activity_prompt, _activity_option),
    f.HowAsk: (_how_prompt, _how_option),
    f.AmountAsk: (_amount_prompt, _amount_option),
    f.StopAsk: (_said("Your token travelled: in which state of the region does it stop?"), _stop_option),
    f.CampaignAsk: (_campaign_prompt, _campaign_option),
    f.AdvertiseAsk: (lambda x: f"Place {x.to_place} media cube{'s' if x.to_place != 1 else ''} won by advertising.",
                     _advertise_option),
    f.PositionAsk: (lambda x: f"Position on issues: {x.cp_left} CP left.", _position_option),
    f.SwapAsk: (_said("You have more media support: swap two adjacent issues on the Issues Track, or keep it."),
                _swap_option),
    f.RewardAsk: (lambda x: f"You lead {issue_name(x.issue)}, the second issue: take 1 momentum or 1 endorsement.",
                  _reward_option),
    f.StrategyAsk: (_strategy_prompt, _strategy_option),
    f.PlaceAsk: (_place_prompt, _place_option),
    f.FirstAsk: (_said("Both revealed cards show both candidates: who places a card first?"), _first_option),
    f.SideAsk: (_side_prompt, _side_option),
    f.RoundAsk: (_round_prompt, _round_option),
    f.OrderAsk: (_said("You have the initiative: which Election Day event resolves next?"), _order_option),
}
