"""Fixtures for every test package: a broken copy of a ruleset's data, for the tests that every problem
is reported at once."""
from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable

import pytest

from engine import content

# A real PostgreSQL server for the tests that ask for one (pg_url, fresh_pg_url): the store's, the manager's and
# the Discord table's on PostgreSQL. Nothing starts unless a test asks.
sys.path.insert(0, str(Path(__file__).resolve().parent / "store_pg"))
from pg_fixtures import fresh_pg_url, pg_database, pg_server, pg_url  # noqa: E402,F401


# The tests' files (SQLite stores, pictures, exports) go to a RAM filesystem where the machine has one: the store
# runs synchronous=FULL, and an fsync per commit on a disk costs a fifth of the suite's wall time while testing
# nothing a test asserts (the SIGKILL tests' durability is the page cache's, which a killed process leaves). The
# files are as real as on a disk. `--basetemp` still wins; without /dev/shm nothing changes.
RAM_DIR = Path("/dev/shm")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    _ram_basetemp(config)
    _share_bytecode(config)
    # The cyclic collector, tuned for a test process: the tests keep whole played games in caches, and the default
    # thresholds walk them again and again (about 6% of the suite's CPU). Young collections every 10,000
    # allocations rather than 700, and the objects of the collection itself frozen out of every later pass
    # (pytest_collection_finish). The bot's own processes keep Python's defaults.
    gc.set_threshold(10_000, 20, 20)


# The files that run longest for their few tests: whole games, through Discord or the manager, and long walks;
# the two PostgreSQL files mostly wait on their server. xdist hands out files by their count of tests, most first
# (`--dist loadfile`), which left these to the end, where one of them alone kept the run going for minutes. With
# `--no-loadscope-reorder` (pyproject.toml) the queue is the collection's order, which puts these first and the rest
# by their count of tests, as xdist would. Paths from the repository's root; tests/architecture checks they exist.
RUN_FIRST = (
    "tests/render/test_replay_every_ruleset.py",
    "tests/discord/test_campaign_trail_game.py",
    "tests/discord/test_campaign_manager_2008_game.py",
    "tests/store_pg/test_load.py",
    "tests/discord/test_nineteen_sixty_game.py",
    "tests/service/test_campaign_trail_leak.py",
    "tests/discord/test_presidential_election_game.py",
    "tests/store_pg/test_pg_crash.py",
    "tests/discord/test_learn.py",
    "tests/local/test_transcripts_presidential_election.py",
    "tests/service/test_read_path.py",
    "tests/architecture/test_each_game_in_its_own_words.py",
    "tests/service/test_seats_fuzz.py",
    "tests/local/test_transcripts_campaign_trail.py",
    "tests/discord/test_campaign_trail_solo_by_dm.py",
    "tests/engine/presidential_election/test_leaks.py",
    "tests/engine/campaign_trail/test_solo_bench.py",
    "tests/local/test_local_table.py",
    "tests/service/test_solo_deadlines.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    first = {path: i for i, path in enumerate(RUN_FIRST)}
    root = config.rootpath
    files = [item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) else str(item.path)
             for item in items]
    counts: dict[str, int] = {}
    for name in files:
        counts[name] = counts.get(name, 0) + 1
    order = {id(item): (first.get(name, len(first)), -counts[name], name) for item, name in zip(items, files)}
    items.sort(key=lambda item: order[id(item)])  # stable: each file's tests keep their order


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()


def _ram_basetemp(config: pytest.Config) -> None:
    if config.option.basetemp or hasattr(config, "workerinput") or not os.access(RAM_DIR, os.W_OK | os.X_OK):
        return
    config.option.basetemp = tempfile.mkdtemp(prefix="stumpbot-tests-", dir=RAM_DIR)
    config.stash[_RAM_BASETEMP] = config.option.basetemp  # xdist hands each worker a folder under it


# Three more workers than cores on a small machine (`-n auto`, pyproject.toml). The suite must keep its pace beside
# another CPU-bound job, and the kernel shares the cores among runnable processes, not among
# jobs: beside one busy process, 2 workers on 2 cores get 2/3 of the machine, 4 workers 4/5, 5 workers 5/6. Many
# tests also wait on a thread (aiosqlite's, Pillow drawing in `to_thread`), which a spare worker fills. Each extra
# worker costs one more collection (~8 CPU-s) and up to ~2 GB by the end of the run (caches of whole played games).
# PYTEST_XDIST_AUTO_NUM_WORKERS and an explicit `-n N` still decide.
SPARE_WORKERS = 3


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores + SPARE_WORKERS if cores <= 8 else cores


# Bytecode compiled once for every worker. Each worker collects every test file, and without a bytecode cache
# (PYTHONDONTWRITEBYTECODE, or a fresh clone) each rewrites the assertions of all of them and compiles every module
# afresh: about 6 CPU-s a worker, most of a worker's start. So before the workers start, one collection writes the
# bytecode to a folder of the run's own (PYTHONPYCACHEPREFIX, nothing written beside the sources), which the workers
# and every Python the tests start then read. A failed warm-up only leaves each worker compiling for itself.
def _share_bytecode(config: pytest.Config) -> None:
    if hasattr(config, "workerinput") or not isinstance(config.option.numprocesses, int) \
            or config.option.numprocesses < 2 or config.option.collectonly:
        return
    folder = tempfile.mkdtemp(prefix="stumpbot-bytecode-", dir=RAM_DIR if os.access(RAM_DIR, os.W_OK) else None)
    config.stash[_BYTECODE] = folder
    os.environ["PYTHONPYCACHEPREFIX"] = folder
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    paths = list(dict.fromkeys(arg.split("::")[0] for arg in config.args))
    try:
        subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider",
                        *paths], cwd=config.invocation_params.dir, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=600, check=False)
    except (OSError, subprocess.TimeoutExpired):
        pass


def pytest_unconfigure(config: pytest.Config) -> None:
    for key in (_RAM_BASETEMP, _BYTECODE):
        if (path := config.stash.get(key, None)) is not None:
            shutil.rmtree(path, ignore_errors=True)  # RAM, not a disk: nothing is left behind


_RAM_BASETEMP = pytest.StashKey[str]()
_BYTECODE = pytest.StashKey[str]()


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
