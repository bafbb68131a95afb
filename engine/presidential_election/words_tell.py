"""Presidential Election's log lines in words, made from the facts its rules state (facts_tell.py): `line` says one
event's facts as its seat's line, `private` the line told to the seat alone. words.py's `tell` runs them on a step's
events before words_runs.py says each run of like lines as one; the rules, and the silent path a search takes, never
import this module."""
from __future__ import annotations

from typing import Any, Callable

from engine.core.types import Facts
from engine.core.words import plural, with_article
from engine.presidential_election import facts_tell as f
from engine.presidential_election.content import Content, load
from engine.presidential_election.state import Roll

ITEMS = {"ballot": "ballot place", "sign": "Sign Campaign", "television": "Television Campaign"}
# Why votes, ballots or money changed, as the line says it in brackets (a cause not listed is said as it is).
WHY = {"running_mate": "running mate", "passing": "passing the running-mate space", "convention": "Party Convention",
       "card": "card", "debate_won": "debate won", "debate_lost": "debate lost", "stake": "National Debate stake",
       "national_debate": "National Debate", "handshakes": "handshakes where the map token stands",
       "hometown": "Advantage: hometown", "sign": "Sign Campaign", "television": "Television Campaign",
       "advantage": "Advantage", "press_coverage": "Advantage: press coverage",
       "fundraising_space": "Fundraising space", "fundraising": "fundraising"}
# What a roll was for, as a roll's line and the board's last dice say it.
ROLLED_FOR = {"opening_roll": "opening roll", "trail": "trail", "debate": "debate",
              "fundraising_space": "Fundraising space", "fundraising": "fundraising", "sign": "Sign Campaign",
              "tv": "Television Campaign", "recount": "recount", "house": "House of Representatives",
              "national_debate": "National Debate"}
CONTESTS = {"recount": "Recount", "house": "House of Representatives", "national_debate": "National Debate"}


def c() -> Content:
    return load()


def why(token: str) -> str:
    return WHY.get(token, token)


def line(seat: str, x: Facts) -> str:
    """The public line of one event's facts, `seat` its event's."""
    return _LINES[type(x)](seat, x)


def private(seat: str, x: Facts) -> str | None:
    """The line told to `seat` alone, for facts that only it may know (None for a public line's facts)."""
    said = _PRIVATE.get(type(x))
    return None if said is None else said(x)


# ---------------------------------------------------------------- pieces


def rolled(faces: tuple[int, ...], bonus: int = 0) -> str:
    """`rolled 4`, `rolled 2+3+1 = 6 +1`: a roll's faces and bonus, as the log says them."""
    text = f"rolled {faces[0]}" if len(faces) == 1 else f"rolled {'+'.join(map(str, faces))} = {sum(faces)}"
    return text + (f" +{bonus}" if bonus else "")


def roll_line(x: Roll) -> str:
    """One of the last dice the board shows: `P1 rolled 2+3+1 = 6 +1 (d3, Sign Campaign in OH)`."""
    what = ROLLED_FOR[x.what] + (f" in {x.where}" if x.where else "")
    return f"{x.who} {rolled(tuple(x.faces), x.bonus)} (d{x.sides}, {what})"


def result(x: f.Result) -> str:
    """What a campaign rolled and did: "rolled 2 +1, +3 → 6" (no votes placed: the roll alone)."""
    said = rolled(x.faces, x.bonus)
    return f"{said}, +{x.placed} → {x.total}" if x.placed else said


