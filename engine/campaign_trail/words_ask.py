"""Campaign Trail's questions in words: the prompt and deadline default of each decision and the label, detail and
group (the region a state's choice is listed under) of each option, made from the facts the rules state
(facts_ask.py; a step's prompt is words_step.py's). The ruleset contract runs `ask` after the rules (engine/core/ruleset.py, `Words`); the rules, and
the silent path a search takes, never import this module."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from engine.campaign_trail import advanced_solo_content, effects, solo_content
from engine.campaign_trail import facts_ask as f
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.notation import STATE_VERBS
from engine.campaign_trail.primitives import region_heading
from engine.campaign_trail.wording import card_name
from engine.campaign_trail.words_cards import action_words, sentence, whole_text
from engine.campaign_trail.words_step import prompt as step_prompt
from engine.core.types import Decision, Option, word
from engine.core.words import plural

CHANGE_OF_PLANS = "change_of_plans"
AUTOPASS = ("Pass, and stop asking me", "Every later response window passes for you (undo on your turn: responses ask)")
Labeller = Callable[[Any, Option], tuple[str, str]]


def ask(decision: Decision) -> Decision:
    """Word a decision in place: its prompt and deadline default, and each option's label, detail and group."""
    question = decision.facts
    if not isinstance(question, f.Ask):
        return decision
    prompt, default, labeller = _QUESTIONS[type(question)]
    decision.prompt = prompt(question)
    decision.deadline_default = default(question)
    grouped = isinstance(question, (f.StepAsk, f.OratorAsk))  # menus of states, long enough to group
    for option in decision.all_options():
        label, detail = labeller(question, option)
        word(option, label, detail, state_group(option) if grouped else "")
    return decision


def state_group(option: Option) -> str:
    """The heading of a choice of one state (a voter there, a move or flight there, the state picked): its board
    region, which a long menu of states groups by; none for any other choice."""
    action = option.action
    if action.verb in STATE_VERBS and len(action.args) == 1 and action.args[0] in _c().states:
        return region_heading(action.args[0])
    return ""


def _state(code: str) -> str:
    return _c().states[code].name


# ---------------------------------------------------------------- setup and the exchange


def _candidate(q: f.CandidateAsk, o: Option) -> tuple[str, str]:
    cd = _c().candidates[o.action.args[0]]
    note = cd.solo_note
    shown = note is not None and (q.solo == "basic" or (q.solo == "advanced" and not note.basic_only))
    return f"{cd.archetype} ({cd.name})", " · ".join(
        x for x in (f"{plural(cd.registered, 'registered voter')}, ${cd.war_chest}M", f"Advantage: {cd.advantage.text}",
                    f"Disadvantage: {cd.disadvantage.text}", note.text if shown else "") if x)


def _home(q: f.HomeAsk, o: Option) -> tuple[str, str]:
    st = _c().states[o.action.args[0]]
    return f"{st.name} ({st.ev} EV)", ""


def _exchange_prompt(q: f.ExchangeAsk) -> str:
    return f"Exchange cards with {q.partner} one for one ({q.swaps} of {q.most} so far), then `done`."


def _exchange_default(q: f.ExchangeAsk) -> str:
    return "no (further) exchange" if not q.give else f"the first card listed is taken for {card_name(q.give)}"


def _exchange(q: f.ExchangeAsk, o: Option) -> tuple[str, str]:
    a = o.action
    if a.verb == "done":
        return "Done exchanging", ""
    n = int(a.args[0])
    if a.verb == "take":
        return f"Take {card_name(n)} for {card_name(q.give)}", whole_text(n)
    return f"Give {card_name(n)}", whole_text(n)


# ---------------------------------------------------------------- the turn


def _play(q: f.PlayAsk, o: Option) -> tuple[str, str]:
    a = o.action
    if a.verb == "pass":
        return "No cards: pass the turn", ""
    if a.verb == "responses":
        return "Ask me in response windows again", "Rivals' plays will ask you about response cards again"
    return card_name(a.args[0]), whole_text(int(a.args[0]))


def _action(q: f.ActionAsk, o: Option) -> tuple[str, str]:
    verb = o.action.verb
    if verb == "done":
        return "No action possible: discard the card", ""
    return verb.replace("_", " ").capitalize(), action_words(q.card, verb)


_STEP_DEFAULTS = {"first": "the first choice listed", "stop": "the move stops here",
                  "paid": "once it is paid for, the action stops here; until then the first choice listed"}


@lru_cache(maxsize=None)
def _city_of(code: str) -> str:
    return next(city.name for city in _c().cities.values() if city.state == code)


