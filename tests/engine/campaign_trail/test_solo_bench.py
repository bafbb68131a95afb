"""The Solo Play benches' own parts, on a few seeded games: the fuzz runner tallies a clean game as clean and
ended by the decks, and the strategist (bench/solo_strategist.py) plays only legal moves and beats the built-in
bot on the same seeds (the reason it exists: the bot's win rates cannot tell easy from hard)."""
from __future__ import annotations

from bench import balance_campaign_trail_solo as balance
from bench import fuzz_campaign_trail_solo as fuzz
from tests.engine.campaign_trail import harness


def test_the_fuzz_runner_reports_a_clean_game_of_every_configuration() -> None:
    for config in fuzz.CONFIGS:
        result = fuzz.one_game((config, 1))
        assert result == {"crash": None, "kinds": {}, "ended_by_decks": True, "first": None}, config


def test_the_fuzz_table_row_counts_games_and_checks() -> None:
    row, problems, passed = fuzz.run_config("basic1", 2, 0, 1)
    # games, crashes, dead ends, conservation failures, other failed checks, ended by the decks
    assert passed and not problems and row.split()[-8:-2] == ["2", "0", "0", "0", "0", "2"], row


def test_a_failed_check_is_counted_by_its_kind() -> None:
    game = harness.SoloGame({"ai": ["REP"]}, 1, 0, salt=31, max_steps=3)
    assert not game.play_out(lambda state: ["an AI turn waits"])
    assert game.kinds == {"wait": 3, "dead_end": 1} and len(game.found) == 4


def test_the_strategist_beats_the_bot_on_the_same_seeds() -> None:
    # one_game plays every step with engine.core.ruleset.play, which refuses an illegal move
    seeds = range(3)
    strategist = [balance.one_game(("1ai", "incumbent", seed, "strategist")) for seed in seeds]
    bot = [balance.one_game(("1ai", "incumbent", seed, "bot")) for seed in seeds]
    assert sum(m for _, m, _ in strategist) > sum(m for _, m, _ in bot) + 300, (strategist, bot)
