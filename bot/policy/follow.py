"""Spectators who follow a game by DM: the rules, Discord-free and pure.

A member not seated in a game follows it in one of two modes: each public post as it goes to the
channel (copied by the table, exactly as posted, picture included), or a digest once a day — the public
posts' lines of the day and the latest picture. A follower never gets anything of a seat's: the copies
are of channel posts only, and the digest is built from the outbox's public rows. The rows live in the
store (`followers`, migration 0006); the manager delivers (its block "spectators").
"""
from __future__ import annotations

from typing import Literal

from engine.core.words import plural

Mode = Literal["turn", "digest", "off"]
MODES: dict[str, Mode] = {"each turn": "turn", "daily digest": "digest", "off": "off"}  # label -> value
DIGEST_PERIOD = 24 * 3600
GIVE_UP_AFTER = 3  # DMs in a row that could not be delivered (DMs closed) before the follow ends
DIGEST_LINES = 60  # the digest keeps the day's last lines; the rest is in /game log
ENDED = ("finished", "abandoned")


def refusal(game_id: int, status: str) -> str | None:
    """Why a game of this status cannot be followed, or None if it can (a lobby or a game in progress)."""
    if status == "finished":
        return (f"Game #{game_id} is over: there is nothing left to follow. `/game log game:{game_id}` shows the whole "
                "game and `/game export` its record.")
    if status == "abandoned":
        return f"Game #{game_id} was cancelled: there is nothing to follow."
    return None


def seated_refusal(game_id: int) -> str:
    return (f"You are seated in game #{game_id}: you get its posts in the channel and your hand and choices by DM "
            "already, so there is nothing to follow.")


def followed_text(game_id: int, title: str, mode: Mode, started: bool) -> str:
    """The private answer to /game follow."""
    if mode == "off":
        return f"You no longer follow game #{game_id} ({title})."
    when = "" if started else " once it starts"
    if mode == "turn":
        what = f"each of its public posts and board pictures comes to you by DM{when}"
    else:
        what = "once a day, a digest of its public posts and the latest board picture comes to you by DM"
    return (f"You follow game #{game_id} ({title}): {what}, until it ends (with its result). Only what the channel "
            f"sees — never anyone's hand. `/game follow game:{game_id} mode:off` stops it.")


def digest_text(game_id: int, title: str, posts: list[str]) -> str:
    """The day's digest: its public posts' lines, oldest first (the last DIGEST_LINES), under one heading;
    "" when nothing was posted."""
    lines = [line for post in posts for line in post.splitlines() if line.strip()]
    if not lines:
        return ""
    head = f"📰 Game #{game_id} ({title}) — the public posts since the last digest:"
    if len(lines) > DIGEST_LINES:
        head += f"\n… {plural(len(lines) - DIGEST_LINES, 'earlier line')}: `/game log game:{game_id}`"
        lines = lines[-DIGEST_LINES:]
    return "\n".join([head, *lines])


def not_following(game_id: int) -> str:
    return f"You don't follow game #{game_id}."
