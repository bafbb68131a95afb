"""1960's state board: the 51 states as boxes grouped by region, sized for a phone.

Why not a map: a phone shows the 1,000-px board 400 px wide, so a support count must be ~35 px tall here to be
14 px there (tests/render/test_closeup.py MIN_TEXT_PX); on the US map the "K+2" labels were ~6 px. Regions
matter in 1960 (media, endorsements, Election Day), so the states are grouped by them — East, Midwest, South,
West, each group led by an ink box with the region's name and electoral votes, the groups flowing on from row
to row (a row each would take four rows more) — and within a region go in their two-letter codes' order, the
codes players type.

A box is filled like the map was: its leader's colour, solid when carried (4 or more cubes), light when only
led, grey when empty. It shows the code over the electoral votes (10 px on a phone), the support bigger ("K2":
Kennedy's 2 cubes, 14 px; a state holds one side's cubes only, so the count is the lead), candidate tokens
(pins), home states (houses), at the end a cross on a state whose votes went to nobody, and a thick highlight
frame when the last post changed it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from render.canvas import Canvas, Font, Sprite, advance, font
from render.colours import text_on
from render.mapview import MapView, MarkerView
from render.types import LabelBox

F_SUPPORT = font(50)  # a flat "1" and the letters ~36 px tall: 14 px at 400 px wide
# The code and the EV: 35-px type has 26-px capitals and digits, 10 px on a phone whichever way the rows fall on
# the 2.5-px grid of the downscale
F_CODE = font(35)
F_EV = font(35, False)
F_REGION = font(35)
ROW_H = 62  # the code over the EV, 4 px apart, 3 px inside the outline; the support centred beside them
HEAD_GAP = 4
ROW_GAP = 3
BOX_GAP = 4
INSET = 4
MARK = 46  # a pin or a house, its side's letter drawn on it in 34-px type (10 px on a phone)
F_MARK = font(34)
# a marker's sprite (drawn without a letter), and the letter with its colour and the colour under it, if any
Mark = tuple[Sprite, str, str, str]


@dataclass(frozen=True)
class Entry:
    """One state's box: its code and EV, its support ("K2", "" when empty), markers, fill and outline."""
    code: str
    ev: int
    support: str
    seat: str | None  # the leader's seat (the support label's owner)
    markers: tuple[MarkerView, ...]
    face: str  # palette name of the box's fill
    highlight: bool


@dataclass(frozen=True)
class Region:
    name: str
    ev: int
    states: tuple[Entry, ...]


def regions_of(mv: MapView, states: list[tuple[str, int, str]], regions: list[tuple[str, str, int]]) -> list[Region]:
    """The boxes by region: `states` as (code, EV, region id), `regions` as (id, name, EV) in the order drawn; each
    box's fill, support and markers from the map view (its leader, solid when carried, the leader's cubes)."""
    out = []
    for rid, name, ev in regions:
        entries = []
        for code, votes, _ in sorted(s for s in states if s[2] == rid):
            sv = mv.states.get(code)
            seat = sv.fill if sv is not None else None
            if sv is None or seat is None:
                face, support = "neutral", ""
            else:
                k = mv.slot(seat)
                face = f"p{k}" + ("" if sv.strength == "solid" else "l")
                cubes = sv.counts.get(seat, 0)
                support = f"{mv.parties[k].letter}{cubes}" if cubes else ""
            entries.append(Entry(code, votes, support, seat if support else None,
                                 tuple(sv.markers) if sv else (), face, bool(sv and sv.highlight)))
        out.append(Region(name, ev, tuple(entries)))
    return out


def _head_w(e: Entry) -> int:
    return max(advance(e.code, F_CODE), advance(str(e.ev), F_EV))


def _marks_w(e: Entry) -> int:
    return len(e.markers) * (MARK + 2)


def entry_width(e: Entry) -> int:
    w = INSET + _head_w(e) + 3 + _marks_w(e)
    if e.support:
        w += advance(e.support, F_SUPPORT) + 1
    return w + INSET


def region_width(r: Region) -> int:
    return max(advance(r.name, F_REGION), advance(f"{r.ev} EV", F_EV)) + 2 * INSET


def _width(item: Region | Entry) -> int:
    return region_width(item) if isinstance(item, Region) else entry_width(item)


def flow(regions: list[Region], width: int) -> list[list[Region | Entry]]:
    """Rows of at most `width` px: each region's name box, then its states' boxes, region after region (a row
    break never leaves a region's name box last on its row)."""
    items: list[Region | Entry] = [x for r in regions for x in (r, *r.states)]
    rows: list[list[Region | Entry]] = [[]]
    used = -BOX_GAP
    for k, item in enumerate(items):
        w = _width(item)
        if isinstance(item, Region) and k + 1 < len(items):
            w += BOX_GAP + _width(items[k + 1])  # the name box keeps its first state beside it
        if rows[-1] and used + BOX_GAP + w > width:
            rows.append([])
            used = -BOX_GAP
        used += BOX_GAP + _width(item)
        rows[-1].append(item)
    return rows


