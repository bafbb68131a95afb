"""Random-legal-move games of Electioneer US, with every check run as the games are played.

Each game: a seeded `Rng` picks a random seat among those owing a move and a uniformly random
entry of that seat's `decisions().options + extras`, until `outcome()` is set. After every step
the invariants and the leak checks run; at the end the journal is replayed. Problems are
collected by category, so one test per category can report them (see conftest.py).
"""
from __future__ import annotations

import re
import time
from collections import Counter
from typing import Any

from engine.electioneer import rules
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, replay, state_hash
from engine.core.types import Action, Event
from tests.engine.fuzz_report import FuzzReport
from tests.fuzzing import Fuzzer
from engine.electioneer import content as content_mod
from engine.electioneer.ruleset import RULESET as R

# The session's seeded sample (conftest.py): every check, every theatrics variant and both winners, in a few
# seconds. Thousands of games: `python bench/fuzz.py --ruleset electioneer --games 1000`.
FUZZ_GAMES = 50
MUTATION_EVERY = 10  # the mutation check serialises the state twice: one game in ten is enough to catch it

SEATS = ["DEM", "REP"]
MAX_STEPS = 200  # a game is 35 month steps + ≤ 6 theatrics + ready/re-ready: far below this
THEATRIC_VARIANTS = (3, 3, 3, 1, 0)  # mostly the full game, sometimes the guide's variants


def game_options(seed: int) -> dict[str, Any]:
    return {"theatrics": THEATRIC_VARIANTS[seed % len(THEATRIC_VARIANTS)]}


def random_game(seed: int) -> tuple[dict[str, Any], list[tuple[str, str]], Any]:
    """Play one random game; returns (options, journal, final state). No checks."""
    options = game_options(seed)
    rng = Rng(seed ^ 0x5EED)
    state = R.setup(options, SEATS, seed)
    journal: list[tuple[str, str]] = []
    for _ in range(MAX_STEPS):
        if R.outcome(state) is not None:
            break
        seat = rng.choice(owing_seats(R, state))
        d = R.decisions(state, seat)
        action = rng.choice(d.all_options()).action
        state = play(R, state, seat, [action]).state
        journal.append((seat, R.format([action])))
    return options, journal, state


def fuzz_game(variant: str, seed: int) -> FuzzReport:
    """Game `seed` of the one variant (two seats; the theatrics option follows the seed: `game_options`)."""
    report = FuzzReport()
    _one_game(seed, report, leaks=True, check_mutation=seed % MUTATION_EVERY == 0)
    return report


FUZZER = Fuzzer(("two seats",), fuzz_game)


def _one_game(seed: int, report: FuzzReport, *, leaks: bool, check_mutation: bool) -> None:
    c = content_mod.load()
    options = game_options(seed)
    rng = Rng(seed ^ 0x5EED)
    t = time.perf_counter
    t0 = t()
    state = R.setup(options, SEATS, seed)
    report.phase_seconds["play"] += t() - t0
    journal: list[tuple[str, str]] = []
    _invariants(None, state, None, None, c, report, seed, 0)
    for step in range(1, MAX_STEPS + 1):
        if R.outcome(state) is not None:
            break
        t0 = t()
        owing = owing_seats(R, state)
        report.phase_seconds["play"] += t() - t0
        if not owing:
            report.add("dead_end", f"seed {seed} step {step}: no seat owes a move but the game is not over "
                                   f"(phase {state.phase}, month {state.month})")
            return
        t0 = t()
        seat = rng.choice(owing)
        decision = R.decisions(state, seat)
        choices = decision.all_options()
        action = rng.choice(choices).action
        before = state.model_dump_json() if check_mutation else None
        result = play(R, state, seat, [action])
        report.phase_seconds["play"] += t() - t0
        t0 = t()
        for s in SEATS:
            report.actions.update(o.action for o in R.decisions(state, s).all_options())
        report.phase_seconds["collect"] += t() - t0
        if before is not None and state.model_dump_json() != before:
            report.add("mutation", f"seed {seed} step {step}: apply({seat}, {action}) mutated its input state")
        t0 = t()
        _invariants(state, result.state, seat, action, c, report, seed, step)
        report.phase_seconds["invariants"] += t() - t0
        if leaks:
            t0 = t()
            _leaks(state, result.state, result.events, c, report, seed, step)
            report.phase_seconds["leaks"] += t() - t0
        journal.append((seat, R.format([action])))
        state = result.state
        report.steps += 1
    else:
        report.add("runaway", f"seed {seed}: still running after {MAX_STEPS} steps")
        return
    report.longest = max(report.longest, len(journal))
    _final(state, c, report, seed)
    t0 = t()
    again = replay(R, options, SEATS, seed, journal)
    if state_hash(again) != state_hash(state):
        report.add("replay", f"seed {seed}: replaying the {len(journal)}-move journal gives another state hash")
    report.phase_seconds["replay"] += t() - t0


