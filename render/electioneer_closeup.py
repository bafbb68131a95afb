"""Electioneer's close-up: the battleground cards a post changed, drawn large,
under the post's one-line caption, with the projection the board shows.

The full board (render/electioneer_layout.py) carries every number of the position at phone size, but not each
policy's name and effects, nor the markers' sources: the close-up shows those for the states a post changed. It
is CLOSE_W (800) px wide, so a phone halves it: no text here is under SMALLEST (26 px, 13 px on the phone) and every number a player needs — electors, that month's totals, election-day totals,
markers, the projection — is NUMBER (34 px) or more. Drawn from the public `ElectioneerView`, like the table.
"""
from __future__ import annotations

from PIL import Image

from engine.electioneer.views import ElectioneerView, StateCard
from render.canvas import Canvas, advance, fit_font, font, truncate, wrap
from render.alttext import Part, and_list, caption_sentence, fit
from render.electioneer import COLOURS, FG, LAYOUT, LETTER, NAMES, SEATS, SLOT, _majority, _signed, effects_text, \
    issue_name, issue_short, issues_words
from render.types import LabelBox, Rendered
from render.widgets import caption_lines, pill

CLOSE_W = 800
PAD = 16
CAPTION = 34
NUMBER = 34  # electors and totals in running text
PILL = 40  # a side's numbers in its colour: digits at least 14 px tall on a phone, as the map close-ups'
SMALLEST = 26
MAX_CARDS = 2  # a post changes one card or two (a month decided, the next begun); more (election day): one row each
TALL = 2000  # drawn on a sheet taller than any close-up (two cards under a 3-line caption: ~1,650 px), then cut
CARD_TALL = 900  # a card is drawn on its own sheet first (at most ~760 px), then cut and framed
CARD_W = CLOSE_W - 2 * PAD  # a card's width inside the close-up's margins: its bands are laid out across it


def _party_pill(text: str, seat: str, size: int = PILL, height: int = 54):
    s = SLOT.get(seat, "D")
    return pill(LAYOUT, text, s, FG[s], ring="ink", size=size, height=height)


def _projection(cv: Canvas, view: ElectioneerView, y: int, labels: list[LabelBox]) -> int:
    """The label, both sides' pills and what wins, on one line when it fits; else what wins on a line below (two
    two-digit pills and "47 of 93 to win" make the line 830 px: measured, never assumed)."""
    total, need = _majority(view)
    final = bool(view.winner and view.final_electors)
    values = view.final_electors if final else view.projection
    label = "Final electors" if final else "Projected electors"
    f, f_label = font(NUMBER), font(SMALLEST, False)
    goal = f"{need} of {total} to win"
    pills = [(seat, _party_pill(f"{LETTER[seat]} {values.get(seat, 0)}", seat)) for seat in SEATS]
    room = CLOSE_W - 2 * PAD
    line = advance(label, f_label) + 14 + sum(sp.w + 10 for _, sp in pills) + 4 + advance(goal, f)
    x = PAD
    f_label = fit_font(label, room - sum(sp.w + 10 for _, sp in pills) - 14, SMALLEST, False, 16)
    cv.text(x, y + 27, label, f_label, "muted", "paper", "lm")
    x += advance(label, f_label) + 14
    for seat, sp in pills:
        box = cv.paste(sp, x, y)
        labels.append(LabelBox(f"electors:{seat}", box, (box[0], box[1]), False))
        x = box[2] + 10
    if line <= room:
        cv.text(x + 4, y + 27, goal, f, "ink", "paper", "lm")
        return y + 54 + PAD
    y += 54 + 6
    f_goal = fit_font(goal, room, NUMBER, True, SMALLEST)
    cv.text(PAD, y + f_goal.line / 2, truncate(goal, f_goal, room), f_goal, "ink", "paper", "lm")
    return y + f_goal.line + PAD


def _issue(cv: Canvas, issue: str | None, box, bg: str) -> None:
    x0, y0, x1, y1 = box
    if issue is None:
        cv.rect(box, fill="back", outline="ink", width=2, radius=8)
        cv.text((x0 + x1) / 2, (y0 + y1) / 2, "?", font(44), "white", "back", "mm")
        return
    cv.rect(box, fill="tile", outline="ink", width=2, radius=8)
    cv.text((x0 + x1) / 2, y0 + 30, issue_short(issue), font(NUMBER), "ink", "tile", "mm")
    name = issue_name(issue)
    cv.text((x0 + x1) / 2, y1 - 20, name, fit_font(name, x1 - x0 - 10, SMALLEST, False, SMALLEST - 4), "muted",
            "tile", "mm")


