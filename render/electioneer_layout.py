"""The Electioneer US table's layout, drawn for a phone.

Discord shows a board about 400 px wide on a phone, whatever its size, so everything here is sized in phone
pixels times 3 (W is 1,200): every text is TEXT px, capitals and digits 15 phone pixels tall — 14 is what the tests ask
(tests/render/test_electioneer.py), the one above leaves room for the scaling's soft edges. At that size a 400-px line holds about 30 characters and the picture
(at most 1.2 × as tall as wide, or Discord previews it narrow) about 20 lines, so the board is tables, not cards:

- the title line: the month (or election day, or who won), both sides' electors and how many win, over a bar;
- the battlegrounds, one row each in the order they are contested: code, electors, who wins a tie, the two issues
  (their first three letters; "?" face down), that month's two totals and the count now (each side's whole
  platform on the state's issues plus markers; on election day the final count), the winner's or holder's number
  filled in its colour;
- each side's platform added up issue by issue (full issue names: the key to the rows' three letters), which is
  all the count uses;
- each side's hidden-card counts, month bonus, policies played and whether it has made this phase's choice.

Policy names, theatrics' sources and the phase's full sentence are words, left to the alt text and the close-up.
Every text drawn is recorded as a `LabelBox` (its cell or pill) so the tests can measure its ink at phone size.
"""
from __future__ import annotations

from PIL import Image

from engine.electioneer.views import ElectioneerView, StateCard
from render.canvas import Canvas, advance, fit_font, font
from render.electioneer_style import (COLOURS, FG, ISSUES, LAYOUT, LETTER, NAMES, SEATS, SLOT, issue_name,
                                      issue_short, majority, plain, signed)
from render.types import LabelBox
from render.widgets import pill

W = 1200
TEXT = 62  # every text: DejaVu's capitals 45 px = 15 phone px
SMALLEST = 60  # fitted text shrinks no further: capitals 44 px
PAD = 12
TITLE_H = 84
BAR_H = 30
HEAD_H = 66
ROW_H = 78
LINE_H = 70
PILL_H = 66
GAP = 16

# The battleground table's columns: (name, width), placed left to right with GROUP_GAP before some.
COLUMNS = [("code", 110), ("ev", 96), ("tie", 84), ("issue0", 176), ("issue1", 176),
           ("month:DEM", 104), ("month:REP", 104), ("count:DEM", 104), ("count:REP", 104)]
GROUP_GAP = {"ev": 6, "tie": 18, "issue0": 20, "issue1": 6, "month:DEM": 20, "count:DEM": 20}


def _columns() -> dict[str, tuple[int, int]]:
    x, out = PAD + 8, {}
    for name, width in COLUMNS:
        x += GROUP_GAP.get(name, 0)
        out[name] = (x, x + width)
        x += width
    assert x <= W - PAD, x
    return out


COLS = _columns()
STATUS = {"discard": "Buried", "campaign": "Picked", "election": "Ready", "swap": "May swap"}


class Board:
    """A canvas that records every text it draws as a labelled box (cell or pill) for the legibility tests."""

    def __init__(self, height: int) -> None:
        self.cv = Canvas(LAYOUT, Image.new("P", (W, height), LAYOUT.index["paper"]), COLOURS)
        self.labels: list[LabelBox] = []

    def label(self, name: str, box) -> None:
        b = tuple(int(round(v)) for v in box)
        self.labels.append(LabelBox(name, b, (b[0], b[1]), False))

    def cell(self, name: str, box, text: str, bg: str, bold: bool = True, fg: str = "ink", align: str = "m") -> None:
        """`text` fitted into `box` (centred, or left-aligned with align "l"), the box recorded."""
        x0, y0, x1, y1 = box
        f = fit_font(text, x1 - x0 - 8, TEXT, bold, SMALLEST)
        x = (x0 + x1) / 2 if align == "m" else x0 + 6
        self.cv.text(x, (y0 + y1) / 2, text, f, fg, bg, align + "m")
        self.label(name, box)

    def party(self, name: str, text: str, seat: str, cx: float, cy: float, filled: bool = True) -> int:
        """A pill centred on (cx, cy): filled in the side's colour, or light with a ring. Returns its width."""
        s = SLOT.get(seat, "D")
        sp = (pill(LAYOUT, text, s, FG[s], ring="ink", size=TEXT, height=PILL_H) if filled
              else pill(LAYOUT, text, s + "l", "ink", ring="ink", size=TEXT, height=PILL_H))
        box = self.cv.paste(sp, cx - sp.w / 2, cy - sp.h / 2)
        self.label(name, box)
        return sp.w


def _title(view: ElectioneerView) -> str:
    if view.winner:
        return f"{NAMES.get(view.winner, view.winner)} win"
    if view.month > 7 or view.phase in ("election", "over"):
        return "Election day"
    return f"Month {view.month} of 7"