def height(regions: list[Region], width: int) -> int:
    n = len(flow(regions, width))
    return n * ROW_H + (n - 1) * ROW_GAP


def draw_entry(cv: Canvas, e: Entry, x: int, y: int, w: int, mark: Callable[[MarkerView], Mark],
               hl: str) -> list[LabelBox]:
    """One box at (x, y), `w` px wide; returns where it was drawn (its code) and its support (code:seat)."""
    box = (x, y, x + w, y + ROW_H)
    if e.highlight:  # changed by the last post: a thick frame in the band's highlight colour
        cv.rect((x - 3, y - 3, x + w + 3, y + ROW_H + 3), fill=hl, radius=7)
    cv.rect(box, fill=e.face, outline="ink", width=2, radius=4)
    fg = text_on(cv.colours[e.face])
    cx = x + INSET
    labels = [LabelBox(e.code, box, (x + w // 2, y + ROW_H // 2), False, (x + w // 2, y + ROW_H // 2))]
    labels += _head(cv, "code", e.code, str(e.ev), cx, y, F_CODE, fg, e.face)
    cx += _head_w(e) + 3
    for k, m in enumerate(e.markers):
        sprite, letter, letter_fg, letter_bg = mark(m)
        mx, my = cx + k * (MARK + 2), y + (ROW_H - MARK) // 2
        cv.paste(sprite, mx, my)
        if letter:  # on the pin's head, or the house's walls
            cv.text(mx + MARK / 2, my + MARK * (0.37 if m.kind == "pawn" else 0.66), letter, F_MARK, letter_fg,
                    letter_bg, "mm")
    cx += _marks_w(e)
    if e.support:
        sw = advance(e.support, F_SUPPORT)
        right = x + w - INSET
        cv.text(right, y + ROW_H // 2, e.support, F_SUPPORT, fg, e.face, "rm")
        # the label with 9 px either side, inside the box's outline: the test crops 3 phone px (7.5 px) off each side
        labels.append(LabelBox(f"{e.code}:{e.seat}", (max(cx - 3, right - sw - 9), y + 2, x + w - 2, y + ROW_H - 2),
                               (x, y), False, (right - sw, y + ROW_H // 2)))
    return labels


def _head(cv: Canvas, kind: str, name: str, ev: str, x: int, y: int, f: Font, fg: str, bg: str) -> list[LabelBox]:
    """A box's head at (x, y): `name` (the state's code, the region's name) in `f` with its capitals' tops
    (ROW_H - 2 cap - HEAD_GAP) / 2 below the box's top, `ev` in F_EV ending as far above its bottom. Returns where
    each was inked ("code:CT" and "ev:CT", "region:East" and "ev:East"), for the tests that measure them on a phone."""
    margin = (ROW_H - f.cap - F_EV.cap - HEAD_GAP) // 2
    out = []
    for key, text, ft, base in ((kind, name, f, y + margin + f.cap), ("ev", ev, F_EV, y + ROW_H - margin)):
        ink = cv.text(x, base, text, ft, fg, bg, "ls")
        if ink is not None:
            out.append(LabelBox(f"{key}:{name}", ink, (x, base), False, (x, base)))
    return out


def _region_box(cv: Canvas, r: Region, x: int, y: int, w: int) -> list[LabelBox]:
    cv.rect((x, y, x + w, y + ROW_H), fill="ink", radius=4)
    return _head(cv, "region", r.name, f"{r.ev} EV", x + INSET, y, F_REGION, "white", "ink")


def draw(cv: Canvas, regions: list[Region], x0: int, y0: int, width: int, mark: Callable[[MarkerView], Mark],
         hl: str) -> list[LabelBox]:
    """The rows from (x0, y0), each row's boxes spread to `width` when it is nearly full; `mark` gives a marker's
    sprite, `hl` the highlight colour's palette name. Returns every box's label and its support's."""
    labels: list[LabelBox] = []
    y = y0
    for row in flow(regions, width):
        ws = [_width(item) for item in row]
        spare = width - sum(ws) - BOX_GAP * (len(row) - 1)
        boxes = sum(1 for item in row if isinstance(item, Entry))
        extra = spare // boxes if boxes and spare < 75 * boxes else 0
        x = x0
        for item, w in zip(row, ws):
            if isinstance(item, Region):
                labels += _region_box(cv, item, x, y, w)
            else:
                w += extra
                labels += draw_entry(cv, item, x, y, w, mark, hl)
            x += w + BOX_GAP
        y += ROW_H + ROW_GAP
    return labels
