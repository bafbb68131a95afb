"""Settings, spectators who follow a game, and ratings: each operation once, for both backends (see
bot/store/dialect.py)."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Sequence

from bot.store.dialect import Calls, Conn
from bot.store.reads import read_followers, read_settings_in, write_settings
from bot.store.records import (
    Follower,
    GameRecord,
    JournalEntry,
    NewMessage,
    PlayerRating,
    RatingChange,
    SeatRecord,
    _int,
    _loads,
    _prep_outbox,
)
from bot.store.sweeps import claim_digest_rows
from bot.store.rows import (
    _FOLLOWER_COLS,
    _JOURNAL_COLS,
    _RATING_COLS,
    _SEAT_COLS,
    _entry,
    _fetch_game,
    _follower,
    _insert_outbox,
    _last_seq,
    _seat,
)


class CommunityOperations(Calls):
    # ------------------------------------------------------------ settings

    async def get_setting(self, scope: str, key: str) -> str | None:
        async def work(c: Conn) -> str | None:
            row = await c.one("SELECT value FROM settings WHERE scope=? AND key=?", (scope, key))
            return None if row is None else row[0]

        return await self._query(work)

    async def set_setting(self, scope: str, key: str, value: str | None) -> None:
        """Set a setting (scope e.g. 'guild:<id>' or 'user:<id>'); None deletes it."""
        await self._write(write_settings, [(scope, key, value)])

    async def settings(self, scope: str) -> dict[str, str]:
        async def work(c: Conn) -> dict[str, str]:
            return {r[0]: r[1] for r in await c.all("SELECT key, value FROM settings WHERE scope=? ORDER BY key", (scope,))}

        return await self._query(work)

    async def settings_in(self, scopes: Sequence[str]) -> dict[str, dict[str, str]]:
        """The settings of several scopes in one read (every scope given is a key, empty when it has none)."""
        if not scopes:
            return {}
        return await self._query(read_settings_in, list(scopes))

    # ------------------------------------------------------------ spectators who follow a game (migration 0006)
    #
    # One row per (game, member). A digest is claimed like a job (a lease, in one write transaction; on PostgreSQL
    # rows another claimer is taking are skipped) and confirmed once sent; see 0006_followers.sqlite.sql for why that
    # sends each day's digest once.

    async def follow(self, game_id: int, user_id: str, mode: str, now: int, digest_due_at: int | None) -> Follower:
        """Start following (or change the mode of a follow): the next digest covers from now on."""
        _int(now, "now")

        async def work(c: Conn) -> Follower:
            await c.run("INSERT INTO followers (game_id, user_id, mode, since, digest_from, digest_due_at) "
                        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET mode=excluded.mode, "
                        "digest_from=excluded.digest_from, digest_due_at=excluded.digest_due_at, digest_to=NULL, "
                        "claimed_until=NULL, failures=0", (game_id, user_id, mode, now, now, digest_due_at))
            return _follower(await c.one(f"SELECT {_FOLLOWER_COLS} FROM followers WHERE game_id=? AND user_id=?",
                                         (game_id, user_id)))

        return await self._write(work)

    async def unfollow(self, game_id: int, user_id: str) -> bool:
        async def work(c: Conn) -> bool:
            return await c.run("DELETE FROM followers WHERE game_id=? AND user_id=?", (game_id, user_id)) == 1

        return await self._write(work)

    async def followers(self, game_id: int) -> list[Follower]:
        return await self._query(read_followers, game_id)

    async def clear_followers(self, game_id: int) -> int:
        async def work(c: Conn) -> int:
            return await c.run("DELETE FROM followers WHERE game_id=?", (game_id,))

        return await self._write(work)

    async def note_follow_delivery(self, game_id: int, user_id: str, ok: bool) -> int:
        """Count a DM to a follower that could not be delivered (or clear the count): the failures in a row."""
        async def work(c: Conn) -> int:
            row = await c.one("UPDATE followers SET failures=" + ("0" if ok else "failures+1")
                              + " WHERE game_id=? AND user_id=? RETURNING failures", (game_id, user_id))
            return 0 if row is None else int(row[0])

        return await self._write(work)

    async def claim_digests(self, now: int, *, lease_seconds: int = 300, period: int = 86400,
                            limit: int = 100) -> list[Follower]:
        """Due digests, claimed in one write transaction: a fresh one covers up to now and its next one is moved
        a whole number of periods on (a bot down for days sends one digest, not one per day missed); one
        claimed before whose lease ran out (its sender died) is claimed again for the same span."""
        _int(now, "now")
        return await self._write(claim_digest_rows, now, lease_seconds, period, limit)

    async def digest_done(self, game_id: int, user_id: str, to: int) -> bool:
        """A claimed digest went out (or had nothing to say): the next one starts where it ended."""
        async def work(c: Conn) -> bool:
            return await c.run("UPDATE followers SET digest_from=?, digest_to=NULL, claimed_until=NULL "
                               "WHERE game_id=? AND user_id=? AND digest_to=?", (to, game_id, user_id, to)) == 1

        return await self._write(work)

    async def public_posts(self, game_id: int, since: int, until: int) -> list[str]:
        """The text of the game's public posts that went out in [since, until), oldest first."""
        async def work(c: Conn) -> list[str]:
            rows = await c.all("SELECT payload FROM outbox WHERE game_id=? AND audience='public' AND sent_at IS NOT NULL "
                               "AND sent_at >= ? AND sent_at < ? ORDER BY id", (game_id, since, until))
            return [str((_loads(r[0]) or {}).get("text", "")) for r in rows]

        return await self._query(work)

    async def public_posts_pending(self, game_id: int, after_id: int) -> int:
        """How many public posts of the game wait to be sent after outbox row ``after_id``."""
        async def work(c: Conn) -> int:
            return int((await c.one("SELECT count(*) FROM outbox WHERE game_id=? AND audience='public' "
                                    "AND sent_at IS NULL AND id > ?", (game_id, after_id)))[0])

        return await self._query(work)

    # ------------------------------------------------------------ ratings (ratings and stats)

    async def unrated_games(self, limit: int = 100) -> list[int]:
        """Finished games not rated yet (no games.rated_at), in the order they ended."""
        async def work(c: Conn) -> list[int]:
            return [r[0] for r in await c.all(
                "SELECT id FROM games WHERE status = 'finished' AND rated_at IS NULL ORDER BY updated_at, id LIMIT ?",
                (limit,))]

        return await self._query(work)

    async def rate_game(self, game_id: int, now: int, settle: Callable[
            [GameRecord, list[SeatRecord], list[JournalEntry], dict[str, PlayerRating]],
            tuple[list[RatingChange], list[NewMessage]]]) -> list[RatingChange] | None:
        """Rate a finished game once, in one transaction. ``settle`` (pure, bot/policy/ratings.py) gets the game,
        its seats, its journal and the current ratings (by user id) of its seated members in its ruleset
        on its server; it returns the new ratings of the rated seats and any outbox rows (the channel's
        notice). They are written together with the marker games.rated_at. Returns None, without calling
        ``settle``, when the game is not finished or is rated already (a second process, a restart: the
        game is held first, so two processes rating it at once rate it once)."""
        _int(now, "now")

        async def work(c: Conn) -> list[RatingChange] | None:
            row = await c.one(f"SELECT status, rated_at FROM games WHERE id=?{c.d.for_update}", (game_id,))
            if row is None or row[0] != "finished" or row[1] is not None:
                return None
            game = await _fetch_game(c, game_id)
            seats = [_seat(r) for r in await c.all(
                f"SELECT {_SEAT_COLS} FROM seats WHERE game_id=? ORDER BY joined_at, seat", (game_id,))]
            journal = [_entry(r) for r in await c.all(
                f"SELECT {_JOURNAL_COLS} FROM journal WHERE game_id=? ORDER BY seq", (game_id,))]
            current: dict[str, PlayerRating] = {}
            if game.guild_id is not None:
                for s in seats:
                    r = await c.one(f"SELECT {_RATING_COLS} FROM ratings WHERE guild_id=? AND ruleset=? AND user_id=?",
                                    (game.guild_id, game.ruleset, s.user_id))
                    if r is not None:
                        current[s.user_id] = PlayerRating(*r)
            changes, messages = settle(game, seats, journal, current)
            if changes and game.guild_id is None:
                raise ValueError("only a game in a server is rated")
            for ch in changes:
                await c.run(f"INSERT INTO ratings ({_RATING_COLS}) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) "
                            "ON CONFLICT (guild_id, ruleset, user_id) DO UPDATE SET name = excluded.name, "
                            "mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1, "
                            "wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at",
                            (game.guild_id, game.ruleset, ch.user_id, ch.name, float(ch.mu_after),
                             float(ch.sigma_after), int(ch.won), now))
                await c.run("INSERT INTO rating_history (game_id, guild_id, ruleset, user_id, seat, rank, won, "
                            "mu_before, sigma_before, mu_after, sigma_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (game_id, game.guild_id, game.ruleset, ch.user_id, ch.seat, _int(ch.rank, "rank"),
                             bool(ch.won), float(ch.mu_before), float(ch.sigma_before), float(ch.mu_after),
                             float(ch.sigma_after), now))
            await _insert_outbox(c, game_id, _prep_outbox(messages), await _last_seq(c, game_id), now)
            await c.run("UPDATE games SET rated_at = ? WHERE id = ?", (now, game_id))
            return [replace(ch, game_id=game_id, at=now) for ch in changes]

        return await self._write(work)

    async def player_ratings(self, guild_id: str, user_id: str) -> list[PlayerRating]:
        """A member's ratings on a server, one per ruleset they have a rated game in."""
        async def work(c: Conn) -> list[PlayerRating]:
            return [PlayerRating(*r) for r in await c.all(
                f"SELECT {_RATING_COLS} FROM ratings WHERE guild_id=? AND user_id=? ORDER BY ruleset", (guild_id, user_id))]

        return await self._query(work)

    async def ruleset_ratings(self, guild_id: str, ruleset: str, *, min_games: int = 0) -> list[PlayerRating]:
        """Every rating of a ruleset on a server with at least ``min_games`` rated games (unsorted)."""
        async def work(c: Conn) -> list[PlayerRating]:
            return [PlayerRating(*r) for r in await c.all(
                f"SELECT {_RATING_COLS} FROM ratings WHERE guild_id=? AND ruleset=? AND games>=?",
                (guild_id, ruleset, min_games))]

        return await self._query(work)

    async def rating_history(self, guild_id: str, ruleset: str, user_id: str, limit: int = 5) -> list[RatingChange]:
        """A member's last ``limit`` rating changes in a ruleset on a server, oldest first."""
        async def work(c: Conn) -> list[RatingChange]:
            rows = await c.all(
                "SELECT h.game_id, h.user_id, coalesce(s.display_name, ''), h.seat, h.rank, h.won, h.mu_before, "
                "h.sigma_before, h.mu_after, h.sigma_after, h.at FROM rating_history h "
                "LEFT JOIN seats s ON s.game_id = h.game_id AND s.user_id = h.user_id "
                f"WHERE h.guild_id=? AND h.ruleset=? AND h.user_id=? ORDER BY h.{c.d.order('rating_history')} DESC "
                "LIMIT ?", (guild_id, ruleset, user_id, limit))
            return [RatingChange(r[0], r[1], r[2], r[3], r[4], bool(r[5]), *r[6:]) for r in reversed(rows)]

        return await self._query(work)
