"""Who played a step the bot made, said as a line of its own (issue 26: events say who did what).

A step the bot plays for a seat gets one line made from fields — "🤖 The bot moved for LIB." — standing just before
that step's own lines (once per seat and post), never glued onto an engine line: the first public line of the step may be another seat's (a
held line released now, or an action that resolves because this seat passed). The line names no choice: a bot's
pick may be secret until the engine reveals it (a sealed candidate, a face-down card), and the engine's own lines
say what is public. When the engine holds the step's lines for a later post (engine/core/posting.py), the note is
held too, in the game's settings, with its place among the held lines, and takes that place in the post.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

HELD_KEY = "bot_notes_held"  # game setting: the bot's notes of steps whose lines are not posted yet
MARK = "🤖"


@dataclass(frozen=True)
class Note:
    text: str
    at: int  # how many of the post's lines come before it: the engine lines held when the step began


def note(seat: str, held_lines: int) -> Note:
    return Note(f"{MARK} The bot moved for {seat}.", held_lines)


def held(raw: str | None) -> list[Note]:
    try:
        value = json.loads(raw) if raw else []
        return [Note(str(x["text"]), int(x["at"])) for x in value]
    except (ValueError, TypeError, KeyError):
        return []


def dump(notes: list[Note]) -> str:
    return json.dumps([{"text": n.text, "at": n.at} for n in notes])


def place_in_first_post(outbox: list[Any], notes: list[Note], lead: int = 0) -> bool:
    """Put each note among the lines of the first board post of `outbox`, at its place (after `lead` lines the
    table put first, such as a deadline's line). False when the step posts no board: the notes wait for the
    post that shows these steps."""
    first = next((m for m in outbox if m.audience == "public" and m.kind == "board"), None)
    if first is None:
        return False
    lines = (first.payload.get("text") or "").split("\n") if first.payload.get("text") else []
    placed: list[str] = []
    for n in sorted(notes, key=lambda n: n.at):
        if n.text in placed:  # once per seat and post: it stands before that seat's first step the bot made
            continue
        lines.insert(min(lead + n.at + len(placed), len(lines)), n.text)
        placed.append(n.text)
    first.payload["text"] = "\n".join(lines)
    return True
