"""Stumpbot's pictures: PNG bytes plus alt text, drawn from view objects only.

- `render_map`, `render_tiles`, `render_closeup` draw a `MapView` (the shared US map).
- `render_electioneer` draws an `engine.electioneer.views.ElectioneerView`.
Every function returns a `Rendered(png, alt, width, height, labels)`. All are thread-safe; `warm()`
pre-builds the cached map bases so the first move after start-up is as fast as the rest.
"""
from __future__ import annotations

from render.mapview import LegendEntry, MapView, MarkerView, PanelView, PartyView, StateView
from render.types import LabelBox, Rendered
from render.usmap import render_closeup, render_map, render_tiles, warm


def render_electioneer(view):  # imported lazily: only the Electioneer tables need it
    from render.electioneer import render_electioneer as _r

    return _r(view)


__all__ = [
    "LabelBox", "LegendEntry", "MapView", "MarkerView", "PanelView", "PartyView", "Rendered", "StateView",
    "render_closeup", "render_electioneer", "render_map", "render_tiles", "warm",
]
