"""Campaign Trail's state board: one box per state, grouped by the game's nine regions, sized for a phone.

Why not the map: a phone shows the 1,200-px board 400 px wide, so a count must be 43 px tall here to be 14 px there
(tests/render/test_closeup.py MIN_TEXT_PX). On the US map a state is often narrower than one such number, while a
state may hold three parties' voters. So each state is a box, the boxes go region by region (the regions a card's
actions name; regions.yaml's order runs roughly west to east), each region opened by a dark tag with its name, and
within a region by code (the codes players type).

A box: a heading line with the state's code (bold) and EV; under it, each party's committed voters as a big number
on a chip in the party's colour with the party's letter (never colour alone); its candidates (round tokens) and
home states (houses), each with its party's letter, and its plane city (a ringed dot) in a row after the EV or after
the chips, whichever keeps the box narrower. The heading's capitals are 11 px on
the phone: a player finds a state by its code. The box is filled by the majority holder: solid when ahead by 3+,
light when by 1–2; when the top parties are tied it has stripes round its edge in the colour of the party the
tiebreaker gives it; grey when nobody has voters there. The last move's states have a thick ink frame.

Every word (a chip's or a marker's letter, a region's name, the key) has capitals 10 px tall on the phone
(canvas.readable). The key to the fills and markers flows after the last box, in the room the last row leaves.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from PIL import Image, ImageDraw

from render.canvas import Canvas, Font, Sprite, advance, font, readable
from render.colours import text_on
from render.mapview import MapView, MarkerView
from render.types import LabelBox
from render.usmap_geometry import LAYOUT
from render.widgets import last_move_frame, marker, swatch

W = 1200  # the board's width: a phone shows it 400 px wide, a third of this


def cap_font(phone_px: float, bold: bool = True) -> Font:
    """The smallest font whose capitals are `phone_px` tall once the board is shown 400 px wide."""
    size = readable(W, bold)
    while font(size, bold).cap * 400 < phone_px * W:
        size += 1
    return font(size, bold)


F_COUNT = cap_font(14.3)  # a count's digits: 14 px on the phone, as tests/render/test_closeup.py MIN_TEXT_PX asks
F_WORD = font(readable(W), False)  # every word: capitals 10 px on the phone
F_BOLD = font(readable(W))
F_LETTER = F_BOLD  # a chip's or a marker's party letter (its colour says it too)
F_CODE = cap_font(11)  # a state's code: 11 px on the phone (tests/render/test_campaign_trail.py MIN_HEAD_PX)
F_EV = cap_font(11, False)  # the same size, regular: the weight tells the EV from the code
F_REGION = F_WORD
CHIP_H = F_COUNT.cap + 12  # the count's box keeps 6 px above and below the digits
FRAME = 6  # the tie stripes' band inside a box's edge
HEAD_TOP = FRAME + 3  # the heading's ink starts below the tie stripes' band
HEAD_GAP = 10  # between the code and the EV, and before the markers
CHIPS_GAP = 7  # between the heading's ink and the chips (a marker on the heading line reaches 5 px below it)
ROW_H = HEAD_TOP + F_CODE.cap + CHIPS_GAP + CHIP_H + 2
ROW_GAP = 5
BOX_GAP = 5
INSET = 3
MARK = F_LETTER.cap + 14  # a candidate's token or a home state's house, with its party's letter
CITY = F_CODE.cap + 4  # the plane city's ringed dot
KEY_LINE = ROW_H // 2  # a key block's two lines share a box row
SWATCH = F_WORD.cap + 6
KEY = ((("swatch", "p0", None, "3+ ahead"), ("swatch", "p0l", None, "1–2 ahead")),
       (("swatch", "tie_base", "p0", "tie"), ("swatch", "neutral", None, "no voters")),
       (("pawn", None, None, "candidate"), ("home", None, None, "home state")),
       (("city", None, None, "city"), ("frame", None, None, "last move")))


@dataclass(frozen=True)
class Chip:
    party: str
    letter: str
    count: int
    slot: int  # the party's slot (its colour p{slot})


@dataclass(frozen=True)
class Mark:
    """A marker in a box: kind ("pawn", "home", "city"), its party's slot (None for the city) and words ("D", or
    "D2" for two of one party merged)."""
    kind: str
    slot: int | None = None
    text: str = ""


@dataclass(frozen=True)
class Entry:
    """One state's box; or (code "") a region's tag, or a block of the key (`key`: its two lines)."""
    code: str
    ev: int
    chips: tuple[Chip, ...]
    markers: tuple[MarkerView, ...]
    face: str  # palette name of the box's fill
    stripes: str | None  # the tiebreaker's colour when the top parties are tied
    highlight: bool
    region: str = ""  # a region tag's name
    marks: tuple[Mark, ...] = ()  # the markers as drawn
    key: tuple[tuple[str, str | None, str | None, str], ...] = ()

    # measured once an entry: a board flows its boxes three times or more (its height, the fallbacks, the drawing)
    @cached_property
    def lines(self) -> tuple[int, int, bool]:
        return _lines(self)

    @cached_property
    def width(self) -> int:
        return _entry_width(self)


def _marks(mv: MapView, markers: list[MarkerView]) -> tuple[Mark, ...]:
    return tuple(Mark(m.kind, None if m.party is None else mv.slot(m.party),
                      m.text or ("" if m.party is None else mv.parties[mv.slot(m.party)].letter)) for m in markers)


def entries(mv: MapView, regions: list[tuple[str, list[str]]], tags: bool = True, key: bool = True) -> list[Entry]:
    """The region tags (unless `tags` is False), the state boxes in board order and the key's blocks (unless `key`
    is False): `regions` is (region name, its state codes) in order."""
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
            out.append(Entry(code, sv.ev or 0, chips, tuple(sv.markers), face, stripes, sv.highlight,
                             marks=_marks(mv, sv.markers)))
    out += [Entry("", 0, (), (), "paper", None, False, key=block) for block in KEY if key]
    return out


HYPHENS = {"Appalachian": 6, "Mountain": 4, "Northeast": 5, "Southeast": 5}  # where a long name breaks


def _region_lines(name: str) -> list[str]:
    """A region's name on one or two lines: split at its space or hyphen, or a long word where HYPHENS says."""
    cut = HYPHENS.get(name)
    if cut:
        return [name[:cut] + "-", name[cut:]]
    return name.replace("-", "- ").split()


