"""The Electioneer US table image, drawn from hand-built ElectioneerView objects and from a game the ruleset's own
bots play (the whole position legible on a phone).

A phone shows the board 400 px wide. On real boards of a bot-played game — mid-game, the last month, election day
and the result — every text the layout records (title, both sides' electors and what wins, each battleground's
code, electors, tie colour, issues, month totals and count, the platform's sum on each issue, each side's counts)
is measured in the scaled pixels: at least MIN_TEXT_PX tall. The PNG stays within 100 KB and at most 1.2 × as
tall as wide (a taller picture previews narrow)."""
from __future__ import annotations

import io
from functools import lru_cache

import pytest
from PIL import Image

from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.electioneer import content
from engine.electioneer.views import ElectioneerView, PolicyCard, StateCard
from render import MapView, render_electioneer
from render.electioneer import effects_text
from render.electioneer_style import ISSUES, SEATS
from render.tools.samples import electioneer_final, electioneer_midgame
from tests.render.test_closeup import MIN_TEXT_PX, PHONE_W, _ink_height, captioned_posts

BOARD_BYTES = 100 * 1024
TALLEST = 1.2  # height / width


@lru_cache(maxsize=None)
def _boards(seed: int = 11) -> dict[str, ElectioneerView]:
    """Public views of a bot-played game: mid-game (month 4), the last month, election day and the result."""
    ruleset = registry.get("electioneer")
    seats = ruleset.seat_names(2)
    views = [view for view, _, _ in captioned_posts("electioneer", seats, seed)]
    state, rng = ruleset.setup({}, seats, seed), Rng(seed)
    while ruleset.outcome(state) is None:
        seat = owing_seats(ruleset, state)[0]
        state = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)]).state
    return {"mid": next(v for v in views if v.month == 4), "late": next(v for v in views if v.month == 7),
            "election": next(v for v in views if v.phase == "election"), "result": ruleset.view(state, None)}


def _needed(view: ElectioneerView) -> set[str]:
    """The labels a player reads the position by, as the layout names them."""
    need = {"title", "need"} | {f"electors:{seat}" for seat in SEATS}
    for s in view.states:
        need |= {f"{s.code}:code", f"{s.code}:ev", f"{s.code}:tie", f"{s.code}:issue0", f"{s.code}:issue1"}
        need |= {f"{s.code}:month:{seat}" for seat in s.totals} | {f"{s.code}:count:{seat}" for seat in s.count_now or s.election_totals}
    need |= {f"platform:{issue}:{seat}" for issue in ISSUES for seat in SEATS}
    need |= {f"sides:{row}:{seat}" for row in ("hand", "theatrics", "deck", "bonus") for seat in SEATS}
    return need | {"sides:issue_deck:both"}


@pytest.mark.parametrize("when", ["mid", "late", "election", "result"])
def test_a_real_board_reads_on_a_phone(when: str) -> None:
    view = _boards()[when]
    r = render_electioneer(view)
    im = Image.open(io.BytesIO(r.png))
    assert im.format == "PNG" and im.size == (r.width, r.height)
    assert len(r.png) <= BOARD_BYTES, len(r.png)
    assert r.height <= TALLEST * r.width, (r.width, r.height)
    names = [lb.abbr for lb in r.labels]
    assert len(names) == len(set(names)) and set(names) >= _needed(view), _needed(view) - set(names)
    assert any(s.count_now for s in view.states) and any(s.totals for s in view.states)
    scale = PHONE_W / im.width
    phone = im.convert("RGB").resize((PHONE_W, round(im.height * scale)), Image.LANCZOS)
    short = {lb.abbr: h for lb in r.labels if (h := _ink_height(phone, tuple(v * scale for v in lb.box))) < MIN_TEXT_PX}
    assert not short, short


def test_the_board_draws_nothing_hidden_and_the_same_every_time() -> None:
    """A seat's board is the same whatever its hand, theatrics and sealed picks hold: none of them is drawn."""
    ruleset = registry.get("electioneer")
    state = ruleset.setup({}, ruleset.seat_names(2), 5)
    view = ruleset.view(state, "DEM")
    assert view.hand
    other = view.model_copy(update={"hand": view.hand[:1], "theatrics": [], "pending_discard": view.hand[0].id,
                                    "pending_campaign": view.hand[1].id, "deck_bottom": view.hand[2:]})
    assert render_electioneer(view).png == render_electioneer(other).png == render_electioneer(view).png


def test_the_issues_are_the_contents() -> None:
    """The platform table lists the game's seven issues (render/ cannot read the engine's content)."""
    assert set(ISSUES) == set(content.load().issues)


def test_midgame_table() -> None:
    view = electioneer_midgame()
    r = render_electioneer(view)
    im = Image.open(io.BytesIO(r.png))
    assert im.size == (r.width, r.height) and r.height <= TALLEST * r.width
    assert len(r.png) <= BOARD_BYTES
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
