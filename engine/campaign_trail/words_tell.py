"""Campaign Trail's log lines in words, made from the facts its rules state (facts_tell.py, facts_dirty.py, and
facts_debates.py and facts_solo.py, whose lines words_debates.py and words_solo.py make). The ruleset contract runs
`tell` on a step's events before their lines are held for the turn's post (ruleset.py); the rules, and the silent
path a search takes, never import this module. An event worded already passes as it is."""
from __future__ import annotations

from functools import cache
from typing import Any, Callable

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import effects, words_debates, words_solo
from engine.campaign_trail import facts_dirty as fd
from engine.campaign_trail import facts_tell as f
from engine.campaign_trail.state import MONTHS
from engine.campaign_trail.wording import card_name
from engine.core.types import Event, Facts
from engine.core.words import plural


def tell(events: list[Event]) -> list[Event]:
    """Word each event that states facts and has no line yet: its public line, or the seats' private lines, in
    place; the events, for chaining."""
    for event in events:
        if event.facts is None or event.public is not None or event.private:
            continue
        if isinstance(event.facts, f.PrivateNotes):
            event.private = private(event.facts)
        else:
            event.public = line(event.facts)
    return events


def line(x: Facts) -> str:
    """The public line of one fact."""
    return _LINES[type(x)](x)


def private(x: f.PrivateNotes) -> dict[str, str]:
    """Each seat's private line: its notes, one after another."""
    return {seat: " ".join(_note(seat, note) for note in notes) for seat, notes in x.notes}


def _note(seat: str, x: f.Drawn | f.Swapped) -> str:
    if isinstance(x, f.Swapped):
        given, taken = card_name(x.given), card_name(x.taken)
        return f"You give {given} and take {taken}." if seat == x.seat else f"{x.seat} gives you {given} for {taken}."
    return ("After the debate you draw " if x.after_debate else "You draw ") + ", ".join(map(card_name, x.cards)) + "."


def reason(x: f.ElectionDay) -> str:
    """Why the election went as it did, as the game's outcome gives it."""
    why = {"most": "most electoral votes", "tied": "tied electoral votes; most states",
           "runoff": f"runoff: {x.removed}'s voters removed"}[x.reason]
    tally = ", ".join(f"{p} {n}" for p, n in x.ev)
    return f"{' and '.join(x.winners)} win{'s' if len(x.winners) == 1 else ''} the election ({why}): {tally}."


@cache
def _labels(proc: str, key: str) -> tuple[str, ...]:
    """The labels of an effect's choice, as its compiled ops give them."""
    for op in effects.procs()[proc]:
        if op[0] == "choose_one_pick" and op[1]["key"] == key:
            return tuple(op[1]["labels"])
    raise KeyError(f"{proc} has no choice {key}")


def _chosen(x: f.OptionChosen) -> str:
    pol = content_mod.load().politicks.get(x.proc)
    return f"{x.who} chooses to {_labels(x.proc, x.key)[x.option]}" + (f" ({pol.name})." if pol else ".")


def _politick(pid: str) -> str:
    return content_mod.load().politicks[pid].name


def _issue(issue: str) -> str:
    return content_mod.load().debate_issues[issue].name


def _tabled(x: f.PolitickTabled) -> str:
    when = "at the end of the game" if x.end_of_game else f"from {x.seat}'s next turn"
    return f"{x.seat} puts {_politick(x.politick)} on the table; it works {when}."


def _month_ended(x: f.MonthEnded) -> str:
    order = ", ".join(x.order)
    how = f"turn order stays {order}." if x.kept else f"turn order by electoral votes: {order}."
    return f"{MONTHS[x.month - 1]} ends. {MONTHS[x.month]} begins; {how}"


def _begins(x: f.PlayBegins) -> str:
    order = ", ".join(x.order)
    if x.table == "plain":
        return f"August begins. Turn order: {order}."
    return f"{'August' if x.table == 'advanced' else 'Solo Play'} begins. Turn order each round: {order} (AI parties first)."


def _candidate(x: f.CandidateShown) -> str:
    cd = content_mod.load().candidates[x.candidate]
    return f"{x.seat}: {cd.archetype} ({cd.name})."


_LINES: dict[type, Callable[[Any], str]] = {
    **words_debates.LINES,
    **words_solo.LINES,
    f.CandidateShown: _candidate,
    f.HandFilled: lambda x: f"{x.seat} draws up to {x.size} cards.",
    f.HomeShown: lambda x: f"{x.seat}'s home state is {x.state}.",
    f.PlayBegins: _begins,
    f.WindowOpened: lambda x: (f"{x.seat} declares {x.action.replace('_', ' ')} with {card_name(x.card)}. "
                               f"{', '.join(x.seats)} may respond."),
    f.Responded: lambda x: f"{x.seat} responds with {card_name(x.card)}: {_politick(x.politick)}.",
    f.ActAgain: lambda x: f"{x.seat} must take another action of {card_name(x.card)}.",
    f.AutoPassed: lambda x: (f"{x.seat} passes on {x.actor}'s {x.action.replace('_', ' ')} and will pass on every "
                             "response window from now on."),
    fd.SuppressionStarted: lambda x: f"{x.seat} sets out to suppress votes from {x.origin}.",
    fd.SmearStarted: lambda x: f"{x.seat} runs a smear campaign in {' '.join(x.states)}.",
    fd.MudStarted: lambda x: f"{x.seat} slings mud ({', '.join(_issue(i) for i in x.issues)}).",
    fd.MudSlung: lambda x: f"{x.seat} slings mud on {_issue(x.issue)} ({' '.join(x.states)}).",
    fd.DirtyHandsPaid: lambda x: f"{x.seat} pays ${x.amount}M for getting their hands dirty.",
    fd.ContributorsFlipped: lambda x: f"{x.seat} flips {x.target}'s contributors: ${x.amount}M changes sides.",
    fd.MindsSwayed: lambda x: (f"{x.seat} sways minds: {x.target} loses {plural(x.lost, 'registered voter')}, "
                              f"{x.party} gains {x.gained}."),
    fd.EthicsPaid: lambda x: f"{x.seat} pays {x.count} voter{'s' if x.count > 1 else ''} in {x.state}.",
    fd.VotersStruck: lambda x: f"{x.who} loses {x.count} voter{'s' if x.count > 1 else ''} in {x.state}.",
    f.ElectionDay: lambda x: "Election Day. " + reason(x),
    f.OptionChosen: _chosen,
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
    f.PolitickAnswered: lambda x: f"{_politick(x.politick)} ({x.owner}): {' and '.join(words_solo.gain(g) for g in x.gains)}.",
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