def _header(b: Board, view: ElectioneerView) -> int:
    """The title, both sides' electors (projected, or final), what wins, and the bar; returns the y below."""
    total, need = majority(view)
    final = bool(view.winner and view.final_electors)
    values = view.final_electors if final else view.projection
    y0, cy = PAD, PAD + TITLE_H / 2
    x = W - PAD
    goal = f"of {total}" if final else f"{need} to win"
    f = font(TEXT, False)
    x -= advance(goal, f)
    b.cv.text(x, cy, goal, f, "ink", "paper", "lm")
    b.label("need", (x - 6, y0, x + advance(goal, f) + 6, y0 + TITLE_H))
    x -= GAP
    for seat in reversed(SEATS):
        text = f"{LETTER[seat]} {values.get(seat, 0)}"
        w = advance(text, font(TEXT)) + 12
        b.party(f"electors:{seat}", text, seat, x - w / 2, cy)
        x -= w + GAP
    title = _title(view)
    ft = fit_font(title, x - PAD - 8, TEXT + 4, True, SMALLEST)
    b.cv.text(PAD, cy, title, ft, "ink", "paper", "lm")
    b.label("title", (PAD - 6, y0, PAD + advance(title, ft) + 6, y0 + TITLE_H))
    # the bar: each side's share of all the electors, from its own end, with what wins marked from each end
    y = y0 + TITLE_H + 10
    x0, x1 = PAD, W - PAD
    span = x1 - x0
    b.cv.rect((x0, y, x1, y + BAR_H), fill="bar_empty")
    d, r = values.get("DEM", 0), values.get("REP", 0)
    if d:
        b.cv.rect((x0, y, x0 + span * d / max(1, total), y + BAR_H), fill="D")
    if r:
        b.cv.rect((x1 - span * r / max(1, total), y, x1, y + BAR_H), fill="R")
    b.cv.rect((x0, y, x1, y + BAR_H), outline="ink", width=2)
    for xm in sorted({round(x0 + span * need / total), round(x1 - span * need / total)}):
        b.cv.rect((xm - 3, y - 8, xm + 2, y + BAR_H + 8), fill="ink")
    return y + BAR_H + 18


def _number(b: Board, name: str, values: dict[str, int], seat: str, lead: str | None, col: str, y: int,
            bg: str) -> None:
    """One side's total in a cell: filled in its colour when it won (or holds) the state, plain otherwise."""
    if seat not in values:
        return
    x0, x1 = COLS[col]
    text = plain(values[seat])
    if seat == lead:
        b.party(name, text, seat, (x0 + x1) / 2, y + ROW_H / 2)
    else:
        b.cell(name, (x0, y, x1, y + ROW_H), text, bg)


def _row(b: Board, view: ElectioneerView, s: StateCard, y: int) -> None:
    current = s.code == view.current_state
    bg = "now" if current else "card"
    b.cv.rect((PAD, y, W - PAD, y + ROW_H), fill=bg)
    b.cv.rect((PAD, y + ROW_H - 2, W - PAD, y + ROW_H), fill="rule")
    if current:
        b.cv.rect((PAD, y - 2, W - PAD, y + ROW_H), outline="ink", width=5)
    cy = y + ROW_H / 2
    x0, x1 = COLS["code"]
    b.cell(f"{s.code}:code", (x0, y, x1, y + ROW_H), s.code, bg, align="l")
    x0, x1 = COLS["ev"]
    b.cell(f"{s.code}:ev", (x0, y, x1, y + ROW_H), str(s.electors), bg, bold=False)
    x0, x1 = COLS["tie"]
    b.party(f"{s.code}:tie", LETTER.get(s.colour, "?"), s.colour, (x0 + x1) / 2, cy, filled=False)
    for k in range(2):
        issue = s.issues[k] if k < len(s.issues) else None
        x0, x1 = COLS[f"issue{k}"]
        box = (x0 + 4, y + 6, x1 - 4, y + ROW_H - 6)
        if issue is None:  # face down: the back of a tile
            b.cv.rect(box, fill="back", outline="ink", width=2, radius=8)
            b.cell(f"{s.code}:issue{k}", box, "?", "back", fg="white")
        else:
            b.cv.rect(box, fill="tile", outline="ink", width=2, radius=8)
            b.cell(f"{s.code}:issue{k}", box, issue_short(issue), "tile")
    counted = s.election_totals if s.carried_by else s.count_now  # the same once counted, in a real view
    for seat in SEATS:
        _number(b, f"{s.code}:month:{seat}", s.totals, seat, s.winner, f"month:{seat}", y, bg)
        _number(b, f"{s.code}:count:{seat}", counted, seat, s.carried_by or s.holder, f"count:{seat}", y, bg)


