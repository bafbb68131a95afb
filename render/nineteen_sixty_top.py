"""The top of 1960's board: the electoral-vote bar against the votes to win, and the state board's key.

The bar's totals are drawn in 76-px type, 14 px on a phone showing the board 400 px wide: Kennedy's
from the left in blue, Nixon's from the right in red, the votes nobody leads between, a tick and an ink tag at
the votes needed. The key either side of that tag says what a state box shows (render/nineteen_sixty_states.py).
"""
from __future__ import annotations

from render import colours as C
from render.canvas import Canvas, Sprite, advance, fit_font, font, truncate
from render.mapview import MapView, MarkerView
from render.usmap import LAYOUT
from render.widgets import marker, win_tag

F_BAR = font(76)
F_TAG = font(24)
F_KEY = font(24, False)
BAR_H = 84
KEY_H = 40
TOP_H = 4 + BAR_H + KEY_H + 6


def marker_sprite(mv: MapView, m: MarkerView, size: int) -> Sprite:
    if m.party is None:  # the cross on an unawarded state
        return marker(LAYOUT, m.kind, "white", "ink", "", size=size)
    k = mv.slot(m.party)
    fill = f"p{k}"
    return marker(LAYOUT, m.kind, fill, C.text_on(C.party_tones(mv.parties[k].colour)[0]), mv.parties[k].letter,
                  size=size)


def _bar(cv: Canvas, mv: MapView, x0: int, y: int, width: int, total: int) -> tuple[float, float]:
    """The bar; returns the left and right of the "to win" tag (the key goes either side of it)."""
    x1, y1 = x0 + width, y + BAR_H
    cv.rect((x0, y, x1, y1), fill="bar_empty")
    total = total or 1
    for k, p in enumerate(mv.parties[:2]):
        n = mv.ev_totals.get(p.code, 0)
        w = width * n / total
        if w < 1:
            continue
        box = (x0, y, x0 + w, y1) if k == 0 else (x1 - w, y, x1, y1)
        cv.rect(box, fill=f"p{k}")
        label = f"{p.letter} {n}"
        f = fit_font(label, int(w) - 20, F_BAR.size, True, 30)
        if advance(label, f) + 20 <= w:
            fg = C.text_on(cv.colours[f"p{k}"])
            x, anchor = (box[0] + 12, "lm") if k == 0 else (box[2] - 12, "rm")
            cv.text(x, y + BAR_H / 2, label, f, fg, f"p{k}", anchor)
    cv.rect((x0, y, x1, y1), outline="ink", width=2)
    return win_tag(cv, x0, x1, y, y1, mv.ev_needed or total // 2 + 1, total, F_TAG, rise=4)


def draw(cv: Canvas, mv: MapView, x0: int, y: int, width: int, total: int) -> int:
    """The bar and the key from (x0, y); returns the bottom (y + TOP_H - 4)."""
    gap = _bar(cv, mv, x0, y, width, total)
    ky = y + BAR_H + 2 + KEY_H / 2
    left = "K2: Kennedy's 2 cubes · dark: carried (4+) · light: led"
    cv.text(x0, ky, truncate(left, F_KEY, int(gap[0]) - x0 - 12), F_KEY, "ink", "paper", "lm")
    x = gap[1] + 12
    items: list[tuple[str, str | None]] = [("grey: empty ·", None), ("token", "pawn"), ("home", "home")]
    if any(m.kind == "cross" for s in mv.states.values() for m in s.markers):
        items.append(("unawarded", "cross"))
    items.append(("· framed: changed", None))
    for word, kind in items:
        if kind:
            cv.paste(marker(LAYOUT, kind, "white", "ink", "", size=30), x, ky - 15)
            x += 32
        cv.text(x, ky, truncate(word, F_KEY, max(0, int(x0 + width - x))), F_KEY, "ink", "paper", "lm")
        x += advance(word, F_KEY) + 10
    return y + TOP_H - 4



