"""1960's events in words: each line the rules state as facts (facts_tell.py, facts_stages.py, facts_effects.py)
made into what the table reads. `line(facts)` is a public line, `private(facts)` a seat's own; words.py's `tell`
fills an event from them."""
from __future__ import annotations

from typing import Any, Callable

from engine.core.words import plural
from engine.nineteen_sixty import facts_effects as fe
from engine.nineteen_sixty import facts_stages as fs
from engine.nineteen_sixty import facts_tell as t
from engine.nineteen_sixty.content_models import NAMES
from engine.nineteen_sixty.phrases import DRAWN_FOR, effect, signed, tally_reason, travel_name
from engine.nineteen_sixty.primitives import (
    c,
    card,
    card_label,
    card_line,
    draws_text,
    ev_of,
    issue_name,
    region_name,
    rival,
    seat_of,
    side_of,
)

PRIVATE = (t.Dealt, fs.DebateHand, fe.Drew)


def _bag(bag: tuple[int, int]) -> str:
    return f"B {bag[0]} / R {bag[1]}"


def _support(code: str, value: int) -> str:
    return f"{code} empty" if value == 0 else f"{code} {'K' if value > 0 else 'N'} {abs(value)}"


def _drawn(drawn: tuple[str, ...]) -> str:
    return draws_text([d or None for d in drawn])


def _cards(cards: tuple[int, ...]) -> str:
    return ", ".join(card_label(x) for x in cards)


def _track(track: tuple[str, ...]) -> str:
    return ", ".join(issue_name(i) for i in track)


# ---------------------------------------------------------------- the bag, the decks, the turn


def _checked(x: t.Checked) -> str:
    why = "to advertise" if x.state is None else f"in {x.state} ({DRAWN_FOR.get(x.why, x.why)})"
    empty = " (the bag is empty: no more draws)" if "" in x.drawn else ""
    return (f"{x.seat} makes {x.n} support check{'s' if x.n != 1 else ''} {why}: draws {_drawn(x.drawn)}{empty} — "
            f"{x.wins} success{'es' if x.wins != 1 else ''}. Bag now {_bag(x.bag)}.")


def _initiative(x: t.InitiativeDrawn) -> str:
    rules = c().rules
    why = {rules.debate_turn: "for the Debates", rules.election_turn: "for Election Day"}.get(x.turn,
                                                                                                f"for turn {x.turn}")
    return (f"Initiative check {why}: draws {_drawn(x.drawn)} — {x.seat} ({NAMES[side_of(x.seat)]}) has the "
            f"initiative. Bag now {_bag(x.bag)}.")


def _opened(x: t.GameOpened) -> str:
    return ("1960: The Making of the President. Kennedy (KEN) starts in Massachusetts, Nixon (NIX) in California, "
            "each with 2 momentum; the bag holds 12 cubes of each colour."
            + (" Vice President cards are in play." if x.vp else "")
            + (" Restricted Positioning is on." if x.restricted else ""))


def _stage(x: t.StageOpened) -> str:
    return f"Turn {x.turn}: " + ("the Debates." if x.stage == "debates" else "Election Day.")


def _media(x: t.MediaPlaced) -> str:
    other = seat_of(rival(side_of(x.seat)))
    return (f"{x.seat} places a media cube in the {region_name(x.region)}"
            + (f", removing one of {other}'s" if x.removed else "") + f" ({signed(x.value)}).")


def _reward(x: t.RewardTaken) -> str:
    if x.momentum is None:
        return f"{x.seat} leads {issue_name(x.issue)} (2nd) and takes an endorsement."
    return f"{x.seat} leads {issue_name(x.issue)} (2nd) and takes 1 momentum (now {x.momentum})."


def _side(x: t.SideChosen) -> str:
    return f"{x.seat} places {card_label(x.card)} on {x.on}'s side of {issue_name(card(x.card).debate_issue)}."


# ---------------------------------------------------------------- a play


def _name(card_id: int | None) -> str:
    return "the candidate card" if card_id is None else card_label(card_id)


def _rest(card_id: int | None) -> str:
    if card_id is None or not card(card_id).rest:
        return ""
    n = card(card_id).rest
    return f", +{n} rest cube{'s' if n > 1 else ''} for the bag"


def _preempted(x: t.Preempted) -> str:
    return f"{x.seat} plays {_name(x.card)} and preempts its event ({x.cost} momentum; {x.momentum} left)."


def _event_played(x: t.EventPlayed) -> str:
    return f"{x.seat} plays {card_label(x.card)} as an event{_rest(x.card)}: {card(x.card).text}"


_USES = {"campaign": "to campaign", "position": "to position on issues", "advertise": "to advertise"}


