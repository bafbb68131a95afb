"""A turn's close-up: the states a turn changed, cut from the map and
enlarged, with their codes and counts in big type, under the turn's one-line caption.

The full map is 1600 px wide: on a phone it is shown about 400 px wide, a quarter of its size, where a count pill
is 5 px tall. The close-up is CLOSEUP_W (800) px wide, so shown at 400 px it is halved: every count and state code
is drawn in COUNT_FONT (40 px) type, whose digits stay at least 14 px tall on the phone (tests/render/test_closeup.py
measures them). A code that would cover another on the map (small neighbours: MD and DE) moves to a free spot
near its state, joined to it by a line; a row with more counts than fit the width goes on below, at the same x.
Drawn from a `MapView`, i.e. from the ruleset's public view, like the map itself.
"""
from __future__ import annotations

import zlib

from PIL import Image

from render.alttext import Part, caption_sentence, fit, some
from render.colours import text_on
from render.canvas import Canvas, advance, encode_p, font, wrap
from render.mapview import MapView
from render.types import LabelBox, Rendered
from render.usdata import NAMES, STATES
from render.usmap import closeup_base
from render.usmap_geometry import LAYOUT
from render.usmap_pills import count_text
from render.widgets import pill

CLOSEUP_W = 800
MAP_MAX_H = 560  # the map part; the rows below add to it
COUNT_FONT = 40  # px at 800 wide: 20 px at 400, digits ~14.5 px tall
CAPTION_FONT = 34
PILL_HEIGHT = 54
ROW_H = 66
MAX_ROWS = 8  # states listed below the map; more are on the map and "+N more"
PAD = 14


def _caption_lines(caption: str) -> list[str]:
    return wrap(caption, font(CAPTION_FONT), CLOSEUP_W - 2 * PAD, max_lines=3) if caption else []


def _counts(mv: MapView, abbr: str) -> list[tuple[str, int]]:
    """(party code, count) of a state, the biggest first, in party order among equals."""
    s = mv.states.get(abbr)
    if s is None:
        return []
    order = [p.code for p in mv.parties]
    return sorted(((p, n) for p, n in s.counts.items() if n), key=lambda pn: (-pn[1], order.index(pn[0])))


def _party_pill(cv: Canvas, mv: MapView, code: str, n: int, x: float, y: float) -> tuple[int, int, int, int]:
    k = mv.slot(code)
    fg = "white" if _dark(cv, f"p{k}") else "ink"
    sprite = pill(LAYOUT, count_text(mv.party(code).letter, n), f"p{k}", fg, ring="ink", size=COUNT_FONT, height=PILL_HEIGHT)
    return cv.paste(sprite, x, y)


def _dark(cv: Canvas, name: str) -> bool:
    return text_on(cv.colours[name]) == "white"


def _place_codes(cv: Canvas, g, shown: list[str], faces: dict[str, str], top: int, bottom: int) -> list[LabelBox]:
    """Each changed state's code on the map, on its own colour, ringed so it stands off the fill. A code goes on its
    state's label point, or, when that would cover a code already placed (small neighbours: MD and DE), at the
    nearest free spot around it with a line back to the point; a code with no free spot near is left off (its
    outline still shows the state). Returns the boxes drawn ("OH code")."""
    placed: list[tuple[int, int, int, int]] = []
    drawn: list[LabelBox] = []
    for abbr in shown:
        if abbr not in g.anchors:
            continue
        ax, ay = g.anchors[abbr]
        ay += top
        sprite = pill(LAYOUT, abbr, faces.get(abbr, "white"), faces.get(f"{abbr}:fg", "ink"), ring="ink",
                      size=COUNT_FONT, height=PILL_HEIGHT)
        spot = _free_spot(sprite.w, sprite.h, ax, ay, placed, top, bottom)
        if spot is None:
            continue
        x, y = spot
        box = (x, y, x + sprite.w, y + sprite.h)
        if not (x <= ax <= box[2] and y <= ay <= box[3]):  # moved off its state: a line back to it
            near = (min(max(ax, x), box[2]), min(max(ay, y), box[3]))
            cv.line([(ax, ay), near], "ink", width=3)
            cv.ellipse((ax - 5, ay - 5, ax + 5, ay + 5), fill="ink")
        placed.append(box)
        cv.paste(sprite, x, y)
        drawn.append(LabelBox(f"{abbr} code", box, (ax, ay), box[0] > ax or box[2] < ax or box[1] > ay or box[3] < ay))
    return drawn


def _free_spot(w: int, h: int, ax: int, ay: int, placed: list[tuple[int, int, int, int]], top: int,
               bottom: int) -> tuple[int, int] | None:
    """The top-left of a w × h box centred as near (ax, ay) as it can be, inside the map (top..bottom) and 4 px
    clear of every box in `placed`: the point itself, then rings of eight spots ever further out."""
    def clamp(cx: float, cy: float) -> tuple[int, int]:
        return (int(min(max(cx - w / 2, 2), CLOSEUP_W - w - 2)), int(min(max(cy - h / 2, top + 2), bottom - h - 2)))

    def free(x: int, y: int) -> bool:
        return all(x + w + 4 <= b[0] or b[2] + 4 <= x or y + h + 4 <= b[1] or b[3] + 4 <= y for b in placed)

    candidates = [clamp(ax, ay)]
    for ring in range(1, 5):
        dx, dy = ring * (w / 2 + 10), ring * (h + 8) * 0.75
        candidates += [clamp(ax + sx * dx, ay + sy * dy) for sx, sy in
                       ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1))]
    return next(((x, y) for x, y in candidates if free(x, y)), None)


