"""The US map's static geometry, built once per kind of picture and cached: the full map, the tile-grid
cartogram and each close-up's zoom.

A geometry's base is a palette image in which state i owns two indices, its face (S0+i) and its hatch stripes
(S0+N+i), so a render recolours every state by writing the palette, never by redrawing a shape. The geometry also
holds each state's mask, label anchor and outline, the stripes a tied state shows, and on the full map the callout
boxes of the nine small north-eastern states in the Atlantic margin.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field

from PIL import Image, ImageChops, ImageDraw

from render.canvas import Layout, _LRU
from render.mapview import MAX_PARTIES
from render.usdata import CALLOUT_STATES, STATES, bounds, label_points, shapes, tile_grid

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

HATCH_PERIOD, HATCH_WIDTH = 20, 7


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


def _build_closeup_geometry(bbox: tuple[float, float, float, float], width: int, height: int, top: int,
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


def closeup_geometry(bbox, width, height, top, scale) -> Geometry:
    key = (bbox, width, height, top, scale)
    g = _CLOSEUPS.get(key)
    if g is None:
        with _GEOM_LOCK:
            g = _CLOSEUPS.get(key)
            if g is None:
                g = _build_closeup_geometry(bbox, width, height, top, scale)
                _CLOSEUPS.put(key, g)
    return g


def closeup_bounds(states: list[str]) -> tuple[float, float, float, float]:
    bs = [bounds()[a] for a in states]
    x0, y0 = min(b[0] for b in bs), min(b[1] for b in bs)
    x1, y1 = max(b[2] for b in bs), max(b[3] for b in bs)
    mx = max(18.0, 0.15 * (x1 - x0))
    my = max(14.0, 0.15 * (y1 - y0))
    return (round(x0 - mx, 1), round(y0 - my, 1), round(x1 + mx, 1), round(y1 + my, 1))
