"""Presidential Election's status line and players' table, sized for a phone.

The board is 1200 px wide and a phone shows it 400 px wide, so every word is at least 42 px (capitals 10 px there,
render/canvas.readable) and the numbers 46 px. The players are a table, a row each, the columns' names said once
above them: the seat on its colour, money in $1,000s, electoral votes, ballots, the trail space with its kind's
code, then whether it is to move (or won, or is done) and its Advantage's name, as far as it fits. The status line
is drawn in the numbers' size, flowed onto a second line when it does not fit one.

Drawing is data-driven (`Row`, `Piece`): render/presidential_election.py decides what the words are; this module
lays them out, draws them and returns where each number was drawn (render/types.LabelBox), which the tests scale
to a phone's width and measure.
"""
from __future__ import annotations

from dataclasses import dataclass

from render.canvas import Canvas, advance, font, truncate
from render.types import LabelBox

F_BIG = font(46)  # the numbers and the status line: digits 34 px tall, 11 px at 400 px wide
F_HEAD = font(42, False)  # the columns' names
F_TEXT = font(42, False)  # the trail code and the Advantage
F_SEAT = font(44)
HEAD_H = 48
ROW_H = 54
LINE_H = 60
SEP = " · "
INSET = 10
# (column name, width): the seat, then four numbers; the rest of the width is the last column's
COLUMNS = (("", 90), ("$k", 150), ("EV", 118), ("Ballots", 168), ("Trail", 176))


@dataclass(frozen=True)
class Row:
    """One player's row: `face` is its colour's palette name and `fg` the text colour on it."""
    seat: str
    face: str
    fg: str
    title: str  # "P4"
    numbers: tuple[tuple[str, str], ...]  # (column name, number): ("$k", "1160"), …, ("Trail", "21")
    code: str  # the trail space's kind code, after its number
    note: str  # "to move", "wins", "done" or "", then the Advantage's name
    now: bool  # drawn with a thick outline (to move, or the winner)


@dataclass(frozen=True)
class Piece:
    text: str
    tag: bool = False  # drawn white on an ink tag (LAST ROUND)


def _piece_w(p: Piece) -> int:
    return advance(p.text, F_BIG) + (32 if p.tag else 0)


def status_lines(pieces: list[Piece], width: int) -> list[list[Piece]]:
    """The pieces flowed into lines of at most `width` px, " · " between them; at most two lines."""
    lines: list[list[Piece]] = [[]]
    used = 0
    for p in pieces:
        w = _piece_w(p)
        gap = advance(SEP, F_BIG) if lines[-1] else 0
        if lines[-1] and used + gap + w > width and len(lines) < 2:
            lines.append([])
            used, gap = 0, 0
        used += gap + w
        lines[-1].append(p)
    return lines


def status_height(pieces: list[Piece], width: int) -> int:
    return len(status_lines(pieces, width)) * LINE_H


def draw_status(cv: Canvas, pieces: list[Piece], x0: int, y: int, width: int) -> list[LabelBox]:
    """The status line(s) from (x0, y); each line's box is returned as "status" (its ink is measured)."""
    labels = []
    for n, line in enumerate(status_lines(pieces, width)):
        x = x0
        cy = y + LINE_H // 2
        for k, p in enumerate(line):
            if k:
                cv.text(x, cy, SEP, F_BIG, "muted", "paper", "lm")
                x += advance(SEP, F_BIG)
            room = x0 + width - x
            if p.tag:
                tw = min(_piece_w(p), room)
                cv.rect((x, y + 4, x + tw, y + LINE_H - 4), fill="ink", radius=10)
                cv.text(x + 16, cy, truncate(p.text, F_BIG, tw - 32), F_BIG, "white", None, "lm")
                x += tw
            else:
                text = truncate(p.text, F_BIG, room)
                cv.text(x, cy, text, F_BIG, "ink", "paper", "lm")
                x += advance(text, F_BIG)
        labels.append(LabelBox("status" if n == 0 else f"status {n + 1}", (x0, y, x0 + width, y + LINE_H),
                               (x0, cy), False, (x0, cy)))
        y += LINE_H
    return labels


def table_height(rows: list[Row]) -> int:
    return HEAD_H + len(rows) * ROW_H


def _header(cv: Canvas, x0: int, y: int, width: int) -> None:
    x = x0
    for name, w in COLUMNS:
        if name:
            cv.text(x + w - INSET, y + HEAD_H // 2, name, F_HEAD, "muted", "paper", "rm")
        x += w
    cv.text(x + 2 * INSET, y + HEAD_H // 2, "Advantage", F_HEAD, "muted", "paper", "lm")


def draw_row(cv: Canvas, r: Row, x0: int, y: int, width: int) -> list[LabelBox]:
    """One player's row from (x0, y); returns each number's cell as f"{seat} {column}" ("P2 $k")."""
    x1, y1 = x0 + width, y + ROW_H
    cy = y + ROW_H // 2
    cv.rect((x0, y + 2, x1, y1 - 2), fill="white", outline="ink", width=2, radius=8)
    seat_w = COLUMNS[0][1]
    cv.rect((x0, y + 2, x0 + seat_w, y1 - 2), fill=r.face, outline="ink", width=2, radius=8)
    cv.text(x0 + seat_w / 2, cy, r.title, F_SEAT, r.fg, r.face, "mm")
    labels = []
    x = x0 + seat_w
    values = dict(r.numbers)
    for name, w in COLUMNS[1:]:
        value = values.get(name, "")
        if name == "Trail" and r.code:
            right = x + w - INSET
            cv.text(right, cy, r.code, F_TEXT, "ink", "white", "rm")
            right -= advance(r.code, F_TEXT) + 10
        else:
            right = x + w - INSET
        cv.text(right, cy, value, F_BIG, "ink", "white", "rm")
        # the number's cell: the phone test crops 3 phone px (9 here) off each side, the row's outline with them
        labels.append(LabelBox(f"{r.seat} {name}", (x + 4, y, x + w, y1), (x0, y),
                               False, (right - advance(value, F_BIG), cy)))
        x += w
    room = x1 - x - 3 * INSET
    if r.note and room > advance("…", F_TEXT):
        cv.text(x + 2 * INSET, cy, truncate(r.note, F_TEXT, room), F_TEXT, "ink", "white", "lm")
    if r.now:
        cv.rect((x0, y + 2, x1, y1 - 2), outline="ink", width=6, radius=8)
    return labels


def draw_table(cv: Canvas, rows: list[Row], x0: int, y: int, width: int) -> list[LabelBox]:
    """The columns' names, then a row per player, from (x0, y); table_height(rows) tall."""
    _header(cv, x0, y, width)
    labels: list[LabelBox] = []
    y += HEAD_H
    for r in rows:
        labels += draw_row(cv, r, x0, y, width)
        y += ROW_H
    return labels
