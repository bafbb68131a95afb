"""A game's pending channel posts said as one message: one post per turn, however many steps, bot seats' moves and
other parties' turns it took, and one post when a busy channel made a game's posts wait.

Delivery hands a game's run of unsent outbox rows here and sends what comes back, in order: consecutive public
posts (board posts and notices) become one message — their lines joined in order, the picture of the last board —
while the private rows between them go out after it (nothing private is ever merged into a public post). A seat's
briefs of the run are one message, where the last of them stands: each tells the seat's decision as it is when the
run is sent, so one message tells it once, with the news of them all. Pure: no store, no clock, no table."""
from __future__ import annotations

import json
from typing import Any, Sequence, TypeVar

from bot.present.bot_notes import MARK
from bot.present.posts import LINES, POST_VIEW

R = TypeVar("R")
MERGEABLE = ("board", "text")  # the stall line stands alone: it says the game waits, which a move's post would not
# The longest text merged into one message: one Discord message carries 8,000 characters (2,000 of content, then
# 6,000 in embeds below the board: bot/discord/limits.py), cut only at line breaks, with room left for the table's
# own lines (whose move it is, a rematch hint); only a longer run goes out as several messages.
MERGED_TEXT = 7200
_BOT_NOTE = f"{MARK} The bot moved for "


def payload_of(row: Any) -> dict[str, Any]:
    return row.payload if isinstance(row.payload, dict) else json.loads(row.payload)


def mergeable(row: Any) -> bool:
    return row.audience == "public" and row.kind in MERGEABLE


BRIEF_KEYS = {"text", "prompt", "ended"}  # a brief of a move (a reminder, with its marks, stands alone)


def _plain_brief(row: Any) -> bool:
    return getattr(row, "kind", None) == "brief" and set(payload_of(row)) <= BRIEF_KEYS


def plan(rows: Sequence[R]) -> list[list[R]]:
    """The run as the messages it goes out as, each the rows it stands for: consecutive public posts are one
    message while their texts fit MERGED_TEXT (the private rows between them are sent after it, in their order),
    in the order of their first rows; a seat's briefs are one message, where the last of them stands; every other
    row is a message of its own (one that sends nothing included)."""
    items: list[list[R]] = []
    group: list[R] | None = None
    size = 0
    last = {getattr(row, "audience", None): n for n, row in enumerate(rows) if _plain_brief(row)}
    briefs: dict[Any, list[R]] = {}  # each seat's briefs not yet placed
    for n, row in enumerate(rows):
        if _plain_brief(row):
            audience = getattr(row, "audience", None)
            briefs.setdefault(audience, []).append(row)
            if last[audience] == n:
                items.append(briefs.pop(audience))
            continue
        if not mergeable(row):
            items.append([row])
            if getattr(row, "audience", None) == "public":  # what follows a stall line is a post after it
                group = None
            continue
        length = len(str(payload_of(row).get("text") or ""))
        if group is not None and size + 1 + length <= MERGED_TEXT:
            group.append(row)
            size += 1 + length
            continue
        group, size = [row], length
        items.append(group)
    return items


def _noted_seat(note: str) -> str:
    return note[len(_BOT_NOTE):].split(" ")[0].rstrip(".")


def merged(rows: Sequence[Any]) -> dict[str, Any]:
    """One payload for several public posts (outbox rows), in order: their lines joined (each board's caption line
    dropped where more than one board is merged: the post's caption is made again for the whole of it, by Delivery),
    the bot's note of each move where it stands (said once for a seat's moves in a row: a note the same as the one
    just said, with nothing but that seat's own lines since, is left out), the last board's view for the picture,
    and the result's mark if any was the result. A seat's briefs (plan): their news in order, and a prompt if any
    brought one."""
    payloads = [payload_of(r) for r in rows]
    if len(payloads) == 1:
        return dict(payloads[0])
    if rows[0].audience != "public":
        brief: dict[str, Any] = {"text": "\n".join(t for p in payloads if (t := str(p.get("text") or ""))),
                                  "prompt": any(p.get("prompt") for p in payloads)}
        return {**brief, **({"ended": True} if any(p.get("ended") for p in payloads) else {})}
    boards = [p for r, p in zip(rows, payloads) if r.kind == "board"]
    lines: list[str] = []
    engine_lines: list[Any] = []
    noted: str | None = None  # the last note said, while nothing but its seat's own engine lines followed it
    for p in payloads:
        text = str(p.get("text") or "")
        caption = p.get("caption")
        if len(boards) > 1 and caption and text.startswith(caption):
            text = text[len(caption):].lstrip("\n")
        told = list(p.get(LINES) or [])
        for line in text.split("\n") if text else []:
            if line.startswith(_BOT_NOTE):
                if line == noted:  # the same seat's moves in a row, nothing else between: said once
                    continue
                noted = line
            elif noted is not None and not (told and line == str(told[0].get("text"))
                                             and told[0].get("seat") == _noted_seat(noted)):
                noted = None
            if told and line == str(told[0].get("text")):
                told.pop(0)
            lines.append(line)
        engine_lines += p.get(LINES) or []
    out: dict[str, Any] = {"text": "\n".join(lines)}
    if engine_lines:
        out[LINES] = engine_lines
    if boards and POST_VIEW in boards[-1]:
        out[POST_VIEW] = boards[-1][POST_VIEW]
    if len(boards) == 1:  # one board among notices: its caption stands
        out.update({k: boards[0][k] for k in ("caption", "closeup") if k in boards[0]})
    if mover := next((p["mover"] for p in boards if p.get("mover")), None):
        out["mover"] = mover
    if any(p.get("final") for p in payloads):
        out["final"] = True
    return out
