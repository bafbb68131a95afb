"""Random-legal-move games of Campaign Trail, with every check run as the games are played.

A seeded `Rng` picks a random seat among those owing a move and a uniformly random option of its
decisions() until outcome() is set. After every step: the ruleset's invariants (voters, cards and
money conserved, 538 EV, hand sizes, turn order), apply() never mutating its input, and a leak check
of the public view and every seat's view. At the end the journal is replayed to the same state hash.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable

from engine.campaign_trail import advanced_solo, dirty_solo, rules, solo
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, replay, state_hash
from tests.engine.fuzz_report import FuzzReport

MAX_STEPS = 3000


def game_options(count: int, seed: int, dirty: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"dirty": True} if dirty else {}
    if count in (2, 4):
        pairs = (["DEM", "REP"], ["DEM", "LIB"], ["LIB", "REP"])
        out["parties"] = pairs[seed % 3]
    if count == 5:
        out["solo"] = ("DEM", "REP", "LIB")[seed % 3]
    return out


MUTATION_EVERY = 5  # the mutation check serialises the state twice a step: one game in five is enough to catch it


def fuzz_game(count: int, seed: int, dirty: bool = False, replay_journal: bool = True) -> FuzzReport:
    """One random game of `count` players (Dirty Politics on if `dirty`), its findings in a report; the journal
    replayed at the end unless `replay_journal` is False (the replay costs as much as the game)."""
    report = FuzzReport()
    _one_game(count, seed, report, check_mutation=seed % MUTATION_EVERY == 0, dirty=dirty,
              replay_journal=replay_journal)
    return report


def _one_game(count: int, seed: int, report: FuzzReport, *, check_mutation: bool, dirty: bool = False,
              replay_journal: bool = True) -> None:
    options = game_options(count, seed, dirty)
    seats = rules.seat_names(count, options)
    rng = Rng(seed * 7919 + count)
    state = R.setup(options, seats, seed)
    journal: list[tuple[str, str]] = []
    where = f"{count}p{' dirty' if dirty else ''} seed {seed}"
    for p in rules.problems(state):
        report.add("invariant", f"{where} setup: {p}")
    for step in range(1, MAX_STEPS + 1):
        if R.outcome(state) is not None:
            break
        owing = owing_seats(R, state)
        if not owing:
            report.add("dead_end", f"{where} step {step}: nobody owes a move (phase {state.phase})")
            return
        seat = rng.choice(owing)
        options_now = R.decisions(state, seat).all_options()
        if len(options_now) > 25:
            report.add("menu", f"{where} step {step}: {seat} has {len(options_now)} options (a Discord menu holds 25)")
        action = rng.choice(options_now).action
        report.actions.update(o.action for o in options_now)
        before = state.model_dump_json() if check_mutation else None
        result = play(R, state, seat, [action])
        if before is not None and state.model_dump_json() != before:
            report.add("mutation", f"{where} step {step}: apply mutated its input")
        new = result.state
        for p in rules.problems(new):
            report.add("invariant", f"{where} step {step} ({seat}: {action}): {p}")
        if new.round < state.round and new.phase != "over":
            report.add("invariant", f"{where} step {step}: the round went back")
        if step % 4 == 0 or new.phase != state.phase or new.month != state.month:
            _leaks(new, report, f"{where} step {step}")
        journal.append((seat, R.format([action])))
        state = new
        report.steps += 1
    else:
        report.add("runaway", f"{where}: still running after {MAX_STEPS} steps")
        return
    report.longest = max(report.longest, len(journal))
    outcome = R.outcome(state)
    total = sum(state.final_ev.values())
    if total != 538:
        report.add("invariant", f"{where}: final EV {state.final_ev} sum to {total}")
    if owing_seats(R, state):
        report.add("invariant", f"{where}: seats owe moves after the outcome")
    report.outcomes[",".join(outcome.winners)] += 1
    if not replay_journal:
        return
    again = replay(R, options, seats, seed, journal)
    if state_hash(again) != state_hash(state):
        report.add("replay", f"{where}: replaying {len(journal)} moves gives another state hash")


def hidden_cards(state: Any, viewer: str | None) -> set[int]:
    """Cards in the hands of every party other than the viewer's."""
    mine = state.players[viewer].party if viewer else None
    return {n for x, p in state.players.items() if p.party != mine for n in p.hand}


def hidden_candidates(state: Any, viewer: str | None) -> set[str]:
    mine = state.players[viewer].party if viewer else None
    out: set[str] = set()
    for p in state.players.values():
        if p.party == mine:
            continue
        out.update(x for x in p.offer if x != p.candidate or state.phase == "candidate")
    return out


def _leaks(state: Any, report: FuzzReport, where: str) -> None:
    for viewer in [None, *state.seats]:
        text = R.view(state, viewer).model_dump_json()
        numbers = set(map(int, re.findall(r'"number":(\d+)', text)))
        for n in hidden_cards(state, viewer) & numbers:
            report.add("leak", f"{where}: card #{n} of another party's hand is in {viewer or 'the public'} view")
        for cid in hidden_candidates(state, viewer):
            if f'"{cid}"' in text:
                report.add("leak", f"{where}: candidate {cid} (another party's secret) is in {viewer or 'the public'} view")


