"""The map for more players and eras: leader-and-margin mode, region borders, the lifted limits."""
from __future__ import annotations

import io

import pytest
from PIL import Image
from pydantic import ValidationError

from render import MapView, MarkerView, PartyView, StateView, render_closeup, render_map, render_tiles
from render import colours as C
from render import usmap_geometry
from render.tools.samples import PARTIES3, PARTIES6, REGIONS4
from render.usmap_pills import leader_text
from render.usdata import shared_borders

PARTY_RGB = {p.code: C.PARTY_COLOURS[p.colour][0] for p in PARTIES6}


def _rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _state_colours(im: Image.Image, abbr: str) -> dict[tuple[int, int, int], int]:
    """pixel count by colour over the state's own area on the full map (labels included)."""
    mask, x, y = usmap_geometry.geometry("full").masks[abbr]
    crop = im.crop((x, y, x + mask.width, y + mask.height))
    rgb, inside = crop.tobytes(), mask.tobytes()
    out: dict[tuple[int, int, int], int] = {}
    for i, m in enumerate(inside):
        if m:
            px = (rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2])
            out[px] = out.get(px, 0) + 1
    return out


def _view(states: dict[str, StateView], **kw) -> MapView:
    return MapView(game="Presidential Election", parties=PARTIES6, states=states, **kw)


# ------------------------------------------------------------------ the view


def test_six_parties_counts_in_a_state_and_twelve_markers_are_accepted() -> None:
    counts = {p.code: k + 1 for k, p in enumerate(PARTIES6)}
    marks = [MarkerView(kind=k, party=p.code) for p in PARTIES6 for k in ("pawn", "home")]
    view = _view({"TX": StateView(counts=counts, markers=marks)})
    assert view.shows_leader("TX") and len(view.states["TX"].markers) == 12
    r = render_map(view)
    assert "TX F+1" in r.alt


@pytest.mark.parametrize("bad, says", [
    ({"states": {"TX": {"markers": [{"kind": "city"}] * 13}}}, "at most 12"),
    ({"parties": PARTIES6 + [PartyView(code="GUS", name="Gus", colour="grey", letter="G")]}, "at most 6"),
    ({"regions": {"East": ["NY", "ZZ"]}}, "unknown state 'ZZ'"),
    ({"regions": {"East": ["NY", "PA"], "Midwest": ["OH", "PA"]}}, "PA is in two regions"),
    ({"count_style": "pie"}, "count_style"),
    ({"ev_era": "2008"}, "ev_era"),
])
def test_beyond_the_limits_is_a_clear_error(bad: dict, says: str) -> None:
    with pytest.raises(ValidationError) as err:
        MapView(**{"game": "t", "parties": PARTIES6, **bad})
    assert says in str(err.value)


def test_chips_by_default_leader_beyond_three_parties_or_when_asked() -> None:
    three = StateView(counts={"ANA": 3, "BEN": 1, "CLEO": 2})
    four = StateView(counts={"ANA": 3, "BEN": 1, "CLEO": 2, "DEV": 1})
    zeros = StateView(counts={"ANA": 0, "BEN": 0})
    chips = _view({"OH": three, "PA": four, "NY": zeros})
    assert not chips.shows_leader("OH") and chips.shows_leader("PA") and not chips.shows_leader("NY")
    assert not chips.shows_leader("CA")  # no state view at all
    leader = chips.model_copy(update={"count_style": "leader"})
    assert leader.shows_leader("OH") and leader.shows_leader("PA") and not leader.shows_leader("NY")


@pytest.mark.parametrize("counts, leaders, margin, text", [
    ({"ANA": 5, "BEN": 2, "CLEO": 4}, ("ANA",), 1, "A+1"),
    ({"DEV": 4}, ("DEV",), 4, "D+4"),  # alone: leads by all its votes
    ({"ANA": 2, "FAY": 5, "ELI": 5}, ("ELI", "FAY"), 0, "E=F"),  # tied letters in party order
    ({p.code: 1 for p in PARTIES6}, tuple(p.code for p in PARTIES6), 0, "A=B=C=D=E=F"),
])
def test_standing_and_its_text(counts, leaders, margin, text) -> None:
    view = _view({"OH": StateView(counts=counts)}, count_style="leader")
    assert view.standing("OH") == (leaders, margin)
    assert leader_text(view, "OH") == text
    assert f"OH {text}" in render_map(view).alt


def test_a_digit_letter_is_set_apart_from_its_margin() -> None:
    parties = [PartyView(code=f"P{k}", name=f"Player {k}", colour=c, letter=str(k))
               for k, c in enumerate(["blue", "red"], start=1)]
    view = MapView(game="t", parties=parties, count_style="leader",
                   states={"OH": StateView(counts={"P1": 4, "P2": 1}), "PA": StateView(counts={"P1": 2, "P2": 2})})
    assert leader_text(view, "OH") == "1 +3"  # not "1+3"
    assert leader_text(view, "PA") == "1=2"


# ------------------------------------------------------------------ the picture