# ---------------------------------------------------------------- invariants


def _months_resolved(state: Any) -> int:
    if state.phase in ("election", "over"):
        return 7
    return state.month if state.phase == "swap" else state.month - 1


HAND_BY_PHASE = {"discard": 5, "campaign": 4, "swap": 3, "election": 3, "over": 3}


def _invariants(old: Any, new: Any, seat: str | None, action: Action | None, c: Any,
                report: FuzzReport, seed: int, step: int) -> None:
    where = f"seed {seed} step {step}" + (f" ({seat}: {action})" if action else " (setup)")

    def bad(msg: str) -> None:
        report.add("invariant", f"{where}: {msg}")

    # the cheap `owes` used by views agrees with decisions(), the source of legality
    for s in SEATS:
        if rules.owes(new, s) != rules.decisions(new, s).owes_move:
            bad(f"rules.owes({s}) disagrees with decisions()")

    # policies: each party's 14 cards, each exactly once across hand + deck + platform
    for s in SEATS:
        p = new.players[s]
        zones = p.hand + p.deck + p.platform
        own = sorted(x.id for x in c.policies.values() if x.party == s)
        if sorted(zones) != own:
            bad(f"{s} policies not conserved: {sorted(Counter(zones) - Counter(own))} extra, "
                f"{sorted(Counter(own) - Counter(zones))} missing")
        if len(p.hand) != HAND_BY_PHASE[new.phase]:
            bad(f"{s} holds {len(p.hand)} policies in phase {new.phase} (expected {HAND_BY_PHASE[new.phase]})")
        if len(p.platform) != _months_resolved(new):
            bad(f"{s} platform has {len(p.platform)} policies after {_months_resolved(new)} months")
        if len(p.theatrics) > new.options.theatrics:
            bad(f"{s} holds {len(p.theatrics)} theatrics, more than dealt")
        if old is not None:
            before = old.players[s].theatrics
            if not set(p.theatrics) <= set(before):
                bad(f"{s} theatrics grew: {before} → {p.theatrics}")
            played = action is not None and action.verb == "play" and s == seat
            if len(before) - len(p.theatrics) != (1 if played else 0):
                bad(f"{s} theatrics {before} → {p.theatrics} after {action}")
    # issue tiles: 14 on boards + 14 in the deck, per-type counts as in issues.yaml
    on_boards = [t for b in new.boards.values() for t in b.issues]
    if len(on_boards) != 14 or len(new.issue_deck) != 14:
        bad(f"{len(on_boards)} issue tiles on boards and {len(new.issue_deck)} in the deck (expected 14 + 14)")
    counts = Counter(on_boards) + Counter(new.issue_deck)
    expected = {i.id: i.copies for i in c.issues.values()}
    if dict(counts) != expected:
        bad(f"issue tiles by type {dict(counts)} != issues.yaml {expected}")
    # months and reveals
    if not 1 <= new.month <= 7:
        bad(f"month {new.month}")
    if old is not None and new.month < old.month:
        bad(f"month went back {old.month} → {new.month}")
    upto = 7 if new.phase in ("election", "over") else new.month
    revealed = [code for code in new.order if new.boards[code].revealed]
    if revealed != new.order[:upto]:
        bad(f"revealed {revealed} in month {new.month} ({new.phase})")
    # outcome and owing
    outcome = R.outcome(new)
    if (outcome is not None) != (new.phase == "over"):
        bad(f"outcome {outcome} in phase {new.phase}")


