"""Presidential Election's status line and player panels, sized for a phone.

A phone shows the 1600-px board 400 px wide, so a number must be ~57 px tall here to be 14 px there
(tests/render/test_closeup.py MIN_TEXT_PX): 76-px bold digits. Six panels side by side are ~256 px wide, room
for one such number of up to four digits a row, so a panel is a column: the seat's colour band with its name,
then one row per number (money in $1,000s, ballots, electoral votes, trail space), each a short label and the
number big, then the Advantage's name small (the alt text names it in full). The status line is drawn at the
same size, flowed onto a second line when it does not fit one.

Drawing is data-driven (`Panel`, `Piece`): render/presidential_election.py decides what the words are; this
module lays them out, draws them and returns where each number was drawn (render/types.LabelBox), which the
tests scale to a phone's width and measure.
"""
from __future__ import annotations

from dataclasses import dataclass

from render.canvas import Canvas, advance, font, truncate
from render.types import LabelBox

F_BIG = font(76)  # digits 57 px tall: 14 px at 400 px wide
F_LABEL = font(30)
F_HEAD = font(50)
F_SUFFIX = font(28)
F_FOOT = font(24, False)
F_PAIR_LABEL = font(22)
HEAD_H = 56
ROW_H = 84  # the digits and 13 px above and below: the phone test crops 3 phone px (12 here) off each side
PAIR_LABEL_H = 22  # two small numbers share a row, each under its label
FOOT_H = 32
PANEL_H = HEAD_H + 2 * ROW_H + PAIR_LABEL_H + ROW_H + FOOT_H
LINE_H = 88
SEP = " · "
INSET = 10


@dataclass(frozen=True)
class Panel:
    """One player's column: `face` is its colour's palette name and `fg` the text colour on it."""
    seat: str
    face: str
    fg: str
    title: str  # "P4"
    suffix: str  # "to move", "wins", "done" or ""
    rows: tuple[tuple[str, str], ...]  # (label, number): "$k", "1160"; a row each, up to four digits
    pair: tuple[tuple[str, str], ...]  # two numbers of up to two digits side by side, their labels above
    foot: str  # the Advantage's name
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
                cv.rect((x, y + 6, x + tw, y + LINE_H - 6), fill="ink", radius=10)
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


def draw_panel(cv: Canvas, p: Panel, box: tuple[int, int, int, int]) -> list[LabelBox]:
    """One panel in `box`; returns each number's row as f"{seat} {label}" (the label as drawn, e.g. "P2 $k")."""
    x0, y0, x1, y1 = box
    cv.rect(box, fill="white", outline="ink", width=2, radius=10)
    cv.rect((x0, y0, x1, y0 + HEAD_H), fill=p.face, outline="ink", width=2, radius=10)
    cv.rect((x0 + 2, y0 + HEAD_H - 12, x1 - 2, y0 + HEAD_H - 2), fill=p.face)  # square the band's lower corners
    cv.rect((x0, y0 + HEAD_H - 2, x1, y0 + HEAD_H), fill="ink")
    cv.text(x0 + INSET, y0 + HEAD_H // 2, p.title, F_HEAD, p.fg, p.face, "lm")
    tx = x0 + INSET + advance(p.title, F_HEAD) + 8
    if p.suffix:
        cv.text(x1 - INSET, y0 + HEAD_H // 2, truncate(p.suffix, F_SUFFIX, x1 - INSET - tx), F_SUFFIX, p.fg, p.face,
                "rm")
    labels = []
    y = y0 + HEAD_H
    for label, value in p.rows:
        vw = advance(value, F_BIG)
        right = x1 - INSET
        cy = y + ROW_H // 2
        cv.text(right, cy, value, F_BIG, "ink", "white", "rm")
        if advance(label, F_LABEL) + 8 + vw <= right - x0 - INSET:  # a four-digit sum leaves no room: the key has it
            cv.text(x0 + INSET, cy, label, F_LABEL, "muted", "white", "lm")
        # the row from the digits' left (less the test's 12-px crop and some) to inside the panel's outline
        labels.append(LabelBox(f"{p.seat} {label}", (max(x0 + 6, right - vw - 14), y, x1 - 6, y + ROW_H),
                               (x0, y0), False, (right - vw, cy)))
        y += ROW_H
    half = (x1 - x0) // 2
    for k, (label, value) in enumerate(p.pair):
        left = x0 + k * half
        cv.text(left + INSET, y + 2, truncate(label, F_PAIR_LABEL, half - INSET), F_PAIR_LABEL, "muted", "white", "lt")
        vw = advance(value, F_BIG)
        cy = y + PAIR_LABEL_H + ROW_H // 2
        cv.text(left + INSET, cy, value, F_BIG, "ink", "white", "lm")
        # each half of the row, inside the panel's outline: the test's crop leaves the other number out
        labels.append(LabelBox(f"{p.seat} {label}", (max(x0 + 6, left), y + PAIR_LABEL_H,
                                                     min(x1 - 6, left + half, left + INSET + vw + 14),
                                                     y + PAIR_LABEL_H + ROW_H),
                               (x0, y0), False, (left + INSET, cy)))
    if p.pair:
        y += PAIR_LABEL_H + ROW_H
    cv.text(x0 + INSET, y + FOOT_H // 2 - 2, truncate(p.foot, F_FOOT, x1 - x0 - 2 * INSET), F_FOOT, "ink", "white",
            "lm")
    if p.now:
        cv.rect(box, outline="ink", width=6, radius=10)
    return labels


def draw_panels(cv: Canvas, panels: list[Panel], x0: int, y: int, width: int, gap: int = 8) -> list[LabelBox]:
    """The panels side by side across `width` px from (x0, y), PANEL_H tall."""
    w = (width - gap * (len(panels) - 1)) / max(1, len(panels))
    labels = []
    for i, p in enumerate(panels):
        left = x0 + i * (w + gap)
        labels += draw_panel(cv, p, (int(left), y, int(left + w), y + PANEL_H))
    return labels
