"""A damaged database file is refused at start-up, untouched, with what was found and the ways back,
instead of opening as healthy and failing moves later with SQLITE_CORRUPT. Real files, really damaged:
a store with games and moves, then 20 regions of 256 bytes overwritten past the header page."""
from __future__ import annotations

import hashlib
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from store_helpers import make_active, move

from bot.store import SCHEMA_VERSION, Store, StoreDamaged, load_migrations

ROOT = Path(__file__).resolve().parents[2]
STAMP = "20250101T000000Z"
DAMAGE_SEED = 2008
REGIONS, REGION_BYTES = 20, 256


async def _fill(path: Path) -> str:
    """A store one schema version behind (so opening it upgrades it and writes a migration backup), then
    games with moves on the newest schema. Returns the backup's path."""
    older = path.parent / "older-migrations"
    older.mkdir()
    for mig in load_migrations()[:SCHEMA_VERSION - 1]:
        (older / f"{mig.version:04d}_{mig.name}.sql").write_text(mig.sql, encoding="utf-8")
    store = await Store.open(path, migrations_dir=older)  # its start-up probe leaves a row: worth a backup
    await store.close()
    store = await Store.open(path, backup_stamp=STAMP)
    assert store.backup_path is not None
    for _ in range(8):
        game = await make_active(store)
        version = game.version
        for seq in range(1, 30):
            version = (await move(store, (game.id, version), seq)).version
    await store.close()
    return store.backup_path


@pytest.fixture(scope="module")
def healthy(tmp_path_factory) -> tuple[Path, Path]:
    """A closed, healthy store file (no -wal left) and its migration backup, built once for the module."""
    import asyncio

    path = tmp_path_factory.mktemp("healthy") / "games.sqlite3"
    backup = asyncio.run(_fill(path))
    assert not Path(f"{path}-wal").exists()
    c = sqlite3.connect(f"file:{path}?immutable=1", uri=True)  # immutable: reads the file alone, creates nothing
    pages, free = (c.execute(f"PRAGMA {name}").fetchone()[0] for name in ("page_count", "freelist_count"))
    c.close()
    assert pages > 40 and free == 0, "every page is in use: the damage lands on games, moves and indexes"
    return path, Path(backup)


def _integrity_problems(path: Path) -> list[str]:
    """What ``PRAGMA integrity_check`` says about a copy of ``path`` (the original stays untouched)."""
    copy = path.parent / "copy" / path.name
    copy.parent.mkdir(exist_ok=True)
    shutil.copy(path, copy)
    c = sqlite3.connect(copy)
    c.text_factory = bytes
    try:
        rows = [r[0] for r in c.execute("PRAGMA integrity_check").fetchall()]
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # too damaged to check on
        rows = [str(exc).encode()]
    finally:
        c.close()
        shutil.rmtree(copy.parent)
    return [] if rows == [b"ok"] else [r.decode("utf-8", "replace") for r in rows]


def _damage(path: Path, seed: int = DAMAGE_SEED) -> None:
    """Overwrite 20 regions of 256 bytes at seeded offsets past the first page (the header stays readable)."""
    page = int.from_bytes(path.read_bytes()[16:18], "big")  # the header's page size (read without SQLite)
    size = path.stat().st_size
    rng = random.Random(seed)
    with open(path, "r+b") as f:
        for _ in range(REGIONS):
            f.seek(rng.randrange(page, size - REGION_BYTES))
            f.write(rng.randbytes(REGION_BYTES))


@pytest.fixture
def damaged(healthy, tmp_path) -> Path:
    source, backup = healthy
    path = tmp_path / source.name
    shutil.copy(source, path)
    shutil.copy(backup, tmp_path / backup.name)
    _damage(path)
    assert _integrity_problems(path), "the damage must be real before the store is asked to open it"
    return path


def _fingerprint(folder: Path) -> dict[str, tuple[str, int]]:
    """Every file in the folder: its content hash and modification time (ns)."""
    return {f.name: (hashlib.sha256(f.read_bytes()).hexdigest(), f.stat().st_mtime_ns)
            for f in sorted(folder.iterdir()) if f.is_file()}


async def test_a_damaged_file_is_refused_before_anything_is_written(damaged) -> None:
    before = _fingerprint(damaged.parent)
    with pytest.raises(StoreDamaged):
        await Store.open(damaged)
    assert _fingerprint(damaged.parent) == before  # same bytes and times, and no -wal, -shm or -journal left


