"""What a table (a transport: Discord, the console, the test recorder) must provide, and what it is handed.

The services never talk to Discord or a terminal directly: they write notifications to the store's outbox in the
same transaction as the move, then hand each one to the table. The transports (bot/tables, bot/discord) sit above
the services and implement `Table`; nothing below them imports a transport. `Picture` is the image the
presentation draws (bot/present/pictures.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from pydantic import BaseModel

from bot.present.pictures import Picture
from engine.core.types import Decision

__all__ = ["GameRef", "Picture", "PrivateBrief", "PublicPost", "Table"]


@dataclass(frozen=True)
class GameRef:
    """The public facts about a game a table needs to address a message."""

    id: int
    ruleset: str
    title: str
    status: str
    guild_id: str | None
    channel_id: str | None
    thread_id: str | None
    seq: int
    deadline_at: dict[str, int] = field(default_factory=dict)  # seat -> unix time of its deadline


@dataclass(frozen=True)
class PublicPost:
    game: GameRef
    text: str
    picture: Picture | None = None
    closeup: Picture | None = None  # a map game's turn: the states it changed, enlarged (bot/present/captions.py)
    turn_line: bool = True  # whose move it is, under the text (not under the stall line, which says it)
    # spectators: user ids who get a DM copy of the post exactly as it went to the channel
    followers: tuple[str, ...] = ()
    final: bool = False  # the game's result post (it offers a rematch)
    replay: Picture | None = None  # the animated replay of the whole game, posted after the result
    # The delivery's identity (an outbox row's id): the same post sent again — a crash between sending and marking
    # it sent, another process's retry after the claim's lease — carries the same key, so a table that can
    # refuse a repeat (Discord's message nonce) does. "" for posts that are not outbox rows.
    key: str = ""


@dataclass(frozen=True)
class PrivateBrief:
    """Everything one seat should privately see now: news, its hand (in `view`) and its decision."""

    game: GameRef
    seat: str
    user_id: str
    text: str
    view: BaseModel | None
    decision: Decision | None
    # A guided first game's coach, before the prompt (bot/present/coach.py): what this kind of decision is, its
    # rule and a move to try; at the game's end, the lesson's summary. "" in every other game.
    coach: str = ""


class Table(Protocol):
    async def publish(self, post: PublicPost) -> list[str] | None:
        """Post to the game's channel, and copy the post to `post.followers` by DM; returns the followers who
        could not be reached (None: all were, or there were none)."""
        ...

    async def tell(self, brief: PrivateBrief) -> bool:
        """Deliver privately; return False if the seat could not be reached (e.g. DMs closed)."""
        ...

    async def alert(self, game: GameRef, text: str, host_user: str) -> None:
        """A notice about the game itself (never its secrets) for its channel and its host."""
        ...

    async def forward(self, game: GameRef, user_id: str, text: str, picture: Picture | None) -> bool:
        """DM a follower public text (a digest) and picture; False if they could not be reached."""
        ...

    async def notify(self, game: GameRef, user_id: str, text: str) -> bool:
        """DM a member a notice about them (a seat of theirs changed hands), with a way to the game's channel where
        the table has one; False if they could not be reached."""
        ...
