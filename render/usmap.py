"""The shared US map: full map, tile-grid cartogram and close-up, all drawn from a `MapView`.

Speed: the state shapes, borders and callout boxes are drawn once per geometry (render/usmap_geometry.py) as a
palette image in which state i owns two indices, its face and its hatch stripes. A render copies that base, writes
the state colours into the palette (the recolouring is a palette swap; render/usmap_palette.py), stamps cached
stripe masks onto tied states (render/usmap_layers.py), draws the dynamic layers (labels, count pills, markers,
highlight outlines, EV bar, legend, panels) as cached sprites — about one paste per state — and encodes the P
image (Up filter, zlib level 6, RLE strategy; see canvas.encode_p).

Labels (render/usmap_labels.py) are placed greedily (render/usmap_place.py): inside the state when the whole
label fits, else on a chip that spills over, else floated nearby on a leader line. The nine small north-eastern
states always use callout boxes in the Atlantic margin.

More players (MapView.count_style): a state whose counts are shown by leader and margin gets one
larger pill ("D+3", a tie "D=R"; render/usmap_pills.py), is filled in the leader's colour or striped in every
tied party's colour, and its callout shows the same text bare. Regions (MapView.regions): thick ink lines along
the shared edges of neighbouring states of different regions (usdata.shared_borders), in the tile grid's gaps on
the cartogram. Views that ask for neither draw exactly as before.
"""
from __future__ import annotations

from render.canvas import Canvas
from render.mapview import MapView
from render.types import LabelBox, Rendered
from render.usdata import STATES
from render.usmap_alt import alt_text, map_title
from render.usmap_chrome import draw_ev_bar, draw_legend, draw_panel, draw_title, layout_panels
from render.usmap_geometry import (H, NARROW, SLOT, TILE, TILE_PITCH, TILE_X0, TILE_Y0, W, Geometry, closeup_bounds,
                                   closeup_geometry, geometry)
from render.usmap_labels import draw_callouts, label_for
from render.usmap_layers import draw_highlights, start_canvas
from render.usmap_palette import face_of
from render.usmap_place import draw_labels


LEGEND_BOX = (600, 128, 1330, 196)
PANEL_SLOTS = [(1262, 782, 1424, 994), (1432, 782, 1594, 994), (790, 884, 1172, 994), (10, 560, 250, 752)]
TOP = 128  # labels stay below the EV bar


def _check(view) -> MapView:
    if not isinstance(view, MapView):
        raise TypeError(f"expected a render.mapview.MapView, got {type(view).__name__}")
    return view


def render_map(view: MapView) -> Rendered:
    """The full 1600×1000 map: states by controlling party, labels with EV and counts, callouts for
    the small north-eastern states, Alaska and Hawaii insets, EV bar, legend and panels."""
    cv, alt, labels = draw_map(view)
    return Rendered(cv.png(), alt, W, H, labels)


def draw_map(view: MapView) -> tuple[Canvas, str, tuple[LabelBox, ...]]:
    """render_map's drawing, not yet encoded: (canvas, alt text, labels), for a picture that puts more
    below the map (it pastes the canvas's image and encodes once)."""
    view = _check(view)
    g = geometry("full")
    cv, st = start_canvas(g, view)
    draw_highlights(cv, g, view)
    draw_title(cv, map_title(view), W)
    draw_ev_bar(cv, view, st, (10, 52, W - 10, 92))
    legend = draw_legend(cv, view, st, LEGEND_BOX)
    panels = layout_panels(view, PANEL_SLOTS)
    for p, box in panels:
        draw_panel(cv, view, st, p, box)
    obstacles = (legend,) + tuple(b for _, b in panels) + tuple(g.callouts.values())
    labels = draw_labels(cv, g, view, st, obstacles, TOP)
    labels += draw_callouts(cv, g, view, st)
    return cv, alt_text(view, "Map"), tuple(labels)


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
    return len(layout_panels(view, slots)) == len(view.panels)


def render_tiles(view: MapView) -> Rendered:
    """The same view as a tile-grid cartogram: every state one equal square."""
    view = _check(view)
    g = geometry("tiles")
    cv, st = start_canvas(g, view)
    draw_highlights(cv, g, view)
    draw_title(cv, map_title(view), W)
    draw_ev_bar(cv, view, st, (10, 52, W - 10, 92))
    p = TILE_PITCH
    draw_legend(cv, view, st, (TILE_X0 + 2 * p, TILE_Y0 + 6 * p, TILE_X0 + 7 * p - 8, H - 4))
    for panel, box in layout_panels(view, _tile_panel_slots()):
        draw_panel(cv, view, st, panel, box)
    labels = []
    for abbr in STATES:
        cx, cy = g.anchors[abbr]
        lb = label_for(view, abbr, st)
        vi = 1 if len(lb.sizes) > 1 else 0  # the tall layout fits a square best
        if lb.sizes[vi][0] > NARROW:  # too wide for the tile (a long tie, many markers): the narrowest
            vi = min(range(len(lb.sizes)), key=lambda i: (lb.sizes[i][0], i))
        sprite, ink = lb.sprite(vi, False)
        # a tied tile is hatched only in its frame, so the text sits on the plain face; only a label taller
        # than the inside (a long tie on three pills) reaches over the frame, centred, never off the tile
        x, y = cx - sprite.w // 2, cy - TILE // 2 + max(0, (TILE - sprite.h) // 2)
        cv.paste(sprite, x, y)
        labels.append(LabelBox(abbr, (x + ink[0], y + ink[1], x + ink[2], y + ink[3]), (cx, cy), False, (cx, cy)))
    return Rendered(cv.png(), alt_text(view, "Tile-grid cartogram"), W, H, tuple(labels))


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
    g = closeup_geometry(bbox, width, height, top, scale)
    cv, st = start_canvas(g, view)
    draw_highlights(cv, g, view)
    names = ", ".join(chosen) if len(chosen) <= 8 else f"{len(chosen)} states"
    draw_title(cv, map_title(view, f"Close-up: {names}"), width, y=10, size=28)
    labels = draw_labels(cv, g, view, st, (), top + 4)
    return Rendered(cv.png(), alt_text(view, "Close-up map", f"Showing {names}."), width, height, tuple(labels))


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
    g = closeup_geometry(bbox, width, height, top, scale)
    cv, st = start_canvas(g, view)
    draw_highlights(cv, g, view)
    faces = {}
    for abbr in chosen:
        face, _ = face_of(view, abbr)
        faces[abbr] = face
        faces[f"{abbr}:fg"] = st.fg[face]
    return cv, g, faces
