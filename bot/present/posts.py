"""A move's public lines as channel posts. Usually one post per move; a step that also played other parties'
turns (Solo Play's AI parties) marks where each of those turns' posts ends (`Event.ends_post`), with the public
view of the board there, and each becomes a post of its own with its own picture."""
from __future__ import annotations

from typing import Any

from engine.core.types import Event

POST_VIEW = "board_view"  # a board post's payload key: the public view its picture shows (else the board now)
LINES = "lines"  # a board post's payload key: its engine lines with who made them, [{text, seat, cause}]


def board_posts(events: list[Event], *, started: bool = False) -> list[dict[str, Any]]:
    """The payloads of a move's board posts, in order. A post with no lines is dropped (an AI turn that opens
    the game has no human post before it); the last post shows the board now. `started`: the game's first
    post, which is made even without lines."""
    posts: list[dict[str, Any]] = []
    lines: list[Event] = []
    for event in events:
        if event.ends_post is not None:
            if lines:
                posts.append({**_text(lines), POST_VIEW: event.ends_post})
            lines = []
        elif event.public:
            lines.append(event)
    if lines or (started and not posts):
        posts.append(_text(lines))
    return posts


def _text(lines: list[Event]) -> dict[str, Any]:
    return {"text": "\n".join(e.public or "" for e in lines),
            LINES: [{"text": e.public, "seat": e.seat, "cause": e.cause} for e in lines]}
