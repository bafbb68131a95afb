"""STUMPBOT_SHARDS (bot/shards.py, read by bot/config.py): which Discord shards this process runs, and a clear
refusal to start on a malformed value."""
from __future__ import annotations

import pytest

from bot.cli import main
from bot.config import ConfigError, load_config
from bot.shards import ShardPlan, ShardsError, parse_shards


@pytest.mark.parametrize("text, ids, count", [
    ("0-3/8", (0, 1, 2, 3), 8),
    ("4/8", (4,), 8),
    (" 4-7 / 8 ", (4, 5, 6, 7), 8),
    ("0-1,6-7/8", (0, 1, 6, 7), 8),
    ("0/1", (0,), 1),
])
def test_well_formed_plans(text: str, ids: tuple[int, ...], count: int) -> None:
    assert parse_shards(text) == ShardPlan(ids=ids, count=count)


def test_the_process_running_shard_0_is_the_primary() -> None:
    assert parse_shards("0-3/8").primary and not parse_shards("4-7/8").primary
    assert parse_shards("0-7/8").everything and not parse_shards("0-3/8").everything


@pytest.mark.parametrize("text, why", [
    ("0-3", "after a '/'"),
    ("0-3/", "after a '/'"),
    ("0-3/x", "after a '/'"),
    ("0-3/0", "between 1 and"),
    ("0-8/8", "shard 8 does not exist"),
    ("3-1/8", "goes backwards"),
    ("a-b/8", "'a-b' is not a shard id"),
    ("0-3,2/8", "listed twice"),
    ("/8", "a shard range is missing"),
    ("0--3/8", "is not a shard id"),
    ("-1/8", "is not a shard id"),
])
def test_malformed_values_say_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(ShardsError) as exc:
        parse_shards(text)
    message = str(exc.value)
    assert "STUMPBOT_SHARDS" in message and why in message and "e.g. 0-3/8" in message


def test_unset_or_blank_is_one_unsharded_process(monkeypatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("STUMPBOT_SHARDS", raising=False)
    assert load_config().shards is None
    monkeypatch.setenv("STUMPBOT_SHARDS", "  ")
    assert load_config().shards is None
    monkeypatch.setenv("STUMPBOT_SHARDS", "2-3/4")
    assert load_config().shards == ShardPlan(ids=(2, 3), count=4)


def test_a_malformed_value_stops_the_start_with_the_reason(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STUMPBOT_SHARDS", "0-3of8")
    with pytest.raises(ConfigError):
        load_config()
    monkeypatch.setenv("DISCORD_TOKEN", "not-used-the-config-fails-first")
    assert main(["bot"]) == 2
    err = capsys.readouterr().err
    assert "Can't start: STUMPBOT_SHARDS='0-3of8' is not valid" in err
    assert "not-used" not in err