def _played_for(x: t.PlayedFor) -> str:
    return f"{x.seat} plays {_name(x.card)} {_USES[x.use]} ({x.cp} CP{_rest(x.card)})."


def _triggered(x: t.Triggered) -> str:
    return (f"{x.seat} triggers the event of {card_label(x.card)} ({x.cost} momentum; {x.momentum} left): "
            f"{effect(x.card)}")


def _stacked(x: t.EventStacked) -> str:
    return (f"{card_label(x.card)} goes to the {'Debate' if x.stack == 'debate' else 'Election Day'} events for "
            f"{NAMES[x.side]}.")


# ---------------------------------------------------------------- the momentum phase, Campaign Strategy


def _decayed(x: t.MomentumDecayed) -> str:
    parts = [f"{NAMES[side]} loses {lost} ({left} left)" for side, lost, left in zip("KN", x.lost, x.left)]
    return f"Turn {x.turn} momentum phase. Momentum decays: " + "; ".join(parts) + "."


def _rewarded(x: t.IssueRewarded) -> str:
    if x.place == 1:
        return (f"{NAMES[x.side]} leads {issue_name(x.issue)} (1st) and gains 1 momentum (now {x.momentum}) and an "
                "endorsement.")
    return f"{NAMES[x.side]} leads {issue_name(x.issue)} (3rd) and gains 1 momentum (now {x.momentum})."


def _rest_bagged(x: t.RestBagged) -> str:
    moved = ", ".join(f"{NAMES[side]} {n}" for side, n in zip("KN", x.moved))
    return f"Rest cubes go into the bag ({moved}): {_bag(x.bag)}."


# ---------------------------------------------------------------- the Debates


def _revealed(x: fs.DebateRevealed) -> str:
    def one(side: str, card_id: int) -> str:
        y = card(card_id)
        icons = "both icons" if len(y.icons) == 2 else NAMES[y.icons[0]]
        return f"{seat_of(side)} reveals {card_label(card_id)} ({y.cp} CP, {issue_name(y.debate_issue)}, {icons})"
    return f"Debate round {x.round}: " + "; ".join(one(side, card_id) for side, card_id in x.cards) + "."


def _won(x: fs.DebateWon) -> str:
    tie = " (a tie: the initiative decides)" if x.high == x.low else ""
    return (f"{NAMES[x.side]} wins {issue_name(x.issue)} {x.high}–{x.low}{tie}: "
            f"{plural(x.reward, 'state support cube')} to place; the tile goes to place {x.slot} on the Issues Track.")


# ---------------------------------------------------------------- Election Day


def _bonus(x: fs.BonusBagged) -> str:
    rules = c().rules
    parts = []
    for side, media, issues, momentum in zip("KN", x.media, x.issues, x.momentum):
        cubes = media + media + issues + rules.momentum_cubes * momentum
        parts.append(f"{NAMES[side]} {cubes} ({media} for media, {plural(media, 'media cube')}, "
                     f"{plural(issues, 'issue cube')}, {rules.momentum_cubes * momentum} for {momentum} momentum)")
    return "Bonus cubes go into the bag: " + "; ".join(parts) + f". Bag: {_bag(x.bag)}."


def _strategy_shown(x: fs.StrategyShown) -> str:
    return f"{x.seat}'s Campaign Strategy cards: " + (", ".join(f"{card_label(y)} ({card(y).state})" for y in x.cards)
                                                 or "none") + "."


def _undecided(x: fs.UndecidedTipped) -> str:
    parts = [f"{code} → {NAMES[who]} ({'endorsement' if by else 'edge'})" for code, who, by in x.states]
    return "Undecided states tip: " + ("; ".join(parts) if parts else "none is empty") + "."


def _tallied(x: fs.Tallied) -> str:
    winner, reason = tally_reason(x.votes, x.won, x.cubes)
    k, n = x.votes
    return f"Final tally: Kennedy {k}, Nixon {n}. " + (f"{seat_of(winner)} wins — {reason}." if winner
                                                       else f"{reason}.")


# ---------------------------------------------------------------- an event's effect


def _gained(x: fe.SupportGained) -> str:
    return (f"{NAMES[x.side]} gains {x.n} support in {x.state}"
            + (f", removing {x.removed} of {NAMES[rival(x.side)]}'s" if x.removed else "")
            + f": now {_support(x.state, x.value)}.")


def _lost(x: fe.SupportLost) -> str:
    of = "" if x.of is None else f" (of {x.of})"
    return f"{NAMES[x.side]} loses {x.lost} support in {x.state}{of}: now {_support(x.state, x.value)}."


def _emptied(x: fe.RegionEmptied) -> str:
    where = ", ".join(f"{code} {n}" for code, n in x.states) or "nothing there"
    return f"{NAMES[x.side]} loses {x.total} support in the {region_name(x.region)} (of {x.of}): {where}."


