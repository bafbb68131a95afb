"""Plain-text renderings of views, for the console table and text fallbacks.

What a ruleset's board and hand read like is its presenter's business (bot/present/): nothing
here names a ruleset.
"""
from __future__ import annotations

import re
import time
from datetime import datetime

from pydantic import BaseModel

from bot import present
from bot.present.clip import clip  # noqa: F401 - the console's and the presenters' one clip
from bot.present import typed_rest


def pending_note(pending: str) -> str:
    """What a player reads when a compound move stopped because others decide first (bot/present/typed_rest.py)."""
    return typed_rest.waiting_note(pending)


def board_text(view: BaseModel) -> str:
    return present.for_view(view).board_text(view)


def hand_text(view: BaseModel) -> str:
    return present.for_view(view).hand_text(view)


def extras_note(view: BaseModel, count: int) -> str:
    """The line telling a seat it has `count` plays allowed at any time, in its game's words."""
    return present.for_view(view).extras_note(count, view)


# ---- the terminal's words: Discord markdown and slash commands, as the local table prints them

# Discord commands with a word of the local table's that does the same; any other command (`/game follow`,
# `/game export`, `/seat take`…) has none at one keyboard, so the sentence naming it is dropped.
LOCAL_WORDS = {"status": "board", "log": "log", "help": "help", "rules": "rules", "undo": "undo",
               "dashboard": "dashboard", "new": "stumpbot play … --option"}
DISCORD_ONLY = ("by DM", "in DMs")  # a sentence about Discord's direct messages: a terminal has none
# in code (`/game log game:4`), or bare: then only a group's subcommand and `name:value` arguments are its own
_COMMAND = re.compile(r"`/(game|seat|clock|move|card)\b([^`\n]*)`"
                      r"|(?<![\w/`])/(game|seat|clock|move|card)\b((?:(?<=game)|(?<=seat)|(?<=clock)) [a-z]+)?"
                      r"((?: \w+:\S+)*)")
_ARGUMENT = re.compile(r"(\w+):(.*?)(?=\s+\w+:|$)")  # a slash command's `name:value` arguments
_PARENTHESIS = re.compile(r"\s*\([^()]*\)")
_SMALL = re.compile(r"^(?:-#|#{1,3}|>>>|>) ", re.MULTILINE)  # small text, headers, quotes: a line's mark
_STYLES = [re.compile(p, re.DOTALL) for p in (r"\*\*(.+?)\*\*", r"__(.+?)__", r"~~(.+?)~~", r"\|\|(.+?)\|\|",
                                              r"(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])",
                                              r"(?<![\w_])_(?!\s)([^_\n]+?)(?<!\s)_(?![\w_])")]
_FENCE = re.compile(r"```\w*\n?(.*?)```", re.DOTALL)
_CODE = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"\[([^\]\n]+)\]\(<?(https?://[^)>\s]+)>?\)")
_BARE_LINK = re.compile(r"<(https?://[^>\s]+)>")
_MENTION = re.compile(r"<(@[!&]?|#)([^>\s]+)>")
_EMOJI = re.compile(r"<a?:(\w+):[0-9]+>")
_TIMESTAMP = re.compile(r"<t:(-?[0-9]+)(?::([tTdDfFR]))?>")
_TIME_FORMATS = {"t": "%H:%M", "T": "%H:%M:%S", "d": "%Y-%m-%d", "D": "%d %B %Y", "f": "%d %B %Y %H:%M",
                 "F": "%A %d %B %Y %H:%M"}