# ---------------------------------------------------------------- Solo Play (Basic and Advanced) random games


class SoloGame:
    """One random-legal-move game against AI parties: after every step the invariants, no mutation of the input
    (every 7th step), no leak (every 5th) and no AI turn waiting on a human (`waits(state)`: what waits, if
    anything); `on_step(before, after)` sees each step. At the end: the final EV and, if `replay_journal`, the
    journal's replay.
    Each problem is in `found` and counted in `kinds` by its check (see `note`), so a long run can tally them."""

    def __init__(self, options: dict[str, Any], count: int, seed: int, salt: int, max_steps: int,
                 replay_journal: bool = True) -> None:
        self.options, self.seed, self.replay_journal = options, seed, replay_journal
        self.seats = rules.seat_names(count, options)
        self.state = R.setup(options, self.seats, seed)
        self.rng = Rng(seed * salt + count)
        self.max_steps = max_steps
        self.found: list[str] = []
        self.kinds: Counter[str] = Counter()
        self.seen: dict[str, int] = {}
        self.journal: list[tuple[str, str]] = []
        self.ended_by_decks = False  # set by the variant's end checks

    def note(self, kind: str, problems: list[str]) -> None:
        """Problems of one check: `dead_end`, `invariant` (conservation and structure), `mutation`, `leak`, `wait`
        (an AI turn waiting on a human), `replay`, `final_ev` or `end` (the game did not end as the decks say)."""
        if problems:
            self.found += problems
            self.kinds[kind] += len(problems)

    def play_out(self, waits: Any, on_step: Any = None) -> bool:
        """Play to the end; False (with the problem noted) on a dead end or a runaway game."""
        report = FuzzReport()
        for step in range(1, self.max_steps + 1):
            state = self.state
            if R.outcome(state) is not None:
                break
            owing = owing_seats(R, state)
            if not owing:
                self.note("dead_end", [f"step {step}: nobody owes a move (phase {state.phase})"])
                return False
            self.note("wait", [f"step {step}: {w}" for w in waits(state)])
            seat = self.rng.choice(owing)
            action = self.rng.choice(R.decisions(state, seat).all_options()).action
            self.seen[action.verb] = self.seen.get(action.verb, 0) + 1
            before = state.model_dump_json() if step % 7 == 0 else None
            new = play(R, state, seat, [action]).state
            if before is not None and state.model_dump_json() != before:
                self.note("mutation", [f"step {step}: apply mutated its input"])
            self.note("invariant", [f"step {step} ({seat}: {action}): {p}" for p in rules.problems(new)])
            if step % 5 == 0:
                _leaks(new, report, f"step {step}")
            if on_step is not None:
                on_step(state, new)
            self.journal.append((seat, R.format([action])))
            self.state = new
        else:
            self.note("dead_end", [f"still running after {self.max_steps} steps"])
            return False
        self.note("leak", [f"leak: {x}" for x in report.of("leak")])
        if sum(self.state.final_ev.values()) != 538:
            self.note("final_ev", [f"final EV {self.state.final_ev}"])
        if not self.replay_journal:
            return True
        again = replay(R, self.options, self.seats, self.seed, self.journal)
        if state_hash(again) != state_hash(self.state):
            self.note("replay", [f"replaying {len(self.journal)} moves gives another state hash"])
        return True


BASIC_SOLO_MAX_STEPS = 3000
ADVANCED_SOLO_MAX_STEPS = 4000


def basic_solo_game(options: dict[str, Any], count: int, seed: int, replay_journal: bool = True) -> SoloGame:
    """A random game against the Basic Solo Play deck's AI parties, with its checks: no AI turn waits on a human,
    and the game ends with the AI decks empty."""
    game = SoloGame(options, count, seed, salt=31, max_steps=BASIC_SOLO_MAX_STEPS, replay_journal=replay_journal)

    def waits(state: Any) -> list[str]:
        ai_turn = state.solo.window is None and state.phase == "play" and rules.current_party(state) in state.solo.ai
        return ["an AI party's turn waits on a human"] if ai_turn else []

    if game.play_out(waits):
        state = game.state
        game.ended_by_decks = not any(state.solo.decks)
        if not game.ended_by_decks:
            game.note("end", ["the game ended with cards in the AI decks"])
        game.seen["_won_by_ai" if set(state.winners) <= set(state.solo.ai) else "_won_by_humans"] = 1
    return game