def _card(cv: Canvas, view: ElectioneerView, s: StateCard, y0: int, labels: list[LabelBox]) -> int:
    """One state card across the close-up, its bands drawn top to bottom on a sheet of its own (so its height is
    measured before its frame is drawn), then framed; returns the y below it."""
    bg = "now" if s.code == view.current_state else "card"
    body = Canvas(LAYOUT, Image.new("P", (CLOSE_W, CARD_TALL), LAYOUT.index[bg]), COLOURS)  # measured, then pasted
    placed: list[tuple[str, tuple[int, int, int, int]]] = []  # number pills, in the body's coordinates
    y = _card_title(body, s, bg, 12)
    y = _card_tie_and_month(body, s, bg, y)
    y = _card_issues(body, s, bg, y)
    y = _card_policies(body, s, bg, y, placed)
    y = _card_markers(body, s, bg, y)
    y = _card_carrier(body, s, y)
    return _framed(cv, body, bg, y0, y + 4, placed, labels)


def _card_title(body: Canvas, s: StateCard, bg: str, y: int) -> int:
    """The state's code large, its name beside it and its electors at the right; returns the y below."""
    body.text(14, y + 30, s.code, font(60), "ink", bg, "lm")
    f_name = fit_font(s.name, 300, NUMBER, False, SMALLEST)
    body.text(14 + advance(s.code, font(60)) + 16, y + 30, truncate(s.name, f_name, 300), f_name, "muted", bg, "lm")
    body.text(CARD_W - 14, y + 30, f"{s.electors} electors", font(NUMBER), "ink", bg, "rm")
    return y + 72


def _card_tie_and_month(body: Canvas, s: StateCard, bg: str, y: int) -> int:
    """Who wins a tie here (in that side's colour), the card's month, and who won the month once it is decided."""
    tie = f"ties go to {LETTER.get(s.colour, '?')}"
    t = SLOT.get(s.colour, "D")
    tw = advance(tie, font(SMALLEST)) + 24
    body.rect((14, y, 14 + tw, y + 40), fill=t, radius=6)
    body.text(14 + tw / 2, y + 20, tie, font(SMALLEST), FG[t], t, "mm")
    when = "not yet revealed" if s.month is None else f"Month {s.month}" + (" — now" if bg == "now" else "")
    body.text(14 + tw + 18, y + 20, when, font(SMALLEST, s.month is not None), "ink" if s.month else "muted", bg, "lm")
    if s.winner:
        sp = _party_pill(f"{LETTER.get(s.winner, '?')} won the month", s.winner, SMALLEST, 40)
        body.paste(sp, CARD_W - 14 - sp.w, y)
    return y + 54


def _card_issues(body: Canvas, s: StateCard, bg: str, y: int) -> int:
    """The card's two issue tiles side by side (a face-down tile for one not yet revealed)."""
    tile_w = (CARD_W - 28 - 12) // 2
    for k in range(2):
        issue = s.issues[k] if k < len(s.issues) else None
        _issue(body, issue, (14 + k * (tile_w + 12), y, 14 + k * (tile_w + 12) + tile_w, y + 92), bg)
    return y + 108


def _card_policies(body: Canvas, s: StateCard, bg: str, y: int,
                   placed: list[tuple[str, tuple[int, int, int, int]]]) -> int:
    """The month's totals before any policy is revealed; then each revealed policy with its side's total, its
    name and its effects. Each side's pill is added to `placed`, for the label boxes."""
    if s.totals and not s.played:
        text = "Month totals: " + " · ".join(f"{LETTER[p]} {_signed(s.totals.get(p, 0))}" for p in SEATS)
        body.text(14, y + 20, text, font(NUMBER), "ink", bg, "lm")
        y += 52
    for seat in SEATS:  # the policies revealed here, each with that month's total
        card = s.played.get(seat)
        if card is None:
            continue
        total = s.totals.get(seat)
        sp = _party_pill(f"{LETTER[seat]}{'' if total is None else ' ' + _signed(total)}", seat)
        placed.append((f"{s.code}:{seat}", body.paste(sp, 14, y)))
        tx = 14 + sp.w + 14
        width = CARD_W - tx - 14
        f_name, f_eff = font(30), font(SMALLEST, False)
        lines = wrap(card.name, f_name, width, 2)
        for i, line in enumerate(lines):
            body.text(tx, y + 4 + i * f_name.line, line, f_name, "ink", bg, "lt")
        ey = y + 4 + len(lines) * f_name.line
        effects = wrap(effects_text(card), f_eff, width, 2)
        for i, line in enumerate(effects):
            body.text(tx, ey + i * f_eff.line, line, f_eff, "muted", bg, "lt")
        y = max(y + 62, ey + len(effects) * f_eff.line + 10)
    return y


