"""Presidential Election's state board: all 51 ballots as boxes in code order, sized for a phone.

Why not a map: the board is 1200 px wide and a phone shows it 400 px wide, so every word and number is drawn at
least 42 px (capitals 10 px there: render/canvas.readable). A US tile grid is 12 tiles wide, ~100 px a tile: room
for one such number, while a 6-player state has up to six counts. Nothing in the rules depends on where a state is
(a map token flies anywhere), so the states go in their two-letter codes' order, the codes players type.

What makes six counts fit: a ballot is bought with one vote and never drops below one (engine primitives), so
a state's box draws only the counts above 1, each on a chip in its player's colour with the seat's number;
every other player on its ballot has 1. Players off the ballot are named on a white tag ("off 2 5", or "on 3"
when fewer are on than off; none when nobody is, the box is grey). Early on most ballots lack the same seats:
those are named once above the boxes, and only a box that differs has a tag ("all on" when nobody is off it).
The box is filled like the map was: the leader's colour (light when ahead by 1–2), tie stripes round the edge in
every tied player's colour, grey when nobody is on the ballot; pins (map tokens), houses (home states) and stars
(carried after a recount) sit after the EV, each with its seat's number beside it; the last move's states have a
thick outline. Boxes flow left to right in rows, as wide as their chips.

The code and the state's electoral votes lead the box on one line ("AK 3", the code bold).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable

from PIL import Image, ImageDraw

from render.canvas import Canvas, Sprite, advance, font
from render.colours import text_on
from render.mapview import MapView, MarkerView
from render.types import LabelBox
from render.widgets import last_move_frame

F_COUNT = font(46)  # digits 34 px tall: 11 px at 400 px wide
F_SEAT = font(42)  # the chip's seat number (the chip's colour says it too), and a marker's
# The code and its EV side by side, centred on the box's row: 42-px capitals and digits are 31 px tall, 10 px at
# 400 px wide (stacked, two such lines would need rows taller than a chip: more height than the width costs)
F_CODE = font(42)
F_EV = font(42, False)  # regular beside the bold code, so "AK 3" reads as a code and a number
HEAD_GAP = 12  # code to EV: a word space (the phone test's crops meet in its middle)
F_TAG = font(42)
CHIP_H = 48  # the count's box keeps 7 px above and below the digits
SEAT_AT = 5  # the chip's edge to its seat number's white square
ROW_H = CHIP_H + 4  # a box: its chips and 2 px above and below (rows are what the height budget counts)
ROW_GAP = 2  # a highlight's thick frame (2 px outside its box) still clears the next row
BOX_GAP = 4
INSET = 3  # the tie band to the code; a chip's edge to its seat number
FRAME = 6  # the tie stripes' band inside a box's edge
MARK = 32
CROP = 9  # 3 px of a phone showing the board 400 px wide
TAIL = 10  # the EV to the markers or chips: the EV's measured crop (3 phone px past its ink) stays clear of them


@dataclass(frozen=True)
class Chip:
    seat: str
    digit: str  # the seat's number, drawn small
    count: int
    slot: int  # the seat's party slot (its colour p{slot})


@dataclass(frozen=True)
class Mark:
    """A marker on a box and the seat's number drawn beside it ("" for nobody's)."""
    view: MarkerView
    digit: str


@dataclass(frozen=True)
class Entry:
    """One state's box: its code and EV, its counts above 1, ballot tag, markers, fill and outline."""
    code: str
    ev: int
    chips: tuple[Chip, ...]
    tag: str  # "" when every player is on the ballot
    markers: tuple["Mark", ...]
    face: str  # palette name of the box's fill
    stripes: tuple[str, ...]  # tied players' colour names (stripes round the edge)
    highlight: bool


def usual_off(mv: MapView, ballots: dict[str, dict[str, int]]) -> tuple[str, ...]:
    """The seats off most ballots (of those anyone is on), e.g. those who have not bought theirs yet: said once
    above the boxes, so that only the boxes that differ carry a tag."""
    seats = [p.code for p in mv.parties]
    sets = Counter(tuple(s for s in seats if s not in v) for v in ballots.values() if v)
    return min(sets.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))[0] if sets else ()


