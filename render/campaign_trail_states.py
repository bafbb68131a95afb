"""Campaign Trail's state board: one box per state, grouped by the game's nine regions, sized for a phone.

Why not the map: a phone shows the 1600-px board 400 px wide, so a count must be ~57 px tall here to be 14 px
there (tests/render/test_closeup.py MIN_TEXT_PX). On the US map a state is often narrower than one such number,
while a state may hold three parties' voters. So each state is a box, the boxes go region by region (the regions
a card's actions name; regions.yaml's order runs roughly west to east), each region opened by a dark tag with its
name, and within a region by code (the codes players type).

A box: a heading line with the state's code (bold) and EV; under it, each party's committed voters as a big number
on a chip in the party's colour with the party's letter (never colour alone); its pawns, home states and plane city
as markers in a row after the EV or after the chips, whichever keeps the box narrower. The heading's 60-px type is
~44 px of ink, 11 px on the phone: a player finds a state by its code, so it must read too (small and stacked at
the box's left it was 7 px). On a line of its own it costs height, not width: more boxes fit a row than with code
and EV side by side before the chips, which also read as one number ("AK3"). The box is filled by the majority
holder: solid when ahead by 3+, light when by 1–2; when the top parties are tied it has stripes round its edge in
the colour of the party the tiebreaker gives it; grey when nobody has voters there. The last move's states have a
thick ink outline.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PIL import Image, ImageDraw

from render.canvas import Canvas, Sprite, advance, font
from render.colours import text_on
from render.mapview import MapView, MarkerView
from render.types import LabelBox
from render.widgets import count_chip, last_move_frame

F_COUNT = font(76)  # digits ~57 px tall: 14 px at 400 px wide
F_LETTER = font(34)  # the chip's party letter (its colour says it too)
F_CODE = font(60)  # capitals ~44 px tall: 11 px at 400 px wide (tests/render/test_campaign_trail.py MIN_HEAD_PX)
F_EV = font(60, False)  # the same size, regular: the weight tells the EV from the code
F_REGION = font(26)
CHIP_H = 84  # the count's box keeps 12 px (3 px on a phone) above and below the digits
HEAD_TOP = 12  # the heading's ink starts below the tie stripes' band (FRAME)
HEAD_GAP = 12  # between the code and the EV, and before the markers
CHIPS_GAP = 8  # between the heading's ink and the chips
ROW_H = HEAD_TOP + F_CODE.cap + CHIPS_GAP + CHIP_H + 2
ROW_GAP = 6
BOX_GAP = 6
INSET = 4
FRAME = 8  # the tie stripes' band inside a box's edge
MARK = 40


@dataclass(frozen=True)
class Chip:
    party: str
    letter: str
    count: int
    slot: int  # the party's slot (its colour p{slot})


@dataclass(frozen=True)
class Entry:
    """One state's box, or (code "", region set) a region's tag."""
    code: str
    ev: int
    chips: tuple[Chip, ...]
    markers: tuple[MarkerView, ...]
    face: str  # palette name of the box's fill
    stripes: str | None  # the tiebreaker's colour when the top parties are tied
    highlight: bool
    region: str = ""  # a region tag's name


def entries(mv: MapView, regions: list[tuple[str, list[str]]], tags: bool = True) -> list[Entry]:
    """The region tags (unless `tags` is False) and state boxes in board order: `regions` is (region name, its
    state codes) in order."""
    out: list[Entry] = []
    for name, codes in regions:
        if tags:
            out.append(Entry("", 0, (), (), "ink", None, False, region=name))
        for code in sorted(codes):
            sv = mv.states.get(code)
            if sv is None:
                continue
            chips = tuple(Chip(p.code, p.letter, sv.counts[p.code], k)
                          for k, p in enumerate(mv.parties) if sv.counts.get(p.code))
            face, stripes = "neutral", None
            if sv.strength == "tied" and sv.fill is not None:
                face, stripes = "tie_base", f"p{mv.slot(sv.fill)}"
            elif sv.fill is not None and sv.strength != "empty":
                face = f"p{mv.slot(sv.fill)}" + ("" if sv.strength == "solid" else "l")
            out.append(Entry(code, sv.ev or 0, chips, tuple(sv.markers), face, stripes, sv.highlight))
    return out


def _region_lines(name: str) -> list[str]:
    return name.replace("-", "- ").split() if " " in name or "-" in name else [name]


def _chip_w(chip: Chip) -> int:
    return 5 + advance(chip.letter, F_LETTER) + advance(str(chip.count), F_COUNT) + 6


def _lines(e: Entry) -> tuple[int, int, bool]:
    """(heading width, chips' line width, whether the markers follow the chips): the markers go in a row after the
    EV (a marker is as tall as the capitals) or after the chips, whichever leaves the box narrower."""
    head = advance(e.code, F_CODE) + HEAD_GAP + advance(str(e.ev), F_EV)
    chips = sum(_chip_w(c) + 4 for c in e.chips) - 4 if e.chips else 0
    if not e.markers:
        return head, chips, False
    marks = len(e.markers) * (MARK + 4) - 4
    after_chips = chips > 0 and max(head, chips + HEAD_GAP + marks) < max(head + HEAD_GAP + marks, chips)
    if after_chips:
        return head, chips + HEAD_GAP + marks, True
    return head + HEAD_GAP + marks, chips, False


def entry_width(e: Entry) -> int:
    if e.region:
        return max(advance(line, F_REGION) for line in _region_lines(e.region)) + 20
    head, chips, _ = _lines(e)
    return FRAME + INSET + max(head, chips) + INSET + FRAME


def flow(items: list[Entry], width: int) -> list[list[Entry]]:
    """Rows of boxes, in order, each row at most `width` px; a region's tag never ends a row alone."""
    rows: list[list[Entry]] = [[]]
    used = 0
    for i, e in enumerate(items):
        w = entry_width(e)
        if e.region and i + 1 < len(items):
            w += BOX_GAP + entry_width(items[i + 1])  # the tag keeps its first state beside it
        if rows[-1] and used + BOX_GAP + w > width:
            rows.append([])
            used = 0
        used += (BOX_GAP if rows[-1] else 0) + entry_width(e)
        rows[-1].append(e)
    return rows


def height(items: list[Entry], width: int) -> int:
    n = len(flow(items, width))
    return n * ROW_H + (n - 1) * ROW_GAP


def _stripes(cv: Canvas, box: tuple[int, int, int, int], colour: str) -> None:
    """Diagonal stripes in the tiebreaker's colour, inside the box's edge band only (the counts stay clear)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    tile = Image.new("P", (w, h), cv.i("tie_base"))
    d = ImageDraw.Draw(tile)
    for x in range(-h, w, 16):
        d.line((x, h, x + h, 0), fill=cv.i(colour), width=7)
    band = Image.new("1", (w, h), 1)
    ImageDraw.Draw(band).rectangle((FRAME, FRAME, w - 1 - FRAME, h - 1 - FRAME), fill=0)
    cv.im.paste(tile, (x0, y0), band)


def _fg(cv: Canvas, bg: str) -> str:
    return text_on(cv.colours[bg])


def _region_tag(cv: Canvas, e: Entry, x: int, y: int, w: int) -> None:
    cv.rect((x, y, x + w, y + ROW_H), fill="ink", radius=6)
    lines = _region_lines(e.region)
    step = 30
    top = y + ROW_H / 2 - step * (len(lines) - 1) / 2
    for k, line in enumerate(lines):
        cv.text(x + w / 2, top + k * step, line, F_REGION, "white", "ink", "mm")


def draw_entry(cv: Canvas, e: Entry, x: int, y: int, w: int, mark: Callable[[MarkerView], Sprite]) -> list[LabelBox]:
    """One box at (x, y), `w` px wide; returns where it was drawn (its code), its code's and EV's places
    (code:XX, ev:XX: their part of the heading line, for a legibility test) and each count's chip (XX:party)."""
    if e.region:
        _region_tag(cv, e, x, y, w)
        return []
    box = (x, y, x + w, y + ROW_H)
    cv.rect(box, fill=e.face, outline="ink", width=2, radius=6)
    if e.stripes:
        _stripes(cv, (x + 2, y + 2, x + w - 2, y + ROW_H - 2), e.stripes)
    fg = _fg(cv, e.face)
    cx = x + FRAME + INSET
    base = y + HEAD_TOP + F_CODE.cap
    ex = cx + advance(e.code, F_CODE) + HEAD_GAP
    mx = ex + advance(str(e.ev), F_EV) + HEAD_GAP
    cv.text(cx, base, e.code, F_CODE, fg, e.face, "ls")
    cv.text(ex, base, str(e.ev), F_EV, fg, e.face, "ls")
    below = _lines(e)[2]
    if not below:
        for k, m in enumerate(e.markers):
            cv.paste(mark(m), mx + k * (MARK + 4), base - F_CODE.cap // 2 - MARK // 2)
    band = (y + HEAD_TOP - 2, base + 2)  # the heading's rows: the chips' outlines blur into the rows below
    labels = [LabelBox(e.code, box, (x + w // 2, y + ROW_H // 2), False, (x + w // 2, y + ROW_H // 2)),
              LabelBox(f"code:{e.code}", (cx - 4, band[0], ex - HEAD_GAP // 2, band[1]), (x, y), False, (cx, base)),
              LabelBox(f"ev:{e.code}", (ex - HEAD_GAP // 2, band[0], mx - HEAD_GAP // 2, band[1]), (x, y), False,
                       (ex, base))]
    top = y + ROW_H - 2 - CHIP_H
    for c in e.chips:
        cw = _chip_w(c)
        bg = f"p{c.slot}"
        cfg = _fg(cv, bg)
        nx = count_chip(cv, cx, top, cw, CHIP_H, bg, cfg, c.letter, F_LETTER, c.count, F_COUNT, pad=5)
        # the whole chip: the party letter's ink lies within the count's rows, so it adds no height
        labels.append(LabelBox(f"{e.code}:{c.party}", (cx, top, cx + cw, top + CHIP_H), (x, y), False, (nx, top)))
        cx += cw + 4
    if below:
        for k, m in enumerate(e.markers):
            cv.paste(mark(m), cx - 4 + HEAD_GAP + k * (MARK + 4), top + CHIP_H // 2 - MARK // 2)
    if e.highlight:  # the last move's states
        last_move_frame(cv, box, outset=4, width=8)
    return labels


def draw(cv: Canvas, items: list[Entry], x0: int, y0: int, width: int,
         mark: Callable[[MarkerView], Sprite]) -> list[LabelBox]:
    """The boxes flowed into rows from (x0, y0), each row's boxes widened to fill it; `mark(MarkerView)` gives a
    marker's sprite. Returns every box's label and its counts' (render/types.LabelBox)."""
    labels: list[LabelBox] = []
    y = y0
    for row in flow(items, width):
        ws = [entry_width(e) for e in row]
        boxes = [i for i, e in enumerate(row) if not e.region]
        spare = width - sum(ws) - BOX_GAP * (len(row) - 1)
        extra = spare // len(boxes) if len(boxes) > 1 and spare < 200 * len(boxes) else 0
        x = x0
        for e, w in zip(row, ws):
            w += 0 if e.region else extra
            labels += draw_entry(cv, e, x, y, w, mark)
            x += w + BOX_GAP
        y += ROW_H + ROW_GAP
    return labels
