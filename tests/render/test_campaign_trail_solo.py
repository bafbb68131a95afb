"""Campaign Trail Solo Play on the board: each AI party's row shows its EV, register-track total and deck, and its
ten register-track spaces (filled from the left) in big digits at the row's right end; the alt text says it all —
drawn from real engine games' public views."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.campaign_trail.ruleset import RULESET as R
from engine.campaign_trail.views import CampaignTrailView
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from render import colours as C
from render.campaign_trail import map_view, panel_rows, render_campaign_trail
from render.campaign_trail_states import W


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


def test_each_ai_partys_track_is_drawn_in_its_row_space_by_space(two_ai) -> None:
    assert two_ai.solo is not None and two_ai.solo.ai == ["REP", "LIB"]
    r = render_campaign_trail(two_ai)
    im = Image.open(io.BytesIO(r.png)).convert("RGB")
    assert im.size == (W, r.height) and r.height <= 1.45 * W
    assert len(r.png) <= 100 * 1024, len(r.png)
    tones = {"REP": C.party_tones("red"), "LIB": C.party_tones("gold")}
    boxes = {lb.abbr: lb.box for lb in r.labels}
    checked = set()
    for code in two_ai.solo.ai:
        track = two_ai.solo.track[code]
        assert any(track) and not all(n == 3 for n in track), f"the sample shows a part-filled track: {track}"
        solid, lean = tones[code]
        filled = [k for k, n in enumerate(track) if n]
        assert sorted(a for a in boxes if a.startswith(f"track:{code}:")) == sorted(f"track:{code}:{k + 1}"
                                                                                 for k in filled)
        for space, voters in enumerate(track):
            if not voters:
                continue
            left, top, _, _ = boxes[f"track:{code}:{space + 1}"]
            got = im.getpixel((left + 8, top + 20))  # inside the space, left of its count
            assert got == (solid if voters == 3 else lean), f"{code} space {space + 1} ({voters} voters) drawn {got}"
            checked.add(voters)
        # the first empty space (right of the last filled one) is white
        empty = len(filled)
        if empty < len(track):
            left, top, right, _ = boxes[f"track:{code}:{empty}"]
            assert im.getpixel((right + (right - left) // 2 + 6, top + 20)) == C.WHITE
    assert 3 in checked


def test_the_alt_text_and_the_rows_carry_the_tracks_and_decks(two_ai) -> None:
    r = render_campaign_trail(two_ai)
    for code, name in (("REP", "Republicans"), ("LIB", "Libertarians")):
        track = two_ai.solo.track[code]
        full = sum(1 for n in track if n == 3)
        assert (f"{name} (AI): register track {sum(track)} voters ({full} of 10 spaces full), "
                f"{two_ai.solo.deck[code]} Solo Play cards left") in r.alt
    mv = map_view(two_ai)
    rows = {row.party: dict(row.fields) for row in panel_rows(two_ai, mv)}
    assert rows["REP"] == {"EV": str(mv.ev_totals["REP"]), "AI deck": str(two_ai.solo.deck["REP"])}
    assert {row.party: row.track for row in panel_rows(two_ai, mv)}["REP"] == tuple(two_ai.solo.track["REP"])
    assert "Money" in rows["DEM"]  # the human party keeps its own numbers
    assert rows[None] == {"Cards left": str(sum(two_ai.deck_counts.values())), "Discards": str(two_ai.discard_count)}
    # the older map panels (tiles and close-ups) keep theirs
    panels = {p.party: p for p in map_view(two_ai).panels if p.party}
    assert dict(panels["REP"].rows) == {"AI track": f"{sum(two_ai.solo.track['REP'])}/30",
                                        "AI deck": str(two_ai.solo.deck["REP"])}


def test_a_standard_game_has_no_track_and_one_ai_one() -> None:
    standard = _solo_view({}, 2, 10)
    assert standard.solo is None
    assert not any(lb.abbr.startswith("track:") for lb in render_campaign_trail(standard).labels)
    one = _solo_view({"ai": ["REP"]}, 1, 20)
    r = render_campaign_trail(one)
    assert {lb.abbr.split(":")[1] for lb in r.labels if lb.abbr.startswith("track:")} <= {"REP"}
    assert "Solo Play — Republicans (AI): register track" in r.alt


def test_the_action_deck_row_shows_the_ai_card_waiting_to_act(two_ai) -> None:
    """While an AI card waits on a Change of Plans answer, the board names that card (not the last one resolved),
    with one AI party or two; with none waiting and one AI party it names the last one."""
    from render.canvas import recording

    for ai in (["REP", "LIB"], ["REP"]):
        solo = two_ai.solo.model_copy(update={"ai": ai, "last": "Mountain West Rally", "waiting": "Whistle Stop Tour"})
        view = two_ai.model_copy(update={"solo": solo})
        with recording() as drawn:
            render_campaign_trail(view)
        words = " ".join(d.text for d in drawn)
        assert "waiting to act: Whistle Stop Tour" in words and "Mountain West Rally" not in words, (ai, words[-200:])
    view = two_ai.model_copy(update={"solo": two_ai.solo.model_copy(update={"ai": ["REP"], "waiting": None,
                                                                             "last": "Mountain West Rally"})})
    with recording() as drawn:
        render_campaign_trail(view)
    assert any(d.text == "last AI card: Mountain West Rally" for d in drawn)
