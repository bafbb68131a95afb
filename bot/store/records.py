"""The store's vocabulary, shared by both backends: its typed errors, the frozen records callers get back, and
the checks and encodings of the values they pass in. No SQL and no driver here (bot/store/operations_*.py hold the
statements, bot/store/sqlite.py and bot/store/postgres.py the connections)."""
from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

STATUSES = ("lobby", "active", "finished", "abandoned")
# set_status may move a game only along these edges (lobby→active is start_game's job).
ENDINGS = {"lobby": ("abandoned",), "active": ("finished", "abandoned")}
_INT64 = (-(2**63), 2**63 - 1)

# ---------------------------------------------------------------- errors


class StoreError(Exception):
    """Base of every error the store raises (sqlite3 errors are wrapped in it)."""


class NotFound(StoreError):
    """No such game, seat or journal row."""


class StoreClosed(StoreError):
    """The store was closed."""


class StoreUnwritable(StoreError):
    """The database cannot be written (read-only file or mount, full disk): found at start-up, with the fix."""

    def __init__(self, path: str | Path, detail: str) -> None:
        super().__init__(
            f"The game database {path} cannot be written ({detail}). The bot needs to write it on every move. "
            f"Fix: make the file and its folder writable by this user (and the disk not read-only or full), or "
            f"set STUMPBOT_DB to a writable path.")
        self.path = str(path)
        self.detail = detail


class StoreDamaged(StoreError):
    """The database file failed SQLite's quick_check at start-up: refused before anything was written to it,
    naming what was found and the ways back (a migration backup, or the sqlite3 shell's ``.recover``)."""

    def __init__(self, path: str | Path, findings: Sequence[str], backups: Sequence[str]) -> None:
        path = Path(path)
        recovered = path.with_name(f"{path.stem}-recovered{path.suffix}")
        super().__init__(
            f"The game database {path} is damaged: SQLite's quick_check found {_found(findings)}. Nothing was "
            f"written to it, and the bot will not start on it. To recover, {_backup_advice(path, backups)}, or "
            f"salvage what SQLite can still read with its shell (sqlite.org's build: some distributions' lack "
            f"the sqlite_dbpage table .recover needs): `sqlite3 {shlex.quote(str(path))} .recover | sqlite3 "
            f"{shlex.quote(str(recovered))}`, then put the recovered file in its place. Keep the damaged file "
            f"until the games check out.")
        self.path = str(path)
        self.findings = list(findings)
        self.backups = list(backups)


def _found(findings: Sequence[str]) -> str:
    return "; ".join(f'"{line[:200]}"' for line in findings)


def _backup_advice(path: Path, backups: Sequence[str]) -> str:
    """Backups are written beside the database before each schema upgrade (see _migrate), newest last."""
    pattern = f"{path}.bak-v*"
    if not backups:
        return f"restore a copy you trust (no migration backup, {pattern}, exists beside it)"
    return (f"restore the newest migration backup, {backups[-1]} (made before the last schema upgrade: moves "
            f"since then are not in it; all of them are {pattern})")


class StoreBusy(StoreError):
    """The database stayed locked by another writer for longer than the busy timeout."""


class VersionConflict(StoreError):
    """The game changed since the caller read it (or the named move is no longer the last)."""

    def __init__(self, game_id: int, expected: int, actual: int, detail: str | None = None) -> None:
        self.game_id, self.expected, self.actual = game_id, expected, actual
        super().__init__(detail or f"game {game_id} is at version {actual}, not {expected}")


class DuplicateMove(StoreError):
    """This idempotency key was already used: the move it names is journal row ``seq``."""

    def __init__(self, game_id: int, seq: int, idem_key: str) -> None:
        self.game_id, self.seq, self.idem_key = game_id, seq, idem_key
        super().__init__(f"idempotency key {idem_key!r} already applied as move {seq} of game {game_id}")


class WrongStatus(StoreError):
    """The game's status does not allow this operation (e.g. a move in the lobby)."""

    def __init__(self, game_id: int, status: str, wanted: Iterable[str], operation: str) -> None:
        self.game_id, self.status, self.wanted = game_id, status, tuple(wanted)
        super().__init__(f"cannot {operation} game {game_id}: it is {status} (needs {' or '.join(self.wanted)})")


class SeatTaken(StoreError):
    def __init__(self, game_id: int, seat: str, holder: str) -> None:
        self.game_id, self.seat, self.holder = game_id, seat, holder
        super().__init__(f"seat {seat} of game {game_id} is taken")


class AlreadySeated(StoreError):
    def __init__(self, game_id: int, user_id: str, seat: str) -> None:
        self.game_id, self.user_id, self.seat = game_id, user_id, seat
        super().__init__(f"user {user_id} already holds seat {seat} of game {game_id}")


class NotSeated(StoreError):
    def __init__(self, game_id: int, user_id: str) -> None:
        self.game_id, self.user_id = game_id, user_id
        super().__init__(f"user {user_id} holds no seat in game {game_id}")


# ---------------------------------------------------------------- records (backend-neutral)


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    ruleset: str
    options: dict[str, Any]
    seed: int
    status: str  # lobby | active | finished | abandoned
    version: int
    guild_id: str | None
    channel_id: str | None
    thread_id: str | None
    host_user: str
    title: str
    created_at: int
    updated_at: int
    deadline_hours: int
    result: dict[str, Any] | None
    delivery_held_at: int | None = None  # deliveries kept failing: held until the host asks again


@dataclass(frozen=True, slots=True)
class SeatRecord:
    game_id: int
    seat: str
    user_id: str
    display_name: str
    joined_at: int
    dm_ok: bool | None  # None: not known yet
    prefs: dict[str, Any]
    controller: str = "human"  # 'human' | 'bot' (the built-in bot plays it; user_id is the last human holder)
    missed_deadlines: int = 0  # deadlines in a row its holder let pass