def test_a_leader_fills_the_state_and_lean_is_lighter() -> None:
    view = _view({"TX": StateView(counts={"BEN": 6, "ANA": 2, "CLEO": 1, "DEV": 3}),
                  "CA": StateView(strength="lean", counts={"ELI": 3, "ANA": 2})}, count_style="leader")
    im = _rgb(render_map(view).png)
    tx, ca = _state_colours(im, "TX"), _state_colours(im, "CA")
    assert max(tx, key=tx.get) == PARTY_RGB["BEN"]
    assert max(ca, key=ca.get) == C.PARTY_COLOURS["green"][1]  # Eli's lean tone


def test_a_tie_is_striped_in_exactly_the_tied_parties_colours() -> None:
    view = _view({"TX": StateView(counts={"ANA": 1, "CLEO": 4, "FAY": 4, "DEV": 2})}, count_style="leader")
    r = render_map(view)
    seen = _state_colours(_rgb(r.png), "TX")
    area = sum(seen.values())
    for code in ("CLEO", "FAY"):
        assert seen.get(PARTY_RGB[code], 0) > 0.15 * area, code
    for code in ("ANA", "BEN", "DEV", "ELI"):
        assert seen.get(PARTY_RGB[code], 0) < 0.01 * area, code  # a pill or marker at most, no stripes
    assert "TX C=F" in r.alt


def test_leader_labels_fit_inside_the_tiles_frame(leader6) -> None:
    """Long ties and a state full of pawns take the narrow arrangement: never wider than a tile's inside."""
    for lb in render_tiles(leader6).labels:
        x0, _, x1, _ = lb.box
        assert x1 - x0 <= usmap_geometry.TILE - 2 * usmap_geometry.TILE_FRAME, lb


def test_leader_map_stays_small(leader6) -> None:
    assert len(render_map(leader6).png) <= 100 * 1024
    assert len(render_tiles(leader6).png) <= 100 * 1024


def _midpoint(a: str, b: str) -> tuple[int, int]:
    """A point in the middle of the border a and b share, on the full map."""
    line = max(shared_borders()[frozenset((a, b))], key=len)
    x, y = line[len(line) // 2]
    scale = usmap_geometry.MAP_SCALE
    return round(usmap_geometry.MAP_OX + scale * x), round(usmap_geometry.MAP_OY + scale * y)


def test_region_borders_are_drawn_between_regions_only(regions1960) -> None:
    im = _rgb(render_map(regions1960).png)
    bare = _rgb(render_map(regions1960.model_copy(update={"regions": {}})).png)
    for a, b in [("KS", "OK"), ("PA", "OH"), ("NE", "CO"), ("MO", "AR")]:  # different regions
        assert im.getpixel(_midpoint(a, b)) == C.INK, (a, b)
    for a, b in [("KS", "NE"), ("OK", "TX"), ("NV", "UT")]:  # same region
        p = _midpoint(a, b)
        assert im.getpixel(p) == bare.getpixel(p) != C.INK, (a, b)


def test_region_borders_stay_on_land(regions1960) -> None:
    """Every pixel the borders change is a state's or a state border's in the static base (never sea)."""
    a = Image.open(io.BytesIO(render_map(regions1960).png))
    b = Image.open(io.BytesIO(render_map(regions1960.model_copy(update={"regions": {}})).png))
    g = usmap_geometry.geometry("full")
    base = g.base.load()
    s0 = usmap_geometry.S0
    land = set(range(s0, s0 + usmap_geometry.N)) | {usmap_geometry.LAYOUT.index["border"]}
    pa, pb = a.load(), b.load()
    changed = [(x, y) for y in range(0, a.height, 2) for x in range(0, a.width, 2) if pa[x, y] != pb[x, y]]
    assert len(changed) > 1000
    assert all(base[x, y] in land for x, y in changed)


def test_region_borders_on_tiles_and_closeups(regions1960) -> None:
    im = _rgb(render_tiles(regions1960).png)
    g = usmap_geometry.geometry("tiles")
    pa, oh, in_ = g.anchors["PA"], g.anchors["OH"], g.anchors["IN"]  # side by side on one row
    gap_y = pa[1]
    assert im.getpixel(((pa[0] + oh[0]) // 2, gap_y)) == C.INK  # PA (East) beside OH (Midwest)
    assert im.getpixel(((oh[0] + in_[0]) // 2, gap_y)) != C.INK  # OH beside IN: both Midwest
    r = render_closeup(regions1960, ["PA", "OH", "WV"])
    assert "Region borders: East" in r.alt


def test_default_views_take_none_of_the_new_paths(busy, small) -> None:
    """Explicit defaults change nothing: the goldens of Campaign Trail and Electioneer stay byte-identical."""
    for v in (busy, small):
        same = MapView(**{**v.model_dump(), "count_style": "chips", "regions": {}})
        assert render_map(same).png == render_map(v).png


def test_three_party_views_keep_their_chips() -> None:
    view = MapView(game="t", parties=PARTIES3, states={"TX": StateView(counts={"DEM": 2, "REP": 3, "LIB": 1})})
    assert not view.shows_leader("TX")
    assert "Leaders and margins" not in render_map(view).alt


def test_every_region_sample_state_is_known() -> None:
    assert sum(len(m) for m in REGIONS4.values()) == 51
