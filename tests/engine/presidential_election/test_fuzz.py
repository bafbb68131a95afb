"""Seeded random games of Presidential Election drawing only from decisions(), for 2–6 players.

Checked at every step: the rulebook's invariants (money ≥ 0, votes only on ballot states, ≥ 1 vote on each,
the spending cap), every option list at most 60 long, parse(format(a)) == a for every legal action (in game 0;
every 7th step in the others), apply never mutates its input, and no dead end; at the end: every game ended
with equal turns, and replaying the journal gives the same state.
The test plays a seeded sample; thousands of the same games: `python bench/fuzz.py --ruleset
presidential_election --games 200`.
"""
from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, replay, state_hash
from engine.presidential_election.primitives import invariant_problems
from engine.presidential_election.ruleset import RULESET as R
from tests.engine.fuzz_report import FuzzReport
from tests.fuzzing import Fuzzer, all_problems, game_findings, option_problems, play_games

GAMES = 1  # per player count, with every check at every step (a 6-player game takes over 2 s); bench/fuzz.py plays more
COUNTS = (2, 3, 4, 5, 6)
MAX_STEPS = 20_000


def _game(count: int, seed: int, check_all: bool) -> tuple[int, list[str]]:
    seats = R.seat_names(count)
    state = R.setup({}, seats, seed)
    rng = Rng(seed * 7919 + count)
    journal: list[tuple[str, str]] = []
    problems: list[str] = []
    steps = 0
    while R.outcome(state) is None:
        owing = owing_seats(R, state)
        if not owing:
            return steps, [f"dead end at step {steps} (phase {state.phase})"]
        seat = owing[rng.below(len(owing))]
        options = R.decisions(state, seat).options
        problems += option_problems(R, options, seat, steps, round_trip=check_all or steps % 7 == 0)
        action = R.bot_action(state, seat, rng) if rng.below(2) else options[rng.below(len(options))].action
        before = state_hash(state)
        state_after = play(R, state, seat, [action]).state
        if state_hash(state) != before:
            problems.append(f"apply mutated its input at step {steps}")
        state = state_after
        journal.append((seat, R.format([action])))
        problems += [f"step {steps}: {p}" for p in invariant_problems(state)]
        steps += 1
        if steps > MAX_STEPS or problems:
            return steps, problems or ["runaway game"]
    turns = {p.turns for p in state.players.values()}
    if len(turns) != 1:
        problems.append(f"unequal turns at the end: { {s: p.turns for s, p in state.players.items()} }")
    if state_hash(replay(R, {}, seats, seed, journal)) != state_hash(state):
        problems.append("replaying the journal gives another state")
    return steps, problems


def _fuzz_game(variant: str, game: int) -> FuzzReport:
    count = COUNTS[FUZZER.variants.index(variant)]
    steps, found = _game(count, 1000 * count + game, check_all=game == 0)
    return game_findings(f"{count} players, game {game}", steps, found)


FUZZER = Fuzzer(tuple(f"{count} players" for count in COUNTS), _fuzz_game)


@pytest.mark.parametrize("variant", FUZZER.variants)
def test_random_games_end_cleanly(variant: str) -> None:
    report = play_games(FUZZER, [variant], range(GAMES))
    print(f"\n{report.games} games, {report.steps} steps in {report.seconds:.1f} s")
    assert not all_problems(report), "\n".join(all_problems(report))


def test_checks_are_not_vacuous() -> None:
    """The invariants every fuzz step runs catch a planted break: money below 0, votes off the ballot states."""
    seats = R.seat_names(2)
    state = R.setup({}, seats, 1)
    assert not invariant_problems(state)
    broken = state.model_copy(deep=True)
    broken.players[seats[0]].money = -5
    broken.players[seats[0]].votes["ZZ"] = 0
    found = " ".join(invariant_problems(broken))
    assert "money -5" in found and "unknown state ZZ" in found and "0 votes" in found, found
