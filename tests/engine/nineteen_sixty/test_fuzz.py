"""Seeded random games of 1960: The Making of the President, both seats picking any legal option through
`engine.core.ruleset.play` (so each step's legality is checked), with the options off, both on
(`vp=on`, `restricted=on`) and each alone.

Checked at every step: someone owes a move until the outcome (no dead end), the invariants
(engine/nineteen_sixty/invariants.py), the option lists (tests/fuzzing.py: at most 60, parse(format(a)) == a),
the deadline default is one of the options, a step that may be taken back posts nothing, apply never mutates
its input, the rules' bookkeeping holds (`_rule_problems`) and the stored state round-trips through
`load_state(model_dump_json())` (every step of game 0, every 5th of the others). At the end: the game ended
within the step budget with a result consistent with the tally, and replaying the journal from the same seed
reaches the same state hash (game 0 of each option set; every game in the bench).
The test plays a seeded sample; thousands of the same games: `python bench/fuzz.py --ruleset nineteen_sixty
--games 300` (1,200 games).
"""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.core.posting import EMPTY
from engine.core.ruleset import owing_seats, play, play_posted, replay, state_hash
from engine.nineteen_sixty.invariants import invariant_problems
from engine.nineteen_sixty.primitives import c, ev_of
from engine.nineteen_sixty.ruleset import RULESET as R
from engine.nineteen_sixty.state import SEATS, NSState
from tests.engine.fuzz_report import FuzzReport
from tests.fuzzing import MAX_OPTIONS, Fuzzer, all_problems, game_findings, option_problems, play_games

GAMES = 3  # per option set: every check on every option set and both sides winning, in about 8 s
MAX_STEPS = 3_000  # a random game is ~250 steps: far more is a runaway
OPTION_SETS: tuple[dict[str, str], ...] = ({}, {"vp": "on", "restricted": "on"}, {"vp": "on"}, {"restricted": "on"})


def _option_problems(state: NSState, options: list[Any], seat: str, step: int, round_trip: bool) -> list[str]:
    return option_problems(R, options, seat, step, round_trip=round_trip)


def _rule_problems(state: NSState) -> list[str]:
    """What the rules imply beyond the invariants: the endorsement cards are all in their deck or used, the bag
    never runs negative, a trigger window belongs to a CP play of a card, each new turn's hands are full, and the
    Campaign Strategy stacks never hold more than the phases set aside."""
    rules = c().rules
    problems = []
    if sorted(state.endorsement_deck + state.endorsement_used) != sorted(c().endorsements):
        problems.append(f"endorsement cards misplaced: deck {state.endorsement_deck}, used {state.endorsement_used}")
    if any(n < 0 for n in state.bag.counts.values()):
        problems.append(f"bag {state.bag.counts}")
    if state.window is not None and (state.play is None or state.play.stage != "window" or state.play.card is None):
        problems.append(f"a trigger window without a CP play of a card: {state.play}")
    if state.phase == "initiative" and state.starter is None:
        n = rules.hand_size.before_debates if state.turn < rules.debate_turn else rules.hand_size.after_debates
        sizes = {s: len(state.sides[s].hand) for s in ("K", "N")}
        if any(v != n for v in sizes.values()):
            problems.append(f"turn {state.turn} starts with hands of {sizes}, not {n}")
    most = rules.strategy_cards.before_debates * (rules.debate_turn - 1) if state.turn <= rules.debate_turn \
        else rules.strategy_cards.after_debates * (rules.election_turn - rules.debate_turn - 1)
    if any(len(state.sides[s].strategy) > most for s in ("K", "N")):
        problems.append(f"Campaign Strategy stacks over {most}: {[state.sides[s].strategy for s in ('K', 'N')]}")
    return problems


