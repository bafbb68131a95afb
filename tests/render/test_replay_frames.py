"""A replay's frames are drawn without their PNG (render/registry.py `Renderer.draw_frame`): each must be, pixel for
pixel, the board that is posted, decoded — for every ruleset with a picture, at its setup and a few moves in."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, seats_for
from render import registry as pictures

MOVES = 12  # far enough in for pieces on the board and a last move outlined


def _public_views(name: str) -> list:
    ruleset = registry.get(name)
    seats = seats_for(ruleset, ruleset.max_seats, {})
    state = ruleset.setup({}, seats, 4)
    rng = Rng(4)
    views = [ruleset.view(state, None)]
    for _ in range(MOVES):
        if ruleset.outcome(state) is not None:
            break
        seat = owing_seats(ruleset, state)[0]
        state = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)]).state
    views.append(ruleset.view(state, None))
    return views


@pytest.mark.parametrize("name", sorted(pictures.RENDERERS))
def test_a_frame_drawn_without_its_png_is_the_posted_board(name: str) -> None:
    renderer = pictures.RENDERERS[name]
    assert renderer.frame is not None, f"{name} draws its replay frames through the PNG"
    for view in _public_views(name):
        frame = renderer.draw_frame(view)
        posted = Image.open(io.BytesIO(renderer.draw(view).png)).convert("RGB")
        assert isinstance(frame, Image.Image) and frame.mode == "RGB"
        assert frame.size == posted.size and frame.tobytes() == posted.tobytes()