async def test_the_refusal_names_the_path_what_was_found_and_the_ways_back(damaged) -> None:
    with pytest.raises(StoreDamaged) as info:
        await Store.open(damaged)
    error, message = info.value, str(info.value)
    assert error.path == str(damaged) and str(damaged) in message
    assert 1 <= len(error.findings) <= 3 and all(line in message for line in error.findings)
    assert error.backups == [str(damaged.parent / f"{damaged.name}.bak-v{SCHEMA_VERSION - 1}-{STAMP}")]
    assert error.backups[0] in message and f"{damaged}.bak-v*" in message
    assert f"sqlite3 {damaged} .recover | sqlite3 " in message
    assert "\n" not in message  # one line in a log or on a terminal
    shutil.copy(error.backups[0], damaged)  # the way back it names: the backup opens (and is upgraded)
    store = await Store.open(damaged)
    assert store.schema_version == SCHEMA_VERSION
    await store.close()


async def test_damage_that_stops_the_check_itself_is_refused_too(healthy, tmp_path) -> None:
    """Some damage (here to the schema's pages) makes SQLite give up with an error rather than list problems."""
    path = tmp_path / "games.sqlite3"
    shutil.copy(healthy[0], path)
    with open(path, "r+b") as f:
        f.seek(4096)  # page 2 onwards: the tables' root pages and the schema's overflow
        f.write(b"\xff" * 4096)
    before = _fingerprint(tmp_path)
    with pytest.raises(StoreDamaged) as info:
        await Store.open(path)
    assert info.value.findings and not info.value.backups and "no migration backup" in str(info.value)
    assert _fingerprint(tmp_path) == before


async def test_a_healthy_file_and_a_fresh_path_still_open(healthy, tmp_path) -> None:
    path = tmp_path / "games.sqlite3"
    shutil.copy(healthy[0], path)
    store = await Store.open(path)
    assert len(await store.list_games()) == 8
    await store.close()
    fresh = tmp_path / "new" / "fresh.sqlite3"
    fresh.parent.mkdir()
    store = await Store.open(fresh)
    assert store.schema_version == SCHEMA_VERSION and await store.list_games() == []
    await store.close()


# ---------------------------------------------------------------- the commands: one clean error, exit non-zero

# The Discord bot's start with Discord's login (the network) skipped: setup_hook, where the store opens, runs
# as it does after a real login, and the rest (the CLI, run(), the process's exit) is the real thing.
_BOT_WITHOUT_DISCORD = """
import runpy, sys
import discord

async def login(self, token):
    await self.setup_hook()

discord.Client.login = login
sys.argv = ["bot", "bot"]
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""


def _run(args: list[str], folder: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items()
               if k not in ("DISCORD_TOKEN", "STUMPBOT_DATABASE_URL", "STUMPBOT_SHARDS")}
    environ.update(PYTHONPATH=str(ROOT), STUMPBOT_DB=str(folder / "stumpbot.sqlite3"),
                   STUMPBOT_OUT=str(folder / "img"), **env)
    return subprocess.run([sys.executable, *args], cwd=folder, env=environ, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)


def _one_clean_error(done: subprocess.CompletedProcess[str], path: Path) -> None:
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert "Traceback" not in output, output
    errors = [line for line in output.splitlines() if "Can't start" in line]
    assert len(errors) == 1, output
    assert f"The game database {path} is damaged" in errors[0] and ".recover" in errors[0]


def test_the_local_table_says_it_and_exits(damaged) -> None:
    local = damaged.with_name("local.sqlite3")  # where `python -m bot` keeps the local table's games
    damaged.rename(local)
    before = _fingerprint(local.parent)
    _one_clean_error(_run(["-m", "bot"], local.parent), local)
    assert _fingerprint(local.parent) == before


def test_the_discord_bot_says_it_and_exits(damaged) -> None:
    bot_db = damaged.with_name("stumpbot.sqlite3")
    damaged.rename(bot_db)
    before = _fingerprint(bot_db.parent)
    _one_clean_error(_run(["-c", _BOT_WITHOUT_DISCORD], bot_db.parent, DISCORD_TOKEN="not-a-real-token"), bot_db)
    assert _fingerprint(bot_db.parent) == before
