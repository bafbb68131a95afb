"""The store as the services see it: the operations they call (and the tables reach through them), whichever
database backs them. The SQLite :class:`bot.store.Store` and the PostgreSQL :class:`bot.store.PgStore` both
satisfy it, each operation being written once for both (bot/store/operations_*.py); the services are typed
against it, never against one backend, and the type checker holds both backends to it (the check at the end).
It is four protocols, one a concern: games and seats, play, delivery, and the community (settings, followers,
ratings).

Defaults are written `...`: their values are the operations' own.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from bot.store.records import (
    Follower,
    GameRecord,
    GameTime,
    JobRecord,
    JournalEntry,
    MoveCommit,
    NewJob,
    NewMessage,
    OutboxRecord,
    PlayerRating,
    RatingChange,
    SeatHolder,
    SeatOffer,
    SeatRecord,
    Snapshot,
    Vacation,
)

if TYPE_CHECKING:
    from bot.store.operations_context import GameContext
    from bot.store.operations_play import RecordRows
    from bot.store.postgres import PgStore
    from bot.store.sqlite import Store
    from bot.store.sweeps import SweepClaims

__all__ = ["CommunityStore", "DeliveryStore", "GameStore", "PlayStore", "StoreInterface"]

Settle = Callable[[GameRecord, list[SeatRecord], list[JournalEntry], dict[str, PlayerRating]],
                  tuple[list[RatingChange], list[NewMessage]]]


class GameStore(Protocol):
    """Games, lobbies and seats: who plays what, and who may take over a seat."""

    async def open_lobby(self, ruleset: str, options: dict[str, Any], seed: int, host_user: str, title: str, now: int,
                         *, seat: str, display_name: str, guild_id: str | None = ..., channel_id: str | None = ...,
                         deadline_hours: int = ..., civil_disorder_after: int | None = ...,
                         jobs: Sequence[NewJob] = ..., settings: Sequence[tuple[str, str]] = ...) -> GameRecord: ...

    async def get_game(self, game_id: int) -> GameRecord | None: ...

    async def list_games(self, *, status: str | Sequence[str] | None = ..., guild_id: str | None = ...,
                         channel_id: str | None = ..., thread_id: str | None = ...,
                         user_id: str | None = ...) -> list[GameRecord]: ...

    async def set_thread(self, game_id: int, thread_id: str | None) -> None: ...

    async def add_seat(self, game_id: int, expected_version: int, seat: str, user_id: str, display_name: str,
                       now: int) -> GameRecord: ...

    async def leave_lobby(self, game_id: int, expected_version: int, user_id: str, now: int, *,
                          new_host: str | None = ..., close: bool = ...,
                          outbox: list[NewMessage] | None = ...) -> GameRecord: ...

    async def list_seats(self, game_id: int) -> list[SeatRecord]: ...

    async def set_seat_dm_ok(self, game_id: int, seat: str, ok: bool | None) -> None: ...

    async def hand_over_seat(self, game_id: int, expected_version: int, seat: str, *, user_id: str, display_name: str,
                             controller: str, reason: str, now: int,
                             outbox: list[NewMessage] | None = ...) -> GameRecord: ...

    async def seat_history(self, game_id: int) -> list[SeatHolder]: ...

    async def offer_seat(self, game_id: int, seat: str, user_id: str, display_name: str, offered_by: str,
                         now: int) -> SeatOffer: ...

    async def seat_offers(self, *, game_id: int | None = ..., user_id: str | None = ...) -> list[SeatOffer]: ...

    async def withdraw_offer(self, game_id: int, seat: str, user_id: str | None = ...) -> bool: ...

    async def note_missed_deadline(self, game_id: int, seat: str, due_at: int) -> int: ...

    async def reset_missed_deadlines(self, game_id: int, seat: str) -> None: ...

    async def civil_disorder_after(self, game_id: int) -> int: ...

    async def set_civil_disorder_after(self, game_id: int, count: int) -> None: ...

    async def games_with_bot_seats(self) -> list[int]: ...


class PlayStore(Protocol):
    """Play: a game's start, its moves, an undo, its ending, its clock, and reading back its journal."""

    async def game_context(self, game_id: int, *, followers: bool = ..., snapshot: bool = ...,
                           cached_version: int | None = ...) -> GameContext | None: ...

    async def start_game(self, game_id: int, expected_version: int, state_json: str, state_hash: str, now: int,
                         jobs: list[NewJob] | None = ..., outbox: list[NewMessage] | None = ...,
                         renames: dict[str, str] | None = ..., posting: str | None = ...) -> GameRecord: ...

    async def commit_move(self, game_id: int, expected_version: int, *, seat: str, notation: str, actor: str,
                          idem_key: str | None, undoable: bool, state_json: str, state_hash: str, now: int,
                          status: str = ..., result: dict[str, Any] | None = ..., jobs: list[NewJob] | None = ...,
                          outbox: list[NewMessage] | None = ..., claim_for: str | None = ..., lease_seconds: int = ...,
                          step: dict[str, Any] | None = ..., after_own: bool = ...,
                          posting: str | None = ...) -> MoveCommit: ...

    async def undo_last(self, game_id: int, expected_version: int, *, expected_seq: int, state_json: str,
                        state_hash: str, now: int, jobs: list[NewJob] | None = ...,
                        outbox: list[NewMessage] | None = ..., posting: str | None = ...) -> GameRecord: ...

    async def set_status(self, game_id: int, expected_version: int, status: str, now: int,
                         result: dict[str, Any] | None = ...,
                         outbox: list[NewMessage] | None = ...) -> GameRecord: ...

    async def game_time(self, game_id: int) -> GameTime: ...

    async def retime_game(self, game_id: int, expected_version: int, now: int, *, jobs: list[NewJob] | None = ...,
                          deadline_hours: int | None = ..., time: dict[str, Any] | None = ...,
                          vacation: Vacation | None = ..., outbox: list[NewMessage] | None = ...,
                          statuses: Sequence[str] = ...) -> GameRecord: ...

    async def load_journal(self, game_id: int, *, after_seq: int = ...) -> list[JournalEntry]: ...

    async def last_journal_entry(self, game_id: int) -> JournalEntry | None: ...

    async def move_for_idem_key(self, idem_key: str) -> JournalEntry | None: ...

    async def record_rows(self, game_id: int, *, known_version: int | None = ...) -> RecordRows | None: ...

    async def load_snapshot(self, game_id: int) -> Snapshot | None: ...


