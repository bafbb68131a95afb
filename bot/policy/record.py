"""Game records: the export, its replay, and the seed commitment (the check, `stumpbot verify`, is
bot/policy/record_verify.py).

No Discord import. The format is documented in docs/record-format.md. A record is built from the store:
the game row (ruleset, options, seed), the seats and the journal (every move's seat, notation, actor,
time and resulting state hash). The public lines of each move are what the engine said when it was
played: each journal row keeps them (`move_told`, its `step`), and a row journalled before it did has
them recomputed by replaying the journal from the seed — the engine is deterministic, so the replay
says what the channel was told (`build_record` always replays: `stumpbot verify` checks the same way).

Fair randomness: when a game starts the bot posts `seed_commitment(seed, salt)` with a fresh secret salt
(kept in the settings table, scope `game:<id>`); when it ends the seed and the salt are revealed, so
anyone can check the commitment and recompute every shuffle, roll and bag draw (`stumpbot verify`).

Hidden information: until a game is over a record holds the public part only — no seed, no salt, no
move notation (a sealed pick, a discard or a card set aside is written in notation), only what the
channel saw: each move's seat, who made it and when, its public lines, its commit-reveal lines and
its state hash. After the end it holds everything.
"""
from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import secrets
import types
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from enum import Enum
from typing import Annotated, Any, Iterator, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from engine import registry
from engine.core.notation import is_number
from engine.core.earlier_layouts import earlier_hashes
from engine.core.posting import EMPTY, Posting, outlined
from engine.core.ruleset import Ruleset, commitment, journal_steps, play_posted, state_hash  # noqa: F401 - state_hash: also for callers
from engine.core.types import ApplyResult, Event, result_headline
from engine.core.windows import Sealed

FORMAT = "stumpbot-game-record"
VERSION = 1
ENDED = ("finished", "abandoned")
SALT_KEY = "seed_salt"
HINTS_KEY = "hints:taken"  # a game setting: the hints its players asked for, `SEAT@moves-made` separated by commas
SCHEME = 'sha256("stumpbot-seed|" + str(seed) + "|" + salt), hex'


class RecordError(Exception):
    """A record file that cannot be read as a game record."""


# ---------------------------------------------------------------- the seed commitment


def hash_matches(ruleset: Ruleset, state: Any, posting: Posting, recorded: Any) -> bool:
    """Whether `state` (with the table's `posting` beside it) is the state a record's hash names: as hashed now, or as
    a record made while states held the table's posting hashed it (engine/core/earlier_layouts.py)."""
    if recorded == state_hash(state):
        return True
    layout = ruleset.earlier_layout
    return layout is not None and recorded in earlier_hashes(layout, state, posting)


def lines_match(ruleset: Ruleset, said: list[str], recorded: Any) -> bool:
    """Whether a move's public lines, as the replay says them, are the lines a record holds: as said now, or as the
    words said them before they changed (the title's earlier layout's `said_then`), for a record made then."""
    if said == recorded:
        return True
    layout = ruleset.earlier_layout
    return layout is not None and layout.said_then is not None and [layout.said_then(x) for x in said] == recorded


def seed_commitment(seed: int, salt: str) -> str:
    return hashlib.sha256(f"stumpbot-seed|{int(seed)}|{salt}".encode()).hexdigest()


def _scope(game_id: int) -> str:
    return f"game:{game_id}"


async def seed_salt(store: Any, game_id: int) -> str | None:
    return await store.get_setting(_scope(game_id), SALT_KEY)


def new_salt() -> str:
    """A game's secret salt, kept under SALT_KEY in the game's settings from the moment its lobby opens."""
    return secrets.token_hex(16)


async def prepare_seed(store: Any, game_id: int) -> str:
    """The game's secret salt, drawn once (when the lobby opens, by the one process that creates the game) and
    kept: a start retried, or raced by a second bot process, commits with the same salt."""
    salt = await seed_salt(store, game_id)
    if salt is None:
        salt = new_salt()
        await store.set_setting(_scope(game_id), SALT_KEY, salt)
    return salt


async def commit_seed(store: Any, game_id: int, seed: int) -> Event:
    """At the start: the commitment's public line (the salt is the lobby's, or drawn now for an older lobby)."""
    return Event(public=commitment_line(seed_commitment(seed, await prepare_seed(store, game_id))))