def _end_problems(state: NSState) -> list[str]:
    """The result follows from the tally: every state went to someone (or was unpledged), the winner has more
    votes or wins the tie-break, and the outcome says the same."""
    out = R.outcome(state)
    problems = []
    votes = state.votes
    unawarded_ev = sum(ev_of(code) for code in state.unawarded)
    if sum(votes.values()) + unawarded_ev != c().rules.ev_total:
        problems.append(f"votes {votes} + unawarded {unawarded_ev} do not make {c().rules.ev_total}")
    if any(not state.support.get(code) for code in c().states):
        problems.append("a state is still empty after Election Day")
    if out is None:
        return problems + ["no outcome"]
    if out.draw:
        if votes["KEN"] != votes["NIX"]:
            problems.append(f"a draw at {votes}")
    elif len(out.winners) != 1 or out.winners[0] != state.winner:
        problems.append(f"winners {out.winners}, state says {state.winner}")
    elif votes[state.winner] < votes[state.other(state.winner)]:
        problems.append(f"{state.winner} wins with fewer votes: {votes}")
    if out.scores != votes:
        problems.append(f"outcome scores {out.scores} are not the tally {votes}")
    return problems


def _game(options: dict[str, str], seed: int, check_all: bool, replay_journal: bool) -> tuple[int, list[str], str]:
    started = R.start(options, list(SEATS), seed)
    state, posting = started.state, R.post(EMPTY, started)[1]
    rng = Rng(seed * 7919 + len(options))
    journal: list[tuple[str, str]] = []
    problems = [f"setup: {p}" for p in invariant_problems(state)]
    stored = state.model_dump_json()
    steps = 0
    while R.outcome(state) is None and not problems:
        owing = owing_seats(R, state)
        if not owing:
            return steps, [f"dead end at step {steps} (turn {state.turn}, phase {state.phase}, step {state.step})"], ""
        seat = owing[rng.below(len(owing))]
        decision = R.decisions(state, seat)
        options_ = decision.options
        problems += _option_problems(state, options_, seat, steps, check_all or steps % 5 == 0)
        if not any(o.action.notation() == decision.deadline_default for o in options_):
            problems.append(f"step {steps}: deadline default `{decision.deadline_default}` is not an option")
        action = options_[rng.below(len(options_))].action
        played = play_posted(R, state, posting, seat, [action])
        result, after, posting = played.result, played.result.state, played.posting
        if result.undoable and any(e.public for e in result.events):
            problems.append(f"step {steps}: `{action}` may be taken back yet posted {result.events[0].public!r}")
        if state.model_dump_json() != stored:
            problems.append(f"apply mutated its input at step {steps}")
        state = after
        journal.append((seat, R.format([action])))
        where = f"step {steps} ({seat} {action.notation()}, turn {state.turn} {state.phase})"
        problems += [f"{where}: {p}" for p in invariant_problems(state) + _rule_problems(state)]
        stored = state.model_dump_json()
        if (check_all or steps % 5 == 0) and R.load_state(stored).model_dump_json() != stored:
            problems.append(f"{where}: the stored state does not load back the same")
        steps += 1
        if steps > MAX_STEPS:
            problems.append(f"runaway game: {steps} steps, turn {state.turn}, phase {state.phase}")
    if problems:
        return steps, problems, ""
    if owing_seats(R, state):
        problems.append(f"someone still owes a move after the outcome: {owing_seats(R, state)}")
    problems += _end_problems(state)
    if replay_journal and state_hash(replay(R, options, list(SEATS), seed, journal)) != state_hash(state):
        problems.append("replaying the journal from the same seed gives another state")
    out = R.outcome(state)
    return steps, problems, "draw" if out is None or out.draw else out.winners[0]


def _fuzz_game(variant: str, game: int, replay_journal: bool = True) -> FuzzReport:
    m = FUZZER.variants.index(variant)
    seed = 10_000 * m + game
    steps, found, end = _game(OPTION_SETS[m], seed, check_all=game == 0, replay_journal=replay_journal)
    return game_findings(f"{variant} game {game} (seed {seed})", steps, found, end)


FUZZER = Fuzzer(tuple(" ".join(f"{k}={v}" for k, v in o.items()) or "no options" for o in OPTION_SETS),
                _fuzz_game)  # bench/fuzz.py's: every game replays its journal
# The test's: game 0 of each option set replays its journal (a replay costs as much as the game)
SAMPLE = Fuzzer(FUZZER.variants, lambda variant, n: _fuzz_game(variant, n, replay_journal=n == 0))


