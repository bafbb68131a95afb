"""The bot playing the seats it holds: every move it owes, as soon as it owes it.

A game whose bot seats all play at `easy` or `normal` is played in place, as the move that made the bot owe one
returns: those decisions cost next to nothing. A game with a `hard` bot seat is played in a task of its own (one
per game at a time), each decision thought about outside the game's lock (a hard one in the thinker's worker
pool, bot/service/thinking.py) and played at once, so a person's move, a sweep or a click never waits for the bot
to think. Should the game move while the bot thinks, its move is refused as stale and it thinks again from the new
position. Nothing of a decision is stored before it is played: after a restart the sweep's catch-up (Seats.
bots_catch_up) finds the move still owed and the bot decides it again, from the same seed.
"""
from __future__ import annotations

import asyncio
import logging

from bot.policy import bot_levels
from bot.service.context import Context, Service
from bot.service.games import Games
from bot.service.views import Views
from bot.store import GameRecord
from engine.core.errors import EngineError, StaleState
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats

log = logging.getLogger("stumpbot.service.seats")
BOT_MOVES_AT_ONCE = 1000  # the bot's moves in a row for one game in one go (the next sweep goes on)
STALE_IN_A_ROW = 3  # a background run's decisions overtaken by the game in a row before it leaves it to the sweep


def bot_rng(record: GameRecord, seq: int) -> Rng:
    """The bot's random stream for the game's move `seq`: a function of the game's seed and move number, so a
    replay plays the same."""
    return Rng(record.seed ^ (0x9E3779B97F4A7C15 * (seq + 1)))


class BotPlay(Service):
    """The bot's moves for the seats it holds (see the module's docstring)."""

    def __init__(self, ctx: Context, views: Views, games: Games) -> None:
        super().__init__(ctx)
        self.views = views
        self.games = games
        self._running: dict[int, asyncio.Task[None]] = {}  # games whose bot seats are played in the background
        self._again: set[int] = set()  # of those, the ones asked to look again once their run is done

    async def play(self, game_id: int) -> int:
        """Play every move the bot owes in the game's bot seats. Returns the moves made (0 when they are played in
        the background). Re-entrant calls (a bot move's own submit) return at once."""
        if game_id in self.ctx.botting:
            return 0
        if game_id in self._running:  # its run is under way: it looks again once it is done
            self._again.add(game_id)
            return 0
        bots = await self._bot_seats(game_id)
        if not bots:  # most games: a person's move, and nobody for the bot to play
            return 0
        if await self._thinks_hard(game_id, bots):
            self._running[game_id] = asyncio.get_running_loop().create_task(self._background(game_id),
                                                                            name=f"stumpbot-bot-{game_id}")
            return 0
        self.ctx.botting.add(game_id)
        try:
            async with self.games.gathered(game_id):  # their posts go out as one when the run ends
                return await self._run(game_id)
        finally:
            self.ctx.botting.discard(game_id)

    async def _bot_seats(self, game_id: int) -> set[str]:
        return {s.seat for s in await self.store.list_seats(game_id) if s.controller == "bot"}

    async def _thinks_hard(self, game_id: int, bots: set[str]) -> bool:
        settings = await self.store.settings(f"game:{game_id}")
        return any(bot_levels.level_of(settings, seat) == "hard" for seat in bots)

    async def _owed(self, game_id: int) -> tuple[GameRecord, str, int] | None:
        """The game, the bot seat that owes a move in it and the move number; None when it owes none."""
        record = await self.store.get_game(game_id)
        if record is None or record.status != "active":
            return None
        bots = await self._bot_seats(game_id)
        if not bots:
            return None
        ruleset, state, seq = await self.views.state(record)
        seat = next((s for s in owing_seats(ruleset, state) if s in bots), None)
        return None if seat is None else (record, seat, seq)

    async def _run(self, game_id: int) -> int:
        """The bot's moves in a row, in place."""
        moves = 0
        while moves < BOT_MOVES_AT_ONCE:
            owed = await self._owed(game_id)
            if owed is None:
                break
            record, seat, seq = owed
            try:
                if await self.games.bot_move(game_id, seat, bot_rng(record, seq)) is None:
                    break
            except StaleState:  # someone moved first: another process's sweep, or the player of another seat
                log.debug("bot move for game %s seat %s: the game moved meanwhile; the next sweep looks again",
                          game_id, seat)
                break
            except EngineError as exc:  # a bot that cannot move: the deadline will
                log.warning("bot move for game %s seat %s refused: %s", game_id, seat, exc.code)
                break
            moves += 1
        return moves

    async def _background(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                await self._think_and_play(game_id)
                if game_id not in self._again:
                    break
        except Exception:  # noqa: BLE001 - the next sweep looks again (Seats.bots_catch_up)
            log.exception("the bot could not play in game %s", game_id)
        finally:
            self._running.pop(game_id, None)
            self._again.discard(game_id)

    async def _think_and_play(self, game_id: int) -> None:
        """The bot's moves in a row, each decided outside the game's lock and played at once."""
        stale = 0
        for _ in range(BOT_MOVES_AT_ONCE):
            owed = await self._owed(game_id)
            if owed is None:
                return
            record, seat, seq = owed
            try:
                decided = await self.games.bot_decision(game_id, seat, bot_rng(record, seq))
                if decided is None:
                    return
                self.ctx.botting.add(game_id)
                try:
                    async with self.games.gathered(game_id):
                        await self.games.play_bot_decision(game_id, decided)
                finally:
                    self.ctx.botting.discard(game_id)
                stale = 0
            except StaleState:  # the game moved while the bot thought: it thinks again from the new position
                stale += 1
                if stale >= STALE_IN_A_ROW:
                    return
            except EngineError as exc:  # a bot that cannot move: the deadline will
                log.warning("bot move for game %s seat %s refused: %s", game_id, seat, exc.code)
                return

    def thinking(self) -> bool:
        """Whether a game's bot seats are being played in the background now."""
        return bool(self._running)

    async def settled(self) -> None:
        """Wait until no game's bot seats are played in the background (tests; a table closing)."""
        while self._running:
            await asyncio.gather(*list(self._running.values()), return_exceptions=True)

    def close(self) -> None:
        """Stop: a decision being thought about is thought about again when its game is next looked at."""
        for task in list(self._running.values()):
            task.cancel()
        self.games.thinker.close()