def _momentum(x: fe.MomentumChanged) -> str:
    return f"{NAMES[x.side]} {'loses' if x.lost else 'gains'} {x.n} momentum (now {x.momentum})."


def _cubes_changed(x: fe.CubesChanged) -> str:
    what = "media support" if x.media else "support"
    where = f"in the {region_name(x.place)}" if x.media else f"on {issue_name(x.place)}"
    return f"{NAMES[x.side]} {'loses' if x.lost else 'gains'} {x.n} {what} {where} ({signed(x.value)})."


def _shifted(x: fe.IssueShifted) -> str:
    if not x.track:
        edge = "top" if x.direction == "up" else "bottom"
        return f"{issue_name(x.issue)} is already at the {edge} of the Issues Track."
    return f"{issue_name(x.issue)} moves {x.direction} the Issues Track: " + _track(x.track) + "."


def _endorsed(x: fe.Endorsed) -> str:
    what = f"removes {NAMES[rival(x.side)]}'s marker there" if x.removed else "places a marker there"
    return f"{NAMES[x.side]} is endorsed in the {region_name(x.region)}: {what}."


def _endorsement_drawn(x: fe.EndorsementDrawn) -> str:
    e = c().endorsements[x.card]
    return (f"{NAMES[x.side]} draws the endorsement card “{e.name}” "
            f"({'any region' if e.region == 'any' else 'the ' + region_name(e.region)}).")


def _cubes_put(x: fe.CubesPut) -> str:
    cubes = f"{x.n} cube{'s' if x.n != 1 else ''}"
    if x.to == "bag":
        return f"{NAMES[x.side]} puts {cubes} into the bag ({_bag(x.bag)})."
    return f"{NAMES[x.side]} adds {cubes} to the rest zone ({x.total})."


def _discarded(x: fe.CardDiscarded) -> str:
    if x.card is None:
        return f"{NAMES[x.side]} has no card left to discard."
    return f"{NAMES[x.side]} discards {card_label(x.card)}" + (" at random." if x.random else ".")


def _leader(x: fe.LeaderFound) -> str:
    where = f"more states in the {region_name(x.region)}" if x.region is not None else issue_name(x.issue or "")
    return f"{NAMES[x.side]} leads {where}." if x.side else f"Nobody leads {where}: the event does nothing more."


