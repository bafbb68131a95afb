"""The Electioneer US table image, drawn from hand-built ElectioneerView objects."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.electioneer.views import ElectioneerView, PolicyCard, StateCard
from render import MapView, render_electioneer
from render.electioneer import effects_text
from render.tools.samples import electioneer_final, electioneer_midgame


def test_midgame_table() -> None:
    view = electioneer_midgame()
    r = render_electioneer(view)
    im = Image.open(io.BytesIO(r.png))
    assert im.size == (r.width, r.height) and r.width == 1600 and r.height <= 1000
    assert len(r.png) <= 100 * 1024
    alt = r.alt
    assert "Month 3 of 7" in alt and "Campaign in Georgia" in alt
    assert "DEM 35, REP 31 of 93; 47 to win" in alt
    assert "Waiting on Republicans" in alt
    assert "face down" in alt and "+2 for REP from Rally in Detroit" in alt
    assert "Clean Energy Jobs" in alt and len(alt) <= 1024  # its effects where they fit


def test_final_table_has_a_winner() -> None:
    r = render_electioneer(electioneer_final())
    assert "Democrats win the election with final electors DEM 51, REP 42" in r.alt


def test_majority_comes_from_the_states_electors() -> None:
    view = electioneer_midgame()
    small = [s.model_copy(update={"electors": 3}) for s in view.states]  # 21 electors: 11 to win
    r = render_electioneer(view.model_copy(update={"states": small}))
    assert "of 21; 11 to win" in r.alt


def test_a_seat_view_renders_too() -> None:
    r = render_electioneer(electioneer_midgame(viewer="DEM"))
    assert r.png.startswith(b"\x89PNG")


def test_only_an_electioneer_view_is_accepted() -> None:
    with pytest.raises(TypeError):
        render_electioneer(electioneer_midgame().model_dump())
    with pytest.raises(TypeError):
        render_electioneer(MapView(game="x", parties=[{"code": "DEM", "name": "D", "colour": "blue", "letter": "D"}]))


def test_effects_text_uses_issue_names_and_true_minus() -> None:
    card = PolicyCard(id="R02", name="Tax Cut Extension", party="REP", effects={"economy": 2, "healthcare": -1})
    assert effects_text(card) == "Economy +2, Healthcare −1"


def test_empty_start_of_game() -> None:
    states = [StateCard(code=c, name=n, electors=e, colour=col, revealed=False, issues=[None, None])
              for c, n, e, col in [("PA", "Pennsylvania", 19, "DEM"), ("GA", "Georgia", 16, "REP"),
                                   ("NC", "North Carolina", 16, "REP"), ("MI", "Michigan", 15, "DEM"),
                                   ("AZ", "Arizona", 11, "REP"), ("WI", "Wisconsin", 10, "DEM"),
                                   ("NV", "Nevada", 6, "DEM")]]
    states[0] = states[0].model_copy(update={"revealed": True, "issues": ["economy", "crime"], "month": 1})
    view = ElectioneerView(viewer=None, month=1, phase="discard", phase_label="Both players: discard",
                           current_state="PA", states=states, platforms={"DEM": [], "REP": []},
                           committed={"DEM": False, "REP": False}, commitments={}, waiting_on=["DEM", "REP"],
                           month_bonus={"DEM": 0, "REP": 0}, projection={"DEM": 0, "REP": 19}, issue_deck_count=14,
                           hand_counts={"DEM": 5, "REP": 5}, theatric_counts={"DEM": 3, "REP": 3},
                           deck_counts={"DEM": 9, "REP": 9})
    r = render_electioneer(view)
    assert "Waiting on Democrats and Republicans" in r.alt
