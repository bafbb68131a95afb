"""The shared US map: full map, tile-grid cartogram and close-up, all drawn from a `MapView`.

Speed: the state shapes, borders and callout boxes are drawn once per geometry
as a palette image in which state i owns two indices, its face and its hatch stripes. A render
copies that base, writes the state colours into the palette (the recolouring is a palette swap),
stamps cached stripe masks onto tied states, draws the dynamic layers (labels, count pills,
markers, highlight outlines, EV bar, legend, panels) as cached sprites — about one paste per
state — and encodes the P image (Up filter, zlib level 6, RLE strategy; see canvas.encode_p).

Labels are placed greedily (render/usmap.py `_place`): inside the state when the whole label fits
(found with a box-blurred state mask, cached per label size), else on a chip that spills over,
else floated nearby on a leader line. The nine small north-eastern states always use callout
boxes in the Atlantic margin.

More players (MapView.count_style): a state whose counts are shown by leader and margin gets one
larger pill ("D+3", a tie "D=R"), is filled in the leader's colour or striped in every tied party's
colour, and its callout shows the same text bare. Regions (MapView.regions): thick ink lines along the
shared edges of neighbouring states of different regions (usdata.shared_borders), in the tile grid's
gaps on the cartogram. Views that ask for neither draw exactly as before.
"""
from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from render import colours as C
from render.canvas import Canvas, Layout, Sprite, _LRU, advance, fit_font, font, truncate
from render.mapview import MAX_CHIPS, MAX_PARTIES, MapView, StateView
from render.alttext import Part, and_list, fit, sentence, some
from render.types import LabelBox, Rendered
from render.usdata import CALLOUT_STATES, NAMES, STATES, bounds, label_points, shapes, shared_borders, tile_grid
from render.widgets import MARKER, PILL_H, marker, pill, swatch, tie_swatches

W, H = 1600, 1000
MAP_SCALE, MAP_OX, MAP_OY = 1.40, 92.0, 116.0
N = len(STATES)
SLOT = {a: i for i, a in enumerate(STATES)}
S0 = 32  # state i: face index S0+i, hatch index S0+N+i

_PARTY_NAMES = [f"p{k}" for k in range(MAX_PARTIES)] + [f"p{k}l" for k in range(MAX_PARTIES)]
_NAMES = ["paper", "ink", "white", "muted", "border", "line", "neutral", "neutral_hatch", "tie_base",
          "bar_empty"] + _PARTY_NAMES
_BGS = ["paper", "white", "neutral", "tie_base", "bar_empty"] + _PARTY_NAMES
_PAIRS = [("ink", b) for b in _BGS] + [("white", b) for b in _BGS] + [("muted", "paper"), ("muted", "white")]
LAYOUT = Layout("usmap", _NAMES, _PAIRS, reserved=(S0, 2 * N))

F_ABBR = font(26)
F_PILL = 19
F_TITLE = 30
F_LEGEND = font(20)
F_LEGEND_SMALL = font(18, False)
F_PANEL_TITLE = font(20)
F_PANEL = font(18, False)
F_PANEL_VALUE = font(18)
F_BAR = font(24)
GAP = 3
CHIP_PAD = 5
# The leader-and-margin pill is a state's only count, so it may be larger than the state's name: its font
# is LEADER_BOOST px larger than a count pill's (28 px: 7 px at 400 px wide, where "B" and "8" part),
# and LEADER_GROW px taller.
LEADER_BOOST, LEADER_GROW = 9, 6
MARKERS_PER_ROW = 6  # more markers in one state (up to 12) wrap onto further rows
HATCH_PERIOD, HATCH_WIDTH = 20, 7
# A tie shown by leader and margin stripes the state in every tied party's colour in turn, one stripe
# each TIE_STEP px: a 7-px stripe at 45° is ~10 px across, so 3 px of the light base shows between
# colours and keeps neighbouring stripes apart for colour-blind eyes.
TIE_STEP = 13


# ------------------------------------------------------------------ static geometry


@dataclass
class Geometry:
    key: tuple
    width: int
    height: int
    base: Image.Image  # P: paper, one face index per state, borders, callout boxes
    anchors: dict[str, tuple[int, int]]
    rings: dict[str, list[list[tuple[int, int]]]]
    masks: dict[str, tuple[Image.Image, int, int]]  # 'L', 255 where the state is, with its offset
    hatch_regions: dict[str, list[tuple[Image.Image, int, int]]]  # where a tied state shows stripes
    callouts: dict[str, tuple[int, int, int, int]]  # abbr -> box, full map only
    shown: tuple[str, ...]  # states whose labels go on the map itself
    outline_width: int = 7
    transform: tuple[float, float, float] | None = None  # (scale, ox, oy) from albers space; None: tiles
    _hatch: dict = field(default_factory=dict, repr=False)
    _outline: dict = field(default_factory=dict, repr=False)
    _areas: dict | None = field(default=None, repr=False)

    def areas(self) -> dict[str, int]:
        """Pixels of each state (computed once)."""
        if self._areas is None:
            self._areas = {a: m.histogram()[255] for a, (m, _, _) in self.masks.items()}
        return self._areas

    def hatch_masks(self, abbr: str, period: int = HATCH_PERIOD, phase: int = 0) -> list[tuple[Image.Image, int, int]]:
        """'1' masks of the diagonal stripes inside a state (computed once, on first use)."""
        cache = self._hatch
        key = (abbr, period, phase)
        hit = cache.get(key)
        if hit is None:
            stripes = _stripes(self.width, self.height, period, phase)
            hit = []
            for region, x0, y0 in self.hatch_regions.get(abbr, []):
                st = stripes.crop((x0, y0, x0 + region.width, y0 + region.height))
                hit.append((ImageChops.logical_and(st, region.convert("1")), x0, y0))
            cache[key] = hit
        return hit

    def outline_masks(self, abbr: str) -> tuple[Image.Image, Image.Image, int, int] | None:
        """(thick ink mask, thin white mask, x, y) of a state's outline, for highlights."""
        cache = self._outline
        if abbr not in cache:
            rs = [r for r in self.rings.get(abbr, []) if len(r) >= 3]
            if not rs:
                cache[abbr] = None
                return None
            pad = self.outline_width
            x0 = min(x for r in rs for x, _ in r) - pad
            y0 = min(y for r in rs for _, y in r) - pad
            x1 = max(x for r in rs for x, _ in r) + pad
            y1 = max(y for r in rs for _, y in r) + pad
            thick = Image.new("L", (x1 - x0 + 1, y1 - y0 + 1), 0)
            thin = Image.new("L", thick.size, 0)
            dk, dn = ImageDraw.Draw(thick), ImageDraw.Draw(thin)
            for r in rs:
                pts = [(x - x0, y - y0) for x, y in r] + [(r[0][0] - x0, r[0][1] - y0)]
                dk.line(pts, fill=255, width=self.outline_width, joint="curve")
                dn.line(pts, fill=255, width=2)
            cache[abbr] = (thick.convert("1"), thin.convert("1"), x0, y0)
        return cache[abbr]


_GEOMS: dict[tuple, Geometry] = {}
_GEOM_LOCK = threading.Lock()
_STRIPES: dict[tuple[int, int, int, int], Image.Image] = {}


def _stripes(w: int, h: int, period: int = HATCH_PERIOD, phase: int = 0) -> Image.Image:
    key = (w, h, period, phase)
    m = _STRIPES.get(key)
    if m is None:
        m = Image.new("1", (w, h), 0)
        d = ImageDraw.Draw(m)
        for k in range(-h + phase, w, period):
            d.line((k, h, k + h, 0), fill=1, width=HATCH_WIDTH)
        _STRIPES[key] = m
    return m


def _state_masks(base: Image.Image, rings: dict[str, list[list[tuple[int, int]]]]) -> dict:
    masks = {}
    base = Image.frombytes("L", base.size, base.tobytes())  # the indices themselves, as grey levels
    for abbr, rs in rings.items():
        xs = [x for r in rs for x, _ in r]
        ys = [y for r in rs for _, y in r]
        x0, y0 = max(0, min(xs) - 1), max(0, min(ys) - 1)
        x1, y1 = min(base.width, max(xs) + 2), min(base.height, max(ys) + 2)
        if x1 <= x0 or y1 <= y0:
            continue
        lut = [0] * 256
        lut[S0 + SLOT[abbr]] = 255
        masks[abbr] = (base.crop((x0, y0, x1, y1)).point(lut), x0, y0)
    return masks