_LINES: dict[type, Callable[[Any], str]] = {
    t.Reseeded: lambda x: f"The political-capital bag is empty: it is reseeded with {x.n} cubes of each colour.",
    t.DeckRefilled: lambda x: f"The deck is empty: the discards are shuffled into a new deck of {x.size}.",
    t.EndorsementsRefilled: lambda x: "The endorsement deck is empty: the used cards are shuffled into a new one.",
    t.Checked: _checked,
    t.InitiativeDrawn: _initiative,
    t.GameOpened: _opened,
    t.TurnDealt: lambda x: f"Turn {x.turn}: each candidate is dealt {x.n} cards.",
    t.StageOpened: _stage,
    t.StarterChosen: lambda x: f"{x.seat} has the initiative and has {x.starter} play first this turn.",
    t.NoCardPassed: lambda x: f"{x.seat} has no card to play and passes this activity phase.",
    t.VpPlayed: lambda x: (f"{x.seat} discards {card_label(x.discarded)} to play the Vice President card "
                              f"{card_label(x.card)}."),
    t.Travelled: lambda x: f"{x.seat} travels to {travel_name(x.to)} ({x.cost} CP).",
    t.TokenStopped: lambda x: f"{x.seat}'s token stops in {c().states[x.state].name}.",
    t.MediaPlaced: _media,
    t.Positioned: lambda x: f"{x.seat} positions on {issue_name(x.issue)} ({x.cost} CP): {signed(x.value)}.",
    t.Unspent: lambda x: f"{x.seat} leaves {x.cp} CP unspent.",
    t.TrackSwapped: lambda x: (f"{x.seat} has more media support and swaps {issue_name(x.a)} and {issue_name(x.b)}: "
                                  + _track(x.track) + "."),
    t.TrackKept: lambda x: f"{x.seat} has more media support and keeps the Issues Track as it is.",
    t.RewardTaken: _reward,
    t.DebateCardChosen: lambda x: f"{x.seat} has chosen a debate card.",
    t.FirstChosen: lambda x: f"{x.seat} has the initiative: {x.first} places a card first.",
    t.SideChosen: _side,
    t.DebateCubePlaced: lambda x: f"{x.seat} places a debate cube in {x.state}: {_support(x.state, x.value)}.",
    t.Preempted: _preempted,
    t.EventPlayed: _event_played,
    t.KneePaid: lambda x: f"{x.seat} pays 1 momentum to campaign ({x.momentum} left).",
    t.PlayedFor: _played_for,
    t.Pledged: lambda x: f"{card_label(x.card)}: {NAMES[x.side]} gains 1 momentum (now {x.momentum}).",
    t.Declared: lambda x: f"{x.seat} declares {x.n} CP in {x.state}, which needs support checks.",
    t.LetGo: lambda x: f"{x.seat} lets the event of {card_label(x.card)} go.",
    t.Triggered: _triggered,
    t.EventSpent: lambda x: f"{card_label(x.card)} is a Debate event and the Debates are over: it has no effect.",
    t.EventStacked: _stacked,
    t.MomentumDecayed: _decayed,
    t.MediaTied: lambda x: "Media support is tied: nobody shifts the Issues Track.",
    t.IssueRewarded: _rewarded,
    t.IssuesDecayed: lambda x: ("Issue support decays by 1 on each issue: "
                                   + ", ".join(f"{issue_name(i)} {signed(v)}" for i, v in x.issues) + "."),
    t.StrategySealed: lambda x: (f"{x.seat} sets aside {x.n} card{'s' if x.n != 1 else ''} face down for Campaign "
                                 "Strategy."),
    t.HandDiscarded: lambda x: f"{x.seat} discards {_cards(x.cards)}.",
    t.RestBagged: _rest_bagged,
    fs.DebateHandTaken: lambda x: f"{x.seat} takes back {x.n} Campaign Strategy card{'s' if x.n != 1 else ''}.",
    fs.DebateBoardSet: lambda x: ("The issues move to the debate board: "
                                    + ", ".join(f"{issue_name(i)} ({n + 1})" for n, i in enumerate(x.issues)) + "."),
    fs.DebateRevealed: _revealed,
    fs.DebateCardWasted: lambda x: f"{card_label(x.card)} argues {issue_name(x.issue)}, already won: it is discarded.",
    fs.DebateWon: _won,
    fs.DebateEventsDiscarded: lambda x: f"The Debate events are discarded: {_cards(x.cards)}.",
    fs.DebatesOver: lambda x: ("The Debates are over: "
                                 + ", ".join(f"{n + 1}. {issue_name(i)}" for n, i in enumerate(x.track)) + "."),
    fs.BonusBagged: _bonus,
    fs.StrategyShown: _strategy_shown,
    fs.ElectionEvent: lambda x: (f"Election Day event {card_label(x.card)}, for {NAMES[x.side]}: "
                                   f"{card(x.card).text}"),
    fs.UndecidedTipped: _undecided,
    fs.Unpledged: lambda x: ("Unpledged electors: nobody receives "
                               + ", ".join(f"{code} ({ev_of(code)})" for code in x.states) + "."),
    fs.Tallied: _tallied,
    fe.SupportGained: _gained,
    fe.NoEmptyState: lambda x: f"No state in the {region_name(x.region)} is empty.",
    fe.SupportLost: _lost,
    fe.RegionEmptied: _emptied,
    fe.RegionLoss: lambda x: (f"{NAMES[x.side]} loses {x.n} support in the {region_name(x.region)}, from states "
                                f"{NAMES[x.picker]} picks."),
    fe.MomentumChanged: _momentum,
    fe.CubesChanged: _cubes_changed,
    fe.IssueShifted: _shifted,
    fe.Endorsed: _endorsed,
    fe.EndorsementDrawn: _endorsement_drawn,
    fe.CandidateTurned: lambda x: f"{NAMES[x.side]}'s candidate card is now {x.face}.",
    fe.TokenMoved: lambda x: f"{NAMES[x.side]}'s candidate token moves to {c().states[x.state].name}.",
    fe.CubesPut: _cubes_put,
    fe.CardsDrawn: lambda x: f"{NAMES[x.side]} draws {x.n} card{'s' if x.n != 1 else ''}.",
    fe.CardDiscarded: _discarded,
    fe.LeaderFound: _leader,
}

_PRIVATE: dict[type, Callable[[Any], str]] = {
    t.Dealt: lambda x: "You are dealt " + _cards(x.cards) + ".",
    fs.DebateHand: lambda x: "Your debate cards: " + "; ".join(card_line(y) for y in x.cards) + ".",
    fe.Drew: lambda x: "You draw " + _cards(x.cards) + ".",
}


def line(facts: Any) -> str:
    """A public line from its facts."""
    return _LINES[type(facts)](facts)


def private(facts: Any) -> dict[str, str]:
    """A seat's own line from its facts: {seat: text}."""
    return {facts.seat: _PRIVATE[type(facts)](facts)}


def told(facts: Any) -> bool:
    """Whether these are an event's facts (a line), which the words here make."""
    return type(facts) in _LINES or type(facts) in _PRIVATE