def _chip_w(chip: Chip) -> int:
    return 4 + advance(chip.letter, F_LETTER) + 1 + advance(str(chip.count), F_COUNT) + 5


def _mark_w(m: Mark) -> int:
    if m.kind == "city":
        return CITY
    return MARK + (advance(m.text[1:], F_BOLD) + 2 if len(m.text) > 1 else 0)  # a merged group's count after it


def _lines(e: Entry) -> tuple[int, int, bool]:
    """(heading width, chips' line width, whether the markers follow the chips): the markers go in a row after the
    EV or after the chips, whichever leaves the box narrower."""
    head = advance(e.code, F_CODE) + HEAD_GAP + advance(str(e.ev), F_EV)
    chips = sum(_chip_w(c) + 4 for c in e.chips) - 4 if e.chips else 0
    if not e.marks:
        return head, chips, False
    marks = sum(_mark_w(m) + 4 for m in e.marks) - 4
    after_chips = chips > 0 and max(head, chips + HEAD_GAP + marks) < max(head + HEAD_GAP + marks, chips)
    if after_chips:
        return head, chips + HEAD_GAP + marks, True
    return head + HEAD_GAP + marks, chips, False


def _key_item_w(item: tuple) -> int:
    kind = item[0]
    icon = MARK if kind in ("pawn", "home") else CITY if kind == "city" else SWATCH
    return icon + 8 + advance(item[3], F_WORD)


def entry_width(e: Entry) -> int:
    return e.width


def _entry_width(e: Entry) -> int:
    if e.region:
        return max(advance(line, F_REGION) for line in _region_lines(e.region)) + 14
    if e.key:
        return max(_key_item_w(item) for item in e.key) + 16
    return FRAME + INSET + max(e.lines[:2]) + INSET + FRAME


