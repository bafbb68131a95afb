"""Campaign Trail's debate lines in words, made from the facts its debates state (facts_debates.py); words_tell.py
gathers them. The rules never import this module."""
from __future__ import annotations

from typing import Any, Callable

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import facts_debates as f
from engine.campaign_trail.state import MONTHS
from engine.core.words import plural


def _issue(issue: str) -> str:
    return content_mod.load().debate_issues[issue].name


def _cards(numbers: tuple[int, ...]) -> str:
    return ", ".join(f"#{n} {content_mod.load().card(n).name}" for n in numbers)


def _markers(markers: tuple[f.MarkerAt, ...]) -> str:
    return ", ".join(f"{_issue(m.issue)} " + ("→ centre" if m.party is None else f"→ {m.party} {m.space}")
                     for m in markers)


def _opened(x: f.DebateOpened) -> str:
    c = content_mod.load()
    city, topic = c.debate_cities[x.city], c.debate_topics[x.topic]
    return (f"Debate {x.number} in {city.name} ({city.state}) on {topic.name}: {', '.join(x.seats)} debate, "
            f"in that order; each moves to {city.state} for free.")


def _debated(x: f.Debated) -> str:
    trails = f" Rabbit trail: {', '.join(_issue(i) for i in x.trails)}." if x.trails else ""
    return f"{x.seat} debates with #{x.card} {content_mod.load().card(x.card).name}: {_markers(x.markers)}.{trails}"


def _reaction(x: f.VoterReaction) -> str:
    placed = "; ".join(f"{n} in each state showing {_issue(issue)}" for n, issue in x.placed)
    return f"Voter reaction for {x.party}: {placed or 'no issue on its track'}."


LINES: dict[type, Callable[[Any], str]] = {
    f.DebateOpened: _opened,
    f.AiDebateMoved: lambda x: f"{x.party} (AI) moves {_markers(x.markers)}.",
    f.UnpreparedHit: lambda x: (f"{x.seat}'s Unprepared: {x.victim} ({x.target}) throws away "
                                f"{_cards(x.cards) or 'nothing'}; the card is discarded."),
    f.DebatePrepped: lambda x: f"{x.seat}'s Debate Prep: {x.seat} draws {plural(x.count, 'card')}; the card is discarded.",
    f.OratorVoter: lambda x: f"The Orator ({x.seat}): a voter in {x.state} for {_issue(x.issue)}.",
    f.DebatePassed: lambda x: f"{x.seat} passes in debate round {x.round}.",
    f.Debated: _debated,
    f.VoterReaction: _reaction,
    f.DebateOver: lambda x: f"The debate is over. {MONTHS[x.month]} play resumes: turn order {', '.join(x.order)}.",
}