def commitment_line(digest: str) -> str:
    return (f"🔒 Seed commitment: `{digest}` — the hash of this game's random seed and a secret salt, "
            "both revealed when the game ends so anyone can check every shuffle and roll.")


async def reveal_event(store: Any, game_id: int, seed: int) -> Event:
    """At the end: the seed and salt, for the result post."""
    salt = await seed_salt(store, game_id)
    if salt is None:  # a game started before commitments existed
        return Event(public=f"🔓 Seed: {seed} (`/game export`, then `stumpbot verify FILE`, replays the game).")
    return Event(public=f"🔓 Seed revealed: {seed}, salt `{salt}` (commitment `{seed_commitment(seed, salt)}`). "
                        "`/game export`, then `stumpbot verify FILE`, replays the whole game from it.")


# ---------------------------------------------------------------- replaying a journal

@dataclass
class Step:
    """One move replayed: what the channel was told and the state it left."""

    seq: int
    seat: str
    notation: str
    state: Any
    public: list[str]
    proofs: list[str]
    note: str | None = None
    seals: list[dict[str, str]] = field(default_factory=list)
    # the public boards where posts ended within the step (Solo Play's AI turns, bot/present/posts.py), in order
    boards: list[dict[str, Any]] = field(default_factory=list)
    # beside each public line, the seat whose doing it is (Event.seat; None: the game's own line)
    line_seats: list[str | None] = field(default_factory=list)
    posting: Posting = EMPTY  # what the table held after the step (engine/core/posting.py)


def deadline_note(ruleset: Ruleset, state: Any, seat: str) -> str:
    """The manager's line for a move a deadline made (bot/service/sweep.py run_due_jobs)."""
    default = ruleset.decisions(state, seat).deadline_default or "the default choice was made"
    return f"⏰ {seat}'s deadline passed: {default}."


def replay_steps(ruleset: Ruleset, options: dict[str, Any], seats: list[str], seed: int,
                 moves: list[tuple[str, str, str]]) -> Iterator[Step]:
    """Setup, then each (seat, notation, actor) through the checked `play`; raises EngineError on an illegal move."""
    started = ruleset.start(options, seats, seed)
    state, posting = started.state, ruleset.post(EMPTY, started)[1]
    yield Step(seq=0, seat="", notation="", state=state, public=[], proofs=[], posting=posting)
    yield from more_steps(ruleset, state, posting, seal_digests(state), moves, start=1)


def seal_digests(state: Any) -> set[str]:
    """The digests of the sealed choices a state holds."""
    return {s["digest"] for s in _seals(state)}


def more_steps(ruleset: Ruleset, state: Any, posting: Posting, known: set[str], moves: list[tuple[str, str, str]],
               start: int) -> Iterator[Step]:
    """`replay_steps` on from `state` and the table's `posting` (after move start - 1): `known` holds the digests of
    the sealed choices already listed and gains each step's new ones."""
    for seq, (seat, notation, actor) in enumerate(moves, start=start):
        played = play_posted(ruleset, state, posting, seat, journal_steps(ruleset, notation))
        result, posting = played.result, played.posting or EMPTY
        told = step_told(ruleset, state, result, seat, actor, known)
        state = result.state
        known |= {s["digest"] for s in told["seals"]}
        yield Step(seq=seq, seat=seat, notation=notation, state=state, **told,
                   boards=[e.ends_post for e in result.events if e.ends_post is not None], posting=posting)


# the keys of a step's stored form (step_told): a journal row's `step` column holds them as JSON
TOLD = ("public", "line_seats", "proofs", "seals", "note")
SETUP_HASH = "setup_hash"  # on move 1's row: the hash of the state the setup dealt (the record's initial_state_hash)


def step_told(ruleset: Ruleset, before: Any, result: ApplyResult, seat: str, actor: str, known: set[str]) -> dict[str, Any]:
    """What the record keeps of one move played from `before` (`result`: the engine's PlayResult): its public lines
    and the seat beside each, its commit-reveal lines, the sealed choices its state holds that `known` (digests)
    does not, and the deadline's note when the deadline made it. Plain JSON values, as a journal row stores them."""
    return {"public": [e.public for e in result.events if e.public],
            "line_seats": [e.seat for e in result.events if e.public],
            "proofs": [e.proof for e in result.events if e.proof],
            "seals": [s for s in _seals(result.state) if s["digest"] not in known],
            "note": deadline_note(ruleset, before, seat) if actor == "deadline" else None}


