"""Every text a board draws reads on a phone: each title's full board, from a real game its own bots play, is drawn
with the canvas recording every text (render.canvas.recording: Canvas.text, and the words on pills and markers), and
each text's capitals must be at least MIN_CAP_PX tall once the picture is shown PHONE_W px wide.

The measure: a text's font cap height (render.canvas.Font.cap, the ink height of "H" in that font, in the picture's
px) × PHONE_W / the picture's width ≥ MIN_CAP_PX (10). DejaVu's capitals and digits are 0.73 of the font size, so
on a 1,600-px board that is 55-px type (canvas.readable(1600)); lower-case letters without ascenders are ~3/4 of it.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from render import registry as renderers
from render.canvas import MIN_CAP_PX, PHONE_W, recording

# title: (ruleset, players, options, seed, steps): a game well under way
GAMES = {
    "campaign_trail_dirty3": ("campaign_trail", 3, {"dirty": True}, 5, 120),
    "campaign_trail_solo": ("campaign_trail", 2, {"ai": ["REP", "LIB"], "coop": True}, 5, 30),
    "electioneer": ("electioneer", 4, {}, 3, 25),
    "presidential_election": ("presidential_election", 6, {}, 9, 300),
    "campaign_manager_2008": ("campaign_manager_2008", 2, {}, 4, 40),
    "nineteen_sixty": ("nineteen_sixty", 2, {}, 4, 60),
}


@lru_cache(maxsize=None)
def _view(title: str):  # noqa: ANN202 - a ruleset's public view
    name, players, options, seed, steps = GAMES[title]
    ruleset = registry.get(name)
    seats = ruleset.seat_names(players)
    if name == "campaign_trail":
        seats = ruleset.assign_seats(seats, options)
    state = ruleset.setup(options, seats, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if ruleset.outcome(state) is not None:
            break
        seat = owing_seats(ruleset, state)[0]
        state = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)]).state
    return name, ruleset.view(state, None)


def small_texts(title: str) -> tuple[int, list[tuple[str, int, float]]]:
    """(how many texts the board drew, those whose capitals are under MIN_CAP_PX at PHONE_W: text, font size and
    its capitals' phone px)."""
    name, view = _view(title)
    with recording() as drawn:
        r = renderers.get(name).draw(view)
    small = [(d.text, d.size, round(d.cap * PHONE_W / r.width, 2)) for d in drawn
             if d.cap * PHONE_W < MIN_CAP_PX * r.width]
    return len(drawn), small


@pytest.mark.parametrize("title", list(GAMES))
def test_every_text_on_the_board_reads_on_a_phone(title: str) -> None:
    drawn, small = small_texts(title)
    assert drawn >= 40, "a real board draws its words through the canvas"
    assert not small, small[:12]


def test_the_record_sees_a_small_text() -> None:
    """The measure can fail: a board drawn with its title line in 34-px type records it under MIN_CAP_PX."""
    from render import campaign_trail_panels as panels
    from render.canvas import font

    saved = panels.F_TITLE
    try:
        panels.F_TITLE = font(34)
        drawn, small = small_texts("campaign_trail_dirty3")
    finally:
        panels.F_TITLE = saved
    assert [s for s in small if s[1] == 34 and "round" in s[0]], small