def _card_markers(body: Canvas, s: StateCard, bg: str, y: int) -> int:
    """What theatrics placed on the card: each marker's value in its side's colour and where it came from."""
    for m in s.markers:
        sp = _party_pill(f"{_signed(m.delta)} {LETTER.get(m.seat, '?')}", m.seat, 30, 44)
        body.paste(sp, 14, y)
        source, room = f"from {m.source}", CARD_W - sp.w - 50
        f_source = fit_font(source, room, SMALLEST, False, SMALLEST)
        body.text(14 + sp.w + 14, y + 22, truncate(source, f_source, room), f_source, "ink", bg, "lm")
        y += 54
    return y


def _card_carrier(body: Canvas, s: StateCard, y: int) -> int:
    """On election day, a band in the carrier's colour: who carries the state and both sides' totals."""
    if not s.carried_by:
        return y
    t = SLOT.get(s.carried_by, "D")
    dem, rep = s.election_totals.get("DEM", 0), s.election_totals.get("REP", 0)
    text = f"{NAMES.get(s.carried_by, s.carried_by)} carry it · D {_signed(dem)} R {_signed(rep)}"
    body.rect((14, y, CARD_W - 14, y + 56), fill=t, radius=6)
    f_carry = fit_font(text, CARD_W - 40, NUMBER, True, SMALLEST)
    body.text(CARD_W / 2, y + 28, truncate(text, f_carry, CARD_W - 40), f_carry, FG[t], t, "mm")
    return y + 68


def _framed(cv: Canvas, body: Canvas, bg: str, y0: int, height: int,
            placed: list[tuple[str, tuple[int, int, int, int]]], labels: list[LabelBox]) -> int:
    """The card's sheet cut to `height` and pasted into its frame at `y0` (the current card's frame is thicker);
    its pills' boxes moved into the close-up's coordinates. Returns the y below the card."""
    x0, x1 = PAD, CLOSE_W - PAD
    cv.rect((x0, y0, x1, y0 + height), fill=bg, outline="ink", width=4 if bg == "now" else 2, radius=12)
    inner = body.im.crop((0, 0, x1 - x0 - 8, height - 8))
    cv.im.paste(inner, (x0 + 4, y0 + 4))
    cv.rect((x0, y0, x1, y0 + height), outline="ink", width=4 if bg == "now" else 2, radius=12)
    for name, (a, b, c, d) in placed:
        box = (a + x0 + 4, b + y0 + 4, c + x0 + 4, d + y0 + 4)
        labels.append(LabelBox(name, box, (box[0], box[1]), False))
    return y0 + height + PAD


def _row(cv: Canvas, s: StateCard, y: int, labels: list[LabelBox]) -> int:
    """A state in one line: code, electors, both sides' totals and who carries it (else who won its month)."""
    f = font(NUMBER)
    cv.text(PAD, y + 29, s.code, font(44), "ink", "paper", "lm")
    x = PAD + 86
    cv.text(x, y + 29, f"{s.electors} EV", f, "ink", "paper", "lm")
    x += 124
    seat, totals, verb = (s.carried_by, s.election_totals, "carries") if s.carried_by else (s.winner, s.totals, "won")
    if seat is None or not totals:
        cv.text(x, y + 29, "not decided", font(SMALLEST, False), "muted", "paper", "lm")
        return y + 66
    for side in SEATS:
        box = cv.paste(_party_pill(f"{LETTER[side]} {_signed(totals.get(side, 0))}", side), x, y + 2)
        labels.append(LabelBox(f"{s.code}:{side}", box, (box[0], box[1]), False))
        x = box[2] + 10
    cv.text(x + 6, y + 29, f"{LETTER.get(seat, '?')} {verb}", f, "ink", "paper", "lm")
    return y + 66


