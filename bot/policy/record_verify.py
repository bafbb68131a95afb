"""Checking a finished game's record (`stumpbot verify`): its moves replayed from the revealed seed.

The seed must open the commitment posted when the game started; then every move's state hash, public lines,
commit-reveal lines and sealed choices must be what the replay makes, and the result what the replay ends with.
The check stops at the first thing that does not match and names it. Building and replaying records is
bot/policy/record.py; no Discord import here either.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from bot.policy import concession
from bot.policy.record import Step, hash_matches, lines_match, replay_steps, seed_commitment
from engine import registry
from engine.core.errors import EngineError
from engine.core.ruleset import Ruleset, commitment, state_hash
from engine.core.types import result_headline


@dataclass
class Verdict:
    ok: bool
    problems: list[str]
    checked: int  # moves replayed and matched
    notes: list[str] = field(default_factory=list)


def _label(move: dict[str, Any]) -> str:
    return f"move {move.get('seq')} ({move.get('seat')} `{move.get('notation')}`)"


class _Mismatch(Exception):
    """Where a record stops checking out: the problem in words and how many moves matched before it."""

    def __init__(self, problem: str, checked: int = 0) -> None:
        super().__init__(problem)
        self.problem = problem
        self.checked = checked


def verify_record(data: dict[str, Any]) -> Verdict:
    """Replay the record from its revealed seed and check the commitment, every state hash, every public
    line and every sealed choice. Stops at the first move that does not match and names it."""
    notes: list[str] = []
    try:
        if data.get("seed") is None:
            raise _Mismatch("the record has no seed: it was exported before the game ended, so its moves cannot "
                            "be recomputed (export it again after the end)")
        ruleset, seed, seats, moves, options = _record_parts(data)
        notes.append(_commitment_note(data, seed))
        steps, first = _replayed_setup(data, ruleset, options, seats, seed, moves)
        final, seals = _checked_moves(ruleset, steps, moves, first.state)
        _check_end(data, ruleset, final, seals, len(moves), notes)
    except _Mismatch as mismatch:
        return Verdict(ok=False, problems=[mismatch.problem], checked=mismatch.checked, notes=notes)
    return Verdict(ok=True, problems=[], checked=len(moves), notes=notes)


def _record_parts(data: dict[str, Any]) -> tuple[Ruleset, int, list[str], list[dict[str, Any]], dict[str, Any]]:
    """The ruleset, seed, seats, moves and options a record names, or a mismatch when it is malformed."""
    try:
        return (registry.get(data["game"]["ruleset"]), int(data["seed"]), [s["seat"] for s in data["seats"]],
                list(data["moves"]), dict(data.get("options") or {}))
    except (KeyError, TypeError, ValueError) as exc:
        raise _Mismatch(f"the record is malformed ({exc})") from None


def _commitment_note(data: dict[str, Any], seed: int) -> str:
    """What the seed commitment says of the revealed seed and salt: a mismatch when they do not open it."""
    commit = data.get("seed_commitment")
    if not commit:
        return "no seed commitment in this record (a game started before commitments): seed not checked"
    salt = data.get("seed_salt")
    if salt is None or seed_commitment(seed, salt) != commit.get("digest"):
        raise _Mismatch("the seed: the revealed seed and salt do not match the seed commitment posted at the start")
    return (f"the revealed seed and salt match the seed commitment {commit['digest']} "
            "(compare it with the one posted in the channel when the game started)")


def _replayed_setup(data: dict[str, Any], ruleset: Ruleset, options: dict[str, Any], seats: list[str], seed: int,
                    moves: list[dict[str, Any]]) -> tuple[Iterator[Step], Step]:
    """The replay's steps and its first (the setup dealt from the seed), checked against the initial hash."""
    try:
        steps = replay_steps(ruleset, options, seats, seed,
                             [(m["seat"], m["notation"], m.get("by", "user")) for m in moves])
        first = next(steps)
    except (EngineError, KeyError, TypeError, ValueError) as exc:
        raise _Mismatch(f"setup: the game cannot be set up from the record ({getattr(exc, 'message', exc)})") from None
    if not hash_matches(ruleset, first.state, first.posting, data.get("initial_state_hash")):
        raise _Mismatch("setup: the state dealt from the seed does not match the record's initial_state_hash "
                        "(the seed, options or seats were changed)")
    return steps, first


def _checked_moves(ruleset: Ruleset, steps: Iterator[Step], moves: list[dict[str, Any]],
                   final: Any) -> tuple[Any, list[dict[str, Any]]]:
    """Each recorded move against its replayed step, in order: the final state and every sealed choice made."""
    seals: list[dict[str, Any]] = []
    for checked, move in enumerate(moves):
        try:
            step = next(steps)
        except EngineError as exc:
            raise _Mismatch(f"{_label(move)}: not legal in the replayed position: {exc.message}", checked) from None
        except (KeyError, TypeError, ValueError) as exc:
            raise _Mismatch(f"{_label(move)}: unreadable ({exc})", checked) from None
        problem = _step_problem(ruleset, move, step)
        if problem:
            raise _Mismatch(f"{_label(move)}: {problem}", checked)
        seals.extend(dict(seal, seq=step.seq) for seal in step.seals)
        final = step.state
    return final, seals


def _step_problem(ruleset: Ruleset, move: dict[str, Any], step: Step) -> str | None:
    """How a recorded move differs from its replay (hash, public lines, their seats, proofs, seals), else None."""
    if not hash_matches(ruleset, step.state, step.posting, move.get("state_hash")):
        return (f"the state after it does not match the record's hash "
                f"(record {str(move.get('state_hash'))[:12]}…, replay {state_hash(step.state)[:12]}…)")
    if not lines_match(ruleset, step.public, move.get("public")):
        return f"its public lines differ from what the replay says (replay: {' / '.join(step.public)[:200]})"
    if "line_seats" in move and step.line_seats != move["line_seats"]:
        return "who made its public lines differs from what the replay says"
    if step.proofs != move.get("proofs", []):
        return "its commit-reveal lines differ from the replay"
    if any(commitment(seal["seat"], seal["choice"], seal["salt"]) != seal["digest"] for seal in step.seals):
        return "a sealed choice does not match its digest"
    return None


def _check_end(data: dict[str, Any], ruleset: Ruleset, final: Any, seals: list[dict[str, Any]], checked: int,
               notes: list[str]) -> None:
    """The record's sealed choices and result against the replay's; what checks out is added to `notes`."""
    if "seals" in data and data["seals"] != seals:
        raise _Mismatch("the sealed choices listed in the record differ from those the replay makes", checked)
    if seals:
        notes.append(f"{len(seals)} sealed choice{'s' if len(seals) != 1 else ''} match their published digests")
    outcome = ruleset.outcome(final)
    result = data.get("result")
    if outcome is not None and result and result.get("conceded"):  # a conceded party can't win (bot/policy/concession.py)
        conceded = result["conceded"]
        outcome, _ = concession.final_outcome(ruleset, [s["seat"] for s in data.get("seats") or []],
                                              set(conceded if isinstance(conceded, list) else [conceded]), outcome)
    if outcome is not None and (not result or sorted(result.get("winners", [])) != sorted(outcome.winners)):
        raise _Mismatch(f"the result: the replay ends with {result_headline(outcome.model_dump())}, "
                        f"the record says {result_headline(result) if result else 'nothing'}", checked)
    if outcome is None and result:
        notes.append(f"the game ended off the board: {result_headline(result)}")
