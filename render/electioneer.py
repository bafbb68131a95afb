"""The Electioneer US table: the title and electors, the seven battlegrounds, both platforms and both sides.

Drawn from an `ElectioneerView` only (the public one is what the channel sees). A phone shows the picture about
400 px wide, so render/electioneer_layout.py lays it out in tables whose every text is legible there (issue 26);
this module is the entry point and the alt text, which also carries what the picture leaves to words (policy
names and effects, theatrics' sources, the phase in full). Palette and number words: render/electioneer_style.py.
"""
from __future__ import annotations

from engine.electioneer.views import ElectioneerView, StateCard
from render.alttext import Part, and_list, fit, sentence
from render.electioneer_layout import W, draw_board
from render.electioneer_style import (COLOURS, FG, LAYOUT, LETTER, MONTHS, NAMES, SEATS, SLOT, effects_text,
                                      issue_name, issue_short, majority, signed)
from render.types import Rendered

# the close-up's names for the shared helpers (render/electioneer_closeup.py imports them from here)
_majority, _signed = majority, signed
__all__ = ["COLOURS", "FG", "LAYOUT", "LETTER", "NAMES", "SEATS", "SLOT", "board_alt", "effects_text", "issue_name",
           "issue_short", "issues_words", "render_electioneer"]


def _title(view: ElectioneerView) -> str:
    by_code = {s.code: s for s in view.states}
    if view.phase == "over" or view.winner:
        head = "Electioneer US — Election day: the result"
    elif view.month > MONTHS or view.phase == "election":
        head = "Electioneer US — Election day"
    else:
        head = f"Electioneer US — Month {view.month} of {MONTHS}"
        if view.current_state and view.current_state in by_code:
            head += f" — Campaign in {by_code[view.current_state].name}"
    return head


def issues_words(issues: list[str | None]) -> str:
    """A card's two issues in words: "Education and Healthcare", "Economy on both issues", "both issues face
    down", "Crime, the other issue face down"."""
    named = [issue_name(i) for i in issues if i]
    hidden = len(issues) - len(named)
    if not named:
        return "both issues face down" if hidden > 1 else "issue face down"
    if hidden:
        return f"{and_list(named)}, the other issue face down"
    if len(named) > 1 and len(set(named)) == 1:
        return f"{named[0]} on both issues"
    return and_list(named)


def _state_words(view: ElectioneerView, s: StateCard, detail: int) -> str:
    """A revealed card in words: detail 2 all of it, 1 its month's and election day's results, 0 who took it."""
    if detail == 0:
        who = [f"month {s.month}" + (f" won by {s.winner}" if s.winner else "") if s.month is not None
               else "not yet contested"]
        if s.carried_by:
            who.append(f"carried by {s.carried_by}")
        if s.code == view.current_state:
            who.append("contested now")
        return f"{s.name}, {s.electors} electors: {', '.join(who)}"
    bits = [f"{s.name} ({s.electors} electors, ties to {s.colour}): {issues_words(s.issues)}"]
    if s.month is not None:
        bits.append(f"month {s.month}")
    if s.winner:
        bits.append(f"month won by {s.winner}" + (f" (DEM {_signed(s.totals.get('DEM', 0))}, "
                                                    f"REP {_signed(s.totals.get('REP', 0))})" if s.totals and detail > 1
                                                   else ""))
    if s.carried_by:
        bits.append(f"carried by {s.carried_by} on election day" + (
            f" (DEM {_signed(s.election_totals.get('DEM', 0))}, REP {_signed(s.election_totals.get('REP', 0))})"
            if detail > 1 else ""))
    if detail > 1:
        bits += [f"{_signed(m.delta)} for {m.seat} from {m.source}" for m in s.markers]
    elif s.markers:
        bits.append(f"{len(s.markers)} theatrics marker{'s' * (len(s.markers) > 1)}")
    if s.code == view.current_state:
        bits.append("contested now")
    return ", ".join(bits)


def board_alt(view: ElectioneerView) -> str:
    """The table in words, at most 1,024 characters (render/alttext.py): the month and what is awaited, the
    result, the projection and who is ahead, the months won and both sides' counts first; then the cards (all of
    them, or their results only) and the platforms (with their effects, or their names, or how many)."""
    total, need = _majority(view)
    parts: list[Part] = [_title(view) + "."]
    if view.phase_label:
        parts.append(sentence(view.phase_label))
    if view.waiting_on and not view.winner:
        parts.append("Waiting on " + " and ".join(NAMES.get(s, s) for s in view.waiting_on) + ".")
    if view.winner:
        parts.append(f"{NAMES.get(view.winner, view.winner)} win the election with final electors "
                     f"DEM {view.final_electors.get('DEM', 0)}, REP {view.final_electors.get('REP', 0)}.")
    else:  # the result says the final electors; before it, the projection
        dem, rep = view.projection.get("DEM", 0), view.projection.get("REP", 0)
        ahead = "Level." if dem == rep else f"Ahead: {'DEM' if dem > rep else 'REP'}."
        parts.append(f"Projected electors: DEM {dem}, REP {rep} of {total}; {need} to win. {ahead}")
    won = {seat: [s.name for s in view.states if s.winner == seat] for seat in SEATS}
    if any(won.values()):
        parts.append("Months won: " + ", ".join(f"{seat} {len(w)}" + (f" ({and_list(w)})" if w else "")
                                                for seat, w in won.items()) + ".")
    parts.append("; ".join(f"{NAMES[s]}: hand {view.hand_counts.get(s, 0)}, theatrics {view.theatric_counts.get(s, 0)}, "
                           f"deck {view.deck_counts.get(s, 0)}, month bonus {_signed(view.month_bonus.get(s, 0))}"
                           for s in SEATS) + ".")
    shown = [s for s in view.states if s.month is not None or any(s.issues)]
    hidden = [s for s in view.states if s not in shown]
    forms = []
    for detail in (2, 1, 0):
        text = "; ".join(_state_words(view, s, detail) for s in shown)
        if hidden:
            down = ", ".join(f"{s.name} ({s.electors} electors, ties to {s.colour})" if detail
                             else f"{s.name} ({s.electors} electors)" for s in hidden)
            text += ("; " if text else "") + f"not yet revealed, both issues face down: {down}"
        forms.append(f"States: {text}.")
    parts.append(tuple(forms))
    plats = []
    for detail in (2, 1, 0):
        words = []
        for seat in SEATS:
            cards_ = view.platforms.get(seat, [])
            if detail == 2:
                plat = "; ".join(f"{c.name} ({effects_text(c)})" for c in cards_) or "none yet"
            elif detail == 1:
                plat = ", ".join(c.name for c in cards_) or "none yet"
            else:
                plat = f"{len(cards_)} polic{'ies' if len(cards_) != 1 else 'y'}"
            words.append(f"{seat} platform: {plat}.")
        plats.append(" ".join(words))
    parts.append(tuple(plats))
    return fit(parts)


def render_electioneer(view: ElectioneerView) -> Rendered:
    if not isinstance(view, ElectioneerView):
        raise TypeError(f"expected an ElectioneerView, got {type(view).__name__}")
    cv, labels = draw_board(view)
    return Rendered(cv.png(), board_alt(view), W, cv.im.height, tuple(labels))
