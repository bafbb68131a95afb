"""Campaign Trail's AI parties' lines in words (Solo Play, the Advanced Solo Deck, Dirty Politics against them),
made from the facts the rules state (facts_solo.py); words_tell.py gathers them. The rules never import this module.

Each AI turn reads the way a person's turn does: the card drawn (its register diagram and its states with their
thresholds), what the track said (register or direct action, and why), then state by state what it did and why.
The diagrams (solo.py): ■ a full space, ◩ a space partly filled, □ an empty one."""
from __future__ import annotations

from typing import Any, Callable

from engine.campaign_trail import advanced_solo, solo, solo_content
from engine.campaign_trail import content as content_mod
from engine.campaign_trail import facts_solo as f
from engine.campaign_trail.facts_tell import Gain
from engine.core.words import plural


def _voters(n: int) -> str:
    return f"{n} voter{'s' if n != 1 else ''}"


def card_line(party: str, number: int) -> str:
    """The card drawn, as the table sees it: its diagram, its action and each state's threshold."""
    card = solo_content.load().cards[number]
    d = card.direct
    states = ", ".join(f"{code} {t}" for code, t in d.states.items())
    act = f"{d.type}: {_voters(d.voters)} in each state where {party} leads by less than {states}"
    if card.automatic:
        head = "no register diagram (the direct action happens automatically)"
    else:
        head = f"register {solo.card_diagram(number)} (+{card.register_.count})"
    return f"**{party} (AI) turn** — draws Solo Play card {number}, *{card.name}*: {head} · {act}."


def choice_line(x: f.TrackCompared) -> str:
    """Appendix A, step 2 in words: the track against the card's diagram."""
    highest = solo_content.load().cards[x.card].register_.highest
    full = solo.full_spaces(x.registered)
    track = (f"Track {solo.track_diagram(x.registered)} ({_voters(x.registered)}): "
             f"{full} full space{'s' if full != 1 else ''}")
    if x.registers:
        return f"{track}, fewer than the card's {highest} → register action."
    return f"{track}, not fewer than the card's {highest} → direct action."


def _registered(x: f.TrackRegistered) -> str:
    why = "must register instead:" if x.forced else "registers"
    lost = f" ({x.count - x.added} lost: the track is full)" if x.added < x.count else ""
    return (f"{x.party} (AI) {why} {_voters(x.added)} on the register track{lost}: "
            f"{x.total} in all, {solo.track_diagram(x.total)}.")


def _step(x: f.StateStep, wanted: int) -> str:
    where = f"{x.state} leads by {x.lead}" if x.lead > 0 else f"{x.state} tied" if x.lead == 0 \
        else f"{x.state} trails by {-x.lead}"
    if x.lead >= x.threshold:
        return f"{where} ≥ {x.threshold}: no voters"
    below = f"{where} < {x.threshold}" if x.lead > 0 else where
    if not x.placed:
        return f"{below}: no voters left on the track"
    return f"{below}: +{x.placed}" + (" (all the track had left)" if x.placed < wanted else "")


def _direct(x: f.SoloDirect) -> str:
    card = solo_content.load().cards[x.card]
    source = "from the undecided supply" if card.automatic else "from the track"
    tail = "" if card.automatic else f" Track now {solo.track_diagram(x.track)} ({x.track})."
    parts = " · ".join(_step(step, card.direct.voters) for step in x.steps)
    return f"{x.party} (AI) direct action ({card.direct.type}, {source}): {parts}.{tail}"


def gain(g: Gain) -> str:
    """What a politick answering an action gave."""
    if g.what == "cards":
        return f"{plural(g.amount, 'card')} for {g.who}"
    return f"{g.who} +${g.amount}M" if g.what == "money" else f"{g.who} +{g.amount} registered"


def _advanced_direct(x: f.AdvancedDirect) -> str:
    where = ", ".join(f"{n} in {code}" for n, code in x.placed) or "no voters"
    kept = "; already far enough ahead in " + ", ".join(f"{code} (leads by {n})" for code, n in x.held) if x.held else ""
    return f"{x.party} (AI) takes the direct action ({x.icon}): {where}{kept}."


def _advanced(party: str, number: int) -> str:
    return advanced_solo.cards(party)[number].name


def _intimidated(x: f.Intimidated) -> str:
    return (f"Intimidation ({x.owner}): {x.party}'s (AI) campaign card lists {' '.join(x.states)} in {x.owner}'s "
            f"region; {x.party} loses {_voters(x.lost)} off its track, {x.gainer} gains {x.gained} registered.")


LINES: dict[type, Callable[[Any], str]] = {
    f.TrackRegistered: _registered,
    f.SoloCardDrawn: lambda x: card_line(x.party, x.card),
    f.TrackCompared: choice_line,
    f.SoloDirect: _direct,
    f.IconAnswered: lambda x: (f"{content_mod.load().politicks[x.politick].name} ({x.owner}) answers {x.party}'s "
                               f"{x.icon}: {' and '.join(gain(g) for g in x.gains)}."),
    f.SoloWindow: lambda x: (f"Before {x.party} (AI) acts, {', '.join(x.seats)} may answer with Change of Plans "
                             "(it would register instead)."),
    f.SoloGoesAhead: lambda x: (f"No Change of Plans: {x.party} (AI) goes ahead with "
                                f"{solo_content.load().cards[x.card].name}."),
    f.AdvancedDirect: _advanced_direct,
    f.AdvancedDrawn: lambda x: f"{x.party} (AI) draws {_advanced(x.party, x.card)} (advanced card {x.card}).",
    f.AdvancedAutomatic: lambda x: f"{x.party} (AI): the direct action happens automatically.",
    f.AdvancedWindow: lambda x: (f"{x.party} (AI) is about to take the direct action of {_advanced(x.party, x.card)}: "
                                 f"{', '.join(x.seats)} may respond (Change of Plans forces a register action)."),
    f.AdvancedDebateEmpty: lambda x: f"{x.party} (AI) has no debate cards left and passes.",
    f.AdvancedDebated: lambda x: f"{x.party} (AI) debates with {_advanced(x.party, x.card)} (advanced card {x.card}).",
    f.AdvancedUnprepared: lambda x: (f"{x.seat}'s Unprepared: {x.party} (AI) has no debate cards left." if x.empty else
                                     f"{x.seat}'s Unprepared: a random card of {x.party}'s (AI) debate pile goes back "
                                     "in the box."),
    f.BankFlipped: lambda x: f"{x.seat} flips contributors: ${x.amount}M from the bank (an AI party has no war chest).",
    f.Intimidated: _intimidated,
}
