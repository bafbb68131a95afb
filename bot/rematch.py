"""Rematch and the replay's posting (issue 16): who played a finished game, which lobby is its rematch, and
which finished games still owe their replay post. No Discord import.

The link is kept in the settings table: scope `game:<finished id>`, key `rematch` → the new lobby's id (and
`rematch_of` on the lobby, back). A second rematch of the same game is refused while the first one is an
open lobby or a game in progress; once it is cancelled, a new one may be opened.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.notation import is_number

REMATCH_KEY = "rematch"
REMATCH_OF_KEY = "rematch_of"
OPEN = ("lobby", "active")
REPLAYS_SCOPE = "replays"  # key: a game id whose replay is still to be posted; value: the failed tries so far
REPLAY_TRIES = 3


@dataclass(frozen=True)
class Rematch:
    of: int  # the finished game
    lobby: Any  # the new lobby's GameRecord; the clicker hosts it and is seated
    invited: dict[str, str]  # user id -> name: the game's other former players, to be asked to Join


async def former_players(store: Any, game_id: int) -> dict[str, str]:
    """user id -> name of every person who held a seat of the game (a seat the bot finished counts for the
    person who last held it), in seat order, today's names last."""
    players = {h.user_id: h.display_name for h in await store.seat_history(game_id) if h.controller == "human"}
    players.update({s.user_id: s.display_name for s in await store.list_seats(game_id)})
    return players


async def former_seat(store: Any, game_id: int, user_id: str) -> str | None:
    """The seat the person played last in the game."""
    for seat in await store.list_seats(game_id):
        if seat.user_id == user_id:
            return seat.seat
    held = [h.seat for h in await store.seat_history(game_id) if h.user_id == user_id and h.controller == "human"]
    return held[-1] if held else None


async def open_rematch(store: Any, game_id: int) -> Any | None:
    """The game's rematch while it is an open lobby or under way, else None."""
    linked = await store.get_setting(f"game:{game_id}", REMATCH_KEY)
    if not linked or not is_number(linked, 15):
        return None
    lobby = await store.get_game(int(linked))
    return lobby if lobby is not None and lobby.status in OPEN else None


async def link(store: Any, game_id: int, lobby_id: int) -> None:
    await store.set_setting(f"game:{game_id}", REMATCH_KEY, str(lobby_id))
    await store.set_setting(f"game:{lobby_id}", REMATCH_OF_KEY, str(game_id))


async def replay_due(store: Any, game_id: int, tries: int = 0) -> None:
    await store.set_setting(REPLAYS_SCOPE, str(game_id), str(tries))


async def replay_done(store: Any, game_id: int) -> None:
    await store.set_setting(REPLAYS_SCOPE, str(game_id), None)


async def replays_due(store: Any) -> list[tuple[int, int]]:
    """(game id, failed tries) of every replay still to be posted, oldest game first."""
    due = [(int(k), int(v) if is_number(v, 3) else 0) for k, v in (await store.settings(REPLAYS_SCOPE)).items()
           if is_number(k, 15)]
    return sorted(due)
