"""The table's memory of a game: its log, its record (export), seals, ratings and the animated replay.

A finished game is rated right after its result is written (the move path, a concession) and, for any game a
crash left unrated, by the upkeep loop: the store rates each game once, in one transaction with its marker
(games.rated_at), in the order the games ended. The rule is bot/policy/ratings.py's; records are bot/policy/record.py's;
the replay is drawn by bot/policy/replay.py (render/replay.py encodes it)."""

from __future__ import annotations

import logging
from typing import Any


from bot.present import pictures
from bot.policy import ratings
from bot.policy import record as records
from bot.policy import rematch as rematches
from bot.store import (
    GameRecord,
)
from bot.tables.base import PublicPost
from engine import registry
from engine.core.types import result_headline
from bot.service.context import Context, ManagerError, Service
from bot.service.views import Views

log = logging.getLogger("stumpbot.service.memory")


class Memory(Service):
    """Who may have what of a game's past; the logic lives in the modules named above."""

    def __init__(self, ctx: Context, views: Views) -> None:
        super().__init__(ctx)
        self.views = views

    async def rate_finished(self) -> int:
        """Rate every finished game not rated yet, oldest first. Returns how many were looked at."""
        done = 0
        for game_id in await self.store.unrated_games():
            record = await self.store.get_game(game_id)
            if record is None:
                continue
            title = registry.get(record.ruleset).title if record.ruleset in registry.RULESETS else record.ruleset
            now = self._now()
            try:
                await self.store.rate_game(game_id, now, lambda *rows: ratings.settle(*rows, now=now, title=title))
            except Exception:  # a rating never undoes or blocks the game's end; the next sweep tries again
                log.exception("rating game %s failed", game_id)
                continue
            done += 1
        return done

    async def stats(self, guild_id: str, user_id: str) -> list[ratings.StatLine]:
        """A member's rated games, wins, rating, its last changes and leaderboard place, per ruleset, on a server."""
        lines = []
        for row in await self.store.player_ratings(guild_id, user_id):
            history = await self.store.rating_history(guild_id, row.ruleset, user_id, limit=ratings.TREND)
            board = ratings.standings(await self.store.ruleset_ratings(guild_id, row.ruleset,
                                                                       min_games=ratings.LEADERBOARD_MIN_GAMES))
            place = next((s.place for s in board if s.user_id == user_id), None)
            lines.append(ratings.StatLine(ruleset=row.ruleset, games=row.games, wins=row.wins,
                                          rating=ratings.display(row.mu, row.sigma), ordinal=ratings.ordinal(row.mu, row.sigma),
                                          trend=ratings.trend(history), place=place))
        return lines

    async def leaderboard(self, guild_id: str, ruleset: str) -> list[ratings.Standing]:
        """A server's top players of a ruleset (those with at least LEADERBOARD_MIN_GAMES rated games)."""
        try:
            name = registry.get(ruleset).name
        except KeyError as exc:
            raise ManagerError(str(exc.args[0]), code="unknown_ruleset") from None
        rows = await self.store.ruleset_ratings(guild_id, name, min_games=ratings.LEADERBOARD_MIN_GAMES)
        return ratings.standings(rows)

    async def export(self, game_id: int, user_id: str) -> dict[str, Any]:
        """The game's record (docs/record-format.md): to a seated player at any time — while the game is in
        progress its public part only (no seed, no notation, nothing private) — and to anyone after the end."""
        record = await self._started(game_id)
        if record.status not in records.ENDED:
            await self.views.seat_of(game_id, user_id)  # mid-game, only the players
        return await records.build_record(self.store, game_id)

    async def log_page(self, game_id: int, page: int | None = None) -> tuple[list[str], int, int]:
        """One page of the whole game's log, as the record holds it (each move's public lines; its notation
        too once the game is over): (lines, page, pages); pages count from 1, and None is the last page."""
        await self._started(game_id)
        return await records.log_page(self.store, game_id, page)

    async def _started(self, game_id: int) -> GameRecord:
        record = await self.views.game(game_id)
        if record.status == "lobby" or await self.store.load_snapshot(game_id) is None:
            raise ManagerError(f"Game #{game_id} never started: it has no moves to show.", code="not_started")
        return record

    async def seals(self, game_id: int, limit: int = 8) -> list[str]:
        """The latest commit-reveal lines (seals and their salts), for `/game status`: public, never posted."""
        if await self.store.load_snapshot(game_id) is None:
            return []
        return await records.proof_lines(self.store, game_id, limit)

    async def log_lines(self, game_id: int, limit: int = 30) -> list[str]:
        record = await self.views.game(game_id)
        journal = await self.store.load_journal(game_id)
        names = await self._actor_names(game_id)
        lines = [self._log_line(e, names) for e in journal[-limit:]]
        if record.status == "finished":
            lines.append(result_headline(record.result))
        return lines

    async def _actor_names(self, game_id: int) -> dict[str, str]:
        """user id → the name they played under, for every person who held a seat of the game."""
        names = {h.user_id: h.display_name for h in await self.store.seat_history(game_id) if h.controller == "human"}
        names.update({s.user_id: s.display_name for s in await self.store.list_seats(game_id)})
        return names

    @staticmethod
    def _log_line(e: Any, names: dict[str, str]) -> str:
        """One move of the log, saying who played it: a person, the bot or the deadline default."""
        if e.actor == "bot":
            return f"{e.seq}. 🤖 {e.seat} (bot): {e.notation}"
        if e.actor == "deadline":
            return f"{e.seq}. ⏰ {e.seat} (deadline): {e.notation}"
        name = names.get(e.actor, "").replace("`", "'")
        return f"{e.seq}. {e.seat} ({name}): {e.notation}" if name else f"{e.seq}. {e.seat}: {e.notation}"

    async def replay_picture(self, record: GameRecord) -> pictures.Picture | None:
        """The animated replay of a finished game, for the post that follows its result; None when its ruleset has no
        picture or drawing it failed (logged; `post_replays` tries again)."""
        from bot.policy import replay as replays

        try:
            animation = await replays.for_game(self.store, record.id)
        except Exception:  # noqa: BLE001 - a replay never holds up the result
            log.exception("could not draw the replay of game %s", record.id)
            return None
        if animation is None:
            return None
        ended = f" {result_headline(record.result)}" if record.result else ""
        alt = (f"Animated replay of game #{record.id} ({record.title}): the public board at each posted move, "
               f"{animation.n_frames} frames.{ended}")
        return pictures.Picture(png=animation.data, alt=alt, filename=animation.filename)

    async def post_replays(self) -> int:
        """Post the animated replay of every game whose result went out since the last sweep (the upkeep loop
        calls this): drawing one takes seconds, so it never delays the last move's answer or the result post.
        At most once per game: a failure is tried again at the next sweeps, up to REPLAY_TRIES in all."""
        if self.table is None or not self.render:
            return 0
        posted = 0
        # claimed for a lease before the seconds of drawing: another process skips it; taken off the
        # queue once posted, or given back with one more try counted
        for game_id, tries in await rematches.claim_replays(self.store, self.ctx.owner, self._now()):
            record = await self.store.get_game(game_id)
            if record is None or record.status != "finished":
                await rematches.replay_done(self.store, game_id, self.ctx.owner)
                continue
            picture = await self.replay_picture(record)
            if picture is None:
                await rematches.replay_failed(self.store, game_id, tries, self.ctx.owner)
                continue
            text = (f"🎞 Replay of game #{record.id} ({record.title}): the board at each posted move, "
                    "from the start to the result.")
            snap = await self.store.load_snapshot(game_id)
            try:
                await self.table.publish(PublicPost(game=self.ctx.ref(record, snap.seq if snap else 0), text=text,
                                                    replay=picture, key=f"r{game_id}"))
            except Exception as exc:  # noqa: BLE001 - the channel's trouble: the next sweep tries again
                log.warning("could not post the replay of game %s (%s)", game_id, type(exc).__name__)
                await rematches.replay_failed(self.store, game_id, tries, self.ctx.owner)
                continue
            await rematches.replay_done(self.store, game_id, self.ctx.owner)
            posted += 1
        return posted
