"""The layers painted on a map's base before its labels: the view's palette, tied states' stripes (in leader
style, every tied party's colour in turn), thick region borders and the outlines of the states the last move
changed."""
from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from render.canvas import Canvas, _LRU
from render.mapview import MapView
from render.usdata import shared_borders, tile_grid
from render.usmap_geometry import LAYOUT, MAP_SCALE, N, S0, SLOT, TILE, TILE_PITCH, TILE_X0, TILE_Y0, Geometry
from render.usmap_palette import Style, state_palette, style_of

# A tie shown by leader and margin stripes the state in every tied party's colour in turn, one stripe
# each TIE_STEP px: a 7-px stripe at 45° is ~10 px across, so 3 px of the light base shows between
# colours and keeps neighbouring stripes apart for colour-blind eyes.
TIE_STEP = 13


def start_canvas(g: Geometry, view: MapView) -> tuple[Canvas, Style]:
    """A canvas on a copy of the base, in the view's colours, with tied states' stripes and region borders."""
    st = style_of(view)
    cv = Canvas(LAYOUT, g.base.copy(), st.cols, state_palette(view, st))
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


def draw_highlights(cv: Canvas, g: Geometry, view: MapView) -> None:
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
