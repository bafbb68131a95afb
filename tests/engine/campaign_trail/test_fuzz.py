"""Random-legal-move fuzzing of Campaign Trail for every player count: a seeded sample of games, with
every check of harness.py after every step and, in each variant's game 0, the journal's replay. The same games by
the thousand, each replayed: `python bench/fuzz.py --ruleset campaign_trail --games 300`."""
from __future__ import annotations

import pytest

from engine.campaign_trail.ruleset import RULESET as R
from tests.engine.campaign_trail import harness
from tests.engine.fuzz_report import FuzzReport
from tests.fuzzing import Fuzzer, play_games

# Games per player count and module setting: every check runs on every count, dirty play offers each dirty action
# and more than one party wins, in about 8 s a setting (the fixture's setup, charged to its first test).
GAMES = 2
COUNTS = (2, 3, 4, 5, 6)
VARIANTS: dict[str, tuple[int, bool]] = {f"{count}p{' dirty' if dirty else ''}": (count, dirty)
                                         for dirty in (False, True) for count in COUNTS}


def _game(variant: str, seed: int, replay_journal: bool = True) -> FuzzReport:
    count, dirty = VARIANTS[variant]
    return harness.fuzz_game(count, seed, dirty, replay_journal)


FUZZER = Fuzzer(tuple(VARIANTS), _game)  # bench/fuzz.py's: every game replays its journal
# The test's: game 0 of each variant replays its journal (a replay costs as much as the game)
SAMPLE = Fuzzer(tuple(VARIANTS), lambda variant, n: _game(variant, n, replay_journal=n == 0))


@pytest.fixture(scope="module", params=[False, True], ids=["standard", "dirty_politics"])
def report(request) -> FuzzReport:
    """Each player count with the Dirty Politics module off, then on."""
    played = play_games(SAMPLE, [v for v, (_, dirty) in VARIANTS.items() if dirty == request.param], range(GAMES))
    played.dirty = request.param
    return played


def _fail(report: FuzzReport, category: str) -> str:
    return f"{category} in {report.games} games:\n" + "\n".join(report.of(category))


def test_every_game_ran_to_the_end(report) -> None:
    # Speed is measured by bench/, not here: a timed assertion fails on a busy machine, not on a bug.
    assert report.games == GAMES * len(COUNTS)
    print(f"\n{report.games} games, {report.steps} steps in {report.seconds:.1f} s (longest {report.longest})")


@pytest.mark.parametrize("category", ["crash", "dead_end", "runaway", "invariant", "mutation", "replay", "leak", "menu"])
def test_no_problems(report, category) -> None:
    assert not report.of(category), _fail(report, category)


def test_dirty_games_play_dirty(report) -> None:
    """The module setting is real: with it on the bots take dirty actions, with it off none is ever offered."""
    from engine.campaign_trail.vocabulary import DIRTY_ACTIONS

    seen = {a.verb for a in report.actions} & set(DIRTY_ACTIONS)
    assert seen == (set(DIRTY_ACTIONS) if report.dirty else set()), seen


def test_every_game_has_a_winner(report) -> None:
    assert sum(report.outcomes.values()) == report.games
    assert len({w for w in report.outcomes if "," not in w}) >= 2  # random play: more than one party wins


def test_notation_round_trips_every_option_seen(report) -> None:
    bad = [a for a in report.actions if R.parse(R.format([a])) != [a]]
    assert not bad, bad[:10]


def test_checks_are_not_vacuous() -> None:
    from engine.campaign_trail import rules

    state = R.setup({}, rules.seat_names(3), 1)
    broken = state.model_copy(deep=True)
    broken.voters["VA"]["DEM"] += 1
    broken.parties["REP"].money = -10
    broken.players["DEM"].hand.append(broken.decks[0][0])
    found = " ".join(rules.problems(broken))
    assert "not conserved" in found and "negative" in found and "cards not conserved" in found