def _card_alt(view: ElectioneerView, s: StateCard, detail: bool) -> str:
    """A card as `_card` draws it; without `detail`, the policies' effects are left out."""
    bits = [f"{s.name} ({s.code}): {s.electors} electors, ties go to {s.colour}", issues_words(s.issues),
            "not yet revealed" if s.month is None else f"month {s.month}" + (", contested now"
                                                                             if s.code == view.current_state else "")]
    if s.totals and not s.played:
        bits.append("month totals " + ", ".join(f"{p} {_signed(s.totals.get(p, 0))}" for p in SEATS))
    for seat, c in s.played.items():
        effects = f" ({effects_text(c)})" if detail else ""
        bits.append(f"{seat} played {c.name}{effects}" + (f", total {_signed(s.totals[seat])}" if seat in s.totals
                                                          else ""))
    if s.winner:
        bits.append(f"month won by {s.winner}")
    bits += [f"{_signed(m.delta)} for {m.seat} from {m.source}" for m in s.markers]
    if s.carried_by:
        bits.append(f"carried by {s.carried_by} on election day (DEM {_signed(s.election_totals.get('DEM', 0))}, "
                    f"REP {_signed(s.election_totals.get('REP', 0))})")
    return "; ".join(bits) + "."


def _row_alt(s: StateCard) -> str:
    """A row as `_row` draws it: the state, its electors, both totals and who carries it (else won its month)."""
    seat, totals, verb = (s.carried_by, s.election_totals, "carries it") if s.carried_by else \
        (s.winner, s.totals, "won the month")
    if seat is None or not totals:
        return f"{s.name} ({s.code}), {s.electors} electors: not decided."
    return (f"{s.name} ({s.code}), {s.electors} electors: DEM {_signed(totals.get('DEM', 0))}, "
            f"REP {_signed(totals.get('REP', 0))}; {seat} {verb}.")


def closeup_alt(view: ElectioneerView, cards: list[StateCard], caption: str) -> str:
    """The close-up in words, as drawn, at most 1,024 characters: the cards it shows, the caption (ended with a
    full stop), the electors, then each card (one or two) or row (election day's seven)."""
    total, need = _majority(view)
    final = bool(view.winner and view.final_electors)
    values = view.final_electors if final else view.projection
    label = "Final electors" if final else "Projected electors"
    parts: list[Part] = [f"Electioneer US close-up of {and_list([s.name for s in cards])}.",
                         caption_sentence(caption),
                         f"{label}: DEM {values.get('DEM', 0)}, REP {values.get('REP', 0)}; {need} of {total} to win."]
    if len(cards) <= MAX_CARDS:
        parts.append((" ".join(_card_alt(view, s, True) for s in cards),
                      " ".join(_card_alt(view, s, False) for s in cards)))
    else:
        parts.append(" ".join(_row_alt(s) for s in cards))
    return fit(parts)


def closeup_electioneer(view: ElectioneerView, states: list[str], caption: str = "") -> Rendered:
    """A post's close-up (bot/present/captions.py names the states it changed): those cards, large, under its caption."""
    if not isinstance(view, ElectioneerView):
        raise TypeError(f"expected an ElectioneerView, got {type(view).__name__}")
    by_code = {s.code: s for s in view.states}
    cards = [by_code[c] for c in dict.fromkeys(states) if c in by_code]
    im = Image.new("P", (CLOSE_W, TALL), LAYOUT.index["paper"])
    cv = Canvas(LAYOUT, im, COLOURS)
    y = caption_lines(cv, caption, PAD, width=CLOSE_W, pad=PAD, size=CAPTION)
    labels: list[LabelBox] = []  # the sides' number pills, for the tests that measure them at phone size
    y = _projection(cv, view, y, labels)
    if len(cards) <= MAX_CARDS:
        for s in cards:
            y = _card(cv, view, s, y, labels)
    else:  # election day turns every card: one row each, its result and both totals
        for s in cards:
            y = _row(cv, s, y, labels)
    cut = Canvas(LAYOUT, im.crop((0, 0, CLOSE_W, y)), COLOURS)
    return Rendered(cut.png(), closeup_alt(view, cards, caption), CLOSE_W, y, tuple(labels))