def move_told(ruleset: Ruleset, before: Any, result: ApplyResult, seat: str, actor: str, seq: int) -> dict[str, Any]:
    """A new move's step as its journal row keeps it (Store.commit_move's `step`), the same as `more_steps` says of
    it when the journal is replayed: its seals are those `before` did not hold (a sealed choice leaves a state
    once revealed and never comes back under its digest, whose salt is fresh). Move 1 keeps the setup's hash."""
    told = step_told(ruleset, before, result, seat, actor, seal_digests(before))
    if seq == 1:
        told[SETUP_HASH] = state_hash(before)
    return told


def stored_step(seq: int, seat: str, notation: str, told: dict[str, Any]) -> Step:
    """A journal row's stored step as the step a replay yields (without its state)."""
    return Step(seq=seq, seat=seat, notation=notation, state=None, **{key: told[key] for key in TOLD})


def _seals(state: Any) -> list[dict[str, str]]:
    """Every sealed choice held in a state (a Simultaneous's, 1960's strategy stacks), keyed by digest. Only the
    fields whose type could hold one are walked (`_may_seal`): a game's scores, decks and boards are passed by."""
    found: dict[str, dict[str, str]] = {}

    def walk(value: Any, seat: str) -> None:
        if isinstance(value, Sealed):
            found.setdefault(value.digest, {"seat": seat, "digest": value.digest, "choice": value.choice,
                                            "salt": value.salt})
        elif isinstance(value, BaseModel):
            for name in _walked_fields(type(value)):
                walk(getattr(value, name), seat)
        elif isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(item, _PLAIN):
                    walk(item, key if isinstance(key, str) and key in seats else seat)
        elif isinstance(value, (list, tuple)):
            for item in value:
                if not isinstance(item, _PLAIN):
                    walk(item, seat)

    seats = set(getattr(state, "seats", []) or [])
    walk(state, "")
    return list(found.values())


_PLAIN = (str, int, float, bytes, type(None), Enum)  # values that are never, and never hold, a sealed choice
_CONTAINERS = (list, tuple, dict, set, frozenset, Union, types.UnionType, Annotated)


def _may_seal(annotation: Any) -> bool:
    """Whether a field of this type could hold a sealed choice: anything but plain values (text, numbers, literal
    words), alone or in lists, tuples, sets, dicts and unions of them. A model, `Any` or an unknown type could."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Literal:
        return False
    if origin in _CONTAINERS and args:
        kinds = args[:1] if origin is Annotated else [a for a in args if a is not Ellipsis]
        return any(_may_seal(a) for a in kinds)
    return not (isinstance(annotation, type) and issubclass(annotation, _PLAIN))


@functools.cache
def _walked_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of `model` that `_seals` walks: those whose type could hold a sealed choice."""
    return tuple(name for name, info in model.model_fields.items() if _may_seal(info.annotation))


def hints_taken(settings: dict[str, str]) -> list[dict[str, Any]]:
    """The hints a game's players asked for, in order: each one's seat and the moves made before it."""
    out: list[dict[str, Any]] = []
    for item in (settings.get(HINTS_KEY) or "").split(","):
        seat, _, moves = item.partition("@")
        if seat and is_number(moves):
            out.append({"seat": seat, "after_move": int(moves)})
    return out


