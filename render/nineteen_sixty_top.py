"""The top of 1960's board: the electoral-vote bar against the votes to win, and the state board's key.

The bar's totals are drawn in 48-px type, 14 px on a phone showing the board 400 px wide: Kennedy's from the left in
blue, Nixon's from the right in red, the votes nobody leads between, an ink line and tag at the votes needed; a total
never sits under that line (widgets.clear_of). The key either side of the tag says what a state box shows
(render/nineteen_sixty_states.py) in 34-px type, 10 px on a phone; its markers' key goes after the board's last box.
"""
from __future__ import annotations

from render import colours as C
from render.canvas import Canvas, advance, fit_font, font, truncate
from render.mapview import MapView, MarkerView
from render.nineteen_sixty_states import Mark
from render.usmap_geometry import LAYOUT
from render.widgets import clear_of, marker, tag_height, win_tag, win_x

F_BAR = font(48)
F_TAG = font(34)
F_KEY = font(34, False)
BAR_H = 56
KEY_MARK = 36
TOP_H = BAR_H + 6 + tag_height(F_TAG)


def marker_sprite(mv: MapView, m: MarkerView, size: int) -> Mark:
    """A state box's marker without its letter, and the letter to draw on it (its side's, in the side's colour)."""
    if m.party is None:  # the cross on an unawarded state
        return marker(LAYOUT, m.kind, "white", "ink", "", size=size), "", "ink", "white"
    k = mv.slot(m.party)
    fill = f"p{k}"
    fg = C.text_on(C.party_tones(mv.parties[k].colour)[0])
    return marker(LAYOUT, m.kind, fill, fg, "", size=size), mv.parties[k].letter, fg, fill


def _bar(cv: Canvas, mv: MapView, x0: int, y: int, width: int, total: int) -> tuple[float, float]:
    """The bar; returns the left and right of the "to win" tag (the key goes either side of it)."""
    x1, y1 = x0 + width, y + BAR_H
    cv.rect((x0, y, x1, y1), fill="bar_empty")
    total = total or 1
    need = mv.ev_needed or total // 2 + 1
    mark = win_x(x0, x1, need, total)
    for k, p in enumerate(mv.parties[:2]):
        n = mv.ev_totals.get(p.code, 0)
        w = width * n / total
        if w < 1:
            continue
        box = (x0, y, x0 + w, y1) if k == 0 else (x1 - w, y, x1, y1)
        cv.rect(box, fill=f"p{k}")
        label = f"{p.letter} {n}"
        f = fit_font(label, int(w) - 12, F_BAR.size, True, F_TAG.size)
        cx = clear_of(box[0], box[2], mark, advance(label, f))  # never under the "to win" line
        if cx is not None:
            cv.text(cx, y + BAR_H / 2, label, f, C.text_on(cv.colours[f"p{k}"]), f"p{k}", "mm")
    cv.rect((x0, y, x1, y1), outline="ink", width=2)
    return win_tag(cv, x0, x1, y, y1, need, total, F_TAG, rise=4)


def draw(cv: Canvas, mv: MapView, x0: int, y: int, width: int, total: int) -> int:
    """The bar and the key either side of its tag from (x0, y); returns the bottom (y + TOP_H)."""
    left, right = _bar(cv, mv, x0, y, width, total)
    ky = y + BAR_H + 6 + tag_height(F_TAG) / 2
    for word, x, anchor, room in (("K2: Kennedy 2 cubes", left - 12, "rm", left - x0 - 12),
                                  ("dark: carried (4+)", right + 12, "lm", x0 + width - right - 12)):
        cv.text(x, ky, truncate(word, F_KEY, int(room)), F_KEY, "ink", "paper", anchor)
    return y + TOP_H


def marker_key(mv: MapView) -> list[tuple[str, str]]:
    """The markers a state box may carry, as (word, marker kind)."""
    items = [("token", "pawn"), ("home", "home")]
    if any(m.kind == "cross" for s in mv.states.values() for m in s.markers):
        items.append(("no votes", "cross"))
    return items


def marker_key_width(mv: MapView) -> int:
    return sum(KEY_MARK + 4 + advance(word, F_KEY) + 22 for word, _ in marker_key(mv)) - 22


def draw_marker_key(cv: Canvas, mv: MapView, x: float, y: float) -> None:
    """The markers' key on a line centred on `y` from `x` (after the state board's last box, or under it)."""
    for word, kind in marker_key(mv):
        cv.paste(marker(LAYOUT, kind, "white", "ink", "", size=KEY_MARK), x, y - KEY_MARK / 2)
        x += KEY_MARK + 4
        cv.text(x, y, word, F_KEY, "ink", "paper", "lm")
        x += advance(word, F_KEY) + 22
