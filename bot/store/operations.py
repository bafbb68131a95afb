"""Every operation of the store, once: the groups of bot/store/operations_*.py in one base class, which each
backend's store class completes with its connection and transactions (``_query``, ``_write``: see
bot/store/dialect.py's ``Calls``) and its lifecycle and housekeeping (open, close, checkpoints, integrity)."""
from __future__ import annotations

from bot.store.operations_community import CommunityOperations
from bot.store.operations_context import ContextOperations
from bot.store.sweeps import SweepOperations
from bot.store.operations_delivery import DeliveryOperations
from bot.store.operations_games import GameOperations
from bot.store.operations_jobs import JobOperations
from bot.store.operations_play import PlayOperations
from bot.store.operations_seats import SeatChangeOperations


class Operations(GameOperations, SeatChangeOperations, PlayOperations, JobOperations, DeliveryOperations,
                 CommunityOperations, ContextOperations, SweepOperations):
    """The store's public operations, written once for SQLite and PostgreSQL."""
