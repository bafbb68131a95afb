"""Fixtures for the store tests: real SQLite files in tmp_path, no mocks."""
from __future__ import annotations

import pytest

from bot.store import Store


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "store.sqlite3")
    yield s
    await s.close()
