"""1960's board style: its width, type and the small pieces every part of the band below the state board draws
(a side's letter badge, a word tag, a count pill, a framed box, a row of text).

The board is W (1,000) px wide, laid out for a phone showing it 400 px wide: every word is in 34-px type or more,
whose capitals are 25 px here and 10 px there (render.canvas.readable(1000)). Every colour cue has a letter or a
word beside it: K Kennedy blue, N Nixon red.
"""
from __future__ import annotations

from render.canvas import Canvas, advance, font, wrap
from render.nineteen_sixty_words import LETTER, pill_text

W = 1000
PAD = 10
# usmap's palette names: party 0 is Kennedy (blue), party 1 Nixon (red); "p0l"/"p1l" their light tones
SOLID = {"KEN": "p0", "NIX": "p1"}
LEAN = {"KEN": "p0l", "NIX": "p1l"}
HL = "p2"  # the unused third party slot, recoloured as the highlight (the map's two parties never use it)
HL_RGB = (196, 120, 0)

F_TITLE = font(38)
F_BOLD = font(34)
F_TEXT = font(34, False)
ROW = 40  # a line of 34-px type with its spacing: 16 px on a phone
BADGE = 36


def badge(cv: Canvas, seat: str, x: float, y: float, d: int = BADGE) -> float:
    """The side's letter in a disc of its colour; returns the right edge."""
    cv.ellipse((x, y, x + d, y + d), fill=SOLID[seat], outline="ink", width=2)
    cv.text(x + d / 2, y + d / 2, LETTER[seat], F_BOLD, "white", SOLID[seat], "mm")
    return x + d


def tag(cv: Canvas, x: float, y: float, text: str, bg: str = "ink", fg: str = "white", h: int = 36,
        right: bool = False) -> float:
    """A filled word tag ("WON: Nixon", "LAST DRAW"); returns its far edge (the left edge when `right`)."""
    w = advance(text, F_BOLD) + 14
    x0 = x - w if right else x
    cv.rect((x0, y, x0 + w, y + h), fill=bg, radius=6)
    cv.text(x0 + w / 2, y + h / 2, text, F_BOLD, fg, bg, "mm")
    return x0 if right else x0 + w


def count(cv: Canvas, x: float, y: float, seat: str | None, n: int, h: int = 36) -> float:
    """A side's count as a pill in its colour with its letter ("K3"); a dash on grey when nobody has any."""
    text = pill_text(seat, n)
    bg, fg = (SOLID[seat], "white") if seat in SOLID and text != "—" else ("bar_empty", "ink")
    w = advance(text, F_BOLD) + 14
    cv.rect((x, y, x + w, y + h), fill=bg, outline="ink", width=2, radius=6)
    cv.text(x + w / 2, y + h / 2, text, F_BOLD, fg, bg, "mm")
    return x + w


def count_w(seat: str | None, n: int) -> int:
    return advance(pill_text(seat, n), F_BOLD) + 14


def box(cv: Canvas, b, marked: bool, fill: str = "white") -> None:
    """A framed box; a thick frame in the highlight colour round it when the last post changed what it holds."""
    if marked:
        cv.rect((b[0] - 4, b[1] - 4, b[2] + 4, b[3] + 4), fill=HL, radius=10)
    cv.rect(b, fill=fill, outline="ink", width=2, radius=8)


def line_row(cv: Canvas, y: int, label: str, text: str, seat: str | None = None) -> int:
    """A framed row: an ink tag, the side's badge, then `text` in up to two lines."""
    x = PAD + 6 + advance(label, F_BOLD) + 14 + 10 + (BADGE + 8 if seat in SOLID else 0)
    lines = wrap(text, F_TEXT, W - PAD - 10 - x, 2)
    h = len(lines) * ROW + 4
    cv.rect((PAD, y, W - PAD, y + h), fill="white", outline="ink", width=2, radius=8)
    tag(cv, PAD + 6, y + 4, label)
    if seat in SOLID:
        badge(cv, seat, x - BADGE - 8, y + 2 + (ROW - BADGE) / 2)
    for k, line in enumerate(lines):
        cv.text(x, y + 2 + (k + 0.5) * ROW, line, F_TEXT, "ink", "white", "lm")
    return y + h + 6
