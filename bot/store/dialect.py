"""The one small place where SQLite and PostgreSQL differ, as far as the store's operations see them.

Every operation (bot/store/operations_*.py) is written once, as ``async def work(c: Conn)``, against the four
calls of :class:`Conn` and with ``?`` placeholders. A backend hands ``work`` its own connection: SQLite's answers
in aiosqlite's thread with no hop of its own (bot/store/sqlite.py); PostgreSQL's turns ``?`` into ``$1…$n`` once per
statement text (cached) and awaits asyncpg (bot/store/postgres.py). What SQL cannot say the same way on both is a
fragment of :class:`Dialect`, reached as ``c.d``:

* row locks: SQLite's writer holds the whole database (``BEGIN IMMEDIATE``), so a game row is "locked" by reading
  it; PostgreSQL locks it (``FOR UPDATE``), and its claims skip rows another claimer holds (``SKIP LOCKED``);
* a list parameter: SQLite reads one JSON array (``json_each``), PostgreSQL one array (``= ANY``); either way the
  statement text does not change with the list's length, so it is prepared once;
* insertion order: SQLite's ``rowid``; PostgreSQL has an identity column where order matters.

Upserts (``ON CONFLICT … DO UPDATE/NOTHING``), ``RETURNING``, ``UPDATE … FROM`` and window functions are the same
text on both (SQLite ≥ 3.35). Errors, transactions, checks and backups are each backend's own module.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Iterable, Protocol, Sequence, TypeVar

Row = tuple  # a row as a tuple (PostgreSQL's records are turned into tuples)


@dataclass(frozen=True)
class Dialect:
    name: str  # 'sqlite' | 'postgres'
    for_update: str  # appended to the SELECT of the row a write is about
    skip_locked: str  # appended to a claim's SELECT: rows another claimer holds are skipped
    _order_columns: dict[str, str] = field(default_factory=dict)  # table → its insertion-order column

    def order(self, table: str) -> str:
        """The column that orders ``table``'s rows as they were inserted."""
        return self._order_columns.get(table, "rowid")

    def one_of(self, column: str, values: Sequence[Any], sql_type: str) -> tuple[str, Any]:
        """``column`` is one of ``values``: the condition (one ``?``) and its one parameter."""
        if self.name == "postgres":
            return f"{column} = ANY(?::{sql_type}[])", list(values)
        return f"{column} IN (SELECT value FROM json_each(?))", json.dumps(list(values))

    def skip_locked_of(self, alias: str) -> str:
        """``skip_locked`` naming the one table (by alias) of a join whose rows are claimed."""
        return f" FOR UPDATE OF {alias} SKIP LOCKED" if self.name == "postgres" else ""


SQLITE = Dialect("sqlite", for_update="", skip_locked="")
POSTGRES = Dialect("postgres", for_update=" FOR UPDATE", skip_locked=" FOR UPDATE SKIP LOCKED",
                   _order_columns={"seats": "pos", "seat_offers": "pos", "seat_holders": "id", "rating_history": "id"})


class Conn(Protocol):
    """A connection inside one store call (a transaction, or a read), as an operation sees it."""

    d: Dialect

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a query (or of an INSERT/UPDATE … RETURNING), or None."""

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query (or of an INSERT/UPDATE … RETURNING)."""

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """A statement that returns no rows; the number of rows it changed."""

    async def many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """One statement over many parameter rows."""


T = TypeVar("T")


class Calls:
    """What an operation asks of its store (each backend's store class provides both): run ``fn(conn, *args)``
    as a read, or as one transaction that commits whole or not at all. ``relaxed``: the write may skip its own
    fsync (a claim, which a lost commit only makes claimable again; SQLite's ``synchronous=NORMAL``)."""

    async def _query(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        raise NotImplementedError

    async def _write(self, fn: Callable[..., Awaitable[T]], *args: Any, relaxed: bool = False) -> T:
        raise NotImplementedError
