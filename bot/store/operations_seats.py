"""Seats changing hands (to another member, to the bot and back), offers of a seat, missed deadlines and civil
disorder: each operation once, for both backends (see bot/store/dialect.py)."""
from __future__ import annotations

from bot.store.dialect import Calls, Conn
from bot.store.records import (
    AlreadySeated,
    GameRecord,
    NewMessage,
    NotFound,
    SeatHolder,
    SeatOffer,
    _int,
    _prep_outbox,
)
from bot.store.sweeps import bot_seat_games
from bot.store.rows import (
    _bump,
    _expect,
    _fetch_game,
    _insert_outbox,
    _last_seq,
    _lock_game,
)


class SeatChangeOperations(Calls):
    # ------------------------------------------------------------ seats changing hands

    async def hand_over_seat(self, game_id: int, expected_version: int, seat: str, *, user_id: str, display_name: str,
                             controller: str, reason: str, now: int,
                             outbox: list[NewMessage] | None = None) -> GameRecord:
        """Give a seat of an active game to another holder, or to the bot and back, in one transaction
        (version + 1): its user and controller; its missed-deadline count cleared; the offers of that seat,
        and the new holder's offers of other seats of the game, withdrawn; a line in the seat's history
        (the first change also records the holder it had from the start); the outbox rows. A new user
        starts with unknown DM status and no preferences. Raises AlreadySeated (the user holds another
        seat of the game), NotFound, VersionConflict, WrongStatus."""
        if controller not in ("human", "bot"):
            raise ValueError(f"controller must be 'human' or 'bot', not {controller!r}")
        _int(now, "now")
        msg_rows = _prep_outbox(outbox)

        async def work(c: Conn) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("active",), "hand over a seat of")
            row = await c.one("SELECT user_id, display_name, controller, joined_at FROM seats WHERE game_id=? AND seat=?",
                              (game_id, seat))
            if row is None:
                raise NotFound(f"no seat {seat} in game {game_id}")
            other = await c.one("SELECT seat FROM seats WHERE game_id=? AND user_id=? AND seat<>?",
                                (game_id, user_id, seat))
            if other is not None:
                raise AlreadySeated(game_id, user_id, other[0])
            if not await c.one("SELECT 1 FROM seat_holders WHERE game_id=? AND seat=?", (game_id, seat)):
                await c.run("INSERT INTO seat_holders (game_id, seat, from_seq, user_id, display_name, controller, "
                            "reason, at) VALUES (?, ?, 0, ?, ?, ?, 'start', ?)", (game_id, seat, *row))
            if row[0] == user_id:
                await c.run("UPDATE seats SET display_name=?, controller=?, missed_deadlines=0, last_missed_due=NULL "
                            "WHERE game_id=? AND seat=?", (display_name, controller, game_id, seat))
            else:
                await c.run("UPDATE seats SET user_id=?, display_name=?, controller=?, missed_deadlines=0, "
                            "last_missed_due=NULL, dm_ok=NULL, prefs='{}' WHERE game_id=? AND seat=?",
                            (user_id, display_name, controller, game_id, seat))
            await c.run("DELETE FROM seat_offers WHERE game_id=? AND (seat=? OR user_id=?)", (game_id, seat, user_id))
            seq = await _last_seq(c, game_id)
            await c.run("INSERT INTO seat_holders (game_id, seat, from_seq, user_id, display_name, controller, reason, "
                        "at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (game_id, seat, seq, user_id, display_name, controller, reason, now))
            await _bump(c, game_id, expected_version, now)
            await _insert_outbox(c, game_id, msg_rows, seq, now)
            return await _fetch_game(c, game_id)

        return await self._write(work)

    async def seat_history(self, game_id: int) -> list[SeatHolder]:
        """Every change of hands of the game's seats, oldest first (empty when no seat ever changed hands)."""
        async def work(c: Conn) -> list[SeatHolder]:
            return [SeatHolder(*r) for r in await c.all(
                "SELECT game_id, seat, from_seq, user_id, display_name, controller, reason, at FROM seat_holders "
                f"WHERE game_id=? ORDER BY {c.d.order('seat_holders')}", (game_id,))]

        return await self._query(work)

    async def offer_seat(self, game_id: int, seat: str, user_id: str, display_name: str, offered_by: str,
                         now: int) -> SeatOffer:
        """Offer a seat to a member; replaces an earlier offer of that seat. No version change."""
        _int(now, "now")

        async def work(c: Conn) -> SeatOffer:
            if not await c.one("SELECT 1 FROM seats WHERE game_id=? AND seat=?", (game_id, seat)):
                raise NotFound(f"no seat {seat} in game {game_id}")
            await c.run("INSERT INTO seat_offers (game_id, seat, user_id, display_name, offered_by, created_at) "
                        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET user_id=excluded.user_id, "
                        "display_name=excluded.display_name, offered_by=excluded.offered_by, "
                        "created_at=excluded.created_at", (game_id, seat, user_id, display_name, offered_by, now))
            return SeatOffer(game_id, seat, user_id, display_name, offered_by, now)

        return await self._write(work)

    async def seat_offers(self, *, game_id: int | None = None, user_id: str | None = None) -> list[SeatOffer]:
        """Pending offers, of a game and/or to a user, oldest first."""
        where, params = [], []
        for column, value in (("game_id", game_id), ("user_id", user_id)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)

        async def work(c: Conn) -> list[SeatOffer]:
            return [SeatOffer(*r) for r in await c.all(
                "SELECT game_id, seat, user_id, display_name, offered_by, created_at FROM seat_offers"
                + (f" WHERE {' AND '.join(where)}" if where else "")
                + f" ORDER BY created_at, {c.d.order('seat_offers')}", params)]

        return await self._query(work)

    async def withdraw_offer(self, game_id: int, seat: str, user_id: str | None = None) -> bool:
        """Drop the offer of a seat (only if it was made to ``user_id``, when given)."""
        async def work(c: Conn) -> bool:
            if user_id is None:
                return await c.run("DELETE FROM seat_offers WHERE game_id=? AND seat=?", (game_id, seat)) > 0
            return await c.run("DELETE FROM seat_offers WHERE game_id=? AND seat=? AND user_id=?",
                               (game_id, seat, user_id)) > 0

        return await self._write(work)

    # ------------------------------------------------------------ deadlines missed, civil disorder

    async def note_missed_deadline(self, game_id: int, seat: str, due_at: int) -> int:
        """Count a deadline the seat let pass, once per deadline (``due_at``); returns the count in a row."""
        _int(due_at, "due_at")

        async def work(c: Conn) -> int:
            await c.run("UPDATE seats SET missed_deadlines = missed_deadlines + 1, last_missed_due = ? "
                        "WHERE game_id=? AND seat=? AND (last_missed_due IS NULL OR last_missed_due <> ?)",
                        (due_at, game_id, seat, due_at))
            row = await c.one("SELECT missed_deadlines FROM seats WHERE game_id=? AND seat=?", (game_id, seat))
            if row is None:
                raise NotFound(f"no seat {seat} in game {game_id}")
            return row[0]

        return await self._write(work)

    async def reset_missed_deadlines(self, game_id: int, seat: str) -> None:
        """Its holder moved: the seat has missed no deadline in a row."""
        async def work(c: Conn) -> None:
            await c.run("UPDATE seats SET missed_deadlines=0, last_missed_due=NULL WHERE game_id=? AND seat=?",
                        (game_id, seat))

        await self._write(work)

    async def civil_disorder_after(self, game_id: int) -> int:
        """Missed deadlines in a row after which the bot takes a seat over (0: never)."""
        async def work(c: Conn) -> int:
            row = await c.one("SELECT civil_disorder_after FROM games WHERE id=?", (game_id,))
            if row is None:
                raise NotFound(f"no game {game_id}")
            return row[0]

        return await self._query(work)

    async def set_civil_disorder_after(self, game_id: int, count: int) -> None:
        """Set the game's civil-disorder threshold (0..100; 0: never). No version change."""
        if not 0 <= _int(count, "count") <= 100:
            raise ValueError("the civil-disorder threshold must be between 0 and 100")

        async def work(c: Conn) -> None:
            if await c.run("UPDATE games SET civil_disorder_after=? WHERE id=?", (count, game_id)) != 1:
                raise NotFound(f"no game {game_id}")

        await self._write(work)

    async def games_with_bot_seats(self) -> list[int]:
        """Active games where the bot plays at least one seat."""
        return await self._query(bot_seat_games)
