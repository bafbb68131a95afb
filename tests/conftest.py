"""Fixtures for every test package: a broken copy of a ruleset's data, for the tests that every problem
is reported at once."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Callable

import pytest

from engine import content

# A real PostgreSQL server for the tests that ask for one (pg_url, fresh_pg_url): the store's, the manager's and
# the Discord table's on PostgreSQL. Nothing starts unless a test asks.
sys.path.insert(0, str(Path(__file__).resolve().parent / "store_pg"))
from pg_fixtures import fresh_pg_url, pg_database, pg_server, pg_url  # noqa: E402,F401


@pytest.fixture
def broken_data(tmp_path, monkeypatch) -> Callable:
    """broken_data(folder, [(file, old, new), …], collect) → the problems `collect()` reports
    when it reads a copy of data/<folder>/ with those edits applied."""

    def run(folder: str, edits: list[tuple[str, str, str]], collect: Callable) -> list[str]:
        data = tmp_path / "data"
        shutil.copytree(content.DATA_DIR / folder, data / folder)
        if folder != "us":
            shutil.copytree(content.DATA_DIR / "us", data / "us")  # the facts every ruleset's content reads
        for name, old, new in edits:
            path = data / folder / name
            text = path.read_text(encoding="utf-8")
            assert old in text, (name, old)
            path.write_text(text.replace(old, new, 1), encoding="utf-8")
        monkeypatch.setattr(content, "DATA_DIR", data)
        content.read_data.cache_clear()
        try:
            loaded, problems = collect()
        finally:
            content.read_data.cache_clear()
        assert loaded is None
        return problems

    return run