@dataclass(frozen=True, slots=True)
class SeatOffer:
    """The host's pending offer of a seat to a member (migration 0004)."""
    game_id: int
    seat: str
    user_id: str
    display_name: str
    offered_by: str
    created_at: int


@dataclass(frozen=True, slots=True)
class SeatHolder:
    """One line of a seat's history: who held it from which move on, and why (migration 0004)."""
    game_id: int
    seat: str
    from_seq: int
    user_id: str
    display_name: str
    controller: str
    reason: str
    at: int


@dataclass(frozen=True, slots=True)
class JournalEntry:
    game_id: int
    seq: int
    seat: str
    notation: str
    actor: str  # a user id, or 'deadline' / 'bot'
    idem_key: str | None
    undoable: bool
    state_hash: str
    created_at: int


@dataclass(frozen=True, slots=True)
class Snapshot:
    game_id: int
    seq: int  # the journal row this state follows (0: the initial state)
    state: str  # JSON text, as the engine wrote it
    state_hash: str
    posting: str | None = None  # JSON text: the table's posting beside the state (engine/core/posting.py); None: empty


@dataclass(frozen=True, slots=True)
class JobRecord:
    id: int
    game_id: int
    kind: str
    seat: str | None
    due_at: int
    payload: dict[str, Any]
    created_at: int


@dataclass(frozen=True, slots=True)
class OutboxRecord:
    id: int
    game_id: int
    created_seq: int
    audience: str  # 'public' or 'seat:<SEAT>'
    kind: str
    payload: dict[str, Any]
    created_at: int
    sent_at: int | None
    attempts: int = 0  # failed deliveries so far
    first_failed_at: int | None = None


@dataclass(frozen=True, slots=True)
class NewJob:
    kind: str
    due_at: int
    seat: str | None = None
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class NewMessage:
    audience: str  # 'public' or 'seat:<SEAT>'
    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    created_seq: int | None = None  # None: the seq the write produces (the new move, 0 at start…)

    def __post_init__(self) -> None:
        if self.audience != "public" and not (self.audience.startswith("seat:") and len(self.audience) > 5):
            raise ValueError(f"outbox audience must be 'public' or 'seat:<SEAT>', not {self.audience!r}")


@dataclass(frozen=True, slots=True)
class MoveCommit:
    seq: int
    version: int
    outbox_ids: list[int]
    jobs: list[JobRecord] | None = None  # the game's jobs as the move left them (None: the move kept them)
    claimed: tuple[OutboxRecord, ...] = ()  # the move's outbox rows, claimed for the mover (commit_move's claim_for)


@dataclass(frozen=True, slots=True)
class CheckpointResult:
    busy: bool  # a reader or writer kept part of the WAL from being copied
    wal_frames: int
    checkpointed_frames: int


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


@dataclass(frozen=True, slots=True)
class Vacation:
    seat: str
    starts_at: int
    ends_at: int


@dataclass(frozen=True, slots=True)
class GameTime:
    """A game's own clock (migration 0003): None means the default (bot/policy/timekeeping.py)."""
    game_id: int
    response_hours: int | None = None
    vacation_days: int | None = None
    paused_at: int | None = None
    paused_by: str | None = None
    vacations: tuple[Vacation, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A member's rating in one ruleset on one server (migration 0005): OpenSkill's mu and sigma."""
    guild_id: str
    ruleset: str
    user_id: str
    name: str  # display name at their last rated game
    mu: float
    sigma: float
    games: int
    wins: int
    updated_at: int


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One rated seat of one finished game: the rank it was given (1 best) and the rating before and after."""
    game_id: int
    user_id: str
    name: str
    seat: str
    rank: int
    won: bool
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    at: int



@dataclass(frozen=True, slots=True)
class Follower:
    """A member following a game's public posts by DM (mode 'turn': each post; 'digest': once a day)."""
    game_id: int
    user_id: str
    mode: str
    since: int
    digest_from: int
    digest_due_at: int | None
    digest_to: int | None
    failures: int



# ---------------------------------------------------------------- values in (checked before any SQL runs)

_JobRow = tuple[str, str | None, int, str]  # kind, seat, due_at, payload json
_MsgRow = tuple[int | None, str, str, str]  # created_seq, audience, kind, payload json


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _json_text(value: str | None, name: str) -> str | None:
    """A JSON text a column keeps as given (None: none), refused before any SQL runs when it does not parse."""
    if value is not None:
        json.loads(_text(value, name))  # raises ValueError (json.JSONDecodeError)
    return value


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not _INT64[0] <= value <= _INT64[1]:
        raise ValueError(f"{name} does not fit in a signed 64-bit integer")
    return value


def _text(value: str, name: str) -> str:
    """A text the database can hold: UTF-8 cannot encode a lone surrogate (half of a pair), so neither backend can
    bind it."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{name} holds a lone surrogate, which cannot be stored") from None
    return value


def _status(value: str) -> str:
    if value not in STATUSES:
        raise ValueError(f"unknown game status {value!r}; expected one of {', '.join(STATUSES)}")
    return value


def _prep_jobs(jobs: Iterable[NewJob] | None) -> list[_JobRow] | None:
    if jobs is None:
        return None
    return [(j.kind, j.seat, _int(j.due_at, "due_at"), _dumps(j.payload)) for j in jobs]


def _prep_outbox(outbox: Iterable[NewMessage] | None) -> list[_MsgRow]:
    return [(m.created_seq, m.audience, m.kind, _dumps(m.payload)) for m in (outbox or ())]