def entries(mv: MapView, ballots: dict[str, dict[str, int]], ev: dict[str, int]) -> list[Entry]:
    """The boxes in code order: `ballots` maps each state to the votes of the seats on its ballot."""
    seats = [p.code for p in mv.parties]
    usual = usual_off(mv, ballots)
    out = []
    for code in sorted(ballots):
        votes = ballots[code]
        sv = mv.states.get(code)
        chips = tuple(Chip(s, mv.parties[mv.slot(s)].letter, n, mv.slot(s))
                      for s, n in sorted(votes.items(), key=lambda kv: (-kv[1], seats.index(kv[0]))) if n > 1)
        on = [s for s in seats if s in votes]
        off = [s for s in seats if s not in votes]
        letters = {p.code: p.letter for p in mv.parties}
        tag = ("" if tuple(off) == usual or not on  # nobody on it: the grey box says so
               else "all on" if not off
               else "off " + " ".join(letters[s] for s in off) if len(off) <= len(on)
               else "on " + " ".join(letters[s] for s in on))
        face, stripes = "neutral", ()
        if sv is not None and sv.counts:
            top = max(sv.counts.values())
            tied = [s for s in seats if sv.counts.get(s) == top]
            if len(tied) > 1:
                face, stripes = "tie_base", tuple(f"p{mv.slot(s)}" for s in tied)
            elif sv.fill is not None:
                face = f"p{mv.slot(sv.fill)}" + ("" if sv.strength == "solid" else "l")
        marks = tuple(Mark(m, letters.get(m.party, "") if m.party else "") for m in (sv.markers if sv else ()))
        out.append(Entry(code, ev[code], chips, tag, marks, face, stripes,
                         bool(sv and sv.highlight)))
    return out


def _chip_w(chip: Chip) -> int:
    return SEAT_AT + advance(chip.digit, F_SEAT) + 12 + 8 + advance(str(chip.count), F_COUNT) + 8


def _chip(cv: Canvas, c: Chip, x: int, top: int, w: int) -> int:
    """A count on its seat's colour, after the seat's number in ink on a white square (so "1" and "13" never read
    as "113"); returns where the count's digits start."""
    bg = f"p{c.slot}"
    cv.rect((x, top, x + w, top + CHIP_H), fill=bg, outline="ink", width=3, radius=10)
    sw = advance(c.digit, F_SEAT) + 12
    cv.rect((x + SEAT_AT, top + 6, x + SEAT_AT + sw, top + CHIP_H - 6), fill="white", outline="ink", width=2,
            radius=6)
    cv.text(x + SEAT_AT + sw / 2, top + CHIP_H / 2, c.digit, F_SEAT, "ink", "white", "mm")
    nx = x + SEAT_AT + sw + 8
    cv.text(nx, top + CHIP_H / 2, str(c.count), F_COUNT, _fg(cv, bg), bg, "lm")
    return nx


def _head_w(e: Entry) -> int:
    return advance(e.code, F_CODE) + HEAD_GAP + advance(str(e.ev), F_EV)


def _mark_w(m: MarkerView) -> int:
    """A marker and its seat's number after it (none for a marker of nobody's)."""
    return MARK + (advance(m.digit, F_SEAT) + 2 if m.digit else 0) + 6


def _marks_w(e: Entry) -> int:
    return sum(_mark_w(m) for m in e.markers)


def entry_width(e: Entry) -> int:
    w = FRAME + INSET + _head_w(e) + TAIL + _marks_w(e)
    w += sum(_chip_w(c) + 4 for c in e.chips)
    if e.tag:
        w += advance(e.tag, F_TAG) + 16 + 4
    return w + (2 if e.chips or e.tag else FRAME)


def flow(items: list[Entry], width: int) -> list[list[Entry]]:
    """Rows of boxes, in order, each row at most `width` px."""
    rows: list[list[Entry]] = [[]]
    used = 0
    for e in items:
        w = entry_width(e)
        if rows[-1] and used + BOX_GAP + w > width:
            rows.append([])
            used = 0
        used += (BOX_GAP if rows[-1] else 0) + w
        rows[-1].append(e)
    return rows


def height(items: list[Entry], width: int) -> int:
    n = len(flow(items, width))
    return n * ROW_H + (n - 1) * ROW_GAP