def listed(words: list[str]) -> str:
    """"MO", "MO and WI", "MO, WI and MN"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _advantage_name(card: str) -> str:
    return f"{card} “{c().advantages[card].title}”"


def _signed(change: int) -> str:
    return f"{'+' if change >= 0 else '−'}{abs(change)}"


# ---------------------------------------------------------------- the runs words_runs.py joins


def votes_moved(_: str, x: f.VotesMoved) -> str:
    """"P3 +2 in OH (debate won) → 7.", "P3 −2 in OH → 5 and −1 in IN → 3 (National Debate stake)."."""
    seat = x.who
    if len(x.changes) == 1:
        change, code, total = x.changes[0]
        return f"{seat} {_signed(change)} in {code} ({why(x.why)}) → {total}."
    return f"{seat} {listed([f'{_signed(n)} in {code} → {t}' for n, code, t in x.changes])} ({why(x.why)})."


def ballots_joined(seat: str, x: f.BallotsJoined) -> str:
    if len(x.codes) == 1:
        return f"{seat} is on the {x.codes[0]} ballot ({why(x.why)})."
    return f"{seat} is on {len(x.codes)} more ballots ({why(x.why)}): {listed(list(x.codes))}."


def bought(seat: str, x: f.Bought) -> str:
    """"P3 buys a Sign Campaign in OH ($100k; $200k spent this turn): rolled 2, +2 → 5.", or a run of them counted."""
    name = ITEMS[x.item]
    if len(x.buys) == 1:
        code, done = x.buys[0]
        return (f"{seat} buys {with_article(name)} in {code} (${x.cost}k; ${x.spent}k spent this turn)"
                + (f": {result(done)}" if done is not None else "") + ".")
    head = f"{seat} buys {plural(len(x.buys), name)}"
    money = f"(${x.cost}k each; ${x.spent}k spent this turn)"
    if all(done is None for _, done in x.buys):
        return f"{head} in {listed([code for code, _ in x.buys])} {money}."
    return f"{head} {money}: " + "; ".join(f"{code} {result(done)}" if done is not None else code
                                             for code, done in x.buys) + "."


# ---------------------------------------------------------------- the other lines


def _order_set(_: str, x: f.OrderSet) -> str:
    return (f"{x.first} rolled highest and plays first. Order: {', '.join(x.order)}. "
            f"{x.first} may choose to play last in every round instead.")


def _advantage_kept(seat: str, x: f.AdvantageKept) -> str:
    card = c().advantages[x.card]
    return f"{seat} keeps the Advantage {x.card} “{card.title}”: {card.text}"


def _rolled(seat: str, x: f.Rolled) -> str:
    what = ROLLED_FOR[x.what] + (f" in {x.state}" if x.state else "")
    return f"{seat} {rolled(x.faces, x.bonus)} (d{x.sides}, {what})."


def _roll_off(_: str, x: f.RollOff) -> str:
    what = CONTESTS[x.contest] + (f" in {x.state}" if x.state else "")
    return f"{what}: " + ", ".join(f"{s} {rolled((face,), bonus)}" for s, face, bonus in x.rolls) + "."


def _money(_: str, x: f.MoneyChanged) -> str:
    cause = why(x.why) + (f", rolled {x.rolled}" if x.rolled else "")
    return f"{x.who} {'+' if x.delta >= 0 else '−'}${abs(x.delta)}k ({cause}) → ${x.total}k."


def _votes_lost(_: str, x: f.VotesLost) -> str:
    return (f"{x.who} is not on the {x.code} ballot: the {plural(x.n, 'vote')} from {why(x.why)} "
            f"{'is' if x.n == 1 else 'are'} lost.")


def _landed(seat: str, x: f.SpaceLanded) -> str:
    space = c().track[x.space]
    return f"{seat} lands on space {space.index}, {space.label} ({space.kind.replace('_', ' ')})."


def _election_day(seat: str, x: f.ElectionDayReached) -> str:
    return f"{seat} also reaches Election Day and stops." if x.also else \
        f"{seat} reaches Election Day: this is the last round."


def _free_campaign(seat: str, x: f.FreeCampaign) -> str:
    return f"{seat} gets a free {ITEMS[x.item]} in {x.code} ({why(x.why)}): {result(x.result)}."


def _drawn(seat: str, x: f.CardDrawn) -> str:
    card = c().cards[x.card]
    return f"{seat} draws {x.card} “{card.title}”: {card.text}"


def _no_debate(seat: str, x: f.NoDebate) -> str:
    if x.target is None:
        return f"{seat} has nobody to debate (no ballot state shared with anyone)."
    if x.state is not None:
        return f"No debate between {seat} and {x.target} in {x.state}: both must be on its ballot."
    return f"No debate between {seat} and {x.target}: they share no ballot state."


def _debate_won(_: str, x: f.DebateWon) -> str:
    loser = x.b if x.winner == x.a else x.a
    capped = ""
    if x.moved < x.margin:  # each debater keeps at least 1 vote there: say why fewer than the margin move
        if x.loser_had <= x.winner_had:
            capped = f", but {loser} has only {plural(x.loser_had, 'vote')} there and keeps 1"
        else:
            capped = (f", but {x.winner} has only {plural(x.winner_had, 'vote')} there, and no more move than the "
                      f"side with fewer could lose keeping 1")
    moved = f"{plural(x.moved, 'vote')} {'changes' if x.moved == 1 else 'change'} hands"
    return f"Debate {x.a} v {x.b} in {x.state}: {x.winner} wins by {x.margin}{capped}{':' if capped else ','} {moved}."


def _national(_: str, x: f.NationalDebate) -> str:
    return (f"National Debate! Staking {x.stake} votes each: {', '.join(x.stakers) or 'nobody'}"
            + (f"; sitting out (too few spare votes): {', '.join(x.out)}." if x.out else "."))


def reason(x: f.ElectionOver) -> str:
    """Why the winner won, as the game's outcome gives it: each seat's electoral votes, and the House roll that
    broke a tie at the top."""
    tally = ", ".join(f"{seat} {n}" for seat, n in x.scores)
    if x.tied:
        return f"tied at {x.top} electoral votes, chosen by the House roll ({tally})"
    return f"most electoral votes ({tally})"


_LINES: dict[type[Facts], Callable[[str, Any], str]] = {
    f.VotesMoved: votes_moved, f.BallotsJoined: ballots_joined, f.Bought: bought,
    f.RolledAgain: lambda _, x: f"Tie at {x.best} between {', '.join(x.seats)}: they roll again.",
    f.OrderSet: _order_set,
    f.PositionChosen: lambda seat, x: f"{seat} plays {'last' if x.last else 'first'}. Order: {', '.join(x.order)}.",
    f.HomePicked: lambda seat, x: f"{seat} picks {x.code} as home state: on its ballot with {c().rules.home_votes} votes.",
    f.AdvantageKept: _advantage_kept,
    f.FirstRound: lambda _, x: f"Round 1 begins: {x.first} to roll.",
    f.Rolled: _rolled, f.RollOff: _roll_off, f.MoneyChanged: _money, f.VotesLost: _votes_lost,
    f.SpaceLanded: _landed, f.ElectionDayReached: _election_day,
    f.RunningMateLost: lambda seat, x: f"{seat} has no ballot state besides home for a running mate's {x.n} votes: lost.",
    f.FreeCampaign: _free_campaign,
    f.Flew: lambda seat, x: f"{seat} flies {x.origin} → {x.code} (${x.cost}k).",
    f.NoHandshake: lambda seat, x: f"{seat} is not on the {x.code} ballot: no handshake vote.",
    f.CardDrawn: _drawn,
    f.DeckReshuffled: lambda _, x: "The Campaign deck is reshuffled.",
    f.CardVotesLost: lambda seat, _: f"{seat}: no state for the card's votes; they are lost.",
    f.AirfareFree: lambda seat, _: f"{seat}'s airfare is free this turn.",
    f.NoDebate: _no_debate,
    f.DebateDeclined: lambda seat, _: f"{seat} declines the debate.",
    f.DebateTied: lambda _, x: f"Debate {x.a} v {x.b} in {x.state}: a tie, nobody moves.",
    f.DebateWon: _debate_won, f.NationalDebate: _national,
    f.PotWon: lambda _, x: f"{x.winner} wins the National Debate and places the pot of {x.pot} votes.",
    f.HouseDecides: lambda _, x: (f"Electoral College tie at {x.top} between {', '.join(x.seats)}: "
                                  f"the House decides."),
    f.ElectionOver: lambda _, x: f"Election over: {x.winner} wins — {reason(x)}.",
}

_PRIVATE: dict[type[Facts], Callable[[Any], str]] = {
    f.AdvantagesReturned: lambda x: f"You returned {', '.join(map(_advantage_name, x.cards))} to the Advantage deck.",
}
