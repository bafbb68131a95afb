"""Turn a public view into the picture posted after a move. Runs in a worker thread.

Which function draws which ruleset is render/registry.py's business: nothing here names a ruleset.
"""
from __future__ import annotations

from pydantic import BaseModel

from bot.tables.base import Picture


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
