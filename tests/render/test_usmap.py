"""The shared US map: geometry of labels, input checking, size, alt text, threads."""
from __future__ import annotations

import io
import itertools
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image
from pydantic import ValidationError

from render import (LegendEntry, MapView, MarkerView, PanelView, PartyView, StateView, render_closeup, render_map,
                    render_tiles)
from render import usmap_geometry
from render.tools.samples import PARTIES3
from render.usdata import CALLOUT_STATES, STATES, label_points, shapes

CALLOUTS = set(CALLOUT_STATES)


def _inside(px: float, py: float, abbr: str, scale: float, ox: float, oy: float) -> bool:
    """Even-odd point-in-polygon on the real (albers) shapes of a state."""
    x, y = (px - ox) / scale, (py - oy) / scale
    inside = False
    for poly in shapes()[abbr]:
        for ring in poly:
            j = len(ring) - 1
            for i in range(len(ring)):
                xi, yi = ring[i]
                xj, yj = ring[j]
                if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                    inside = not inside
                j = i
    return inside


def _decode(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def test_label_points_are_inside_their_states() -> None:
    for abbr, (x, y) in label_points().items():
        assert _inside(x, y, abbr, 1.0, 0.0, 0.0), abbr


@pytest.mark.parametrize("which", ["busy", "small", "leader6", "regions1960"])
def test_every_label_is_pinned_inside_its_state_or_on_a_callout(which, request) -> None:
    view = request.getfixturevalue(which)
    r = render_map(view)
    by = {lb.abbr: lb for lb in r.labels}
    assert set(by) == set(STATES), "every state gets exactly one label"
    g = usmap_geometry.geometry("full")
    for abbr, lb in by.items():
        px, py = lb.point
        transform = (usmap_geometry.MAP_SCALE, usmap_geometry.MAP_OX, usmap_geometry.MAP_OY)
        assert _inside(px, py, abbr, *transform), (abbr, lb)
        if abbr in CALLOUTS:
            assert lb.leader and lb.box == g.callouts[abbr], abbr
        if not lb.leader:  # drawn on the state itself: the box is around the pin
            x0, y0, x1, y1 = lb.box
            assert x0 <= px <= x1 and y0 <= py <= y1, (abbr, lb)


@pytest.mark.parametrize("which", ["busy", "small", "leader6", "regions1960"])
def test_no_two_labels_overlap(which, request) -> None:
    view = request.getfixturevalue(which)
    for render in (render_map, render_tiles):
        r = render(view)
        for a, b in itertools.combinations(r.labels, 2):
            overlap = a.box[0] < b.box[2] and b.box[0] < a.box[2] and a.box[1] < b.box[3] and b.box[1] < a.box[3]
            assert not overlap, (render.__name__, a, b)
        for lb in r.labels:
            x0, y0, x1, y1 = lb.box
            assert 0 <= x0 < x1 <= r.width and 0 <= y0 < y1 <= r.height, lb


def test_the_drawn_label_boxes_hold_ink(busy) -> None:
    """The reported boxes are where text really is: each contains non-background pixels."""
    r = render_map(busy)
    im = _decode(r.png).convert("RGB")
    for lb in r.labels:
        crop = im.crop(lb.box)
        assert len(crop.getcolors(10000) or [0, 0]) >= 2, lb


def test_busy_map_is_small_and_alt_text_has_every_total(busy) -> None:
    r = render_map(busy)
    assert len(r.png) <= 100 * 1024, len(r.png)
    assert (r.width, r.height) == (1600, 1000)
    im = _decode(r.png)
    assert im.size == (1600, 1000) and im.mode == "P"
    for p in busy.parties:
        assert f"{p.name} ({p.letter}) {busy.ev_totals[p.code]}" in r.alt
    assert "270 of 538 needed" in r.alt
    assert "\n" not in r.alt


def test_renderers_take_only_a_map_view(busy) -> None:
    for render in (render_map, render_tiles, render_closeup):
        with pytest.raises(TypeError):
            render(busy.model_dump())
        with pytest.raises(TypeError):
            render(PanelView(title="not a map"))


def test_rendering_is_deterministic_and_thread_safe(busy, small) -> None:
    views = [busy, small] * 6
    expected = {id(v): render_map(v).png for v in (busy, small)}
    with ThreadPoolExecutor(max_workers=2) as pool:
        got = list(pool.map(render_map, views))
    for v, r in zip(views, got):
        assert r.png == expected[id(v)]


def test_missing_states_are_neutral_with_their_electoral_votes() -> None:
    view = MapView(game="Test", parties=PARTIES3[:2])
    r = render_map(view)
    assert len(r.labels) == 51
    assert view.needed() == 270 and view.total_ev() == 538
    im = _decode(r.png).convert("RGB")
    x, y = usmap_geometry.geometry("full").anchors["TX"]
    assert im.getpixel((x - 60, y + 40)) == (214, 214, 210)  # the neutral grey


def test_1960_electoral_votes_need_269_of_537() -> None:
    view = MapView(game="1960", parties=PARTIES3[:2], ev_era="1960")
    assert view.total_ev() == 537 and view.needed() == 269
    assert "269 of 537 needed" in render_map(view).alt


def test_state_fill_changes_only_the_palette(small) -> None:
    """Recolouring a state is a palette swap: the index image is unchanged outside the labels."""
    a = _decode(render_map(small).png)
    states = dict(small.states)
    states["TX"] = StateView(fill="DEM", strength="lean", counts={"DEM": 1, "REP": 5},
                             markers=[MarkerView(kind="home", party="REP")])
    b = _decode(render_map(small.model_copy(update={"states": states})).png)
    x, y = usmap_geometry.geometry("full").anchors["TX"]
    probe = (x - 80, y - 60)
    assert a.getpixel(probe) == b.getpixel(probe)
    assert a.convert("RGB").getpixel(probe) != b.convert("RGB").getpixel(probe)


@pytest.mark.parametrize("bad", [
    {"states": {"ZZ": StateView()}},
    {"states": {"TX": StateView(fill="GRN")}},
    {"states": {"TX": StateView(counts={"DEM": 1, "REP": 1, "LIB": 1, "GRN": 1})}},
    {"parties": [PartyView(code="DEM", name="A", colour="blue", letter="D"),
                 PartyView(code="REP", name="B", colour="red", letter="D")]},
    {"ev_totals": {"XYZ": 3}},
])
def test_inconsistent_views_are_rejected(bad) -> None:
    base = {"game": "Test", "parties": PARTIES3}
    with pytest.raises(ValidationError):
        MapView(**{**base, **bad})


def test_closeup_zooms_to_the_highlighted_states(small) -> None:
    r = render_closeup(small)
    assert r.width <= 1600 and r.height <= 1000
    shown = {lb.abbr for lb in r.labels}
    assert {"OH", "PA"} <= shown and "CA" not in shown and "TX" not in shown
    for a, b in itertools.combinations(r.labels, 2):
        assert not (a.box[0] < b.box[2] and b.box[0] < a.box[2] and a.box[1] < b.box[3] and b.box[1] < a.box[3])
    assert "Close-up" in r.alt and "OH, PA" in r.alt
    one = render_closeup(small, ["RI"], max_width=800, max_height=600)
    assert one.width <= 800 and one.height <= 600 and "RI" in {lb.abbr for lb in one.labels}
    with pytest.raises(ValueError):
        render_closeup(small, ["XX"])


@pytest.mark.parametrize("which", ["busy", "leader6"])
def test_tile_grid_labels_every_state_on_its_tile(which, request) -> None:
    r = render_tiles(request.getfixturevalue(which))
    g = usmap_geometry.geometry("tiles")
    for lb in r.labels:
        cx, cy = g.anchors[lb.abbr]
        half = usmap_geometry.TILE // 2
        x0, y0, x1, y1 = lb.box
        assert cx - half <= x0 and x1 <= cx + half and cy - half <= y0 and y1 <= cy + half, lb
    assert len(r.png) <= 100 * 1024


def test_panels_legend_and_many_parties_render() -> None:
    parties = [PartyView(code=f"P{k}", name=f"Player {k}", colour=c, letter=str(k))
               for k, c in enumerate(["blue", "red", "gold", "purple", "green", "#336699"], start=1)]
    states = {a: StateView(fill=f"P{1 + i % 6}", strength=["solid", "lean", "tied"][i % 3],
                           counts={f"P{1 + i % 6}": i % 9 + 1, f"P{1 + (i + 1) % 6}": 1})
              for i, a in enumerate(STATES)}
    view = MapView(game="Presidential Election", turn="Round 4", parties=parties, states=states,
                   ev_totals={p.code: 10 * k for k, p in enumerate(parties)},
                   panels=[PanelView(title=f"Player {k}", party=f"P{k}", rows=[("Funds", "$500,000")])
                           for k in range(1, 7)],
                   legend=[LegendEntry(text="a note without a marker"), LegendEntry(marker="star", text="capital")])
    r = render_map(view)
    assert len(r.png) <= 100 * 1024
    for p in parties:
        assert f"{p.name} {view.ev_totals[p.code]}" in r.alt  # "Player 1 10": its letter says nothing more
