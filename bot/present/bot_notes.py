"""Who played a step the bot or a deadline made, said as a line of its own (events say who did what).

A step the bot plays for a seat gets one line made from fields — "🤖 The bot moved for LIB." — and a step a deadline
plays gets the sweep's "⏰ LIB's deadline passed: …". Each stands immediately before the first public line of the
step that is that seat's own (the engine names each line's seat, engine/core/types.py `Event.seat`; the board post
carries them as `payload["lines"]`, bot/present/posts.py), never glued onto an engine line: the first public line of the
step may be another seat's (a held line released now, or an action that resolves because this seat passed). A step
none of whose lines is the seat's own keeps the note where its lines begin, and the note says that nothing of that
move is public, so the next line, another seat's, is not read as the bot's. The bot's line names no choice: a bot's
pick may be secret until the engine reveals it (a sealed candidate, a face-down card), and the engine's own lines
say what is public. When the engine holds the step's lines for a later post (engine/core/posting.py), the note is
held too, in the game's settings, with its place among the held lines, and takes that place in the post.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from bot.present.posts import LINES

HELD_KEY = "bot_notes_held"  # game setting: the bot's notes of steps whose lines are not posted yet
MARK = "🤖"
_OLD_TEXT = re.compile(r"^🤖 The bot moved for (\S+)\.$")  # a note held before notes had fields


@dataclass(frozen=True)
class Note:
    seat: str
    by: str  # "bot" or "deadline"
    at: int  # how many of the post's engine lines come before the step's: the lines held when the step began
    said: str = ""  # a deadline's line as the sweep words it (it names the default played)

    @property
    def text(self) -> str:
        return self.said if self.by == "deadline" and self.said else f"{MARK} The bot moved for {self.seat}."

    @property
    def text_alone(self) -> str:
        """The note where none of the post's lines is the seat's own (its move was a pass or a hidden choice): it
        says so, so the next line — another seat's — is not read as this seat's doing."""
        return self.text if self.by == "deadline" and self.said else \
            f"{MARK} The bot moved for {self.seat} (nothing of that move is public)."


def note(seat: str, held_lines: int) -> Note:
    return Note(seat, "bot", held_lines)


def deadline_note(seat: str, held_lines: int, said: str) -> Note:
    return Note(seat, "deadline", held_lines, said)


def held(raw: str | None) -> list[Note]:
    try:
        value = json.loads(raw) if raw else []
        return [_load(x) for x in value]
    except (ValueError, TypeError, KeyError):
        return []


def _load(x: dict[str, Any]) -> Note:
    if "seat" in x:
        return Note(str(x["seat"]), str(x.get("by", "bot")), int(x["at"]), str(x.get("said", "")))
    old = _OLD_TEXT.match(str(x["text"]))
    return Note(old.group(1) if old else "", "bot", int(x["at"]))


def dump(notes: list[Note]) -> str:
    return json.dumps([{"seat": n.seat, "by": n.by, "at": n.at, **({"said": n.said} if n.said else {})}
                       for n in notes])


def place_in_first_post(outbox: list[Any], notes: list[Note]) -> bool:
    """Put each note among the lines of the first board post of `outbox`, right before the first of the step's
    lines that is the noted seat's own. False when the step posts no board: the notes wait for the post that
    shows these steps."""
    first = next((m for m in outbox if m.audience == "public" and m.kind == "board"), None)
    if first is None:
        return False
    seats = [line.get("seat") for line in first.payload.get(LINES) or []]
    lines = (first.payload.get("text") or "").split("\n") if first.payload.get("text") else []
    at: dict[int, list[str]] = {}  # engine line index -> the notes standing before it
    placed: set[str] = set()
    for n in sorted(notes, key=lambda n: n.at):
        if n.text in placed:  # once per seat and post: it stands before that seat's first step the bot made
            continue
        own = next((i for i in range(n.at, len(seats)) if seats[i] == n.seat), None)
        at.setdefault(min(n.at if own is None else own, len(lines)), []).append(
            n.text if own is not None or not seats else n.text_alone)
        placed.add(n.text)
    out: list[str] = []
    for i in range(len(lines) + 1):
        out += at.get(i, [])
        if i < len(lines):
            out.append(lines[i])
    first.payload["text"] = "\n".join(out)
    return True