def terminal_text(text: str, now: float | None = None) -> str:
    """`text` as a terminal shows it: Discord's markdown (bold, italic, code, small text, spoilers, quotes,
    mentions, timestamps, links) as plain words, and its slash commands as the local table's words — or, where
    the local table has none, the sentence naming them left out. The one converter every console line goes
    through: presenters and the manager write for Discord."""
    lines = [_without_commands(line) for line in text.split("\n")]
    text = "\n".join(line for line, was in zip(lines, text.split("\n")) if line.strip() or not was.strip())
    text = _FENCE.sub(lambda m: m.group(1).rstrip("\n"), text)
    text = _LINK.sub(lambda m: f"{m.group(1)} ({m.group(2)})", text)
    text = _BARE_LINK.sub(r"\1", text)
    text = _TIMESTAMP.sub(lambda m: _when(int(m.group(1)), m.group(2) or "f", now), text)
    text = _EMOJI.sub(r":\1:", text)
    text = _MENTION.sub(lambda m: _mentioned(m.group(1), m.group(2)), text)
    text = _CODE.sub(lambda m: f'"{m.group(1)}"', text)
    for style in _STYLES:
        text = style.sub(r"\1", text)
    return _SMALL.sub("", text).replace("\\*", "*").replace("\\_", "_")


def _without_commands(line: str) -> str:
    """The line with each Discord command as the local table's word; a parenthesis, clause or sentence naming
    one the local table has not, left out."""
    line = _COMMAND.sub(_local_word, line)
    for phrase in DISCORD_ONLY:
        line = line.replace(phrase, "\0")
    if "\0" not in line:
        return line
    line = _PARENTHESIS.sub(lambda m: "" if "\0" in m.group(0) else m.group(0), line)
    kept = [part for part in _sentences(line) if "\0" not in part]
    out = " ".join(kept).strip()
    if out.endswith(";") or out.endswith(","):
        out = out[:-1] + "."
    return out


def _sentences(line: str) -> list[str]:
    """The sentences and clauses of `line` (split after . ! ? ; and a space), never inside parentheses or code."""
    parts, start, depth, code = [], 0, 0, False
    for i, char in enumerate(line):
        if char == "`":
            code = not code
        elif not code and char in "([":
            depth += 1
        elif not code and char in ")]":
            depth = max(0, depth - 1)
        elif (not code and not depth and char in ".!?;" and i + 1 < len(line) and line[i + 1] == " "):
            parts.append(line[start:i + 1].strip())
            start = i + 1
    return [*parts, line[start:].strip()]


def _local_word(match: re.Match) -> str:
    """One Discord command as the word a player types at the local table, or \\0 (none: drop its sentence)."""
    group = match.group(1) or match.group(3)
    rest = (match.group(2) if match.group(1) else (match.group(4) or "") + match.group(5)).strip()
    given = dict(_ARGUMENT.findall(rest))
    if group == "move":
        return f"`{given.get('notation') or given.get('move') or rest}`" if rest else "a move"
    if group == "card":
        return f"`card {given.get('id') or given.get('card') or rest or 'ID'}`"
    if group != "game":  # /seat and /clock: seats changing hands and time, none of them at one keyboard
        return "\0"
    word = LOCAL_WORDS.get(rest.split(" ", 1)[0] if rest else "")
    return f"`{word}`" if word else "\0"


def _mentioned(kind: str, ident: str) -> str:
    """A Discord mention: a local player's seat (their user id is `local:SEAT` or `local:bot:SEAT`)."""
    if kind.startswith("@") and not kind.endswith("&") and ident.startswith("local:"):
        return ident.rsplit(":", 1)[1]
    return {"#": "#channel", "@&": "@role"}.get(kind, "@someone")


def _when(stamp: int, style: str, now: float | None) -> str:
    """A Discord timestamp as this computer's local time, or for `:R` how long from now."""
    if style != "R":
        return datetime.fromtimestamp(stamp).strftime(_TIME_FORMATS.get(style, _TIME_FORMATS["f"]))
    seconds = stamp - (time.time() if now is None else now)
    span = abs(seconds)
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if span >= size:
            count = int(span // size)
            amount = f"{count} {unit}{'s' if count != 1 else ''}"
            break
    else:
        return "now"
    return f"in {amount}" if seconds > 0 else f"{amount} ago"