def _states(b: Board, view: ElectioneerView, y: int) -> int:
    """The battleground table under its two header lines; returns the y below."""
    counted = any(s.carried_by for s in view.states)
    for group, word in (("month", "Month"), ("count", "Final" if counted else "Count")):
        x0, x1 = COLS[f"{group}:DEM"][0], COLS[f"{group}:REP"][1]
        b.cell(f"head:{group}", (x0, y, x1, y + HEAD_H), word, "paper", bold=False)
    y += HEAD_H
    for name, word in (("ev", "EV"), ("tie", "Tie")):
        x0, x1 = COLS[name]
        b.cell(f"head:{name}", (x0 - 8, y, x1 + 8, y + HEAD_H), word, "paper", bold=False)
    b.cell("head:issues", (COLS["issue0"][0], y, COLS["issue1"][1], y + HEAD_H), "Issues", "paper", bold=False)
    for group in ("month", "count"):
        for seat in SEATS:
            x0, x1 = COLS[f"{group}:{seat}"]
            b.party(f"head:{group}:{seat}", LETTER[seat], seat, (x0 + x1) / 2, y + HEAD_H / 2)
    y += HEAD_H + 4
    for s in view.states:
        _row(b, view, s, y)
        y += ROW_H
    return y


def _two_columns(b: Board, name: str, box, title: str, rows: list[tuple[str, str, dict[str, str]]],
                 col: int) -> None:
    """A small table: a title and the D and R pills, then rows of (label name, label, each side's value) with
    values `col` px wide (a word is set in regular type, a number in bold)."""
    x0, y, x1, _ = box
    cols = {"DEM": (x1 - 2 * col, x1 - col), "REP": (x1 - col, x1)}
    if title:
        b.cell(f"{name}:title", (x0, y, cols["DEM"][0], y + LINE_H), title, "paper", align="l")
    for seat in SEATS:
        c0, c1 = cols[seat]
        b.party(f"{name}:head:{seat}", LETTER[seat], seat, (c0 + c1) / 2, y + LINE_H / 2)
    y += LINE_H
    for key, label, values in rows:
        b.cv.rect((x0, y + LINE_H - 2, x1, y + LINE_H), fill="rule")
        b.cell(f"{name}:{key}", (x0, y, cols["DEM"][0], y + LINE_H), label, "paper", bold=False, align="l")
        for seat, value in values.items():
            if seat in cols:
                c0, c1 = cols[seat]
                b.cell(f"{name}:{key}:{seat}", (c0, y, c1, y + LINE_H), value, "paper", bold=not value.isalpha())
            else:  # one value for both sides (the issue deck)
                b.cell(f"{name}:{key}:both", (cols["DEM"][0], y, x1, y + LINE_H), value, "paper")
        y += LINE_H


def _issues(view: ElectioneerView) -> list[str]:
    """The seven issues in their fixed order, then any other a state or policy names."""
    seen = list(ISSUES)
    for s in view.states:
        seen += [i for i in s.issues if i and i not in seen]
    for cards in view.platforms.values():
        for c in cards:
            seen += [i for i in c.effects if i not in seen]
    return seen


def _platforms(b: Board, view: ElectioneerView, box) -> None:
    """Each side's platform added up, issue by issue: all the count of a state uses."""
    rows = []
    for issue in _issues(view):
        sums = {seat: signed(sum(c.effects.get(issue, 0) for c in view.platforms.get(seat, []))) for seat in SEATS}
        rows.append((issue, issue_name(issue), sums))
    _two_columns(b, "platform", box, "Platform", rows, 114)


def _sides(b: Board, view: ElectioneerView, box) -> None:
    """Each side's counts of hidden cards, month bonus, policies played and this phase's choice."""
    def per(counts: dict[str, int], fmt=str) -> dict[str, str]:
        return {seat: fmt(counts.get(seat, 0)) for seat in SEATS}

    rows = [("hand", "Hand", per(view.hand_counts)), ("theatrics", "Theatrics", per(view.theatric_counts)),
            ("deck", "Deck", per(view.deck_counts)), ("bonus", "Bonus", per(view.month_bonus, signed)),
            ("policies", "Policies", {seat: str(len(view.platforms.get(seat, []))) for seat in SEATS})]
    if view.phase in STATUS and not view.winner:
        if view.phase == "swap":  # only the month's winner has a choice: it is the seat awaited
            done = {seat: seat in view.waiting_on for seat in SEATS}
        else:
            done = {seat: view.committed.get(seat, False) for seat in SEATS}
        rows.append(("status", STATUS[view.phase], {seat: "Yes" if done[seat] else "No" for seat in SEATS}))
    rows.append(("issue_deck", "Issue deck", {"both": str(view.issue_deck_count)}))
    _two_columns(b, "sides", box, "", rows, 112)


def height(view: ElectioneerView) -> int:
    return PAD + TITLE_H + 10 + BAR_H + 18 + 2 * HEAD_H + 4 + len(view.states) * ROW_H + 22 + 8 * LINE_H + PAD


def draw_board(view: ElectioneerView) -> tuple[Canvas, list[LabelBox]]:
    """The whole table on one canvas, and the box of every text drawn on it."""
    h = height(view)
    b = Board(h)
    y = _header(b, view)
    y = _states(b, view, y) + 22
    split = PAD + 626  # "Environment" and two numbers; the sides' table takes the rest
    _platforms(b, view, (PAD, y, split, h - PAD))
    _sides(b, view, (split + 20, y, W - PAD, h - PAD))
    return b.cv, b.labels