def _draw_states(width: int, height: int, scale: float, ox: float, oy: float):
    im = Image.new("P", (width, height), LAYOUT.index["paper"])
    d = ImageDraw.Draw(im)
    rings: dict[str, list[list[tuple[int, int]]]] = {}
    for abbr, polys in shapes().items():
        i = SLOT[abbr]
        rs = []
        for poly in polys:
            # round() of a float is already an int
            pts = [[(round(ox + scale * x), round(oy + scale * y)) for x, y in ring] for ring in poly]
            d.polygon(pts[0], fill=S0 + i)
            for hole in pts[1:]:
                d.polygon(hole, fill=LAYOUT.index["paper"])
            rs.extend(pts)
        rings[abbr] = rs
    return im, d, rings


def _borders(d: ImageDraw.ImageDraw, rings, scale: float) -> None:
    wd = 1 if scale < 2.5 else 2
    for rs in rings.values():
        for r in rs:
            d.line(r + [r[0]], fill=LAYOUT.index["border"], width=wd)


def _anchor(abbr: str, scale: float, ox: float, oy: float) -> tuple[int, int]:
    x, y = label_points()[abbr]
    return int(round(ox + scale * x)), int(round(oy + scale * y))


CALLOUT_X0, CALLOUT_W, CALLOUT_H, CALLOUT_STEP, CALLOUT_TOP = 1442, 152, 60, 66, 178
CALLOUT_BAND = 14
F_CALLOUT_LEADER = 28  # a callout's leader and margin: bare text, as large as the box's lower half holds


