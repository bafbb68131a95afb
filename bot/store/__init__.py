"""The store: every game, seat, move, deadline and notification, on SQLite (:class:`Store`, the default: one
file) or PostgreSQL (:class:`PgStore`, chosen by ``STUMPBOT_DATABASE_URL``; bot/store/factory.py).

Both offer the same methods, records and typed errors (the services see them as :class:`StoreInterface`,
bot/store/interface.py), because each operation is written once (bot/store/operations_*.py) against a tiny
connection protocol; what differs between the two databases lives in
bot/store/dialect.py (SQL fragments) and in each backend's module (bot/store/sqlite.py, bot/store/postgres.py:
connections, transactions, error translation, checks, backups). The schema's history is bot/store/migrations/,
applied by bot/store/migrations.py. Callers see frozen dataclasses and typed errors (bot/store/records.py), never
a driver's objects.
"""
from __future__ import annotations

from bot.store.interface import StoreInterface
from bot.store.migrations import MIGRATIONS_DIR, SCHEMA_VERSION, load_migrations
from bot.store.operations_context import GameContext, game_scope, guild_scope, user_scope
from bot.store.postgres import PgStore
from bot.store.records import (
    AlreadySeated,
    CheckpointResult,
    DuplicateMove,
    Follower,
    GameRecord,
    GameTime,
    JobRecord,
    JournalEntry,
    Migration,
    MoveCommit,
    NewJob,
    NewMessage,
    NotFound,
    NotSeated,
    OutboxRecord,
    PlayerRating,
    RatingChange,
    SeatHolder,
    SeatOffer,
    SeatRecord,
    SeatTaken,
    Snapshot,
    StoreBusy,
    StoreClosed,
    StoreDamaged,
    StoreError,
    StoreUnwritable,
    Vacation,
    VersionConflict,
    WrongStatus,
)
from bot.store.sqlite import BUSY_TIMEOUT_MS, Store

__all__ = [
    "AlreadySeated", "BUSY_TIMEOUT_MS", "CheckpointResult", "DuplicateMove", "Follower", "GameContext", "GameRecord", "GameTime",
    "JobRecord", "JournalEntry", "MIGRATIONS_DIR", "Migration", "MoveCommit", "NewJob", "NewMessage", "NotFound",
    "NotSeated", "OutboxRecord", "PgStore", "PlayerRating", "RatingChange", "SCHEMA_VERSION", "SeatHolder",
    "SeatOffer", "SeatRecord", "SeatTaken", "Snapshot", "Store", "StoreBusy", "StoreClosed", "StoreDamaged",
    "StoreError", "StoreInterface", "StoreUnwritable", "Vacation", "VersionConflict", "WrongStatus", "load_migrations", "game_scope", "guild_scope",
    "user_scope",
]
