"""A turn's channel post starts with one line of what it changed, and a map game's post carries a
close-up of those states.

"What it changed" is measured from the board the channel last SAW, not from the state just before the last step:
a turn entered as several small steps posts once, when it ends (engine/core/posting.py), so its caption must
cover every step. The public tally of the board at each board post's delivery is kept with the game's settings
(`game:<id>` / SHOWN_KEY) and the next post's caption is the difference from it. Only public views are ever
tallied, so a caption can say no more than the picture shows.
"""
from __future__ import annotations

import dataclasses
import logging
from typing import Any, Callable

from pydantic import ValidationError

from bot.present import for_ruleset
from bot.present.posts import POST_VIEW
from bot.present.changes import MapTally, changed_codes, summarise
from bot.store import NewMessage

log = logging.getLogger("stumpbot.captions")

SHOWN_KEY = "shown_tally"


def _scope(game_id: int) -> str:
    return f"game:{game_id}"


def shown_tally(game_settings: dict[str, str]) -> MapTally | None:
    """The public tally of the board the channel was last shown, or None (none posted yet, or unreadable), from the
    game's settings (the store's scope `game:<id>`, which the move path reads once)."""
    raw = game_settings.get(SHOWN_KEY)
    if not raw:
        return None
    try:
        return MapTally.model_validate_json(raw)
    except ValidationError:  # written by an older shape: the caption falls back to the move's own change
        return None


def shown_setting(game_id: int, ruleset: str, public_view: Any) -> tuple[str, str, str] | None:
    """The (scope, key, value) setting that keeps the tally of the board a post is showing now, for the next
    post's caption; the delivery writes it with the post's mark of sent (one transaction), or None for a game
    whose presenter keeps no tally."""
    tally = for_ruleset(ruleset).tally(public_view)
    return None if tally is None else (_scope(game_id), SHOWN_KEY, tally.model_dump_json())


def caption_outbox(outbox: list[NewMessage], ruleset: str, shown: MapTally | None, before_view: Any,
                   after_view: Any, seat: str | None,
                   view_of: Callable[[dict[str, Any]], Any] | None = None) -> list[NewMessage]:
    """The outbox with each board post led by its caption line and naming the states for its close-up.

    `shown` is the board the channel last saw (None: the board before this move); both views are public. A move
    posted in several posts (bot/present/posts.py) captions each from the board the post before it showed: its own
    public view (`view_of` reads it) or, for the last, `after_view`. Only the first post is the mover's: the
    others are other parties' turns, so their captions name no mover."""
    boards = [m for m in outbox if m.audience == "public" and m.kind == "board"]
    if not boards:
        return outbox
    presenter = for_ruleset(ruleset)
    before = shown or presenter.tally(before_view)
    captioned: dict[int, NewMessage] = {}
    for i, post in enumerate(boards):
        own = post.payload.get(POST_VIEW)
        after = presenter.tally(view_of(own) if own and view_of else after_view)
        if after is None or before is None:
            return outbox
        caption = summarise(before, after, seat if i == 0 else None)
        if caption is not None:
            text = post.payload.get("text", "")
            captioned[id(post)] = dataclasses.replace(post, payload={
                **post.payload, "text": f"{caption}\n{text}" if text else caption, "caption": caption,
                "closeup": changed_codes(before, after)})
        before = after
    return [captioned.get(id(m), m) for m in outbox]