def test_random_games_end_cleanly() -> None:
    report = play_games(SAMPLE, SAMPLE.variants, range(GAMES))
    ends = dict(report.outcomes)
    print(f"\n{report.games} games, {report.steps} steps in {report.seconds:.1f} s; ends {ends}")
    assert not all_problems(report), "\n".join(all_problems(report))
    steps, games = report.steps, report.games
    assert steps > games * 100, f"games too short to mean anything: {steps} steps in {games} games"
    assert ends.get("KEN", 0) and ends.get("NIX", 0), f"one side never wins: {ends}"


def test_a_replay_from_another_seed_differs() -> None:
    """The replay check can fail: the same journal from another seed does not reach the same state (or is
    refused on the way)."""
    state = R.setup({}, list(SEATS), 1)
    rng = Rng(1)
    journal = []
    for _ in range(40):
        seat = owing_seats(R, state)[0]
        action = R.decisions(state, seat).options[rng.below(len(R.decisions(state, seat).options))].action
        state = play(R, state, seat, [action]).state
        journal.append((seat, R.format([action])))
    assert state_hash(replay(R, {}, list(SEATS), 1, journal)) == state_hash(state)
    try:
        other = state_hash(replay(R, {}, list(SEATS), 2, journal))
    except EngineError:  # a journal refused under another deal is a difference too
        other = "refused"
    assert other != state_hash(state)


@pytest.mark.parametrize("options,seed,asleep", [({}, 5, SEATS), ({"vp": "on", "restricted": "on"}, 6, SEATS),
                                                 ({}, 7, ("NIX",)), ({"vp": "on"}, 8, ("KEN",))])
def test_deadline_actions_finish_a_game(options: dict[str, str], seed: int, asleep: tuple[str, ...]) -> None:
    """The seats asleep play only the deadline's default (the others any legal option), and the game still
    reaches its outcome."""
    state = R.setup(options, list(SEATS), seed)
    rng = Rng(seed)
    steps = 0
    while R.outcome(state) is None:
        owing = owing_seats(R, state)
        assert owing, f"dead end at step {steps} (turn {state.turn}, phase {state.phase})"
        seat = owing[0]
        options_ = R.decisions(state, seat).options
        action = R.deadline_action(state, seat) if seat in asleep else options_[rng.below(len(options_))].action
        assert R.deadline_action(state, seat).notation() == R.decisions(state, seat).deadline_default
        state = play(R, state, seat, [action]).state
        assert not invariant_problems(state), (steps, invariant_problems(state))
        steps += 1
        assert steps < MAX_STEPS, "the deadline defaults never end the game"
    assert state.turn == c().rules.election_turn and state.phase == "over"
    assert not _end_problems(state)


def test_campaign_menu_fits_one_list() -> None:
    """A campaign asks for a state (`add NY`) and then its CP (`spend 3`), and travels by region: one list."""
    state = R.setup({}, list(SEATS), 3)
    rng = Rng(3)
    biggest = 0
    for _ in range(400):
        if R.outcome(state) is not None:
            break
        seat = owing_seats(R, state)[0]
        options = R.decisions(state, seat).options
        if state.play is not None and state.play.stage in ("campaign", "amount", "stop"):
            biggest = max(biggest, len(options))
        state = play(R, state, seat, [options[rng.below(len(options))].action]).state
    assert biggest, "no campaign menu seen"
    assert biggest <= MAX_OPTIONS, f"a campaign menu of {biggest} options"


def test_checks_are_not_vacuous() -> None:
    """The checks every fuzz step runs catch a planted break: a cube out of nowhere, negative momentum, an
    endorsement card twice; and the end checks refuse a game that has not ended."""
    state = R.setup({}, list(SEATS), 1)
    assert not invariant_problems(state) + _rule_problems(state)
    broken = state.model_copy(deep=True)
    broken.sides["K"].supply += 1
    broken.sides["N"].momentum = -1
    broken.endorsement_deck.append(broken.endorsement_deck[0])
    found = " ".join(invariant_problems(broken) + _rule_problems(broken))
    assert "cubes accounted for" in found and "momentum -1" in found and "endorsement cards misplaced" in found
    assert "no outcome" in _end_problems(state)