def _final(state: Any, c: Any, report: FuzzReport, seed: int) -> None:
    outcome = R.outcome(state)
    if outcome is None:
        report.add("invariant", f"seed {seed}: loop ended without an outcome")
        return
    total = sum(state.final.values())
    if total != sum(s.electors for s in c.states.values()) or total != 93:
        report.add("invariant", f"seed {seed}: final electors {state.final} sum to {total}, not 93")
    expected = "DEM" if state.final["DEM"] >= state.final["REP"] else "REP"
    if outcome.winners != [expected]:
        report.add("invariant", f"seed {seed}: winners {outcome.winners} with electors {state.final}")
    if owing_seats(R, state):
        report.add("invariant", f"seed {seed}: seats still owe moves after the outcome")
    report.outcomes[outcome.winners[0]] += 1


# ---------------------------------------------------------------- leaks


SALT = re.compile(r'"salt":"([^"]+)"')


def sealed_salts(state: Any) -> list[str]:
    """Every sealed salt anywhere in the state (wherever the engine keeps its commitments)."""
    return SALT.findall(state.model_dump_json())


def hidden_from_others(old: Any, new: Any, owner: str, c: Any) -> list[str]:
    """Identifiers `owner` holds secretly after this step: its hand and deck (ids and names),
    minus what this very step legitimately revealed (policies now on its platform)."""
    p_old, p_new = old.players[owner], new.players[owner]
    ids = (set(p_old.hand) | set(p_old.deck) | set(p_new.hand) | set(p_new.deck)) - set(p_new.platform)
    return sorted(ids) + sorted(c.policies[i].name for i in ids)


def _leaks(old: Any, new: Any, events: list[Event], c: Any, report: FuzzReport, seed: int, step: int) -> None:
    where = f"seed {seed} step {step}"
    secrets_common = sealed_salts(new)  # choices still sealed after this step
    seed_now = new.randomness.prng
    secrets_common += [str(seed_now), f"{seed_now:x}", f"{seed_now:016x}"]
    public_view = R.view(new, None)
    views = {None: public_view, "DEM": R.view(new, "DEM"), "REP": R.view(new, "REP")}
    texts = {k: v.model_dump_json() for k, v in views.items()}
    public_events = "\n".join(e.public for e in events if e.public)
    for owner in SEATS:
        other = "REP" if owner == "DEM" else "DEM"
        secrets = hidden_from_others(old, new, owner, c) + secrets_common
        private_to_other = "\n".join(e.private[other] for e in events if other in e.private)
        for label, text in (("public view", texts[None]), (f"{other}'s view", texts[other]),
                            ("a public event", public_events), (f"a private event to {other}", private_to_other)):
            for secret in secrets:
                if secret and secret in text:
                    report.add("leak", f"{where}: {owner}'s secret `{secret}` appears in {label}")
    # the salts of sealed choices must not be in the owner's own view either (only digests are shown)
    for secret in secrets_common:
        for seat in SEATS:
            if secret in texts[seat]:
                report.add("leak", f"{where}: a sealed salt or the RNG state appears in {seat}'s view")
    # structure: face-down issues are None for everyone but a seat that peeked (research), which sees exactly
    # what it peeked at; research notes only in the owner's view
    for key, v in views.items():
        for card in v.states:
            peeked = new.players[key].known.get(card.code) if key else None
            hidden = [None, None] if peeked is None else peeked
            if not new.boards[card.code].revealed and new.phase != "over" and card.issues != hidden:
                report.add("leak", f"{where}: face-down issues of {card.code} shown in {key or 'public'} view")
        if key is None:
            if v.hand is not None or v.theatrics is not None or v.known_issues or v.pending_discard or v.pending_campaign:
                report.add("leak", f"{where}: the public view carries a seat's private fields")
        elif v.known_issues != new.players[key].known:
            report.add("leak", f"{where}: {key}'s view shows research notes that are not its own")