def flow(items: list[Entry], width: int) -> list[list[Entry]]:
    """Rows of boxes, in order, each row at most `width` px; a region's tag never ends a row alone."""
    rows: list[list[Entry]] = [[]]
    used = 0
    for i, e in enumerate(items):
        w = own = e.width
        if e.region and i + 1 < len(items):
            w += BOX_GAP + items[i + 1].width  # the tag keeps its first state beside it
        if rows[-1] and used + BOX_GAP + w > width:
            rows.append([])
            used = 0
        used += (BOX_GAP if rows[-1] else 0) + own
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
    for x in range(-h, w, 14):
        d.line((x, h, x + h, 0), fill=cv.i(colour), width=6)
    band = Image.new("1", (w, h), 1)
    ImageDraw.Draw(band).rectangle((FRAME, FRAME, w - 1 - FRAME, h - 1 - FRAME), fill=0)
    cv.im.paste(tile, (x0, y0), band)


def text_colour(cv: Canvas, bg: str) -> str:
    """The text colour that reads best on palette colour `bg` (a board asks a few hundred times)."""
    return _text_on(cv.colours[bg])


_text_on = lru_cache(maxsize=64)(text_on)


def _region_tag(cv: Canvas, e: Entry, x: int, y: int, w: int) -> None:
    cv.rect((x, y, x + w, y + ROW_H), fill="ink", radius=6)
    lines = _region_lines(e.region)
    step = F_REGION.cap + 12
    top = y + ROW_H / 2 - step * (len(lines) - 1) / 2
    for k, line in enumerate(lines):
        cv.text(x + w / 2, top + k * step, line, F_REGION, "white", "ink", "mm")


def _face(w: int, h: int, bg: str) -> Sprite:
    """A chip's rounded face in `bg` with its ink ring, cached: a board draws a hundred of them, and Pillow's rounded
    rectangle costs more than a paste."""

    def build(lay) -> Sprite:  # noqa: ANN001 - a Layout
        im = Image.new("P", (w + 1, h + 1), 0)
        mask = Image.new("1", (w + 1, h + 1), 0)
        ImageDraw.Draw(im).rounded_rectangle((0, 0, w, h), radius=10, fill=lay.index[bg], outline=lay.index["ink"],
                                             width=3)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, w, h), radius=10, fill=1)
        return Sprite(im, mask)

    return LAYOUT.composed(("ct_chip", w, h, bg), build)


def chip(cv: Canvas, x: float, top: float, w: int, bg: str, letter: str, count: str) -> float:
    """A count on a chip in `bg`: the party's letter, then the count in big digits. Returns where the digits start."""
    cv.paste(_face(w, CHIP_H, bg), x, top)
    fg = text_colour(cv, bg)
    cv.text(x + 4, top + 6, letter, F_LETTER, fg, bg, "lt")
    nx = x + 4 + advance(letter, F_LETTER) + 1
    cv.text(nx, top + CHIP_H / 2, count, F_COUNT, fg, bg, "lm")
    return nx


def draw_mark(cv: Canvas, m: Mark, x: float, cy: float) -> float:
    """A marker at x, centred on `cy`: a city's ringed dot; a candidate's round token or a home state's house in the
    party's colour with its letter (and a merged group's count after it). Returns its right edge."""
    if m.kind == "city":
        cv.paste(marker(LAYOUT, "city", "white", "ink", "", size=CITY), x, cy - CITY / 2)
        return x + CITY
    bg = "white" if m.slot is None else f"p{m.slot}"
    top, s = cy - MARK / 2, MARK
    if m.kind == "home":
        roof = s * 0.3
        cv.polygon([(x + s / 2, top), (x + s - 1, top + roof), (x + s - 1, top + s - 1), (x, top + s - 1),
                    (x, top + roof)], fill=bg, outline="ink", width=2)
        ly = top + (roof + s) / 2
    else:
        cv.ellipse((x, top, x + s - 1, top + s - 1), fill=bg, outline="ink", width=2)
        ly = cy
    if m.text:
        cv.text(x + s / 2, ly, m.text[:1], F_LETTER, text_colour(cv, bg), bg, "mm")
    x += s
    if len(m.text) > 1:
        cv.text(x + 2, cy, m.text[1:], F_BOLD, "ink", None, "lm")
        x += 2 + advance(m.text[1:], F_BOLD)
    return x


