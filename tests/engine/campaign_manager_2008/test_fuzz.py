"""Seeded Campaign Manager 2008 games drawing only from decisions(), drafted and starter decks, with the
built-in bot and with random legal moves.

Checked at every step: the invariants (engine/campaign_manager_2008/invariants.py), at most 60 options in a
list, parse(format(a)) == a for the legal actions, apply never mutates its input, and no dead end (someone
always owes a move until the game is over). At the end: the game ended (a win at 270+ or the 269–269 draw,
its outcome consistent with the scores) and replaying the journal gives the same state (game 0 of each mode;
every game in the bench).
The test plays a seeded sample; thousands of the same games: `python bench/fuzz.py --ruleset
campaign_manager_2008 --games 500`.
"""
from __future__ import annotations

from engine.campaign_manager_2008.invariants import invariant_problems
from engine.campaign_manager_2008.ruleset import RULESET as R
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, replay, state_hash
from tests.engine.fuzz_report import FuzzReport
from tests.fuzzing import Fuzzer, all_problems, game_findings, option_problems, play_games

GAMES = 4  # per mode: every check on every mode and both sides winning, in about 10 s
SEATS = ["OBA", "MCC"]
MAX_STEPS = 3_000  # a drafted game is ~34 setup steps and rarely 300 turns: more is a runaway
# (deck option, how moves are picked): "bot" = the built-in bot, "random" = any legal option, "mixed" = either
MODES = (("starter", "bot"), ("starter", "random"), ("draft", "mixed"), ("draft", "random"))


def _game(deck: str, how: str, seed: int, check_all: bool, replay_journal: bool) -> tuple[int, list[str], str]:
    options = {"deck": deck}
    state = R.setup(options, SEATS, seed)
    rng = Rng(seed * 7919 + len(deck) + len(how))
    journal: list[tuple[str, str]] = []
    problems = [f"setup: {p}" for p in invariant_problems(state)]
    steps = 0
    while R.outcome(state) is None and not problems:
        owing = owing_seats(R, state)
        if not owing:
            return steps, [f"dead end at step {steps} (phase {state.phase}, turn {state.turn})"], ""
        seat = owing[rng.below(len(owing))]
        options_ = R.decisions(state, seat).options
        problems += option_problems(R, options_, seat, steps, round_trip=check_all or steps % 5 == 0)
        use_bot = how == "bot" or (how == "mixed" and rng.below(2))
        action = R.bot_action(state, seat, rng) if use_bot else options_[rng.below(len(options_))].action
        if not any(o.action == action for o in options_):
            problems.append(f"step {steps}: the bot chose {action.notation()}, not an option")
        before = state_hash(state)
        after = play(R, state, seat, [action]).state
        if state_hash(state) != before:
            problems.append(f"apply mutated its input at step {steps}")
        state = after
        journal.append((seat, R.format([action])))
        problems += [f"step {steps} ({seat} {action.notation()}): {p}" for p in invariant_problems(state)]
        steps += 1
        if steps > MAX_STEPS:
            problems.append(f"runaway game: {steps} steps, scores "
                            f"{ {s: state.sides[s].score for s in SEATS} }, {len(state.in_play)} states in play")
    if problems:
        return steps, problems, ""
    out = R.outcome(state)
    scores = {s: state.sides[s].score for s in SEATS}
    if out.draw:
        if scores != {"OBA": 269, "MCC": 269} or state.in_play or state.pool:
            problems.append(f"a draw with {scores}, {len(state.in_play)} in play, {len(state.pool)} in the pool")
    elif len(out.winners) != 1 or scores[out.winners[0]] < 270:
        problems.append(f"winners {out.winners} with {scores}")
    elif scores[state.other(out.winners[0])] >= 270:
        problems.append(f"both sides at 270+: {scores}")
    if replay_journal and state_hash(replay(R, options, SEATS, seed, journal)) != state_hash(state):
        problems.append("replaying the journal gives another state")
    return steps, problems, "draw" if out.draw else out.winners[0]


def _fuzz_game(variant: str, game: int, replay_journal: bool = True) -> FuzzReport:
    m = FUZZER.variants.index(variant)
    deck, how = MODES[m]
    seed = 10_000 * m + game
    steps, found, end = _game(deck, how, seed, check_all=game == 0, replay_journal=replay_journal)
    return game_findings(f"{variant} game {game} (seed {seed})", steps, found, end)


FUZZER = Fuzzer(tuple(f"{deck}/{how}" for deck, how in MODES), _fuzz_game)  # bench/fuzz.py's: every game replays
# The test's: game 0 of each mode replays its journal (a replay costs as much as the game)
SAMPLE = Fuzzer(FUZZER.variants, lambda variant, n: _fuzz_game(variant, n, replay_journal=n == 0))


def test_random_games_end_cleanly() -> None:
    report = play_games(SAMPLE, SAMPLE.variants, range(GAMES))
    ends = dict(report.outcomes)
    print(f"\n{report.games} games, {report.steps} steps in {report.seconds:.1f} s; ends {ends}")
    assert not all_problems(report), "\n".join(all_problems(report))
    assert ends.get("OBA", 0) and ends.get("MCC", 0), f"one side never wins: {ends}"


def test_checks_are_not_vacuous() -> None:
    """The invariants every fuzz step runs catch a planted break: a score off its states, a card twice, 538 EV."""
    state = R.setup({"deck": "starter"}, SEATS, 1)
    assert not invariant_problems(state)
    broken = state.model_copy(deep=True)
    broken.sides["OBA"].score += 3
    broken.sides["MCC"].hand.append(broken.sides["MCC"].hand[0])
    found = " ".join(invariant_problems(broken))
    assert "OBA score" in found and "MCC cards" in found and "538" in found, found
