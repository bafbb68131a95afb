"""A database the bot cannot write is found at start-up, with a message naming the path and the fix,
instead of a generic apology on every move. Real files, a real read-only file and a real full disk."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import Store, StoreUnwritable

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _make_read_only(path: Path) -> None:
    """Root writes through file modes, so root marks the file immutable; anyone else takes write permission away."""
    if AS_ROOT:
        subprocess.run(["chattr", "+i", str(path)], check=True)
    else:
        path.chmod(0o444)
        path.parent.chmod(0o555)


def _undo_read_only(path: Path) -> None:
    if AS_ROOT:
        subprocess.run(["chattr", "-i", str(path)], check=False)
    else:
        path.parent.chmod(0o755)
        path.chmod(0o644)


@pytest.fixture
def read_only_db(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "games.sqlite3"

    async def create() -> None:
        store = await Store.open(path)
        await store.close()

    import asyncio

    asyncio.run(create())
    if AS_ROOT and shutil.which("chattr") is None:
        pytest.skip("chattr is not installed, and root writes through file modes")
    _make_read_only(path)
    yield path
    _undo_read_only(path)


async def test_a_read_only_database_is_refused_at_start_naming_path_and_fix(read_only_db) -> None:
    with pytest.raises(StoreUnwritable) as info:
        await Store.open(read_only_db)
    message = str(info.value)
    assert str(read_only_db) in message and "Fix:" in message and "STUMPBOT_DB" in message


def test_the_command_line_says_it_before_any_game(tmp_path, monkeypatch, capsys) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    if AS_ROOT and shutil.which("chattr") is None:
        pytest.skip("chattr is not installed, and root writes through file modes")
    if AS_ROOT:
        subprocess.run(["chattr", "+i", str(folder)], check=True)  # no file can be created in it
    else:
        folder.chmod(0o555)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STUMPBOT_DB", str(folder / "games.sqlite3"))
    monkeypatch.setenv("STUMPBOT_OUT", str(tmp_path / "img"))
    try:
        assert main(["play", "electioneer"]) == 2  # a demo keeps its games in a database of its own
    finally:
        if AS_ROOT:
            subprocess.run(["chattr", "-i", str(folder)], check=False)
        else:
            folder.chmod(0o755)
    out = capsys.readouterr().out
    assert "Can't start" in out and "cannot be written" in out and "Fix:" in out and str(folder) in out


@pytest.mark.skipif(not AS_ROOT, reason="mounting a small file system to fill needs root")
async def test_a_full_disk_is_refused_at_start(tmp_path) -> None:
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode()[:100]}")
    try:
        path = mount / "games.sqlite3"
        store = await Store.open(path)
        await store.close()
        filler = mount / "filler"
        with open(filler, "wb", buffering=0) as f:  # fill every byte left
            try:
                while True:
                    f.write(b"\0" * 4096)
                    f.flush()
            except OSError:
                pass
        with pytest.raises(StoreUnwritable) as info:
            await Store.open(path)
        assert str(path) in str(info.value) and "Fix:" in str(info.value)
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)
