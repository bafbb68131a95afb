"""Every ruleset's picture, by the ruleset's stable name (the name it has in engine/registry.py).

A new ruleset adds one `Renderer` line to RENDERERS below: the module and function that draw its
public view (view → `Rendered`, i.e. PNG + alt text), the filename the picture is posted under,
and whether the function takes the view's `changed` states as `highlight=`. Nothing else names
a ruleset: bot/present/pictures.py looks the view's ruleset up here. A ruleset without a renderer posts
no picture.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from render.types import Rendered


@dataclass(frozen=True)
class Renderer:
    module: str  # imported on the first picture only: a table loads the drawing code of the games it hosts
    function: str  # in `module`: public view -> Rendered
    filename: str
    highlight: bool = False  # True: called as function(view, highlight=view.changed), outlining the last move
    closeup: str | None = None  # (public view, changed states, caption) -> Rendered; None: no close-up
    closeup_module: str | None = None  # where `closeup` is, when not in `module`
    frame: str | None = None  # in `module`: `function`'s board as an RGB image, never encoded (a replay's frame)

    def draw(self, view: Any) -> Rendered:
        function: Callable[..., Rendered] = getattr(importlib.import_module(self.module), self.function)
        if self.highlight:
            return function(view, highlight=view.changed)
        return function(view)

    def draw_frame(self, view: Any) -> Any:
        """The board `draw` draws, as an RGB image when the renderer makes one without its PNG, else the PNG."""
        if self.frame is None:
            return self.draw(view).png
        function: Callable[..., Any] = getattr(importlib.import_module(self.module), self.frame)
        if self.highlight:
            return function(view, highlight=view.changed)
        return function(view)

    def draw_closeup(self, view: Any, states: list[str], caption: str) -> Rendered | None:
        """A turn's close-up of the states (or cards) it changed; None for a game without one."""
        if self.closeup is None or not states:
            return None
        module = importlib.import_module(self.closeup_module or self.module)
        function: Callable[..., Rendered] = getattr(module, self.closeup)
        return function(view, states, caption)


RENDERERS: dict[str, Renderer] = {
    "electioneer": Renderer("render.electioneer", "render_electioneer", "electioneer.png",
                            closeup="closeup_electioneer", closeup_module="render.electioneer_closeup",
                            frame="frame_electioneer"),
    "campaign_trail": Renderer("render.campaign_trail", "render_campaign_trail", "campaign_trail.png", highlight=True,
                               closeup="closeup_campaign_trail", frame="frame_campaign_trail"),
    "presidential_election": Renderer("render.presidential_election", "render_presidential_election",
                                      "presidential_election.png", highlight=True,
                                      closeup="closeup_presidential_election", frame="frame_presidential_election"),
    "campaign_manager_2008": Renderer("render.campaign_manager_2008", "render_campaign_manager_2008",
                                      "campaign_manager_2008.png", highlight=True,
                                      closeup="closeup_campaign_manager_2008",
                                      closeup_module="render.campaign_manager_2008_closeup",
                                      frame="frame_campaign_manager_2008"),
    "nineteen_sixty": Renderer("render.nineteen_sixty", "render_nineteen_sixty", "nineteen_sixty.png", highlight=True,
                               closeup="closeup_nineteen_sixty", frame="frame_nineteen_sixty"),
}


def get(ruleset: str | None) -> Renderer | None:
    """The renderer of a ruleset, or None when it has no picture."""
    return RENDERERS.get(ruleset) if ruleset is not None else None
