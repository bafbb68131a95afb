"""Rematch and the replay's posting: who played a finished game, which lobby is its rematch, and
which finished games still owe their replay post. No Discord import.

The link is kept in the settings table: scope `game:<finished id>`, key `rematch` → the new lobby's id (and
`rematch_of` on the lobby, back). A second rematch of the same game is refused while the first one is an
open lobby or a game in progress; once it is cancelled, a new one may be opened.

The bot is no former player: a seat it held from the start (seated in the lobby, or in a game against the bot) is
held under the bot's own account, and the rematch seats the bot there again at the level it ended the game at,
rather than inviting that account to Join.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.policy import bot_levels
from engine.core.notation import is_number

REMATCH_KEY = "rematch"
REMATCH_OF_KEY = "rematch_of"
OPEN = ("lobby", "active")
REPLAY_TRIES = 3


@dataclass(frozen=True)
class Rematch:
    of: int  # the finished game
    lobby: Any  # the new lobby's GameRecord; the clicker hosts it and is seated
    invited: dict[str, str]  # user id -> name: the game's other former players, to be asked to Join
    bots: dict[str, str] = field(default_factory=dict)  # seat -> level: the bot seated again as in the game
    missed: list[str] = field(default_factory=list)  # why the bot could not be seated again, one line a seat


def _bot_accounts(history: list[Any]) -> set[str]:
    """The user ids the bot held seats under from the start of the game."""
    return {h.user_id for h in history if h.controller == "bot" and h.reason == "start"}


async def former_players(store: Any, game_id: int) -> dict[str, str]:
    """user id -> name of every person who held a seat of the game (a seat the bot finished counts for the
    person who last held it), in seat order, today's names last. The bot's own seats are not a person's."""
    history = await store.seat_history(game_id)
    bots = _bot_accounts(history)
    players = {h.user_id: h.display_name for h in history if h.controller == "human" and h.user_id not in bots}
    players.update({s.user_id: s.display_name for s in await store.list_seats(game_id) if s.user_id not in bots})
    return players


async def bot_seats(store: Any, game_id: int) -> tuple[str | None, dict[str, str]]:
    """The bot's account (a user id) and the seats it played from the start to the end of the game, each with the
    level it played at last; (None, {}) where it held none. A seat held for the bot's second seat on is held under
    `<account>:<seat>`."""
    history = await store.seat_history(game_id)
    bots = _bot_accounts(history)
    settings = await store.settings(f"game:{game_id}")
    seats = {s.seat: bot_levels.level_of(settings, s.seat) for s in await store.list_seats(game_id)
             if s.controller == "bot" and s.user_id in bots}
    account = min(bots, key=len).split(":")[0] if seats else None
    return account, seats


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


# The replay queue is the store's replay_queue table (migration 0007): an entry is claimed for a lease
# by the process that draws and posts it, so two bot processes on one database never both post a game's replay.


async def replay_due(store: Any, game_id: int, tries: int = 0) -> None:
    await store.queue_replay(game_id, tries)


async def claim_replays(store: Any, owner: str, now: int) -> list[tuple[int, int]]:
    """(game id, failed tries) of the replays still to be posted that ``owner`` now holds, oldest game first."""
    return await store.claim_replays(now, owner)


async def replay_done(store: Any, game_id: int, owner: str) -> None:
    await store.replay_posted(game_id, owner)


async def replay_failed(store: Any, game_id: int, tries: int, owner: str) -> None:
    """One more failed try: queued again for the next sweep (any process's), or dropped after REPLAY_TRIES."""
    if tries + 1 < REPLAY_TRIES:
        await store.queue_replay(game_id, tries + 1)
    else:
        await store.replay_posted(game_id, owner)


async def replays_due(store: Any) -> list[tuple[int, int]]:
    """(game id, failed tries) of every replay still to be posted, claimed or not, oldest game first."""
    return await store.queued_replays()
