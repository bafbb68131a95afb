"""Turn a public view into the picture posted after a move. Runs in a worker thread."""
from __future__ import annotations

from pydantic import BaseModel

from bot.tables.base import Picture


def picture_for(view: BaseModel) -> Picture | None:
    ruleset = getattr(view, "ruleset", None)
    if getattr(view, "viewer", None) is not None:
        raise ValueError("only public views are drawn for the channel")
    if ruleset == "electioneer":
        from render.electioneer import render_electioneer

        rendered = render_electioneer(view)
        return Picture(png=rendered.png, alt=rendered.alt, filename="electioneer.png")
    if ruleset == "campaign_trail":
        from render.campaign_trail import render_campaign_trail

        rendered = render_campaign_trail(view, highlight=view.changed)  # outline what the last move changed
        return Picture(png=rendered.png, alt=rendered.alt, filename="campaign_trail.png")
    return None