def advanced_solo_game(options: dict[str, Any], count: int, seed: int, replay_journal: bool = True) -> SoloGame:
    """A random game with the Advanced Solo Deck, with its checks: no AI turn (nor AI debate turn) waits on a
    human, the game ends when the AI parties' October stacks run out, and every AI party debates every round."""
    game = SoloGame(options, count, seed, salt=37, max_steps=ADVANCED_SOLO_MAX_STEPS,
                    replay_journal=replay_journal)
    debates_with_ai = 0

    def waits(state: Any) -> list[str]:
        out = []
        if not advanced_solo.waiting(state) and state.phase == "play" \
                and rules.current_party(state) in state.advanced.ai:
            out.append("an AI party's turn waits on a human")
        if state.phase == "debate" and not state.debate.orator \
                and state.debate.seats[state.debate.index] in state.advanced.ai:
            out.append("an AI party's debate turn waits on a human")
        return out

    def on_step(before: Any, after: Any) -> None:
        nonlocal debates_with_ai
        if after.phase == "debate" and before.phase != "debate":
            debates_with_ai += all(p in after.debate.seats for p in after.advanced.ai)

    if game.play_out(waits, on_step):
        state = game.state
        game.ended_by_decks = state.month == 2 and not any(m for d in state.advanced.decks.values() for m in d.months)
        if not game.ended_by_decks:
            game.note("end", ["the game ended before the AI parties' October stacks ran out"])
        if debates_with_ai != 2:
            game.note("end", [f"{debates_with_ai} debates with every AI party debating, not 2"])
        if any(len(d.debated) != 6 and d.debate for d in state.advanced.decks.values()):  # 3 rounds x 2 debates
            game.note("end", ["an AI party did not debate every round"])
        game.seen["_won_by_ai" if set(state.winners) <= set(state.advanced.ai) else "_won_by_humans"] = 1
    return game


DIRTY_SOLO_MAX_STEPS = 4000


def _dirty_track_problems(state: Any) -> list[str]:
    """Each AI party's voters: the map plus the track is exactly what it took from the supply."""
    out = []
    for party in dirty_solo.ai_parties(state):
        ps = state.parties[party]
        on_map = sum(row[party] for row in state.voters.values())
        if on_map + ps.registered != ps.out_of_supply:
            out.append(f"{party}: {on_map} on the map + {ps.registered} on the track != {ps.out_of_supply} out of supply")
        if not 0 <= ps.registered <= solo.TRACK_MAX:
            out.append(f"{party}: {ps.registered} on a track of {solo.TRACK_MAX}")
    return out


def _dirty_waits(state: Any) -> list[str]:
    if state.phase != "play" or rules.current_party(state) not in dirty_solo.ai_parties(state):
        return []
    if state.solo is not None and state.solo.window is None:
        return ["an AI party's turn waits on a human"]
    if state.advanced is not None and not advanced_solo.waiting(state):
        return ["an AI party's turn waits on a human"]
    return []


def dirty_solo_game(options: dict[str, Any], count: int, seed: int, replay_journal: bool = True) -> SoloGame:
    """A random game of Dirty Politics against AI parties (Basic or Advanced deck), with its checks: every AI
    party's voters conserved between the supply, its track and the map, the track within its ten spaces, and the
    game ending when the AI decks say. `seen["_ai_hit"]` counts the steps where a dirty action or trick took an AI
    party's voters (its own turns only move voters from the track to the map, or add to them)."""
    game = SoloGame(options, count, seed, salt=41, max_steps=DIRTY_SOLO_MAX_STEPS, replay_journal=replay_journal)

    def on_step(before: Any, after: Any) -> None:
        game.note("invariant", _dirty_track_problems(after))
        for party in dirty_solo.ai_parties(after):
            if after.parties[party].out_of_supply < before.parties[party].out_of_supply:
                game.seen["_ai_hit"] = game.seen.get("_ai_hit", 0) + 1

    if game.play_out(_dirty_waits, on_step):
        state = game.state
        early = []
        if state.solo is not None and any(state.solo.decks):
            early.append("the game ended with cards in the AI decks")
        if state.advanced is not None and (state.month != 2 or any(m for d in state.advanced.decks.values()
                                                                   for m in d.months)):
            early.append("the game ended before the AI parties' October stacks ran out")
        game.note("end", early)
        game.ended_by_decks = not early
    return game


def run_solo_games(name: str, game: Callable[..., SoloGame], options: dict[str, Any], count: int, games: int,
                   replayed: int = 1) -> tuple[list[str], Counter]:
    """`games` seeded games of one Solo Play variant (`game`: basic_solo_game, advanced_solo_game or
    dirty_solo_game): every problem found (named by variant and seed) and the verbs seen over all of them, for the
    fuzz tests' "nothing found, and not vacuous" checks. The first `replayed` games replay their journal (the
    replay costs as much as the game; bench/fuzz_campaign_trail_solo.py replays every game)."""
    problems: list[str] = []
    seen: Counter = Counter()
    for seed in range(games):
        played = game(options, count, seed, replay_journal=seed < replayed)
        problems += [f"{name} seed {seed}: {p}" for p in played.found]
        seen += Counter(played.seen)
    return problems, seen