class DeliveryStore(Protocol):
    """Delivery: due jobs, the outbox of posts and DMs, and replays, each claimed for a lease by one process."""

    async def claim_sweep(self, now: int, owner: str, *, lease_seconds: int = ..., limit: int = ...,
                          digest_period: int = ...) -> SweepClaims: ...

    async def job_to_outbox(self, job_id: int, game_id: int, message: NewMessage, idem_key: str,
                            now: int) -> bool: ...

    async def delete_job(self, job_id: int) -> bool: ...

    async def jobs_for_game(self, game_id: int) -> list[JobRecord]: ...

    async def claim_outbox(self, now: int, owner: str, *, lease_seconds: int = ..., limit: int = ...,
                           run: int = ...) -> list[OutboxRecord]: ...

    async def mark_claimed_sent(self, row_ids: Sequence[int], now: int, owner: str, *, lease_seconds: int = ...,
                                settings: Sequence[tuple[str, str, str | None]] = ...) -> int: ...

    async def defer_outbox(self, row_id: int, now: int, retry_at: int, error: str) -> None: ...

    async def postpone_outbox(self, row_id: int, until: int, owner: str) -> None: ...

    async def hold_delivery(self, game_id: int, now: int) -> bool: ...

    async def release_delivery(self, game_id: int) -> int: ...

    async def outbox_for_game(self, game_id: int) -> list[OutboxRecord]: ...

    async def queue_replay(self, game_id: int, tries: int = ...) -> None: ...

    async def claim_replays(self, now: int, owner: str, *, lease_seconds: int = ...,
                            limit: int = ...) -> list[tuple[int, int]]: ...

    async def replay_posted(self, game_id: int, owner: str) -> bool: ...

    async def queued_replays(self) -> list[tuple[int, int]]: ...


class CommunityStore(Protocol):
    """Settings, followers and their digests, and ratings."""

    async def get_setting(self, scope: str, key: str) -> str | None: ...

    async def set_setting(self, scope: str, key: str, value: str | None) -> None: ...

    async def settings(self, scope: str) -> dict[str, str]: ...

    async def settings_in(self, scopes: Sequence[str]) -> dict[str, dict[str, str]]: ...

    async def follow(self, game_id: int, user_id: str, mode: str, now: int, digest_due_at: int | None) -> Follower: ...

    async def unfollow(self, game_id: int, user_id: str) -> bool: ...

    async def followers(self, game_id: int) -> list[Follower]: ...

    async def clear_followers(self, game_id: int) -> int: ...

    async def note_follow_delivery(self, game_id: int, user_id: str, ok: bool) -> int: ...

    async def claim_digests(self, now: int, *, lease_seconds: int = ..., period: int = ...,
                            limit: int = ...) -> list[Follower]: ...

    async def digest_done(self, game_id: int, user_id: str, to: int) -> bool: ...

    async def public_posts(self, game_id: int, since: int, until: int) -> list[str]: ...

    async def public_posts_pending(self, game_id: int, after_id: int) -> int: ...

    async def unrated_games(self, limit: int = ...) -> list[int]: ...

    async def rate_game(self, game_id: int, now: int, settle: Settle) -> list[RatingChange] | None: ...

    async def player_ratings(self, guild_id: str, user_id: str) -> list[PlayerRating]: ...

    async def ruleset_ratings(self, guild_id: str, ruleset: str, *, min_games: int = ...) -> list[PlayerRating]: ...

    async def rating_history(self, guild_id: str, ruleset: str, user_id: str,
                             limit: int = ...) -> list[RatingChange]: ...


class StoreInterface(GameStore, PlayStore, DeliveryStore, CommunityStore, Protocol):
    """Every game, seat, move, deadline and notification: the operations the services use."""


if TYPE_CHECKING:
    def _both_backends(sqlite: Store, postgres: PgStore) -> list[StoreInterface]:
        """Never called: mypy (pyproject.toml) refuses it unless each backend has every operation above, with
        compatible parameters and results."""
        return [sqlite, postgres]
