"""Which store backs the bot: PostgreSQL when ``STUMPBOT_DATABASE_URL`` (or the target given) is a
``postgresql://`` URL, the SQLite file otherwise. Both offer the same methods, records and errors
(bot/store/: each operation is written once for both), so callers never ask which one they have.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Union

from bot.store import PgStore, Store

__all__ = ["DATABASE_URL_ENV", "AnyStore", "is_postgres_url", "open_store", "store_target"]

DATABASE_URL_ENV = "STUMPBOT_DATABASE_URL"
_PG_SCHEMES = ("postgresql://", "postgres://")

AnyStore = Union[Store, PgStore]


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.lower().startswith(_PG_SCHEMES)


def store_target(sqlite_path: str | Path, environ: dict[str, str] | None = None) -> str | Path:
    """What to open: ``STUMPBOT_DATABASE_URL`` when it is set (not blank), else the SQLite path."""
    url = (environ if environ is not None else os.environ).get(DATABASE_URL_ENV, "").strip()
    return url or sqlite_path


async def open_store(target: str | Path) -> AnyStore:
    """Open the store at ``target``: a postgresql:// URL (PgStore) or a SQLite file path (Store)."""
    if is_postgres_url(target):
        return await PgStore.open(str(target))
    return await Store.open(target)
