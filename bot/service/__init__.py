"""The table's services: async orchestration between the tables, the engine and the store. No Discord import.

Every move is: check (engine, pure) → one store transaction (journal row, snapshot, deadlines, outbox) → deliver
the outbox through the table. The journal is the truth; the snapshot and the live-game cache are caches.

One concern per module, each a small class over the shared context; a table calls the one it needs
(`manager.games.submit(…)`, `manager.clock.pause(…)`). They are layered, each calling only those above it here:

    table      what a table (a transport: Discord, the console, the recorder) provides and is handed
    context    what all share: store, table, clock, the live-game cache, per-game locks; ManagerError
    thinking   the bot's three levels, and the worker processes where a hard seat thinks
    views      reading a game: its record, a seat's view and decision, pictures, who owes, games of a user
    delivery   the outbox: claim due rows, send them through the table, retry, hold; spectators' copies
    clock      deadlines, pause/resume/vacation/extend, players' reminder choices
    community  server settings, following a game, daily digests
    memory     the log, export, seals, ratings, replays
    move_posts what a start, a move or an undo leaves to send and to wait for (pure)
    lobby      opening, joining, starting and cancelling a game; its rematch
    games      the move path (over the lobby): submit, undo, the bot's move, a typed move's rest
    seats      seats changing hands, concessions, civil disorder; the bot playing its seats (bot_play)
    learn      a guided first game against the bot (its coach in briefs and refusals: coaching, under delivery)
    hints      a hint on request: the search's top moves for the seat asking, in games opened with hints on
    sweep      the due-jobs sweep: deadlines' defaults, reminders, stall lines, lobby expiry, digests

What follows a move runs one way: the move path calls delivery, the clock's scheduling and ratings; seats
subscribe to the move path (`Games.after_move`) to play the bot's seats and count missed deadlines.
tests/architecture/test_import_cycles.py keeps bot/ free of import circles.
"""
from __future__ import annotations

import secrets
import time
from typing import Callable

from bot.service.clock import Clock
from bot.service.community import Community
from bot.service.context import Context, ManagerError, Service
from bot.service.delivery import Delivery
from bot.service.games import Games, SubmitResult
from bot.service.hints import Hints
from bot.service.learn import Learn
from bot.service.memory import Memory
from bot.service.seats import Seats
from bot.service.sweep import Sweep
from bot.service.thinking import Thinker, ThinkSettings
from bot.service.budget import ChannelBudget
from bot.service.views import SeatedGame, Views
from bot.store import StoreInterface
from bot.service.table import Table

__all__ = ["GameManager", "ManagerError", "SeatedGame", "SubmitResult"]


class GameManager(Service):
    """The services wired once over one context. Holds no logic of its own."""

    def __init__(self, store: StoreInterface, table: Table | None = None, *, clock: Callable[[], float] = time.time,
                 render: bool = True, new_seed: Callable[[], int] = lambda: secrets.randbits(63),
                 channel_budget: bool = False, thinking: ThinkSettings | None = None) -> None:
        """`channel_budget`: keep each channel to a few messages at a time (Discord's limit; bot/service/budget.py),
        a busy game's waiting posts merged into one, counted on `clock`. `thinking`: the budget and worker
        processes of the bot's hard decisions (bot/service/thinking.py)."""
        super().__init__(Context(store=store, table=table, clock=clock, render=render, new_seed=new_seed))
        self.views = Views(self.ctx)
        self.delivery = Delivery(self.ctx, self.views, ChannelBudget() if channel_budget else None)
        self.clock = Clock(self.ctx, self.views, self.delivery)
        self.community = Community(self.ctx, self.views, self.delivery)
        self.memory = Memory(self.ctx, self.views)
        self.games = Games(self.ctx, self.views, self.delivery, self.clock, self.community, self.memory,
                           Thinker(thinking))
        self.seats = Seats(self.ctx, self.views, self.delivery, self.clock, self.memory, self.games)
        self.learn = Learn(self.ctx, self.views, self.games, self.seats)
        self.hints = Hints(self.ctx, self.views, self.games.thinker)
        self.sweep = Sweep(self.ctx, self.views, self.delivery, self.clock, self.community, self.games, self.seats)
        self.games.after_move.append(self.seats.after_move)

    def close(self) -> None:
        """Stop the bot's thinking and its worker processes (the bot's moves owed are played again after a start)."""
        self.seats.bots.close()

    @property
    def table(self) -> Table | None:
        return self.ctx.table

    @table.setter
    def table(self, table: Table | None) -> None:  # a test sets up games before it delivers
        self.ctx.table = table
