"""Campaign Trail's log lines in words, made from the facts its rules state (facts_tell.py). The ruleset contract
runs `tell` on a step's events before their lines are held for the turn's post (ruleset.py); the rules, and the
silent path a search takes, never import this module. A line the rules give in words already passes as it is."""
from __future__ import annotations

from typing import Any, Callable

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import facts_tell as f
from engine.campaign_trail.state import MONTHS
from engine.campaign_trail.wording import card_name
from engine.core.types import Event, Facts
from engine.core.words import plural


def tell(events: list[Event]) -> list[Event]:
    """Word each event that states facts and has no line yet: its public line, in place; the events, for chaining."""
    for event in events:
        if event.facts is not None and event.public is None:
            event.public = line(event.facts)
    return events


def line(x: Facts) -> str:
    """The public line of one fact."""
    return _LINES[type(x)](x)


def _politick(pid: str) -> str:
    return content_mod.load().politicks[pid].name


def _gain(g: f.Gain) -> str:
    if g.what == "cards":
        return f"{plural(g.amount, 'card')} for {g.who}"
    return f"{g.who} +${g.amount}M" if g.what == "money" else f"{g.who} +{g.amount} registered"


def _tabled(x: f.PolitickTabled) -> str:
    when = "at the end of the game" if x.end_of_game else f"from {x.seat}'s next turn"
    return f"{x.seat} puts {_politick(x.politick)} on the table; it works {when}."


def _month_ended(x: f.MonthEnded) -> str:
    order = ", ".join(x.order)
    how = f"turn order stays {order}." if x.kept else f"turn order by electoral votes: {order}."
    return f"{MONTHS[x.month - 1]} ends. {MONTHS[x.month]} begins; {how}"


_LINES: dict[type, Callable[[Any], str]] = {
    f.CandidateChosen: lambda x: f"{x.seat} has chosen a candidate.",
    f.HomeChosen: lambda x: f"{x.seat} has chosen a home state.",
    f.AskedAgain: lambda x: f"{x.seat} will be asked in response windows again.",
    f.CardPlayed: lambda x: f"{x.seat} plays {card_name(x.card)}.",
    f.TurnPassed: lambda x: f"{x.seat} has no cards and passes.",
    f.Fundraised: lambda x: f"{x.seat} fundraises ${x.amount}M.",
    f.Registered: lambda x: f"{x.who} registers {plural(x.count, 'voter')}.",
    f.Campaigned: lambda x: f"{x.seat} campaigns (${x.cost}M) in {' '.join(x.states)}.",
    f.TravelStarted: lambda x: f"{x.seat} travels from {x.origin}.",
    f.AdvertiseStarted: lambda x: f"{x.seat} advertises.",
    f.PawnMoved: lambda x: f"{x.seat} {'flies' if x.flown else 'moves'} to {x.state}.",
    f.MateMoves: lambda x: f"{x.seat} lets {x.mate} make the move (Frequent Flyer).",
    f.VoterPlaced: lambda x: f"{x.who} puts a voter in {x.state}.",
    f.Advertised: lambda x: (f"{x.seat} advertises on {content_mod.load().debate_issues[x.issue].name}: "
                             f"a voter in {' '.join(x.states)}."),
    f.PolitickTaken: lambda x: f"{x.seat} takes the {'dirty trick' if x.dirty else 'politick'} {_politick(x.politick)}.",
    f.PolitickTabled: _tabled,
    f.ConnectionsPaid: lambda x: (f"Connections ({x.seat}): {x.holder} (AI) holds {x.state}; no one gains $10M."
                                  if x.ai else f"Connections ({x.seat}): {x.holder} holds {x.state} and gains $10M."),
    f.FavoriteSon: lambda x: f"Favorite Son ({x.seat}): a voter in {x.state}.",
    f.PolitickAnswered: lambda x: f"{_politick(x.politick)} ({x.owner}): {' and '.join(_gain(g) for g in x.gains)}.",
    f.PolitickTriggered: lambda x: f"{_politick(x.politick)} ({x.owner}) is triggered.",
    f.CardPutBack: lambda x: f"{x.seat} puts a card at the bottom of the {MONTHS[x.deck]} deck.",
    f.ExchangeOffered: lambda x: (f"{x.party}'s candidates share a region: {x.seat} may exchange up to 3 cards with "
                                  f"{x.partner}."),
    f.CardsExchanged: lambda x: f"{x.seat} and {x.partner} exchange a card.",
    f.ExchangeDone: lambda x: f"{x.seat} is done exchanging.",
    f.MonthEnded: _month_ended,
    f.FinalOpened: lambda x: "October is over. End-of-game politicks resolve in turn order.",
    f.FinalResolves: lambda x: f"{x.seat}'s {_politick(x.politick)} resolves.",
    f.Sabotaged: lambda x: f"{x.who} sabotages {x.victim}'s {_politick(x.politick)} ({card_name(x.card)}).",
    f.VotersInEach: lambda x: f"{x.who} puts {plural(x.count, 'voter')} in each of {' '.join(x.states)}.",
    f.VotersOffEach: lambda x: f"{x.who} loses {plural(x.count, 'voter')} in each of {' '.join(x.states)}.",
    f.Converted: lambda x: f"{x.who} converts a {x.victim} voter in {x.state}.",
    f.VotersPlaced: lambda x: f"{x.who} puts {plural(x.count, 'voter')} in {x.state}.",
    f.VotersLost: lambda x: f"{x.who} loses {plural(x.count, 'voter')} in {x.state}.",
    f.MoneyGained: lambda x: f"{x.who} gains ${x.amount}M.",
    f.MoneyPaid: lambda x: f"{x.who} pays ${x.amount}M.",
    f.MoneyHanded: lambda x: f"{x.payer} hands {x.payee} ${x.amount}M.",
    f.RegisteredHanded: lambda x: f"{x.payer} hands {x.payee} {plural(x.count, 'registered voter')}.",
    f.RegisteredGivenUp: lambda x: f"{x.who} gives up {plural(x.count, 'registered voter')}.",
    f.CardsDrawn: lambda x: f"{x.seat} draws {plural(x.count, 'card')}.",
    f.DiscardTaken: lambda x: f"{x.seat} takes {card_name(x.card)} from the discard pile.",
    f.CardTucked: lambda x: f"{x.seat} tucks a card face down under {_politick(x.politick)}.",
}