@functools.lru_cache(maxsize=16384)  # a long game's record is built again and again (its log, its export)
def _iso(ts: int | None) -> str | None:
    return None if ts is None else datetime.fromtimestamp(ts, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _by(actor: str) -> str:
    return actor if actor in ("bot", "deadline") else "user"


# ---------------------------------------------------------------- building a record

async def build_record(store: Any, game_id: int) -> dict[str, Any]:
    """The game's record: complete (seed, salt, notation, every sealed choice) once the game is over,
    the public part only while it is in progress. The replay runs in a worker thread."""
    game = await store.get_game(game_id)
    if game is None:
        raise RecordError(f"no game #{game_id}")
    seats = await store.list_seats(game_id)
    journal = await store.load_journal(game_id)
    salt = await seed_salt(store, game_id)
    hints = hints_taken(await store.settings(_scope(game_id)))
    # who played under which name: every person who ever held a seat (substitutes included), today's last
    names = {h.user_id: h.display_name for h in await store.seat_history(game_id) if h.controller == "human"}
    names.update({s.user_id: s.display_name for s in seats})
    return await asyncio.to_thread(assemble, game, seats, journal, salt, names, hints)


def assemble(game: Any, seats: list[Any], journal: list[Any], salt: str | None,
             names: dict[str, str] | None = None, hints: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The record from the store's rows (a GameRecord, its SeatRecords and JournalEntries, the seed's salt)."""
    ruleset = registry.get(game.ruleset)
    steps = list(replay_steps(ruleset, game.options, [s.seat for s in seats], game.seed,
                              [(e.seat, e.notation, e.actor) for e in journal]))
    return assemble_steps(game, seats, journal, salt, names, state_hash(steps[0].state), steps[1:], hints)


def assemble_steps(game: Any, seats: list[Any], journal: list[Any], salt: str | None, names: dict[str, str] | None,
                   initial_hash: str, steps: list[Step], hints: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The record from the store's rows and the journal's moves already replayed (`steps`, one per journal row:
    their states are not read) with the hash of the state dealt at the setup, and the hints its players asked for
    (`hints_taken`; a game with none has no `hints`). Every list it holds is its own."""
    ruleset = registry.get(game.ruleset)
    ended = game.status in ENDED
    moves = []
    for entry, step in zip(journal, steps):
        move: dict[str, Any] = {
            "seq": entry.seq, "seat": entry.seat, "by": _by(entry.actor),
            "user_id": entry.actor if _by(entry.actor) == "user" else None,
            "player": (names or {}).get(entry.actor) if _by(entry.actor) == "user" else None,
            "at": entry.created_at, "at_utc": _iso(entry.created_at),
            "notation": entry.notation if ended else None,
            "public": list(step.public), "line_seats": list(step.line_seats), "note": step.note,
            "proofs": list(step.proofs), "state_hash": entry.state_hash,
        }
        moves.append(move)
    seat_rows = [{"seat": s.seat, "player": s.display_name, "user_id": s.user_id} for s in seats]
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "complete": ended,
        "game": {"id": game.id, "title": game.title, "ruleset": game.ruleset, "ruleset_title": ruleset.title,
                 "status": game.status, "created_at": game.created_at, "created_at_utc": _iso(game.created_at),
                 "guild_id": game.guild_id, "channel_id": game.channel_id},
        "options": game.options,
        "seats": seat_rows,
        "seed_commitment": None if salt is None else {"digest": seed_commitment(game.seed, salt), "scheme": SCHEME},
        "initial_state_hash": initial_hash,
        "moves": moves,
        "result": game.result,
        "result_text": result_headline(game.result) if game.result else None,
    }
    if hints:
        data["hints"] = [dict(h) for h in hints]
    if ended:
        data["seed"] = game.seed
        data["seed_salt"] = salt
        seals = [dict(s, seq=step.seq) for step in steps for s in step.seals]
        data["seals"] = seals
    return data


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def load(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"{path}: not a readable JSON file ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{path}: not a Stumpbot game record (its `format` is not {FORMAT!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"{path}: record version {data.get('version')!r}; this Stumpbot reads version {VERSION}")
    return data


# ---------------------------------------------------------------- stepping through a record

def record_steps(data: dict[str, Any]) -> Iterator[tuple[dict[str, Any] | None, Step | None]]:
    """(move, its replayed step) for the setup (move None) and every move; the step is None without a seed."""
    moves = list(data.get("moves") or [])
    if data.get("seed") is None:
        yield None, None
        for move in moves:
            yield move, None
        return
    ruleset = registry.get(data["game"]["ruleset"])
    steps = replay_steps(ruleset, dict(data.get("options") or {}), [s["seat"] for s in data["seats"]],
                         int(data["seed"]), [(m["seat"], m["notation"], m.get("by", "user")) for m in moves])
    yield None, next(steps)
    for move in moves:
        yield move, next(steps)


def public_view(data: dict[str, Any], step: Step) -> Any:
    """The board as the channel saw it after the step, what its last post changed outlined."""
    return outlined(registry.get(data["game"]["ruleset"]).view(step.state, None), step.posting)
