"""Campaign Trail Solo Play on the picture: the AI parties' register tracks in a band below the map (one row of ten
spaces each, filled from the left), their panels showing track and deck, and the alt text saying it all — drawn
from real engine games' public views."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.campaign_trail.ruleset import RULESET as R
from engine.campaign_trail.views import CampaignTrailView
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from render import colours as C
from render.campaign_trail import BAND_PAD, ROW_H, SPACE_GAP, map_view, render_campaign_trail

MAP_H = 1000


def _solo_view(options: dict, players: int, steps: int, seed: int = 5) -> CampaignTrailView:
    seats = R.assign_seats(R.seat_names(2)[:players], options)
    s = R.setup(options, seats, seed)
    rng = Rng(seed)
    for _ in range(steps):
        owing = owing_seats(R, s)
        if not owing or R.outcome(s) is not None:
            break
        s = play(R, s, owing[0], [R.bot_action(s, owing[0], rng)]).state
    return R.view(s, None)


@pytest.fixture(scope="module")
def two_ai() -> CampaignTrailView:
    return _solo_view({"ai": ["REP", "LIB"], "coop": True}, 2, 30)


def _space_centre(row: int, space: int, width: int = 1600) -> tuple[int, int]:
    """A point inside a space of a row of the band, left of its count (render.campaign_trail._solo_row's layout)."""
    y = MAP_H + 4 + BAND_PAD + row * ROW_H
    top = y + 44 + 14
    size = ROW_H - 44 - 14 - 18
    w = (width - 2 * BAND_PAD - SPACE_GAP * 9) / 10
    x = BAND_PAD + space * (w + SPACE_GAP)
    return int(x + 12), int(top + size / 2)


def test_each_ai_partys_track_is_drawn_below_the_map_space_by_space(two_ai) -> None:
    assert two_ai.solo is not None and two_ai.solo.ai == ["REP", "LIB"]
    r = render_campaign_trail(two_ai)
    im = Image.open(io.BytesIO(r.png)).convert("RGB")
    assert im.size == (1600, r.height) and r.height > MAP_H + 2 * ROW_H  # two rows, one per AI party
    assert len(r.png) <= 150 * 1024, len(r.png)
    tones = {"REP": C.party_tones("red"), "LIB": C.party_tones("gold")}
    checked = set()
    for row, code in enumerate(two_ai.solo.ai):
        track = two_ai.solo.track[code]
        assert any(track) and not all(n == 3 for n in track), f"the sample shows a part-filled track: {track}"
        solid, lean = tones[code]
        for space, voters in enumerate(track):
            want = solid if voters == 3 else lean if voters else C.WHITE
            got = im.getpixel(_space_centre(row, space))
            assert got == want, f"{code} space {space + 1} ({voters} voters) drawn {got}, not {want}"
            checked.add(voters)
    assert {0, 3} <= checked


def test_the_alt_text_and_the_panels_carry_the_tracks_and_decks(two_ai) -> None:
    r = render_campaign_trail(two_ai)
    for code, name in (("REP", "Republicans"), ("LIB", "Libertarians")):
        track = two_ai.solo.track[code]
        full = sum(1 for n in track if n == 3)
        assert (f"{name} (AI): register track {sum(track)} voters ({full} of 10 spaces full), "
                f"{two_ai.solo.deck[code]} Solo Play cards left") in r.alt
    panels = {p.party: p for p in map_view(two_ai).panels if p.party}
    assert dict(panels["REP"].rows) == {"AI track": f"{sum(two_ai.solo.track['REP'])}/30",
                                        "AI deck": str(two_ai.solo.deck["REP"])}
    assert "Money" in dict(panels["DEM"].rows)  # the human party keeps its own panel


def test_a_standard_game_has_no_band_and_one_ai_one_row() -> None:
    standard = _solo_view({}, 2, 10)
    assert standard.solo is None
    assert render_campaign_trail(standard).height == MAP_H
    one = _solo_view({"ai": ["REP"]}, 1, 20)
    r = render_campaign_trail(one)
    assert r.height == MAP_H + 4 + 2 * BAND_PAD + ROW_H
    assert "Solo Play — Republicans (AI): register track" in r.alt