def _key_block(cv: Canvas, e: Entry, x: int, y: int) -> None:
    """Two lines of the key: each an icon (a fill's swatch, a marker, the last move's frame) and its words."""
    for k, (kind, face, stripe, word) in enumerate(e.key):
        cy = y + KEY_LINE * k + KEY_LINE / 2
        ix = x + 8
        if kind == "swatch":
            cv.paste(swatch(LAYOUT, face, stripe, size=SWATCH), ix, cy - SWATCH / 2)
            ix += SWATCH
        elif kind == "frame":
            cv.rect((ix, cy - SWATCH / 2, ix + SWATCH, cy + SWATCH / 2), fill="neutral", outline="ink", width=6)
            ix += SWATCH
        elif kind == "city":
            ix = draw_mark(cv, Mark("city"), ix, cy)
        else:
            ix = draw_mark(cv, Mark(kind), ix, cy)
        cv.text(ix + 8, cy, word, F_WORD, "ink", "paper", "lm")


def draw_entry(cv: Canvas, e: Entry, x: int, y: int, w: int) -> list[LabelBox]:
    """One box at (x, y), `w` px wide; returns where it was drawn (its code), its code's and EV's places
    (code:XX, ev:XX: their part of the heading line, for a legibility test) and each count's chip (XX:party)."""
    if e.region:
        _region_tag(cv, e, x, y, w)
        return []
    if e.key:
        _key_block(cv, e, x, y)
        return []
    box = (x, y, x + w, y + ROW_H)
    cv.rect(box, fill=e.face, outline="ink", width=2, radius=6)
    if e.stripes:
        _stripes(cv, (x + 2, y + 2, x + w - 2, y + ROW_H - 2), e.stripes)
    fg = text_colour(cv, e.face)
    cx = x + FRAME + INSET
    base = y + HEAD_TOP + F_CODE.cap
    ex = cx + advance(e.code, F_CODE) + HEAD_GAP
    mx = ex + advance(str(e.ev), F_EV) + HEAD_GAP
    cv.text(cx, base, e.code, F_CODE, fg, e.face, "ls")
    cv.text(ex, base, str(e.ev), F_EV, fg, e.face, "ls")
    below = e.lines[2]
    if not below:
        for m in e.marks:
            mx = draw_mark(cv, m, mx, base - F_CODE.cap / 2) + 4
    band = (y + HEAD_TOP - 2, base + 2)  # the heading's rows: the chips' outlines blur into the rows below
    labels = [LabelBox(e.code, box, (x + w // 2, y + ROW_H // 2), False, (x + w // 2, y + ROW_H // 2)),
              LabelBox(f"code:{e.code}", (cx - 3, band[0], ex - HEAD_GAP // 2, band[1]), (x, y), False, (cx, base)),
              LabelBox(f"ev:{e.code}", (ex - HEAD_GAP // 2, band[0], ex + advance(str(e.ev), F_EV) + HEAD_GAP // 2,
                                        band[1]), (x, y), False, (ex, base))]
    top = y + ROW_H - 2 - CHIP_H
    for c in e.chips:
        cw = _chip_w(c)
        bg = f"p{c.slot}"
        nx = chip(cv, cx, top, cw, bg, c.letter, str(c.count))
        # inside the chip's ring: the party letter's ink lies within the count's rows, so it adds no height
        labels.append(LabelBox(f"{e.code}:{c.party}", (cx + 3, top + 3, cx + cw - 3, top + CHIP_H - 3), (x, y), False,
                               (nx, top)))
        cx += cw + 4
    if below:
        mx = cx - 4 + HEAD_GAP
        for m in e.marks:
            mx = draw_mark(cv, m, mx, top + CHIP_H / 2) + 4
    if e.highlight:  # the last move's states
        last_move_frame(cv, box, outset=4, width=6)
    return labels


def draw(cv: Canvas, items: list[Entry], x0: int, y0: int, width: int) -> list[LabelBox]:
    """The boxes flowed into rows from (x0, y0), each row's boxes widened to fill it (not the key's row). Returns
    every box's label and its counts' (render/types.LabelBox)."""
    labels: list[LabelBox] = []
    y = y0
    for row in flow(items, width):
        ws = [e.width for e in row]
        boxes = [i for i, e in enumerate(row) if not e.region and not e.key]
        spare = width - sum(ws) - BOX_GAP * (len(row) - 1)
        keyed = any(e.key for e in row)
        extra = spare // len(boxes) if len(boxes) > 1 and spare < 200 * len(boxes) and not keyed else 0
        x = x0
        for e, w in zip(row, ws):
            w += 0 if e.region or e.key else extra
            labels += draw_entry(cv, e, x, y, w)
            x += w + BOX_GAP
        y += ROW_H + ROW_GAP
    return labels