def _stripes(cv: Canvas, box: tuple[int, int, int, int], colours: tuple[str, ...]) -> None:
    """Diagonal stripes in the tied players' colours in turn, inside the box's edge band only."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    tile = Image.new("P", (w, h), cv.i("tie_base"))
    d = ImageDraw.Draw(tile)
    step = 10
    for k, x in enumerate(range(-h, w, step)):
        d.line((x, h, x + h, 0), fill=cv.i(colours[k % len(colours)]), width=5)
    band = Image.new("1", (w, h), 1)
    ImageDraw.Draw(band).rectangle((FRAME, FRAME, w - 1 - FRAME, h - 1 - FRAME), fill=0)
    cv.im.paste(tile, (x0, y0), band)


def _fg(cv: Canvas, bg: str) -> str:
    return text_on(cv.colours[bg])


def _head(cv: Canvas, e: Entry, x: int, y: int, fg: str) -> list[LabelBox]:
    """The code and its EV on one line at (x, row y), centred on the row; returns a box for each ("AK code",
    "AK EV"): the row's height, split in the gap between them, the EV's ending TAIL past its ink (the phone test
    crops 3 phone px, CROP here, off every side and measures the ink rows left)."""
    cy = y + ROW_H / 2
    code = cv.text(x, cy, e.code, F_CODE, fg, e.face, "lm")
    ev = cv.text(x + advance(e.code, F_CODE) + HEAD_GAP, cy, str(e.ev), F_EV, fg, e.face, "lm")
    if code is None or ev is None:  # never for a code and a number
        return []
    mid = (code[2] + ev[0]) // 2
    # the row's full height: the crop takes the box's outline and a highlight's white line off with it
    return [LabelBox(f"{e.code} code", (x - CROP, y, mid + CROP, y + ROW_H), (x, y), False),
            LabelBox(f"{e.code} EV", (mid - CROP, y, ev[2] + TAIL, y + ROW_H), (x, y), False)]


def draw_entry(cv: Canvas, e: Entry, x: int, y: int, w: int, mark: Callable[[MarkerView], Sprite]) -> list[LabelBox]:
    """One box at (x, y), `w` px wide; returns where it was drawn (its code), its code's and EV's text ("AK code",
    "AK EV") and each count's digits (code:seat)."""
    box = (x, y, x + w, y + ROW_H)
    cv.rect(box, fill=e.face, outline="ink", width=2, radius=6)
    if e.stripes:
        _stripes(cv, (x + 2, y + 2, x + w - 2, y + ROW_H - 2), e.stripes)
    fg = _fg(cv, e.face)
    cx = x + FRAME + INSET
    cy = y + ROW_H // 2
    labels = [LabelBox(e.code, box, (x + w // 2, y + ROW_H // 2), False, (x + w // 2, y + ROW_H // 2))]
    labels += _head(cv, e, cx, y, fg)
    cx += _head_w(e) + TAIL
    for m in e.markers:
        cv.paste(mark(m.view), cx, cy - MARK // 2)
        if m.digit:
            cv.text(cx + MARK + 2, cy, m.digit, F_SEAT, fg, e.face, "lm")
        cx += _mark_w(m)
    top = y + (ROW_H - CHIP_H) // 2
    for c in e.chips:
        cw = _chip_w(c)
        nx = _chip(cv, c, cx, top, cw)
        # the count from just before its digits (the phone test crops 3 phone px, 9 here, off each side) to the chip's
        # right: the seat's white square stays out of the measure
        labels.append(LabelBox(f"{e.code}:{c.seat}", (nx - 10, top, cx + cw, top + CHIP_H), (x, y), False, (nx, top)))
        cx += cw + 4
    if e.tag:
        tw = advance(e.tag, F_TAG) + 16
        cv.rect((cx, top + 4, cx + tw, top + CHIP_H - 4), fill="white", outline="ink", width=2, radius=8)
        cv.text(cx + 8, top + CHIP_H / 2, e.tag, F_TAG, "ink", "white", "lm")
    if e.highlight:  # the last move's states (rows are 2 px apart: a thinner frame)
        last_move_frame(cv, box, outset=2, width=5)
    return labels


def draw(cv: Canvas, items: list[Entry], x0: int, y0: int, width: int,
         mark: Callable[[MarkerView], Sprite]) -> list[LabelBox]:
    """The boxes flowed into rows from (x0, y0), each row spread to `width`; `mark(MarkerView)` gives a marker's
    sprite. Returns every box's label and its counts' (render/types.LabelBox)."""
    labels: list[LabelBox] = []
    y = y0
    for row in flow(items, width):
        ws = [entry_width(e) for e in row]
        spare = width - sum(ws) - BOX_GAP * (len(row) - 1)
        extra = spare // len(row) if len(row) > 1 and spare < 120 * len(row) else 0
        x = x0
        for e, w in zip(row, ws):
            labels += draw_entry(cv, e, x, y, w + extra, mark)
            x += w + extra + BOX_GAP
        y += ROW_H + ROW_GAP
    return labels
