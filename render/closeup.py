"""A turn's close-up (issue 16, "a picture a phone can read"): the states a turn changed, cut from the map and
enlarged, with their codes and counts in big type, under the turn's one-line caption.

The full map is 1600 px wide: on a phone it is shown about 400 px wide, a quarter of its size, where a count pill
is 5 px tall. The close-up is CLOSEUP_W (800) px wide, so shown at 400 px it is halved: every count and state code
is drawn in COUNT_FONT (40 px) type, whose digits stay at least 14 px tall on the phone (tests/render/test_closeup.py
measures them). Drawn from a `MapView`, i.e. from the ruleset's public view, like the map itself.
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
from render.usmap import LAYOUT, closeup_base, count_text
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


def render_turn_closeup(mv: MapView, states: list[str], caption: str = "") -> Rendered:
    """The close-up of `states` (the ones a turn changed, biggest change first) under `caption`."""
    shown = [a for a in dict.fromkeys(states) if a in STATES]
    lines = _caption_lines(caption)
    f_cap = font(CAPTION_FONT)
    cap_h = (len(lines) * f_cap.line + 2 * PAD) if lines else PAD
    base, g, faces = closeup_base(mv, shown, CLOSEUP_W, MAP_MAX_H)
    listed = shown[:MAX_ROWS]
    rows_h = len(listed) * ROW_H + (ROW_H if len(shown) > MAX_ROWS else 0) + PAD
    height = cap_h + base.im.height + 4 + rows_h
    im = Image.new("P", (CLOSEUP_W, height), LAYOUT.index["paper"])
    im.paste(base.im, (0, cap_h))
    cv = Canvas(LAYOUT, im, base.colours, base.reserved)
    for i, line in enumerate(lines):
        cv.text(PAD, PAD + i * f_cap.line, line, f_cap, "ink", "paper")
    # each changed state's code on the map, on its own colour, ringed so it stands off the fill
    for abbr in shown:
        if abbr not in g.anchors:
            continue
        ax, ay = g.anchors[abbr]
        sprite = pill(LAYOUT, abbr, faces.get(abbr, "white"), faces.get(f"{abbr}:fg", "ink"), ring="ink",
                      size=COUNT_FONT, height=PILL_HEIGHT)
        x = min(max(ax - sprite.w / 2, 2), CLOSEUP_W - sprite.w - 2)
        y = min(max(cap_h + ay - sprite.h / 2, cap_h + 2), cap_h + base.im.height - sprite.h - 2)
        cv.paste(sprite, x, y)
    y = cap_h + base.im.height
    cv.rect((0, y, CLOSEUP_W, y + 3), fill="ink")
    y += 4 + PAD // 2
    f_row = font(COUNT_FONT)
    drawn: list[LabelBox] = []  # each count pill ("OH:DEM"), for the tests that measure them at phone size
    for abbr in listed:
        x = PAD
        box = cv.paste(pill(LAYOUT, abbr, faces.get(abbr, "white"), faces.get(f"{abbr}:fg", "ink"), ring="ink",
                            size=COUNT_FONT, height=PILL_HEIGHT), x, y)
        x = box[2] + 12
        ev = f"{mv.ev_of(abbr)} EV"
        cv.text(x, y + PILL_HEIGHT / 2, ev, f_row, "ink", "paper", anchor="lm")
        x += advance(ev, f_row) + 18
        counts = _counts(mv, abbr)
        if not counts:
            cv.text(x, y + PILL_HEIGHT / 2, "empty", f_row, "muted", "paper", anchor="lm")
        for code, n in counts:
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