def _full_geometry() -> Geometry:
    im, d, rings = _draw_states(W, H, MAP_SCALE, MAP_OX, MAP_OY)
    _borders(d, rings, MAP_SCALE)
    masks = _state_masks(im, rings)
    anchors = {a: _anchor(a, MAP_SCALE, MAP_OX, MAP_OY) for a in STATES}
    hatch_regions = {a: [m] for a, m in masks.items()}
    callouts = {}
    for k, abbr in enumerate(CALLOUT_STATES):
        y = CALLOUT_TOP + k * CALLOUT_STEP
        box = (CALLOUT_X0, y, CALLOUT_X0 + CALLOUT_W, y + CALLOUT_H)
        callouts[abbr] = box
        ax, ay = anchors[abbr]
        d.line([(ax, ay), (box[0], (box[1] + box[3]) // 2)], fill=LAYOUT.index["line"], width=2)
        d.rectangle(box, fill=S0 + SLOT[abbr], outline=LAYOUT.index["ink"], width=2)
        band = Image.new("L", (CALLOUT_BAND, CALLOUT_H - 3), 255)
        hatch_regions[abbr].append((band, box[0] + 2, box[1] + 2))
    for abbr in callouts:
        ax, ay = anchors[abbr]
        d.ellipse((ax - 5, ay - 5, ax + 5, ay + 5), fill=LAYOUT.index["white"])
        d.ellipse((ax - 3, ay - 3, ax + 3, ay + 3), fill=LAYOUT.index["ink"])
    # Alaska and Hawaii are insets: a thin rule sets them apart
    f = LAYOUT.index["neutral_hatch"]
    d.line([(8, 760), (392, 760), (584, 846), (584, 994)], fill=f, width=1)
    shown = tuple(a for a in STATES if a not in callouts)
    return Geometry(("full",), W, H, im, anchors, rings, masks, hatch_regions, callouts, shown,
                    transform=(MAP_SCALE, MAP_OX, MAP_OY))


def _closeup_geometry(bbox: tuple[float, float, float, float], width: int, height: int, top: int,
                      scale: float) -> Geometry:
    x0, y0, _, _ = bbox
    ox, oy = 10 - scale * x0, top - scale * y0
    im, d, rings = _draw_states(width, height, scale, ox, oy)
    _borders(d, rings, scale)
    d.rectangle((0, 0, width, top - 1), fill=LAYOUT.index["paper"])
    anchors = {a: _anchor(a, scale, ox, oy) for a in STATES}
    masks = _state_masks(im, rings)
    shown = tuple(a for a in STATES
                  if 10 <= anchors[a][0] < width - 10 and top <= anchors[a][1] < height - 5 and a in masks)
    return Geometry(("closeup", bbox, width, height, top, scale), width, height, im, anchors, rings, masks,
                    {a: [m] for a, m in masks.items()}, {}, shown, outline_width=8, transform=(scale, ox, oy))


TILE, TILE_PITCH, TILE_X0, TILE_Y0 = 118, 124, 59, 128
TILE_FRAME = 9
NARROW = TILE - 2 * TILE_FRAME - 4  # the widest label that sits inside a tile's hatched frame


def _tile_geometry() -> Geometry:
    im = Image.new("P", (W, H), LAYOUT.index["paper"])
    d = ImageDraw.Draw(im)
    anchors, rings, regions = {}, {}, {}
    for abbr, (row, col) in tile_grid().items():
        x, y = TILE_X0 + col * TILE_PITCH, TILE_Y0 + row * TILE_PITCH
        d.rectangle((x, y, x + TILE - 1, y + TILE - 1), fill=S0 + SLOT[abbr])
        frame = Image.new("L", (TILE, TILE), 255)
        frame.paste(0, (TILE_FRAME, TILE_FRAME, TILE - TILE_FRAME, TILE - TILE_FRAME))
        regions[abbr] = [(frame, x, y)]
        anchors[abbr] = (x + TILE // 2, y + TILE // 2)
        rings[abbr] = [[(x, y), (x + TILE - 1, y), (x + TILE - 1, y + TILE - 1), (x, y + TILE - 1)]]
    masks = _state_masks(im, rings)
    return Geometry(("tiles",), W, H, im, anchors, rings, masks, regions, {}, STATES, outline_width=8)


def geometry(kind: str = "full") -> Geometry:
    g = _GEOMS.get((kind,))
    if g is None:
        with _GEOM_LOCK:
            g = _GEOMS.get((kind,))
            if g is None:
                g = _full_geometry() if kind == "full" else _tile_geometry()
                _GEOMS[(kind,)] = g
    return g


_CLOSEUPS = _LRU(8)


def _closeup(bbox, width, height, top, scale) -> Geometry:
    key = (bbox, width, height, top, scale)
    g = _CLOSEUPS.get(key)
    if g is None:
        with _GEOM_LOCK:
            g = _CLOSEUPS.get(key)
            if g is None:
                g = _closeup_geometry(bbox, width, height, top, scale)
                _CLOSEUPS.put(key, g)
    return g


# ------------------------------------------------------------------ palette for one view

_FG = _LRU(64)


@dataclass
class Style:
    """Per-render colours: the palette values and which text colour reads on each background."""

    cols: dict[str, C.RGB]
    fg: dict[str, str]


def board_colours(view: MapView) -> dict[str, C.RGB]:
    """Every LAYOUT colour for this view's parties (p0…p5 solid, p0l…p5l their light tones): the map's, and the
    state boards' that share its palette (render/*_states.py)."""
    cols = {
        "paper": C.PAPER, "ink": C.INK, "white": C.WHITE, "muted": C.MUTED, "border": C.BORDER,
        "line": C.LINE, "neutral": C.NEUTRAL, "neutral_hatch": C.NEUTRAL_HATCH, "tie_base": C.TIE_BASE,
        "bar_empty": (225, 223, 217),
    }
    for k in range(MAX_PARTIES):
        solid, lean = C.party_tones(view.parties[k].colour) if k < len(view.parties) else (C.MUTED, C.NEUTRAL)
        cols[f"p{k}"], cols[f"p{k}l"] = solid, lean
    return cols


def _style(view: MapView) -> Style:
    key = tuple(p.colour for p in view.parties)
    hit = _FG.get(key)
    if hit is None:
        cols = board_colours(view)
        hit = Style(cols, {n: C.text_on(rgb) for n, rgb in cols.items()})
        _FG.put(key, hit)
    return hit


def _face(view: MapView, abbr: str) -> tuple[str, str | None]:
    """(face colour name, stripe colour name or None) of a state."""
    s = view.states.get(abbr)
    if s is None:
        return "neutral", None
    if view.shows_leader(abbr):  # the counts decide: the leader's colour, or the tie's stripes
        leaders, _ = view.standing(abbr)
        k = view.slot(leaders[0])
        if len(leaders) > 1:
            return "tie_base", f"p{k}"  # _start stripes it in every tied party's colour
        return (f"p{k}l" if s.strength == "lean" else f"p{k}"), None
    if s.strength == "tied":
        return "tie_base", (f"p{view.slot(s.fill)}" if s.fill else "neutral_hatch")
    if s.fill is None or s.strength == "empty":
        return "neutral", None
    k = view.slot(s.fill)
    return (f"p{k}" if s.strength == "solid" else f"p{k}l"), None


def _state_palette(view: MapView, st: Style) -> list[C.RGB]:
    faces, hatches = [], []
    for abbr in STATES:
        face, stripe = _face(view, abbr)
        faces.append(st.cols[face])
        hatches.append(st.cols[stripe] if stripe else st.cols[face])
    return faces + hatches


# ------------------------------------------------------------------ label blocks


class Label:
    """One state's label, composed once per content into single sprites: the name line, count pills
    and markers, in a wide and (when useful) a tall arrangement, each plain or on a chip. A leader label
    or a crowded one also has a last, narrow arrangement for tiles (`narrow`), which the maps never
    place: there a larger label on a chip or a leader line reads better than a shrunken pill."""

    def __init__(self, face: str, tied: bool, variants: list[list[list[Sprite]]], narrow: bool = False) -> None:
        self.face = face
        self.tied = tied
        self.variants = variants
        self.sizes = tuple(_rows_size(rows) for rows in variants)
        self.map_sizes = self.sizes[:-1] if narrow else self.sizes  # the variants a map may place
        self._sprites: dict[tuple[int, bool], tuple[Sprite, tuple[int, int, int, int]]] = {}

    def sprite(self, vi: int, chip: bool) -> tuple[Sprite, tuple[int, int, int, int]]:
        """(sprite, ink box within it). With a chip the sprite is CHIP_PAD larger on every side."""
        hit = self._sprites.get((vi, chip))
        if hit is None:
            hit = _compose(self.variants[vi], self.sizes[vi], self.face if chip else None)
            self._sprites[(vi, chip)] = hit
        return hit


def _rows_size(rows: list[list[Sprite]]) -> tuple[int, int]:
    w = max(sum(sp.w for sp in r) + GAP * (len(r) - 1) for r in rows)
    h = sum(max(sp.h for sp in r) for r in rows) + GAP * (len(rows) - 1)
    return w, h


def _compose(rows: list[list[Sprite]], size: tuple[int, int], chip: str | None):
    w, h = size
    pad = CHIP_PAD if chip else 0
    im = Image.new("P", (w + 2 * pad, h + 2 * pad), 0)
    mask = Image.new("1", im.size, 0)
    if chip:
        box = (0, 0, im.width - 1, im.height - 1)
        ImageDraw.Draw(im).rounded_rectangle(box, radius=5, fill=LAYOUT.index[chip], outline=LAYOUT.index["ink"],
                                             width=2)
        ImageDraw.Draw(mask).rounded_rectangle(box, radius=5, fill=1)
    y = pad
    for r in rows:
        rw = sum(sp.w for sp in r) + GAP * (len(r) - 1)
        rh = max(sp.h for sp in r)
        x = pad + (w - rw) // 2
        for sp in r:
            yy = y + (rh - sp.h) // 2
            im.paste(sp.im, (x, yy), sp.mask)
            mask.paste(1, (x, yy), sp.mask)
            x += sp.w + GAP
        y += rh + GAP
    return Sprite(im, mask), (mask.getbbox() or (0, 0, 1, 1))


_LABELS = _LRU(3000)


class PillSpec(NamedTuple):
    text: str
    bg: str
    fg: str
    leader: bool = False  # the leader-and-margin pill: the state's only count pill


def _pill_specs(view: MapView, abbr: str, st: "Style") -> tuple[PillSpec, ...]:
    s = view.states.get(abbr)
    if s is None:
        return ()
    if view.shows_leader(abbr):
        return (_leader_spec(view, abbr, st),)
    return tuple(PillSpec(_count_text(p.letter, s.counts[p.code]), f"p{k}", st.fg[f"p{k}"])
                 for k, p in enumerate(view.parties) if s.counts.get(p.code))


def _leader_text(view: MapView, abbr: str) -> str:
    leaders, margin = view.standing(abbr)
    return _standing_text([view.party(c).letter for c in leaders], margin)


def _standing_text(letters: list[str], margin: int) -> str:
    """"D+3": the leader's letter and lead; "D=R": the tied parties' letters. A digit letter is set apart
    from its margin ("1 +3", not "1+3")."""
    if len(letters) > 1:
        return "=".join(letters)
    sep = " " if _ends_in_digit(letters[0]) else ""
    return f"{letters[0]}{sep}+{margin}"


def _leader_spec(view: MapView, abbr: str, st: "Style") -> PillSpec:
    leaders, _ = view.standing(abbr)
    if len(leaders) > 1:  # no one colour: a white pill; the letters and the state's stripes say who
        return PillSpec(_leader_text(view, abbr), "white", "ink", True)
    k = view.slot(leaders[0])
    return PillSpec(_leader_text(view, abbr), f"p{k}", st.fg[f"p{k}"], True)


def _pill(spec: PillSpec, size: int = F_PILL, height: int = PILL_H) -> Sprite:
    """A count pill; the leader pill is larger and ringed in ink, because it sits on a face of its own colour."""
    if spec.leader:
        return pill(LAYOUT, spec.text, spec.bg, spec.fg, ring="ink", size=size + LEADER_BOOST,
                    height=height + LEADER_GROW)
    return pill(LAYOUT, spec.text, spec.bg, spec.fg, size=size, height=height)


def _ends_in_digit(letter: str) -> bool:
    """A party letter may be a digit: a number written after it needs setting apart."""
    return letter[-1:] in tuple("0123456789")


def count_text(letter: str, n: int) -> str:
    """A count pill's text: "D3"; after a digit letter set apart, "1·1", not "11"."""
    return f"{letter}·{n}" if _ends_in_digit(letter) else f"{letter}{n}"


_count_text = count_text


def _marker_specs(view: MapView, s: StateView | None, st: "Style") -> tuple:
    if s is None:
        return ()
    out = []
    for m in s.markers:
        if m.party is not None:
            k = view.slot(m.party)
            fill = f"p{k}"
            text = m.text if m.text is not None else view.parties[k].letter
        else:
            fill, text = "white", (m.text or "")
        out.append((m.kind, fill, st.fg[fill], text))
    return tuple(out)


def _pills(view: MapView, abbr: str, st: "Style", size: int = F_PILL) -> list[Sprite]:
    return [_pill(spec, size) for spec in _pill_specs(view, abbr, st)]


def _markers(view: MapView, s: StateView | None, st: "Style", size: int = MARKER) -> list[Sprite]:
    return [marker(LAYOUT, kind, fill, fg, text, size=size) for kind, fill, fg, text in _marker_specs(view, s, st)]


def _label_text(view: MapView, abbr: str) -> str:
    s = view.states.get(abbr)
    if s is not None and s.label:
        return s.label
    return f"{abbr} {view.ev_of(abbr)}"


def _with_markers(first: list[Sprite], marks: list[Sprite]) -> list[list[Sprite]]:
    """`first` and the markers as one row; more than MARKERS_PER_ROW markers wrap onto rows of their own."""
    if len(marks) <= MARKERS_PER_ROW:
        return [first + marks]
    rows = [marks[i:i + MARKERS_PER_ROW] for i in range(0, len(marks), MARKERS_PER_ROW)]
    return [first] + rows if first else rows


def _narrow_rows(title: Sprite, specs: tuple[PillSpec, ...], mspecs: tuple) -> list[list[Sprite]]:
    """The last resort of a leader label or a crowded one: at most NARROW px wide (a tile's inside). The
    leader pill shrinks to fit, a long tie breaking onto further pills; two count pills or four small
    markers a row."""
    if specs and specs[0].leader:  # a leader label has that one pill
        pill_rows = [[sp] for sp in _narrow_pills(specs[0])]
    else:
        pills = [_pill(spec) for spec in specs]
        pill_rows = [pills[i:i + 2] for i in range(0, len(pills), 2)]
    marks = [marker(LAYOUT, kind, fill, fg, text, size=MARKER - 10) for kind, fill, fg, text in mspecs]
    return [[title]] + pill_rows + [marks[i:i + 4] for i in range(0, len(marks), 4)]


def _narrow_pills(spec: PillSpec, smallest: int = 20) -> list[Sprite]:
    """The leader pill at the largest size that fits NARROW px; a tie too long for that even at `smallest`
    px breaks after an "=" onto further pills ("A=B=C=D=E=F" as "A=B=", "C=D=", "E=F")."""
    room, f = NARROW - 12, font(smallest)
    letters = spec.text.split("=") if "=" in spec.text else [spec.text]
    lines, cur = [], [letters[0]]
    for i, letter in enumerate(letters[1:], start=2):
        more = "=" if i < len(letters) else ""
        if advance("=".join(cur + [letter]) + more, f) > room:
            lines.append("=".join(cur) + "=")
            cur = [letter]
        else:
            cur.append(letter)
    lines.append("=".join(cur))
    if len(lines) == 1:
        size = fit_font(lines[0], room, F_PILL + LEADER_BOOST, True, smallest).size
        return [_pill(spec._replace(text=lines[0]), size - LEADER_BOOST)]
    # several lines must share a tile's height with the name: 22-px text on count-pill-high pills
    size = min(fit_font(t, room, F_PILL + 3, True, 14).size for t in lines)
    return [_pill(spec._replace(text=t), size - LEADER_BOOST, PILL_H - LEADER_GROW) for t in lines]


def _label(view: MapView, abbr: str, st: "Style") -> Label:
    s = view.states.get(abbr)
    face, stripe = _face(view, abbr)
    key = (_label_text(view, abbr), face, st.fg[face], stripe is not None, _pill_specs(view, abbr, st),
           _marker_specs(view, s, st))
    hit = _LABELS.get(key)
    if hit is not None:
        return hit
    title = LAYOUT.text_sprite(key[0], F_ABBR, st.fg[face], face)
    pills = [_pill(spec) for spec in key[4]]
    marks = [marker(LAYOUT, kind, fill, fg, text, size=MARKER) for kind, fill, fg, text in key[5]]
    wide = _with_markers([title], marks)
    if pills:
        wide.append(pills)
    variants = [wide]
    if len(pills) > 1 or (pills and marks):
        tall = [[title], pills[:2]]
        if pills[2:] + marks:
            tall += _with_markers(pills[2:], marks)
        variants.append(tall)
        # compact: smaller pills and markers beside the name, for crowded corners of a busy map
        small = [_pill(spec, F_PILL - 3, PILL_H - 4) for spec in key[4]]
        smarks = [marker(LAYOUT, kind, fill, fg, text, size=MARKER - 6) for kind, fill, fg, text in key[5]]
        head = _with_markers([title], smarks)
        variants.append(head + [small] if len(small) <= 3 else head + [small[:2], small[2:]])
    narrow = any(spec.leader for spec in key[4]) or len(marks) > MARKERS_PER_ROW
    if narrow:
        variants.append(_narrow_rows(title, key[4], key[5]))
    hit = Label(face, stripe is not None, variants, narrow)
    _LABELS.put(key, hit)
    return hit


# ------------------------------------------------------------------ label placement

_FIELDS: dict[tuple, tuple[list, list]] = {}
_PLACEMENTS = _LRU(64)
FULL = 250  # inside-field value counted as "entirely inside the state"


def _candidates(g: Geometry, abbr: str, w: int, h: int) -> tuple[list, list]:
    """Centres for a w×h box in `abbr`: (entirely inside, nearest the anchor first;
    mostly inside, most-inside first). Only centres on the state itself are offered."""
    key = (g.key, abbr, w, h)
    hit = _FIELDS.get(key)  # a plain dict: reads and writes are atomic under the GIL
    if hit is not None:
        return hit
    mask, mx, my = g.masks[abbr]
    hw, hh = w // 2 + 2, h // 2 + 2
    padded = Image.new("L", (mask.width + 2 * hw, mask.height + 2 * hh), 0)
    padded.paste(mask, (hw, hh))
    # the box-blurred mask at a pixel is the share of a w×h box centred there that lies in the state
    field_ = padded.filter(ImageFilter.BoxBlur((w / 2, h / 2)))
    fw, fh = field_.width, field_.height
    fb, pb = field_.tobytes(), padded.tobytes()
    ax, ay = g.anchors[abbr]
    full, part = [], []
    step, radius = 4, 120
    for dy in range(-radius, radius + 1, step):
        py = ay + dy - my + hh
        if py < 0 or py >= fh:
            continue
        row = py * fw
        for dx in range(-radius, radius + 1, step):
            px = ax + dx - mx + hw
            if px < 0 or px >= fw or not pb[row + px]:
                continue
            v = fb[row + px]
            if v >= FULL:
                full.append((dx * dx + dy * dy, ax + dx, ay + dy))
            elif v >= 90:
                part.append((-v, dx * dx + dy * dy, ax + dx, ay + dy))
    full.sort()
    part.sort()
    hit = ([(x, y) for _, x, y in full[:80]], [(x, y) for _, _, x, y in part[:60]])
    if len(_FIELDS) > 6000:
        _FIELDS.clear()
    _FIELDS[key] = hit
    return hit


def _box(cx: int, cy: int, w: int, h: int, pad: int) -> tuple[int, int, int, int]:
    x0, y0 = cx - w // 2, cy - h // 2
    return x0 - pad, y0 - pad, x0 + w + pad, y0 + h + pad


def _place(g: Geometry, sizes: tuple, obstacles: tuple, top: int) -> dict:
    """Greedy, deterministic placement. sizes: ((abbr, ((w, h), ...variants), tied), ...).
    Returns abbr -> (variant, cx, cy, chip, leader, box).

    Order: labels that fit entirely inside their own state go first (they use no one else's land),
    most constrained first; then labels that must spill over on a chip; then labels floated
    nearby on a leader line, preferring open water."""
    key = (g.key, sizes, obstacles, top)
    hit = _PLACEMENTS.get(key)
    if hit is not None:
        return hit
    placed: list = list(obstacles)

    right, bottom = g.width - 4, g.height - 4

    def free(box) -> bool:
        x0, y0, x1, y1 = box
        if x0 < 4 or y0 < top or x1 > right or y1 > bottom:
            return False
        x0, y0, x1, y1 = x0 - 2, y0 - 2, x1 + 2, y1 + 2
        for i, p in enumerate(placed):
            if x0 < p[2] and p[0] < x1 and y0 < p[3] and p[1] < y1:
                if i:  # move-to-front: the next candidate nearby usually hits the same box
                    placed.insert(0, placed.pop(i))
                return False
        return True

    def attempt(abbr, variants, tied, full: bool):
        for vi, (w, h) in enumerate(variants):
            cands = _candidates(g, abbr, w + 2 * CHIP_PAD, h + 2 * CHIP_PAD)[0 if full else 1]
            for cx, cy in cands:
                chip = tied or not full
                box = _box(cx, cy, w, h, CHIP_PAD if chip else 0)
                if free(box):
                    return vi, cx, cy, chip, False, box
        return None

    def n_full(t) -> int:
        abbr, variants, _ = t
        return max(len(_candidates(g, abbr, w + 2 * CHIP_PAD, h + 2 * CHIP_PAD)[0]) for w, h in variants)

    counts = {t[0]: n_full(t) for t in sizes}
    order = sorted(sizes, key=lambda t: (counts[t[0]] == 0, counts[t[0]], t[0]))
    out: dict = {}
    pending = []
    for t in order:
        res = attempt(*t, True) if counts[t[0]] else None
        if res is None:
            pending.append(t)
        else:
            out[t[0]] = res
            placed.append(res[5])
    floating = []
    area = g.areas()
    for t in sorted(pending, key=lambda t: (area[t[0]], t[0])):  # smaller states have fewer options
        res = attempt(*t, False)
        if res is None:
            floating.append(t)
        else:
            out[t[0]] = res
            placed.append(res[5])
    paper = g.base  # open water scores better for a floated label
    pi = LAYOUT.index["paper"]
    for abbr, variants, tied in floating:
        vi = min(range(len(variants)), key=lambda i: variants[i][0] * variants[i][1])
        w, h = variants[vi]
        ax, ay = g.anchors[abbr]
        best, first_r = None, None
        for r in range(30, 480, 10):
            if first_r is not None and r > first_r + 60:
                break
            for k in range(36):
                a = 2 * math.pi * k / 36
                cx, cy = int(ax + r * math.cos(a)), int(ay + r * math.sin(a))
                box = _box(cx, cy, w, h, CHIP_PAD)
                if not free(box):
                    continue
                first_r = r if first_r is None else first_r
                water = paper.crop(box).histogram()[pi] / ((box[2] - box[0]) * (box[3] - box[1]))
                score = r + 120 * (1 - water)
                if best is None or score < best[0]:
                    best = (score, cx, cy, box)
        if best is None:  # give up politely: on the anchor
            res = (vi, ax, ay, True, False, _box(ax, ay, w, h, CHIP_PAD))
        else:
            res = (vi, best[1], best[2], True, True, best[3])
        out[abbr] = res
        placed.append(res[5])
    out = {a: out[a] for a, _, _ in sizes}
    _PLACEMENTS.put(key, out)
    return out


def _nearest_on_box(box, x, y) -> tuple[int, int]:
    return min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])


# ------------------------------------------------------------------ chrome: title, EV bar, legend, panels


def _title(view: MapView, extra: str = "") -> str:
    parts = [view.game, view.turn, view.to_move, view.deadline]
    if extra:
        parts.insert(0, extra)
    return " — ".join(p for p in parts if p)


def _draw_title(cv: Canvas, text: str, width: int, y: int = 8, size: int = F_TITLE):
    f = fit_font(text, width - 24, size, True, 18)
    return cv.text(12, y, truncate(text, f, width - 24), f, "ink", "paper")


def _ev_bar(cv: Canvas, view: MapView, st: Style, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    total = max(1, view.total_ev())
    span = x1 - x0
    cv.rect(box, fill="bar_empty")
    ev = {p.code: view.ev_totals.get(p.code, 0) for p in view.parties}
    segs = []
    x = x0
    for k, p in enumerate(view.parties):
        if k == 1:
            continue
        w = span * ev[p.code] / total
        segs.append((k, p, x, x + w, "l"))
        x += w
    if len(view.parties) > 1:  # the second party fills from the right, as on election night
        p = view.parties[1]
        w = span * ev[p.code] / total
        segs.append((1, p, x1 - w, x1, "r"))
    for k, p, a, b, side in segs:
        if b - a < 0.5:
            continue
        cv.rect((a, y0, b - 1, y1), fill=f"p{k}")
        label = f"{p.letter} {ev[p.code]}"
        if advance(label, F_BAR) + 14 <= b - a:
            if side == "r":
                cv.text(b - 8, (y0 + y1) / 2, label, F_BAR, st.fg[f"p{k}"], f"p{k}", "rm")
            else:
                cv.text(a + 8, (y0 + y1) / 2, label, F_BAR, st.fg[f"p{k}"], f"p{k}", "lm")
    cv.rect(box, outline="ink", width=2)
    need = view.needed()
    xs = sorted({round(x0 + span * need / total), round(x1 - span * need / total)})
    for xm in xs:
        cv.rect((xm - 2, y0 - 6, xm + 1, y1 + 6), fill="ink")
    xm = sum(xs) / len(xs)
    tag = f"{need} to win"
    f = font(18)
    tw = advance(tag, f) + 14
    cv.rect((xm - tw / 2, y1 + 7, xm + tw / 2, y1 + 31), fill="ink", radius=6)
    cv.text(xm, y1 + 19, tag, f, "white", None, "mm")


MARKER_NAMES = {"pawn": "candidate", "home": "home state", "city": "city", "star": "star", "flag": "flag",
                "cross": "blocked"}


def _legend_items(view: MapView, st: Style) -> list[tuple[Sprite | None, str, bool]]:
    items: list[tuple[Sprite | None, str, bool]] = []
    for k, p in enumerate(view.parties):
        sp = pill(LAYOUT, p.letter, f"p{k}", st.fg[f"p{k}"], ring="ink", size=F_PILL)
        items.append((sp, f"{p.name} {view.ev_totals.get(p.code, 0)}", True))
    leading = any(view.shows_leader(a) for a in view.states)
    if leading:  # how to read "D+3" and "D=R"
        p0, p1 = view.parties[0], view.parties[min(1, len(view.parties) - 1)]
        items.append((_pill(PillSpec(_standing_text([p0.letter], 2), "p0", st.fg["p0"], True)), "leads by 2",
                      False))
        if p1 is not p0:
            items.append((_pill(PillSpec(_standing_text([p0.letter, p1.letter], 0), "white", "ink", True)), "tied",
                          False))
    items.append((swatch(LAYOUT, "p0", None), "solid", False))
    items.append((swatch(LAYOUT, "p0l", None), "lean", False))
    if not leading or view.count_style == "chips":  # in leader style "D=R" above says what a tie looks like
        stripes = [f"p{k}" for k in range(len(view.parties))][:MAX_CHIPS]  # a tie is striped in its holder's colour
        items.append((tie_swatches(LAYOUT, "tie_base", stripes), "tied", False))
    items.append((swatch(LAYOUT, "neutral", None), "nobody", False))
    used: list[str] = []
    for s in view.states.values():
        for m in s.markers:
            if m.kind not in used:
                used.append(m.kind)
    texts = {e.marker: e.text for e in view.legend if e.marker}
    for e in view.legend:
        if e.marker and e.marker not in used:
            used.append(e.marker)
    for kind in used:
        items.append((marker(LAYOUT, kind, "white", "ink", "", size=24), texts.get(kind, MARKER_NAMES[kind]), False))
    for e in view.legend:
        if not e.marker:
            items.append((None, e.text, False))
    return items


def _draw_legend(cv: Canvas, view: MapView, st: Style, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    x, y, row_h = x0, y0, 34
    used_x, used_y = x0, y0
    for sp, text, bold in _legend_items(view, st):
        f = F_LEGEND if bold else F_LEGEND_SMALL
        w = (sp.w + 6 if sp else 0) + advance(text, f)
        if x + w > x1 and x > x0:
            x, y = x0, y + row_h
        if y + row_h > y1 + 2:
            break
        if sp:
            cv.paste(sp, x, y + (row_h - sp.h) / 2)
            x += sp.w + 6
        cv.text(x, y + row_h / 2, text, f, "ink", "paper", "lm")
        x += advance(text, f)
        used_x, used_y = max(used_x, x), y + row_h
        x += 18
    return x0, y0, used_x, used_y


def _panel_height(p) -> int:
    return 32 + 23 * len(p.rows) + 6


def _draw_panel(cv: Canvas, view: MapView, st: Style, p, box) -> None:
    x0, y0, x1, y1 = box
    cv.rect(box, fill="white", outline="ink", width=2, radius=8)
    tx = x0 + 10
    if p.party is not None:
        k = view.slot(p.party)
        sp = pill(LAYOUT, view.parties[k].letter, f"p{k}", st.fg[f"p{k}"], ring="ink", size=F_PILL)
        cv.paste(sp, tx, y0 + 5)
        tx += sp.w + 6
    ft = fit_font(p.title, x1 - tx - 8, F_PANEL_TITLE.size, True, 15)
    cv.text(tx, y0 + 18, truncate(p.title, ft, x1 - tx - 8), ft, "ink", "white", "lm")
    y = y0 + 32
    for label, value in p.rows:
        value = truncate(value, F_PANEL_VALUE, x1 - x0 - 20 - min(60, advance(label, F_PANEL)))
        vw = advance(value, F_PANEL_VALUE)
        cv.text(x1 - 10, y + 11, value, F_PANEL_VALUE, "ink", "white", "rm")
        cv.text(x0 + 10, y + 11, truncate(label, F_PANEL, x1 - x0 - 26 - vw), F_PANEL, "muted", "white", "lm")
        y += 23


def _layout_panels(view: MapView, slots: list[tuple[int, int, int, int]]) -> list[tuple[object, tuple]]:
    """Stack the panels into the slots in order: each goes below the previous one or into the next slot; one
    too tall for every slot from there on takes room left in an earlier slot; a panel that fits nowhere is
    left out (the alt text still has it)."""
    out = []
    tops = [sy0 for _, sy0, _, _ in slots]  # where each slot's free room starts
    current = 0
    for p in view.panels:
        h = _panel_height(p)
        for si in [*range(current, len(slots)), *range(current)]:
            x0, _, x1, sy1 = slots[si]
            if tops[si] + h <= sy1:
                out.append((p, (x0, tops[si], x1, tops[si] + h)))
                tops[si] += h + 8
                current = max(current, si)
                break
    return out


# ------------------------------------------------------------------ shared render steps


def _check(view) -> MapView:
    if not isinstance(view, MapView):
        raise TypeError(f"expected a render.mapview.MapView, got {type(view).__name__}")
    return view


def _start(g: Geometry, view: MapView) -> tuple[Canvas, Style]:
    st = _style(view)
    cv = Canvas(LAYOUT, g.base.copy(), st.cols, _state_palette(view, st))
    for abbr, s in view.states.items():  # stripes for tied states
        if view.shows_leader(abbr):
            _tie_stripes(cv, g, view, abbr)
        elif s.strength == "tied":
            for m, x, y in g.hatch_masks(abbr):
                cv.fill_index(S0 + N + SLOT[abbr], m, x, y)
    if view.regions:
        mask, x, y = _region_mask(g, view)
        cv.fill_mask("ink", mask, x, y)
    return cv, st


_REGION_MASKS = _LRU(16)
REGION_LINE = 8  # px on the full map (scale 1.4): 2 px at 400 px wide, where state borders all but vanish


def _region_mask(g: Geometry, view: MapView) -> tuple[Image.Image, int, int]:
    """'1' mask (and offset) of the thick lines between neighbouring states of different regions; cached
    per geometry and region map. States in no region count as one more region."""
    region = view.region_of()
    key = (g.key, tuple(sorted(region.items())))
    hit = _REGION_MASKS.get(key)
    if hit is None:
        m = Image.new("1", (g.width, g.height), 0)
        if g.transform is None:
            _tile_region_lines(ImageDraw.Draw(m), region)
        else:
            _map_region_lines(m, g, region)
        box = m.getbbox() or (0, 0, 1, 1)
        hit = (m.crop(box), box[0], box[1])
        _REGION_MASKS.put(key, hit)
    return hit


def _map_region_lines(m: Image.Image, g: Geometry, region: dict[str, str]) -> None:
    scale, ox, oy = g.transform
    wd = max(3, round(REGION_LINE * min(1.5, scale / MAP_SCALE)))  # a close-up thickens them, but less
    r = wd / 2
    d = ImageDraw.Draw(m)
    for pair, lines in shared_borders().items():
        a, b = sorted(pair)
        if region.get(a) == region.get(b):
            continue
        for line in lines:
            pts = [(ox + scale * x, oy + scale * y) for x, y in line]
            d.line(pts, fill=1, width=wd, joint="curve")
            for x, y in (pts[0], pts[-1]):  # round ends, so lines meeting where three states touch join up
                d.ellipse((x - r, y - r, x + r, y + r), fill=1)
    # keep the lines on land: the round ends at the coast must not spill into the sea
    lut = [0] * 256
    for i in range(S0, S0 + N):
        lut[i] = 255
    lut[LAYOUT.index["border"]] = 255
    land = Image.frombytes("L", g.base.size, g.base.tobytes()).point(lut).convert("1")
    m.paste(ImageChops.logical_and(m, land), (0, 0))


def _tile_region_lines(d: ImageDraw.ImageDraw, region: dict[str, str]) -> None:
    """On the tile grid: fill the gap between side-by-side tiles of different regions."""
    grid = tile_grid()
    at = {rc: a for a, rc in grid.items()}
    gap = TILE_PITCH - TILE
    for abbr, (row, col) in grid.items():
        x, y = TILE_X0 + col * TILE_PITCH, TILE_Y0 + row * TILE_PITCH
        right, below = at.get((row, col + 1)), at.get((row + 1, col))
        if right is not None and region.get(right) != region.get(abbr):
            d.rectangle((x + TILE, y - gap, x + TILE_PITCH - 1, y + TILE_PITCH - 1), fill=1)
        if below is not None and region.get(below) != region.get(abbr):
            d.rectangle((x - gap, y + TILE, x + TILE_PITCH - 1, y + TILE_PITCH - 1), fill=1)


def _tie_stripes(cv: Canvas, g: Geometry, view: MapView, abbr: str) -> None:
    """A tie in leader mode: stripes of each tied party's colour in turn (nothing when one party leads)."""
    leaders, _ = view.standing(abbr)
    if len(leaders) < 2:
        return
    period = TIE_STEP * len(leaders)
    for j, code in enumerate(leaders):
        for m, x, y in g.hatch_masks(abbr, period, TIE_STEP * j):
            cv.fill_mask(f"p{view.slot(code)}", m, x, y)


def _highlights(cv: Canvas, g: Geometry, view: MapView) -> None:
    for abbr, s in view.states.items():
        if not s.highlight:
            continue
        om = g.outline_masks(abbr)
        if om is not None:
            thick, thin, x, y = om
            cv.fill_mask("ink", thick, x, y)
            cv.fill_mask("white", thin, x, y)
        if abbr in g.callouts:
            b = g.callouts[abbr]
            cv.rect((b[0] - 4, b[1] - 4, b[2] + 4, b[3] + 4), outline="ink", width=4)


def _draw_labels(cv: Canvas, g: Geometry, view: MapView, st: Style, obstacles: tuple, top: int) -> list[LabelBox]:
    labels_ = {a: _label(view, a, st) for a in g.shown}
    sizes = tuple((a, lb.map_sizes, lb.tied) for a, lb in labels_.items())
    placement = _place(g, sizes, obstacles, top)
    out = []
    for abbr, (vi, cx, cy, chip, leader, box) in placement.items():  # leader lines under the chips
        if leader:
            ax, ay = g.anchors[abbr]
            cv.line([(ax, ay), _nearest_on_box(box, ax, ay)], "line", 2)
            cv.ellipse((ax - 5, ay - 5, ax + 5, ay + 5), fill="white")
            cv.ellipse((ax - 3, ay - 3, ax + 3, ay + 3), fill="ink")
    for abbr, (vi, cx, cy, chip, leader, box) in placement.items():
        sprite, ink = labels_[abbr].sprite(vi, chip)
        x, y = box[0], box[1]
        cv.paste(sprite, x, y)
        drawn = box if chip else (x + ink[0], y + ink[1], x + ink[2], y + ink[3])
        pin = g.anchors[abbr] if leader else (cx, cy)
        out.append(LabelBox(abbr, drawn, g.anchors[abbr], leader, pin))
    return out


def _draw_callouts(cv: Canvas, g: Geometry, view: MapView, st: Style) -> list[LabelBox]:
    out = []
    for abbr, (x0, y0, x1, y1) in g.callouts.items():
        s = view.states.get(abbr)
        face, _ = _face(view, abbr)
        text = _label_text(view, abbr)
        marks = _markers(view, s, st, size=24)[:2]
        room = x1 - x0 - CALLOUT_BAND - 12 - sum(m.w + 2 for m in marks)
        f = fit_font(text, room, 26, True, 16)
        cv.text(x0 + CALLOUT_BAND + 8, y0 + 17, text, f, st.fg[face], face, "lm")
        mx = x1 - 4
        for sp in reversed(marks):
            mx -= sp.w
            cv.paste(sp, mx, y0 + 4)
            mx -= 2
        x = x0 + CALLOUT_BAND + 6
        if view.shows_leader(abbr):  # no pill: the box is the leader's colour already, and a ring costs size
            lead = _leader_text(view, abbr)
            f = fit_font(lead, x1 - x - 6, F_CALLOUT_LEADER, True, 16)
            cv.text(x + 2, y0 + 44, lead, f, st.fg[face], face, "lm")
        else:
            for sp in _pills(view, abbr, st, size=17):
                cv.paste(sp, x, y1 - 4 - sp.h)
                x += sp.w + 2
        out.append(LabelBox(abbr, (x0, y0, x1, y1), g.anchors[abbr], True, g.anchors[abbr]))
    return out


@dataclass(frozen=True)
class MapAlt:
    """The map's alt text in parts (render/alttext.py), for a ruleset to put its own between them: each part one
    sentence or more, or its alternatives from the richest to the shortest ("" when it may be left out)."""

    head: str  # "Map of the United States: Campaign Trail — August — round 2 — Democrats to move."
    totals: str  # each party's electoral votes, what wins, who is ahead
    changed: Part  # the states the last move changed (outlined), with their counts now
    states: Part  # the states each party leads (holds), with codes or margins, or only how many
    markers: Part  # candidates, home states, cities …
    regions: Part  # the region borders drawn
    panels: str  # the panels' rows

    def parts(self, extra: Part = "") -> list[Part]:
        """The whole map in reading order (`extra` after the headline)."""
        return [self.head, extra, self.totals, self.changed, self.states, self.panels, self.markers, self.regions]


def _party_words(view: MapView, code: str) -> str:
    """A party's name with its letter, where the letter says something the name does not ("Democrats (D)", but
    "P1", not "P1 (1)")."""
    p = view.party(code)
    return p.name if any(ch in "0123456789" for ch in p.name) or p.letter not in p.name.upper() else f"{p.name} ({p.letter})"


def _short(view: MapView, code: str) -> str:
    """How a state's counts name a party: its letter ("D3"), or its name when the letter is a digit ("P1 3")."""
    p = view.party(code)
    return p.name + " " if p.letter and all(ch in "0123456789" for ch in p.letter) else p.letter


def _counts_words(view: MapView, abbr: str) -> str:
    """A state's counts as the map shows them: "D3 R2", or its leader and margin ("K+3", "P1 +3", "D=R" tied)."""
    s = view.states.get(abbr)
    if s is None or not any(s.counts.values()):
        return "empty"
    if view.shows_leader(abbr):
        leaders, margin = view.standing(abbr)
        if len(leaders) > 2:
            return f"{len(leaders)}-way tie"
        if len(leaders) > 1:
            return "tied " + "=".join(_short(view, c).strip() for c in leaders)
        return f"{_short(view, leaders[0])}+{margin}"
    return " ".join(f"{_short(view, p.code)}{s.counts[p.code]}" for p in view.parties if s.counts.get(p.code))


def map_alt(view: MapView, kind: str = "Map", solid_word: str = "solid") -> MapAlt:
    """The map in words, in parts. `solid_word`: what a solid fill means in this game ("solid", "carried")."""
    head = _title(view)
    head = f"{kind} of the United States: {head}." if head else f"{kind} of the United States."
    totals = {p.code: view.ev_totals.get(p.code, 0) for p in view.parties}
    ev = ", ".join(f"{_party_words(view, p.code)} {totals[p.code]}" for p in view.parties)
    ranked = sorted(totals.values(), reverse=True)
    top = [view.party(c).name for c, n in totals.items() if n == ranked[0]]
    ahead = ""
    if len(view.parties) > 1 and ranked[0] > 0:
        ahead = (f" Ahead: {top[0]}, by {ranked[0] - ranked[1]}." if len(top) == 1
                 else f" Level at the top: {and_list(top)}, {ranked[0]} each.")
    totals_text = f"Electoral votes: {ev}; {view.needed()} of {view.total_ev()} needed to win.{ahead}"
    # the last move's states, outlined on the map
    hl = sorted(a for a, s in view.states.items() if s.highlight)
    changed: Part = ""
    if hl:
        named = [f"{NAMES.get(a, a)} ({_counts_words(view, a)})" for a in hl]
        coded = [f"{a} {_counts_words(view, a)}" for a in hl]
        changed = (sentence(f"Outlined, changed by the last move: {some(named, 8)}"),
                   sentence(f"Outlined, changed by the last move: {some(coded, 12)}"),
                   sentence(f"Outlined, changed by the last move: {some(hl, 12)}"))
    # the states each party holds: codes (with margins in leader style), else how many
    leader_style = view.count_style == "leader"
    holder: dict[str, str] = {}  # state -> the party it is drawn for
    tied: list[str] = []
    for a, s in sorted(view.states.items()):
        if view.shows_leader(a) or (leader_style and any(s.counts.values())):
            leaders, _ = view.standing(a)
            if len(leaders) == 1:
                holder[a] = leaders[0]
            else:
                tied.append(a)
        elif s.strength == "tied":
            tied.append(a)
        elif s.fill is not None and s.strength in ("solid", "lean"):
            holder[a] = s.fill
    groups: list[tuple[str, list[str], int]] = []
    for p in view.parties:
        held = [a for a, c in holder.items() if c == p.code]
        if held:
            groups.append((p.name, held, sum(1 for a in held if view.states[a].strength == "solid")))

    def item(a: str, detail: int) -> str:
        """A state in the list: its code, with its counts or its leader and margin as drawn (detail 2)."""
        if detail < 2:
            return a
        if view.shows_leader(a):
            leaders, margin = view.standing(a)
            return f"{a} " + ("=".join(_short(view, c).strip() for c in leaders) if len(leaders) > 1
                              else f"{_short(view, leaders[0])}+{margin}")
        return f"{a} {_counts_words(view, a)}" if any(view.states[a].counts.values()) else a

    def group(name: str, held: list[str], solid: int, detail: int) -> str:
        counted = f"{name} {len(held)} ({solid} {solid_word})"
        return f"{counted}: {', '.join(item(a, detail) for a in held)}" if detail else counted

    states: Part = ""
    if groups or tied:
        forms = []
        for detail in (2, 1, 0):
            text = "; ".join(group(n, h, k, detail) for n, h, k in groups)
            if tied:
                text += ("; " if text else "") + f"tied {len(tied)}" + (
                    f": {', '.join(item(a, detail) for a in tied)}" if detail else "")
            forms.append(f"States led: {text}.")
        states = tuple(forms)
    # markers by kind: the players' (candidates, home states) first, the neutral ones (cities) after
    mine: dict[str, dict[str, list[str]]] = {}
    neutral: dict[str, list[str]] = {}
    for a, s in sorted(view.states.items()):
        for m in s.markers:
            if m.party:
                mine.setdefault(m.kind, {}).setdefault(m.party, []).append(a)
            else:
                neutral.setdefault(m.kind, []).append(a)
    players = " ".join(f"{_MARKER_PLURAL[k]}: " + "; ".join(f"{view.party(p.code).name} in {and_list(mine[k][p.code])}"
                                                              for p in view.parties if p.code in mine[k])
                        + "." for k in _MARKER_PLURAL if k in mine)
    others = " ".join(f"{_MARKER_PLURAL[k]}: {', '.join(neutral[k])}." for k in _MARKER_PLURAL if k in neutral)
    markers: Part = ""
    if players or others:
        markers = (" ".join(t for t in (players, others) if t), players, "")
    regions: Part = ""
    if view.regions:
        regions = ("Region borders: " + "; ".join(f"{name} ({', '.join(sorted(m))})"
                                                  for name, m in view.regions.items()) + ".",
                   f"Thick lines divide the regions: {and_list(list(view.regions))}.", "")
    panels = []
    for p in view.panels:
        rows = ", ".join(f"{k} {v}" for k, v in p.rows)
        panels.append(f"{p.title}: {rows}." if rows else f"{p.title}.")
    return MapAlt(head, totals_text, changed, states, markers, regions, " ".join(panels))


_MARKER_PLURAL = {"pawn": "Candidates", "home": "Home states", "city": "Cities", "star": "Stars", "flag": "Flags",
                  "cross": "Blocked"}


def _alt(view: MapView, kind: str, extra: str = "") -> str:
    return fit(map_alt(view, kind).parts(extra))


# ------------------------------------------------------------------ the three renders

LEGEND_BOX = (600, 128, 1330, 196)
PANEL_SLOTS = [(1262, 782, 1424, 994), (1432, 782, 1594, 994), (790, 884, 1172, 994), (10, 560, 250, 752)]
TOP = 128  # labels stay below the EV bar


def render_map(view: MapView) -> Rendered:
    """The full 1600×1000 map: states by controlling party, labels with EV and counts, callouts for
    the small north-eastern states, Alaska and Hawaii insets, EV bar, legend and panels."""
    cv, alt, labels = draw_map(view)
    return Rendered(cv.png(), alt, W, H, labels)


def draw_map(view: MapView) -> tuple[Canvas, str, tuple[Label, ...]]:
    """render_map's drawing, not yet encoded: (canvas, alt text, labels), for a picture that puts more
    below the map (it pastes the canvas's image and encodes once)."""
    view = _check(view)
    g = geometry("full")
    cv, st = _start(g, view)
    _highlights(cv, g, view)
    _draw_title(cv, _title(view), W)
    _ev_bar(cv, view, st, (10, 52, W - 10, 92))
    legend = _draw_legend(cv, view, st, LEGEND_BOX)
    panels = _layout_panels(view, PANEL_SLOTS)
    for p, box in panels:
        _draw_panel(cv, view, st, p, box)
    obstacles = (legend,) + tuple(b for _, b in panels) + tuple(g.callouts.values())
    labels = _draw_labels(cv, g, view, st, obstacles, TOP)
    labels += _draw_callouts(cv, g, view, st)
    return cv, _alt(view, "Map"), tuple(labels)


def _tile_panel_slots() -> list[tuple[int, int, int, int]]:
    p = TILE_PITCH
    return [(TILE_X0 + 9 * p, TILE_Y0 + 5 * p, TILE_X0 + 12 * p - 6, H - 6),
            (TILE_X0 + 7 * p, TILE_Y0, TILE_X0 + 9 * p - 6, TILE_Y0 + p - 6),
            (TILE_X0 + 1 * p, TILE_Y0, TILE_X0 + 3 * p - 6, TILE_Y0 + p - 6)]


def panels_fit(view: MapView, kind: str = "map") -> bool:
    """Whether every panel of the view finds room on that kind of picture (a closeup draws none)."""
    if kind == "closeup":
        return True
    slots = PANEL_SLOTS if kind == "map" else _tile_panel_slots()
    return len(_layout_panels(view, slots)) == len(view.panels)


def render_tiles(view: MapView) -> Rendered:
    """The same view as a tile-grid cartogram: every state one equal square."""
    view = _check(view)
    g = geometry("tiles")
    cv, st = _start(g, view)
    _highlights(cv, g, view)
    _draw_title(cv, _title(view), W)
    _ev_bar(cv, view, st, (10, 52, W - 10, 92))
    p = TILE_PITCH
    _draw_legend(cv, view, st, (TILE_X0 + 2 * p, TILE_Y0 + 6 * p, TILE_X0 + 7 * p - 8, H - 4))
    for panel, box in _layout_panels(view, _tile_panel_slots()):
        _draw_panel(cv, view, st, panel, box)
    labels = []
    for abbr in STATES:
        cx, cy = g.anchors[abbr]
        lb = _label(view, abbr, st)
        vi = 1 if len(lb.sizes) > 1 else 0  # the tall layout fits a square best
        if lb.sizes[vi][0] > NARROW:  # too wide for the tile (a long tie, many markers): the narrowest
            vi = min(range(len(lb.sizes)), key=lambda i: (lb.sizes[i][0], i))
        sprite, ink = lb.sprite(vi, False)
        # a tied tile is hatched only in its frame, so the text sits on the plain face; only a label taller
        # than the inside (a long tie on three pills) reaches over the frame, centred, never off the tile
        x, y = cx - sprite.w // 2, cy - TILE // 2 + max(0, (TILE - sprite.h) // 2)
        cv.paste(sprite, x, y)
        labels.append(LabelBox(abbr, (x + ink[0], y + ink[1], x + ink[2], y + ink[3]), (cx, cy), False, (cx, cy)))
    return Rendered(cv.png(), _alt(view, "Tile-grid cartogram"), W, H, tuple(labels))


def closeup_bounds(states: list[str]) -> tuple[float, float, float, float]:
    bs = [bounds()[a] for a in states]
    x0, y0 = min(b[0] for b in bs), min(b[1] for b in bs)
    x1, y1 = max(b[2] for b in bs), max(b[3] for b in bs)
    mx = max(18.0, 0.15 * (x1 - x0))
    my = max(14.0, 0.15 * (y1 - y0))
    return (round(x0 - mx, 1), round(y0 - my, 1), round(x1 + mx, 1), round(y1 + my, 1))


def render_closeup(view: MapView, states: list[str] | None = None, max_width: int = 1600,
                   max_height: int = 1000) -> Rendered:
    """The map zoomed to `states` (default: the highlighted ones; if none, the whole country) plus a
    margin; at most max_width × max_height."""
    view = _check(view)
    chosen = list(states) if states is not None else [a for a, s in view.states.items() if s.highlight]
    for a in chosen:
        if a not in SLOT:
            raise ValueError(f"unknown state {a!r}")
    if not chosen:
        chosen = list(STATES)
    chosen = sorted(set(chosen))
    bbox = closeup_bounds(chosen)
    top = 56
    bw, bh = bbox[2] - bbox[0], bbox[3] - bbox[1]
    scale = round(min((max_width - 20) / bw, (max_height - top - 10) / bh, 8.0), 3)
    width = min(max_width, int(bw * scale) + 20)
    height = min(max_height, int(bh * scale) + top + 10)
    g = _closeup(bbox, width, height, top, scale)
    cv, st = _start(g, view)
    _highlights(cv, g, view)
    names = ", ".join(chosen) if len(chosen) <= 8 else f"{len(chosen)} states"
    _draw_title(cv, _title(view, f"Close-up: {names}"), width, y=10, size=28)
    labels = _draw_labels(cv, g, view, st, (), top + 4)
    return Rendered(cv.png(), _alt(view, "Close-up map", f"Showing {names}."), width, height, tuple(labels))


def warm() -> None:
    """Build the static bases and label fields now (≈0.2 s), e.g. in a worker thread at bot start-up,
    so the first real move does not pay for them."""
    from render.tools.samples import busy_map_view, small_map_view

    for v in (small_map_view(), busy_map_view()):
        render_map(v)
        render_tiles(v)


# ------------------------------------------------------------------ a turn's close-up


def closeup_base(view: MapView, states: list[str], width: int, max_height: int,
                 top: int = 4) -> tuple[Canvas, Geometry, dict[str, str]]:
    """The map zoomed to `states` (with a margin), `width` px wide and at most `max_height` px tall, filled and
    outlined as `view` says but with no labels: render/closeup.py writes its own, larger ones. Returns the canvas,
    its geometry (anchors) and each shown state's face colour name with the text colour that reads on it."""
    view = _check(view)
    chosen = sorted(set(states)) or list(STATES)
    bbox = closeup_bounds(chosen)
    bw, bh = bbox[2] - bbox[0], bbox[3] - bbox[1]
    scale = round(min((width - 20) / bw, (max_height - top - 10) / bh, 8.0), 3)
    height = min(max_height, int(bh * scale) + top + 10)
    g = _closeup(bbox, width, height, top, scale)
    cv, st = _start(g, view)
    _highlights(cv, g, view)
    faces = {}
    for abbr in chosen:
        face, _ = _face(view, abbr)
        faces[abbr] = face
        faces[f"{abbr}:fg"] = st.fg[face]
    return cv, g, faces
