"""Campaign Trail's cards in words: what each action of a card does, in the short form a menu or a step's prompt
shows and in full (a politick with its whole text), and a card's actions in one line. The prompts and labels
(words_ask.py, words_step.py), the views and the card texts read them; the rules never import this module."""
from __future__ import annotations

from functools import lru_cache

from engine.campaign_trail import wording
from engine.campaign_trail import vocabulary
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.dirty import MUDSLING_ETHICS, MUDSLING_REMOVE, SMEAR_ETHICS, SMEAR_MAX
from engine.campaign_trail.moves import ADVERTISE_COST, CAMPAIGN_COST, CAMPAIGN_MAX
from engine.core.words import plural


def action_text(number: int, action: str) -> str:
    """What one action of the card does, in short: "+$30M", "up to 3 states"; a politick by its name."""
    if action in vocabulary.DIRTY_ACTIONS:
        return _dirty_text(number, action)
    a = _c().card(number).actions
    if action == "travel":
        tr = a.travel
        return {"steps": f"up to {plural(tr.states, 'state')}", "plane": "fly to a city", "plane_plus": "fly to a city and 1 more state",
                "steps_or_plane": f"up to {plural(tr.states, 'state')} or fly"}[tr.mode]
    if action == "fundraise":
        return f"+${a.fundraise}M"
    if action == "register":
        return f"+{plural(a.register_, 'registered voter')}"
    if action == "campaign":
        where = "your home region" if a.campaign.home_region else " ".join(a.campaign.states)
        return f"up to {CAMPAIGN_MAX} registered voters among {where} (${CAMPAIGN_COST}M)"
    if action == "advertise":
        names = ", ".join(_c().debate_issues[i].name for i in a.advertise)
        return f"{names} (${ADVERTISE_COST}M an issue)"
    return _c().politicks[a.politick].name


def _dirty_text(number: int, action: str) -> str:
    a = _c().card(number).actions
    if action == "voter_suppression":
        vs = a.voter_suppression
        move = "fly to a city" if vs.mode == "plane" else f"move up to {plural(vs.states, 'state')}"
        return f"{move}, then remove {plural(vs.remove, 'rival voter')} there"
    if action == "flip_contributors":
        return f"take ${a.flip_contributors}M from a rival"
    if action == "sway_minds":
        return f"a rival loses {plural(a.sway_minds, 'registered voter')}, you gain {a.sway_minds}"
    if action == "dirty_tricks":
        return _c().politicks[a.dirty_tricks].name
    if action == "smear_campaign":
        return f"{' '.join(a.smear_campaign)}: pay {SMEAR_ETHICS} ethics voters, remove up to {SMEAR_MAX}"
    issues = ", ".join(_c().debate_issues[i].name for i in a.mudslinging)
    return f"{issues}: {MUDSLING_ETHICS} ethics voters an issue, remove {MUDSLING_REMOVE} where it shows"


@lru_cache(maxsize=None)
def action_words(number: int, action: str) -> str:
    """One action of the card as its menu shows it; a politick or dirty trick with its whole text."""
    c = _c()
    if action in ("politick", "dirty_tricks"):
        p = c.politicks[c.card(number).actions.get(action)]
        return f"{p.name} — {p.text}"
    return action_text(number, action)


def card_lines(number: int) -> list[str]:
    """The card's actions, one line each: "Politick: Stadium Rally — …" (what `card N` shows)."""
    return [f"{a.replace('_', ' ').capitalize()}: {action_words(number, a)}" for a in _c().card(number).actions.present()]


@lru_cache(maxsize=None)  # the content's words never change, and every card in hand is worded at every step
def whole_text(number: int) -> str:
    """The card's actions in one line (a menu option's detail)."""
    return wording.clauses(card_lines(number))


def sentence(text: str) -> str:
    """The text ending as a sentence does."""
    text = text.strip()
    return text if text.endswith((".", "!", "?", ".)")) else text + "."
