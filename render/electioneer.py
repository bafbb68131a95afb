"""The Electioneer US table: the title and electors, the seven battlegrounds, both platforms and both sides.

Drawn from an `ElectioneerView` only (the public one is what the channel sees). A phone shows the picture about
400 px wide, so render/electioneer_layout.py lays it out in tables whose every text is legible there;
this module is the entry point and the alt text, which also carries what the picture leaves to words (policy
names and effects, theatrics' sources, the phase in full). Palette and number words: render/electioneer_style.py.
"""
from __future__ import annotations

from PIL import Image

from engine.electioneer.views import ElectioneerView, StateCard
from render.alttext import Part, and_list, fit, sentence
from render.electioneer_layout import W, draw_board
from render.electioneer_style import (COLOURS, FG, LAYOUT, LETTER, MONTHS, NAMES, SEATS, SLOT, effects_text,
                                      issue_name, issue_short, majority, plain, signed)
from render.canvas import as_rgb
from render.types import Rendered

# the close-up's names for the shared helpers (render/electioneer_closeup.py imports them from here)
_majority, _signed, _plain = majority, signed, plain
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


def _count_words(s: StateCard, detail: int) -> str:
    """Who takes the state as the Count columns show it: carried on election day, else held if counted now."""
    if s.carried_by or not s.holder:
        totals = s.election_totals
        verb = f"carried by {s.carried_by}" if s.carried_by else ""
    else:
        totals, verb = s.count_now, f"held by {s.holder}"
    if not verb or not detail or not totals:
        return verb
    return f"{verb}, DEM {_plain(totals.get('DEM', 0))} to REP {_plain(totals.get('REP', 0))}"


def _state_words(view: ElectioneerView, s: StateCard, detail: int) -> str:
    """A revealed card in words: detail 2 all of it (its tie colour and issues, the month's totals, the markers'
    sources), 1 the month's winner, who takes the state with both counts and the markers, 0 only who took what."""
    month = "" if s.month is None else f"month {s.month}" + (f" won by {s.winner}" if s.winner else "")
    if s.winner and s.totals and detail > 1:
        month += f" (DEM {_plain(s.totals.get('DEM', 0))}, REP {_plain(s.totals.get('REP', 0))})"
    head = (f"{s.name} ({s.electors} electors, ties to {s.colour}): {issues_words(s.issues)}, " if detail > 1
            else f"{s.name}, {s.electors} electors: ")
    bits = [month, _count_words(s, detail)]
    if detail > 1:
        bits += [f"{_signed(m.delta)} for {m.seat} from {m.source}" for m in s.markers]
    elif detail:
        bits += [f"{_signed(m.delta)} {m.seat} marker" for m in s.markers]
    if s.code == view.current_state:
        bits.append("contested now")
    return head + ", ".join(b for b in bits if b)


def board_alt(view: ElectioneerView) -> str:
    """The table in words, at most 1,024 characters (render/alttext.py): the month and what is awaited, the
    result, the projection and who is ahead, the months won and both sides' counts first; then the states (all
    of each, or less: see `_state_words`) and the platforms (with their effects, or their names, or how many; the
    picture adds them up by issue, the alt text and the close-ups name them)."""
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
    won = {seat: sum(s.winner == seat for s in view.states) for seat in SEATS}
    if any(won.values()):  # which months: the states say
        parts.append("Months won: " + ", ".join(f"{seat} {n}" for seat, n in won.items()) + ".")
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


def frame_electioneer(view: ElectioneerView) -> Image.Image:
    """The board render_electioneer draws, in RGB and never encoded: a replay's frame."""
    if not isinstance(view, ElectioneerView):
        raise TypeError(f"expected an ElectioneerView, got {type(view).__name__}")
    cv, _ = draw_board(view)
    return as_rgb(cv.im, cv.layout.palette(cv.colours, cv.reserved))
