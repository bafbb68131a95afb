"""The shared fuzz runner (tests/fuzzing.py, bench/fuzz.py): a crash or a failed check in any game reaches the
report and the bench's table, so neither the tests' seeded samples nor a big bench run can pass by losing them."""
from __future__ import annotations

from bench import fuzz
from tests.engine.fuzz_report import FuzzReport
from tests.fuzzing import Fuzzer, all_problems, game_findings, play_games


def _toy_game(variant: str, n: int) -> FuzzReport:
    """Game 1 crashes, game 2 breaks an invariant, the others are clean wins for a seat named by the variant."""
    if n == 1:
        raise ValueError("boom")
    return game_findings(f"{variant} game {n}", 10, ["an invariant broke"] if n == 2 else [], variant)


TOY = Fuzzer(("A", "B"), _toy_game)


def test_play_games_counts_every_game_and_keeps_every_finding() -> None:
    report = play_games(TOY, TOY.variants, range(4))
    assert report.games == 8 and report.steps == 60 and report.longest == 10
    assert dict(report.outcomes) == {"A": 3, "B": 3}
    problems = all_problems(report)
    assert problems[0].startswith("A game 1: ValueError: boom (test_fuzz_runner.py:")  # a crash names its line
    assert problems[2:] == ["A game 2: an invariant broke", "B game 2: an invariant broke"], problems


def test_the_bench_tallies_a_clean_game_of_every_ruleset() -> None:
    for ruleset in fuzz.FUZZERS:
        variant = fuzz.fuzzer(ruleset).variants[0]
        report, failed = fuzz.played((ruleset, variant, 0))
        assert report.steps > 0 and not failed and not report.actions, (ruleset, all_problems(report))


def test_the_bench_row_counts_games_crashes_and_failing_games(monkeypatch) -> None:
    monkeypatch.setattr(fuzz, "fuzzer", lambda ruleset: TOY)
    monkeypatch.setattr(fuzz, "pool_map", lambda fn, work, jobs, chunksize: [fn(w) for w in work])
    row, problems, passed = fuzz.run_variant("toy", "A", 4, 0, 1)
    assert not passed
    # games, steps a game, crashes, failing games, then the ends
    assert row.split()[2:8] == ["4", "8", "1", "1", "A", "3"], row
    assert problems[0] == "toy A: games failing each check {'crash': 1, 'problem': 1}", problems