def _step(q: f.StepAsk, o: Option) -> tuple[str, str]:
    c, a, x = _c(), o.action, o.facts
    verb, args = a.verb, a.args
    if verb == "done":
        return ("Stop here" if isinstance(x, f.Stop) else "Done"), ""
    if verb == "region":
        return c.regions[args[0]].name, ""
    if verb == "option" and isinstance(x, f.Picks):
        return effects.procs()[x.proc][x.ip][1]["options"][x.index]["label"], ""
    if verb == "card":
        n = int(args[0])
        if isinstance(x, f.Tabled):
            pol = c.politicks[x.politick]
            return card_name(n), f"{pol.name} — {pol.text}"
        return card_name(n), whole_text(n)
    if verb == "remove" and isinstance(x, f.There):
        return f"A {args[1]} voter in {_state(args[0])} ({x.count} there)", ""
    if verb == "pay" and isinstance(x, f.There):
        return f"Pay a voter in {_state(args[0])} ({x.count} there)", ""
    if verb == "vote":
        return (f"A voter in {_state(args[0])}" if q.action == "campaign" else _state(args[0])), ""
    if verb == "pick":
        return _state(args[0]), ""
    if verb == "to":
        return f"Move to {_state(args[0])}", ""
    if verb == "fly":
        return f"Fly to {_city_of(args[0])}", ""
    if verb == "mate" and isinstance(x, f.Mate):
        return f"Let {x.seat} make this move", ""
    if verb == "issue" and isinstance(x, f.Buys):
        return f"{c.debate_issues[args[0]].name}: {f'${x.cost}M' if x.cost else 'free'}, {plural(x.voters, 'voter')}", ""
    if verb == "issue" and isinstance(x, f.Slings):
        where = " ".join(c.issue_states(args[0]))
        return f"{c.debate_issues[args[0]].name}: {plural(x.cost, 'ethics voter')}, 2 off in {where}", ""
    if verb == "target" and isinstance(x, f.Targets):
        return _target(q.action, args[0], x), ""
    return a.notation(), ""


def _target(action: str, rival: str, x: f.Targets) -> str:
    flip = action == "flip_contributors"
    if x.ai:
        return (f"take ${x.amount}M from the bank ({rival} is an AI party)" if flip
                else f"sway {plural(x.amount, 'voter')} off {rival}'s register track ({x.registered} there)")
    what = f"take ${x.amount}M" if flip else f"sway {plural(x.amount, 'registered voter')}"
    return f"{what} from {rival} (${x.money}M, {x.registered} registered)"


# ---------------------------------------------------------------- windows and debates


def _window_prompt(q: f.WindowAsk) -> str:
    return (f"{q.actor} declares {q.action.replace('_', ' ')} with {card_name(q.card)} "
            f"— {sentence(action_words(q.card, q.action))} Respond, or pass.")


def _response(q: f.WindowAsk, o: Option) -> tuple[str, str]:
    a = o.action
    if a.verb == "pass":
        return "Pass", ""
    if a.verb == "autopass":
        return AUTOPASS
    c = _c()
    n = int(a.args[0])
    politick = c.politicks[c.card(n).actions.get("politick")]
    return f"{card_name(n)} — {politick.name}", politick.text


def _ai_card(q: f.ChangeOfPlansAsk) -> Any:
    if q.deck == "basic":
        return solo_content.load().cards[q.card]
    return advanced_solo_content.load().decks[q.actor][q.card]


def _change_of_plans_prompt(q: f.ChangeOfPlansAsk) -> str:
    card = _ai_card(q)
    states = " ".join(f"{code}{t}" for code, t in card.direct.states.items())
    return (f"{q.actor} (AI) is about to act directly with {card.name} ({plural(card.direct.voters, 'voter')} in "
            f"each of {states} below its threshold): respond, or pass.")


def _change_of_plans(q: f.ChangeOfPlansAsk, o: Option) -> tuple[str, str]:
    a = o.action
    if a.verb == "pass":
        return "Pass", ""
    if a.verb == "autopass":
        return AUTOPASS
    politick = _c().politicks[CHANGE_OF_PLANS]
    return f"{card_name(a.args[0])} — {politick.name}", f"{politick.text} Against an AI party: it registers instead."


def _debate_prompt(q: f.DebateAsk) -> str:
    return f"Debate {q.number}, round {q.round} of {q.rounds}: play a card showing an issue in the arena, or pass."


def _debate(q: f.DebateAsk, o: Option) -> tuple[str, str]:
    a = o.action
    if a.verb == "pass":
        return "Pass this debate round", ""
    c = _c()
    n = int(a.args[0])
    return card_name(n), ", ".join(c.debate_issues[i].name for i in c.card(n).debate)


def _orator_prompt(q: f.OratorAsk) -> str:
    """The Orator's pick, with the ability's text and which of the party's track markers this one is."""
    c = _c()
    orator = c.candidates["orator"]
    at = f" ({q.at} of {q.total})" if q.total > 1 else ""
    return (f"{orator.archetype} — {orator.advantage.text} "
            f"Add 1 voter to a state showing {c.debate_issues[q.issue].name}{at}.")


def _orator(q: f.OratorAsk, o: Option) -> tuple[str, str]:
    return _state(o.action.args[0]), ""


def _said(text: str) -> Callable[[Any], str]:
    return lambda q: text


# question: (its prompt, its deadline default, its options' labels)
_QUESTIONS: dict[type[f.Ask], tuple[Callable[[Any], str], Callable[[Any], str], Labeller]] = {
    f.CandidateAsk: (_said("Keep one of your two candidates."), _said("the first candidate dealt is kept"), _candidate),
    f.HomeAsk: (_said("Choose your home state from the reference states in your hand."),
                _said("the listed home state with the most electoral votes"), _home),
    f.ExchangeAsk: (_exchange_prompt, _exchange_default, _exchange),
    f.PlayAsk: (_said("Your turn: play a card."),
                _said("the first card in hand is played for its first support action"), _play),
    f.ActionAsk: (lambda q: f"Take one action of {card_name(q.card)}.", _said("the first support action of the card"),
                  _action),
    f.StepAsk: (step_prompt, lambda q: _STEP_DEFAULTS[q.default], _step),
    f.WindowAsk: (_window_prompt, _said("pass"), _response),
    f.ChangeOfPlansAsk: (_change_of_plans_prompt, _said("pass"), _change_of_plans),
    f.DebateAsk: (_debate_prompt, _said("pass"), _debate),
    f.OratorAsk: (_orator_prompt, _said("the first state listed"), _orator),
}
