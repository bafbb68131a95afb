"""The seats of a local or demo game: how many, which, who holds them (a person at the keyboard or the bot), and the
saved local games."""
from __future__ import annotations

from typing import Any

from bot.present import option_hints
from bot.service import ManagerError
from bot.store import GameRecord, SeatRecord, Store
from engine.core.ruleset import seat_range, seats_for

LOCAL_USER = "local:{seat}"
# A bot seat's user id: a resumed game knows its bot seats without `--vs-bot` being typed again. ("local:" too:
# the first seat, the host, may be a bot's, and local games are found by their host.)
BOT_USER = "local:bot:{seat}"


def table_seats(ruleset: Any, players: int | None, options: dict[str, Any] | None) -> list[str]:
    """The seats of a local or demo game: the full table unless a player count is given."""
    fewest, most = seat_range(ruleset, options)
    count = most if players is None else players
    if not fewest <= count <= most:
        players_text = f"{fewest} player{'s' if fewest != 1 else ''}" if fewest == most else f"{fewest} to {most} players"
        raise ManagerError(f"{ruleset.title} with these options is for {players_text}."
                           f"{option_hints.players_hint(ruleset, options, count)}", code="bad_players")
    return seats_for(ruleset, count, options)


def is_bot_seat(seat: SeatRecord) -> bool:
    """Whether the bot holds this seat of a local game."""
    return seat.user_id == BOT_USER.format(seat=seat.seat)


def _tables(ruleset: Any, options: dict[str, Any] | None) -> dict[int, list[str]]:
    """Every table this ruleset with `options` can seat: player count -> its seats."""
    fewest, most = seat_range(ruleset, options)
    return {count: seats_for(ruleset, count, options) for count in range(fewest, most + 1)}


def local_seats(ruleset: Any, players: int | None, options: dict[str, Any] | None, bot_seats: set[str]) -> list[str]:
    """The seats of a new local game. `--vs-bot SEAT` without a player count asks for a game against the bot: the
    smallest table that has every bot seat and a seat left for a person (Campaign Trail's REP exists only at 2, 3
    and 5 players, not at the full table of 6)."""
    if players is None and bot_seats:
        players = next((count for count, seats in _tables(ruleset, options).items()
                        if bot_seats <= set(seats) and len(seats) > len(bot_seats)), None)
    seats = table_seats(ruleset, players, options)
    missing = sorted(bot_seats - set(seats))
    if missing:
        elsewhere = [str(count) for count, others in _tables(ruleset, options).items() if set(missing) <= set(others)]
        counts = ", ".join(elsewhere[:-1]) + " or " + elsewhere[-1] if len(elsewhere) > 1 else "".join(elsewhere)
        hint = f" {', '.join(missing)} is a seat at {counts} players (--players N)." if elsewhere else ""
        raise ManagerError(f"{ruleset.title} for {len(seats)} players has no seat {', '.join(missing)} for the bot: "
                           f"its seats are {', '.join(seats)}.{hint}", code="bad_seat")
    return seats


async def local_games(store: Store, ruleset_name: str) -> list[GameRecord]:
    """The saved (active) local games of this ruleset: one, unless an older Stumpbot left more."""
    return [game for game in await store.list_games(status="active")
            if game.ruleset == ruleset_name and game.host_user.startswith("local:")]

