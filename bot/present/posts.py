"""A move's public lines as channel posts. Usually one post per move; a step that also played other parties'
turns (Solo Play's AI parties) marks where each of those turns' posts ends (`Event.ends_post`), with the public
view of the board there, and each becomes a post of its own with its own picture. Under a post, the line that
says who is to move (`to_move_line`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.policy import bot_levels
from engine.core.types import Event
from engine.core.words import times

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
    merged = _counted(lines)
    return {"text": "\n".join(e.public or "" for e in merged),
            LINES: [{"text": e.public, "seat": e.seat, "cause": e.cause} for e in merged]}


def _counted(lines: list[Event]) -> list[Event]:
    """The same line of the same seat in a row, said once with its count: four steps that each put a voter in FL
    read "DEM puts a voter in FL (4 times).", not the line four times."""
    out: list[Event] = []
    runs: list[int] = []
    for e in lines:
        if out and e.public == out[-1].public and e.seat == out[-1].seat and e.cause == out[-1].cause:
            runs[-1] += 1
        else:
            out.append(e)
            runs.append(1)
    return [e if n == 1 else e.model_copy(update={"public": times(e.public or "", n)}) for e, n in zip(out, runs)]


@dataclass(frozen=True)
class ToMove:
    """A seat that owes a decision, as the post's "To move" line names it: by the player's name, or with a ping
    (`ping`, bot/policy/reminders.py's `channel_ping`); a seat the bot plays is marked so."""

    seat: str
    name: str
    user_id: str
    due: int | None = None  # its deadline (UNIX time), when one runs
    bot: bool = False
    ping: bool = False
    level: str = "normal"  # how well the bot plays the seat, when it does (bot/policy/bot_levels.py)


def to_move_line(seats: list[ToMove]) -> str:
    """"**To move:** Alice (DEM, due in 2 days), <@123> (REP)", "🤖 REP (bot, hard)": "" when nobody is to move."""
    parts = []
    for s in seats:
        if s.bot:  # the bot answers at once
            parts.append(f"🤖 {bot_levels.bot_label(s.seat, s.level)}")
            continue
        who = f"<@{s.user_id}>" if s.ping else s.name
        parts.append(f"{who} ({s.seat}" + (f", due <t:{int(s.due)}:R>" if s.due else "") + ")")
    return ("**To move:** " + ", ".join(parts)) if parts else ""


def pinged(seats: list[ToMove]) -> list[str]:
    """The user ids the line pings."""
    return [s.user_id for s in seats if s.ping and not s.bot]
