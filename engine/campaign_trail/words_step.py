"""Campaign Trail's step prompts in words, made from the question the rules state (facts_ask.py's StepAsk, filled by
prompts.py): the question with its counts and limits, headed by the card and action under way, or by the politick or
candidate ability whose paused effect asks, with its whole text. The refusals quote the question alone (`question`);
the rules never import this module."""
from __future__ import annotations

from typing import Callable

from engine.campaign_trail import effects
from engine.campaign_trail import facts_ask as f
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.words_cards import action_text, sentence
from engine.core.words import plural


def prompt(q: f.StepAsk) -> str:
    """The step's question headed by what asks it: the politick or ability with its whole text, or else the card
    and action under way with what the action does."""
    ask = question(q)
    if not q.action:
        text = _with_effects(q, ask)
    elif q.card:
        text = f"{q.action.replace('_', ' ').capitalize()} with #{q.card} {_c().card(q.card).name} — " \
               f"{action_text(q.card, q.action)}. {ask}"
    else:
        text = ask
    return "End of the game: " + text if q.final else text


def question(q: f.StepAsk) -> str:
    """The step's question alone, with which one of how many and the limits the answer must keep to."""
    step = q.step
    if step is None:
        return ""
    if isinstance(step, f.Rival):
        return {"flip_contributors": "Choose the rival whose contributors you flip.",
                "sway_minds": "Choose the rival whose registered voters you sway."}[q.action]
    return _SAID[type(step)](step)


def choice_labels(step: f.Choose) -> list[str]:
    """The options of a politick's choice, as its procedure labels them."""
    options = effects.procs()[step.proc][step.ip][1]["options"]
    return [options[i]["label"] for i in step.among]


def _with_effects(q: f.StepAsk, ask: str) -> str:
    """The question headed by the politick or ability asking it, with its whole text (and the politick a
    candidate's cost is paid for, with its text too)."""
    found: list[tuple[str, str]] = []
    for proc in q.effects:
        said = _effect(proc)
        if said not in found:
            found.append(said)
    if not found:
        return ask
    (name, text), rest = found[0], found[1:]
    who = f"{q.owner}'s " if q.owner else ""
    also = "".join(f" It is paid to play {n} — {sentence(x)}" for n, x in rest)
    return f"{who}{name} — {sentence(text)}{also} {ask}"


def _effect(proc: str) -> tuple[str, str]:
    """A politick's or candidate ability's name and whole text."""
    c = _c()
    if proc in c.politicks:
        return c.politicks[proc].name, c.politicks[proc].text
    side, cid = effects.CANDIDATE_ABILITIES.get(proc) or effects.DECLARED_ABILITIES[proc]
    return f"{c.candidates[cid].archetype} ({side})", getattr(c.candidates[cid], side).text


def _count(step: f.Step, *limits: str) -> str:
    """" (3 of 9; at most 3 in one state)": which one of how many (of at most how many where the seat may stop) and
    the limits given, or "" when there is none."""
    at = f"{step.at} of {'at most ' if step.optional else ''}{step.of}" if step.of else ""
    inner = [x for x in (at, *limits) if x]
    return f" ({'; '.join(inner)})" if inner else ""


# ---------------------------------------------------------------- a paused effect's questions


def _place(q: f.Place) -> str:
    limit = f"at most {q.per} in one state" if q.per > 1 else "at most 1 in each state" if q.per == 1 else ""
    return f"Place a voter{_count(q, limit)}" + (" or finish." if q.optional else ".")


def _choose(q: f.Choose) -> str:
    return f"{'Your party chooses' if q.party else 'Choose'}: " + " or ".join(choice_labels(q)) + "."


def _strike(q: f.Strike) -> str:
    cost = f"${q.cost}M each, you have ${q.money}M" if q.cost else ""
    return f"Pick a rival's voter to swap for one of yours{_count(q, cost)}" + (", or finish." if q.optional else ".")


def _pick_card(q: f.PickCard) -> str:
    return "Choose a card from your hand." if q.mine else "Choose a rival's politick in play."


def _pick_state(q: f.PickState) -> str:
    where = f" in the {_c().regions[q.region].name} region" if q.region else ""
    return f"Choose a state{where}{_count(q)}."


# ---------------------------------------------------------------- the turn's actions


def _travel(q: f.Travel) -> str:
    steps = f"move your pawn one state at a time ({q.steps} of {plural(q.most, 'move')} made)" if q.mode != "plane" else ""
    fly = "fly to a city" if q.mode != "steps" and not q.flown else ""
    return (" or ".join(x for x in (steps, fly) if x) or "stop").capitalize() + ", then `done`."


def _campaign(q: f.Campaign) -> str:
    limits = [f"{q.placed} of at most {q.cap} placed"]
    if q.per:
        limits.append(f"at most {q.per} in one state")
    limits.append(f"{plural(q.registered, 'registered voter')} left")
    if q.voter_cost >= 0:
        limits.append(f"${q.voter_cost}M a voter, you have ${q.money}M")
    return f"Place voters one at a time ({'; '.join(limits)}), then `done`."


def _advertise(q: f.Advertise) -> str:
    return (f"Buy an issue: one of your registered voters goes to each state showing it "
            f"({f'${q.cost}M' if q.cost else 'free'} the next, you have ${q.money}M; "
            f"{plural(q.registered, 'registered voter')} left; "
            f"{q.left} of {plural(q.on_card, 'issue')} on the card left), then `done`.")


def _ethics_due(q: f.EthicsDue) -> str:
    return f"Pay {plural(q.due, 'more voter')} from your ethically minded states ({q.there} there now), one at a time."


def _smear(q: f.Smear) -> str:
    limit = f", at most {q.per} in one state" if q.per else ""
    return f"Remove rival voters one at a time ({q.removed} of at most {q.cap} removed{limit}), then `done`."


def _mudsling(q: f.Mudsling) -> str:
    return (f"Choose an issue to sling mud on ({q.chosen} of {q.on_card} on the card chosen; the next costs "
            f"{q.cost} of your ethically minded voters, you have {q.have}), then `done`.")


def _suppress(q: f.Suppress) -> str:
    move = "Fly to a city" if q.plane else \
        f"Move your pawn one state at a time ({q.steps} of {plural(q.most, 'move')} made)"
    return f"{move}, then `done`: up to {plural(q.remove, 'rival voter')} are removed where you stop."


_SAID: dict[type[f.Step], Callable[..., str]] = {
    f.RegionFirst: lambda q: f"Choose a region first, then the state{_count(q)}.",
    f.Convert: lambda q: f"Convert a rival's voter in {_c().states[q.state].name} to one of yours, or finish.",
    f.Place: _place,
    f.Choose: _choose,
    f.Strike: _strike,
    f.PutBack: lambda q: "Choose one of the cards you drew to put at the bottom of the deck.",
    f.OptionalCard: lambda q: "Play this card now (its action follows), or keep it in your hand (`done`).",
    f.PickCard: _pick_card,
    f.PickState: _pick_state,
    f.Travel: _travel,
    f.Campaign: _campaign,
    f.Advertise: _advertise,
    f.EthicsDue: _ethics_due,
    f.RemoveIn: lambda q: f"Choose whose voter to remove in {q.state} ({q.at} of {q.of}).",
    f.Smear: _smear,
    f.Mudsling: _mudsling,
    f.Suppress: _suppress,
}