def _row_pills(mv: MapView, abbr: str, x: int) -> list[list[tuple[str, int]]]:
    """A row's count pills in lines: as many as fit beside the code and EV (from `x`), the rest on lines below,
    started at the same x, so no pill passes the picture's right edge."""
    lines: list[list[tuple[str, int]]] = [[]]
    used = x
    for code, n in _counts(mv, abbr):
        w = advance(count_text(mv.party(code).letter, n), font(COUNT_FONT)) + 12
        if lines[-1] and used + w > CLOSEUP_W - PAD:
            lines.append([])
            used = x
        lines[-1].append((code, n))
        used += w + 10
    return lines


def _row_x(mv: MapView, abbr: str) -> int:
    """Where a row's count pills start: after the code's pill and the EV."""
    code_w = advance(abbr, font(COUNT_FONT)) + 12
    return PAD + code_w + 12 + advance(f"{mv.ev_of(abbr)} EV", font(COUNT_FONT)) + 18


def render_turn_closeup(mv: MapView, states: list[str], caption: str = "") -> Rendered:
    """The close-up of `states` (the ones a turn changed, biggest change first) under `caption`."""
    shown = [a for a in dict.fromkeys(states) if a in STATES]
    lines = _caption_lines(caption)
    f_cap = font(CAPTION_FONT)
    cap_h = (len(lines) * f_cap.line + 2 * PAD) if lines else PAD
    base, g, faces = closeup_base(mv, shown, CLOSEUP_W, MAP_MAX_H)
    listed = shown[:MAX_ROWS]
    row_lines = {a: _row_pills(mv, a, _row_x(mv, a)) for a in listed}
    rows_h = sum(len(v) for v in row_lines.values()) * ROW_H + (ROW_H if len(shown) > MAX_ROWS else 0) + PAD
    height = cap_h + base.im.height + 4 + rows_h
    im = Image.new("P", (CLOSEUP_W, height), LAYOUT.index["paper"])
    im.paste(base.im, (0, cap_h))
    cv = Canvas(LAYOUT, im, base.colours, base.reserved)
    for i, line in enumerate(lines):
        cv.text(PAD, PAD + i * f_cap.line, line, f_cap, "ink", "paper")
    drawn: list[LabelBox] = _place_codes(cv, g, shown, faces, cap_h, cap_h + base.im.height)
    y = cap_h + base.im.height
    cv.rect((0, y, CLOSEUP_W, y + 3), fill="ink")
    y += 4 + PAD // 2
    f_row = font(COUNT_FONT)
    for abbr in listed:  # each count pill ("OH:DEM"), for the tests that measure them at phone size
        x = PAD
        box = cv.paste(pill(LAYOUT, abbr, faces.get(abbr, "white"), faces.get(f"{abbr}:fg", "ink"), ring="ink",
                            size=COUNT_FONT, height=PILL_HEIGHT), x, y)
        drawn.append(LabelBox(f"{abbr} row", box, (box[0], box[1]), False))
        x = box[2] + 12
        ev = f"{mv.ev_of(abbr)} EV"
        cv.text(x, y + PILL_HEIGHT / 2, ev, f_row, "ink", "paper", anchor="lm")
        start = _row_x(mv, abbr)
        if not _counts(mv, abbr):
            cv.text(start, y + PILL_HEIGHT / 2, "empty", f_row, "muted", "paper", anchor="lm")
        for line in row_lines[abbr]:
            x = start
            for code, n in line:
                box = _party_pill(cv, mv, code, n, x, y)
                drawn.append(LabelBox(f"{abbr}:{code}", box, (box[0], box[1]), False))
                x = box[2] + 10
            y += ROW_H
    if len(shown) > MAX_ROWS:
        more = len(shown) - MAX_ROWS
        cv.text(PAD, y + PILL_HEIGHT / 2, f"+{more} more state{'' if more == 1 else 's'} on the map", f_row, "muted", "paper",
                anchor="lm")
    palette = cv.layout.palette(cv.colours, cv.reserved)
    alt = closeup_alt(mv, shown, listed, caption)
    return Rendered(encode_p(im, palette, zlib.Z_DEFAULT_STRATEGY), alt, CLOSEUP_W, height, tuple(drawn))


def closeup_alt(mv: MapView, shown: list[str], listed: list[str], caption: str) -> str:
    """The close-up in words, as drawn: the states, the caption, then each listed row (the state, its electoral
    votes, the parties' counts); the states past the rows are on the map only, and said so."""
    n = len(shown)
    states = "state" if n == 1 else f"{n} states"
    if n > len(listed):
        names = [NAMES.get(a, a) for a in shown]
        head: Part = (f"{mv.game} close-up of the {states} this turn changed: {some(names, 12)}.",
                      f"{mv.game} close-up of the {states} this turn changed: {some(shown, 12)}.",
                      f"{mv.game} close-up of the {states} this turn changed.")
    else:
        head = f"{mv.game} close-up of the {states} this turn changed."

    def counts(a: str) -> str:
        return ", ".join(f"{mv.party(c).name} {k}" for c, k in _counts(mv, a)) or "empty"

    rows: Part = ""
    if listed:
        rows = (" ".join(f"{NAMES.get(a, a)} ({a}), {mv.ev_of(a)} EV: {counts(a)}." for a in listed),
                " ".join(f"{a} {mv.ev_of(a)} EV: {counts(a)}." for a in listed),
                "States: " + ", ".join(listed) + ".")
    more = f"{n - len(listed)} more on the map only." if n > len(listed) else ""
    return fit([head, caption_sentence(caption), rows, more])
