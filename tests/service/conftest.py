"""The manager tests' stores opened by tests/service/table_games.py are closed when each test ends: an unclosed
store's aiosqlite thread would outlive the test's event loop."""
from __future__ import annotations

import pytest

from tests.service.table_games import OPENED


@pytest.fixture(autouse=True)
async def _close_table_stores():
    yield
    while OPENED:
        await OPENED.pop().close()
