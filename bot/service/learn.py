"""Learning by playing: a guided first game of a title, the learner against the built-in bot, and a game against
the bot without the coach. The coach's words are bot/present/coach.py's, from data/learn/<ruleset>.yaml; what it
says in the briefs and refusals, bot/service/coaching.py.

A lesson is an ordinary game with no server (its channel is where the learner plays: a DM on Discord, the
terminal on the local table), so it is private and never rated; its seed and options are the lesson file's, so
every learner meets the same deal; the bot's seats are the bot's from the first move. A lesson may stop before the
game does (its file's end point): the summary comes, and the game goes on against the bot without the coach, for a
learner who wants to finish it; `start` then deals a new lesson. Its deadline is the longest
a game can have and the bot never takes the learner's seat over (no civil disorder): a learner may leave for
days and come back. Coming back (`start` again) finds the lesson in progress instead of dealing another.

Hints (bot/service/hints.py) are on by default in both, a lesson and a game against the bot: either is practice,
never rated, and a hint is one more way to learn; the learner may open either without them."""
from __future__ import annotations

from dataclasses import dataclass

from bot.policy import record as records
from bot.present import coach
from bot.service.context import Context, ManagerError, Service
from bot.service.games import Games
from bot.service.hints import OPTION as HINTS
from bot.service.seats import Seats
from bot.service.views import Views
from bot.store import GameRecord, game_scope
from engine import registry
from engine.core.ruleset import seat_range, seats_for

LONGEST_WAIT = 24 * 14  # hours: the longest move deadline a game may have
BOT_NAME = "Stumpbot"


@dataclass(frozen=True)
class Lesson:
    record: GameRecord
    resumed: bool  # the lesson was in progress already
    seat: str  # the learner's


class Learn(Service):
    def __init__(self, ctx: Context, views: Views, games: Games, seats: Seats) -> None:
        super().__init__(ctx)
        self.views = views
        self.games = games
        self.seats = seats

    async def start(self, ruleset_name: str, user_id: str, name: str, *, channel_id: str | None, bot_user: str,
                    with_coach: bool = True, salt: str | None = None, hints: bool = True) -> Lesson:
        """The learner's lesson of this game: the one in progress, else a new one. Without the coach: a new game
        against the bot, with a fresh deal and the game's usual options. `bot_user`: the user id the bot's seats are
        held under (the bot's own account on Discord). `salt`: the seed commitment's, fixed (a transcript's game,
        posted the same each run). `hints`: the game gives hints (a lesson already in progress keeps its own)."""
        try:
            ruleset = registry.get(ruleset_name)
        except KeyError as exc:
            raise ManagerError(str(exc.args[0]), code="unknown_ruleset") from None
        found = coach.lesson(ruleset.name)
        if found is None:
            have = ", ".join(registry.get(n).title for n in coach.titles()) or "none yet"
            raise ManagerError(f"{ruleset.title} has no guided first game yet (games with one: {have}).",
                               code="no_lesson")
        if with_coach and (current := await self.in_progress(ruleset.name, user_id)) is not None:
            return Lesson(current, True, await self._seat(current.id, user_id))
        options = found.options if with_coach else {}
        seats = seats_for(ruleset, seat_range(ruleset, options)[0], options)
        table_options = {**options, HINTS: True} if hints else options
        bots = [s for s in seats if s != found.seat]
        title = f"Learning {ruleset.title}" if with_coach else f"{ruleset.title} against the bot"
        record = await self.games.create(ruleset.name, user_id, name, options=table_options, title=title, guild_id=None,
                                         channel_id=channel_id, seat=found.seat, deadline_hours=LONGEST_WAIT,
                                         seed=found.seed if with_coach else None)
        try:
            await self.store.set_civil_disorder_after(record.id, 0)
            if salt is not None:
                await self.store.set_setting(game_scope(record.id), records.SALT_KEY, salt)
            if with_coach:
                await self.store.set_setting(game_scope(record.id), coach.LEARN_KEY, ruleset.name)
            for n, seat in enumerate(bots):
                await self.games.join(record.id, bot_user if n == 0 else f"{bot_user}:{seat}", BOT_NAME, seat=seat)
            record = await self.games.start(record.id, user_id, bot_seats=frozenset(bots))
        except Exception:
            await self.games.abandon(record.id, user_id)  # a game that cannot start is not left as a lobby
            raise
        await self.seats.play_bots(record.id)
        return Lesson(await self.views.game(record.id), False, found.seat)

    async def in_progress(self, ruleset_name: str, user_id: str) -> GameRecord | None:
        """The user's unfinished lesson of this game (the latest, should an older one be left). A lesson whose
        summary was shown is over even while its game goes on without the coach."""
        name = registry.canonical(ruleset_name)
        for record in reversed(await self.store.list_games(status="active", user_id=user_id)):
            if record.ruleset != name:
                continue
            settings = await self.store.settings(game_scope(record.id))
            if settings.get(coach.LEARN_KEY) and not coach.summarized(coach.shown_steps(settings.get(coach.SHOWN_KEY))):
                return record
        return None

    async def again(self, game_id: int, user_id: str) -> str:
        """What the coach said before the decision the learner is at (for a learner coming back), or ""."""
        record = await self.views.game(game_id)
        ruleset, state, seq = await self.views.state(record)
        seat = await self._seat(game_id, user_id)
        shown = coach.shown_steps(await self.store.get_setting(game_scope(game_id), coach.SHOWN_KEY))
        return coach.coach(ruleset, state, seat, seq, shown, again=True).text

    async def _seat(self, game_id: int, user_id: str) -> str:
        seat = await self.views.seat_of(game_id, user_id)
        return seat.seat
