"""The load test, short: bench/load_postgres.py with 50 games, 4 worker processes and 8 seconds on the
session's PostgreSQL server (a database of its own, dropped after). Every check must pass: journals replay to their
snapshots, no move or double click applied twice, deadlines fire once per move and none due is left, every outbox
row is delivered exactly once across the processes (the outbox claims, migration 0007)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import load_postgres as load  # noqa: E402


def test_four_processes_share_fifty_games_and_everything_checks_out(pg_server, tmp_path) -> None:
    cfg = load.LoadConfig(games=50, workers=4, seconds=8, players=4, deadline_seconds=2, idle_share=0.2,
                          floor_seconds=0)
    report = load.run_load(cfg, server=pg_server, folder=tmp_path / "load")
    print(load.summary(report))
    checks, pg = report["checks"], report["postgres"]
    assert pg["player_moves"] > 20 and checks["deadline_moves"] > 5, load.summary(report)
    assert checks["journal_moves"] >= pg["player_moves"] + checks["deadline_moves"]
    assert checks["outbox_rows"] > checks["journal_moves"]  # every move posts at least once
    failed = {k: checks[k] for k in load.MUST_BE_ZERO if checks[k]}
    assert not failed, load.summary(report)
    twice = {k: checks[k] for k in load.OUTBOX_CHECKS if checks[k]}
    assert not twice, load.summary(report)
