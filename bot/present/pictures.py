"""Turn a public view into the picture posted after a move. Runs in a worker thread.

Which function draws which ruleset is render/registry.py's business: nothing here names a ruleset.
"""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel


@dataclass(frozen=True)
class Picture:
    """An image a table posts: a board, a turn's close-up, a game's replay."""

    png: bytes  # the image's bytes: a PNG board, or (a post's `replay`) an animated WebP or GIF
    alt: str
    filename: str = "board.png"


def picture_for(view: BaseModel) -> Picture | None:
    if getattr(view, "viewer", None) is not None:
        raise ValueError("only public views are drawn for the channel")
    # imported here, not at the top: the render package loads Pillow and the map, which a table
    # that never draws (a test, a CLI command) should not wait for
    from render import registry

    renderer = registry.get(getattr(view, "ruleset", None))
    if renderer is None:
        return None
    rendered = renderer.draw(view)
    return Picture(png=rendered.png, alt=rendered.alt, filename=renderer.filename)


def closeup_for(view: BaseModel, states: list[str], caption: str) -> Picture | None:
    """A turn's close-up: the map states it changed, enlarged for a phone; None for a game with no map
    or when no state changed."""
    if getattr(view, "viewer", None) is not None:
        raise ValueError("only public views are drawn for the channel")
    from render import registry

    renderer = registry.get(getattr(view, "ruleset", None))
    rendered = renderer.draw_closeup(view, states, caption) if renderer is not None else None
    if rendered is None:
        return None
    return Picture(png=rendered.png, alt=rendered.alt, filename=f"closeup-{renderer.filename}")
