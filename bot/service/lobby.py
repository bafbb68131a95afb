"""The lobby: a game opened, joined, started, cancelled, and its rematch opened. A refused command changes nothing.

The start is a move of its own: the engine sets the game up (pure), then one store transaction writes the state,
the seats' final names, the first deadlines and the opening posts, which are then delivered. The move path that
follows is bot/service/games.py."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import ValidationError

from bot.policy import bot_levels
from bot.policy import record as records
from bot.policy import rematch as rematches
from bot.present import option_hints
from bot.service.clock import Clock
from bot.service.community import Community
from bot.service.context import Context, ManagerError, Service, storable
from bot.service.delivery import Delivery
from bot.service.hints import OPTION as HINTS, split_options
from bot.service.move_posts import posts_and_deadlines
from bot.service.views import Views
from bot.store import GameRecord, NewMessage, SeatRecord, game_scope
from engine import registry
from engine.core.errors import EngineError
from engine.core.posting import EMPTY
from engine.core.ruleset import Ruleset, lobby_seat_names, seat_range, state_hash
from engine.core.types import Event

MAX_TITLE = 80
BOT_NAME = "Stumpbot"  # the name a seat the bot holds from the start is listed under


def _seat_for(ruleset: Ruleset, taken: set[str], seat: str | None) -> str:
    """The seat a player takes in a lobby whose seats `taken` are held: the one asked for, or the first free one."""
    names = ruleset.seat_names(ruleset.max_seats)
    free = [n for n in names if n not in taken]
    seat = (free[0] if seat is None else seat).upper()
    if seat not in lobby_seat_names(ruleset):
        raise ManagerError(f"`{seat[:20]}` is not a seat in {ruleset.title}. Seats: {', '.join(names)}.", code="bad_seat")
    if seat in taken:
        raise ManagerError(f"{seat} is taken. Free seats: {', '.join(free)}.", code="seat_taken")
    return seat


def _holder(name: str, level: str | None) -> str:
    """Who holds a seat, as the start's post names them: a person, or the bot at its level."""
    return name if level is None else f"🤖 bot ({level})"


class Lobby(Service):
    """Opening, filling, starting and cancelling a game, and its rematch."""

    def __init__(self, ctx: Context, views: Views, delivery: Delivery, clock: Clock, community: Community) -> None:
        super().__init__(ctx)
        self.views = views
        self.delivery = delivery
        self.clock = clock
        self.community = community

    async def create(self, ruleset_name: str, host_user: str, host_name: str, *, options: dict[str, Any] | None = None,
                     title: str | None = None, guild_id: str | None = None, channel_id: str | None = None,
                     seat: str | None = None, deadline_hours: int | None = None, seed: int | None = None) -> GameRecord:
        """Open a lobby with its host seated. Everything is checked first and written in one store transaction
        (the game, the host's seat, its expiry, its seed's secret salt): a refused `/game new` leaves nothing."""
        storable(title, "game name")
        storable(host_name, "name")
        storable(seat, "seat")
        try:
            ruleset = registry.get(ruleset_name)
        except KeyError as exc:
            raise ManagerError(str(exc.args[0]), code="unknown_ruleset") from None
        options, hints = split_options(options)  # a table's option, not the ruleset's
        try:
            parsed = ruleset.parse_options(options)
        except ValidationError as exc:  # in words: the option, what it takes, and every option of the game
            raise ManagerError(option_hints.refusal(ruleset, options, exc), code="bad_option") from None
        opts = parsed.model_dump()
        server = await self.community.server_settings(guild_id)  # the server's defaults for its new games
        chosen: int = opts["deadline_hours"] if "deadline_hours" in (options or {}) else server.deadline_hours
        hours = deadline_hours or chosen
        if not 1 <= hours <= 24 * 14:
            raise ManagerError("The move deadline must be between 1 hour and 14 days.", code="bad_option")
        host_seat = _seat_for(ruleset, set(), seat)
        clean_title = (title or ruleset.title).strip()[:MAX_TITLE] or ruleset.title
        now = self._now()
        if seed is None:  # fresh games get an unpredictable seed; demos and tests pass their own
            seed = self.ctx.new_seed()
        civil_disorder, jobs = self.community.lobby_defaults(guild_id, server, now)
        return await self.store.open_lobby(ruleset.name, opts, seed, host_user, clean_title, now, seat=host_seat,
                                           display_name=host_name[:64], guild_id=guild_id, channel_id=channel_id,
                                           deadline_hours=hours, civil_disorder_after=civil_disorder, jobs=jobs,
                                           # the seed commitment's secret salt
                                           settings=[(records.SALT_KEY, records.new_salt())]
                                           + ([(HINTS, "on")] if hints else []))

    async def join(self, game_id: int, user_id: str, name: str, *, seat: str | None = None) -> GameRecord:
        storable(name, "name")
        storable(seat, "seat")
        async with self._lock(game_id):
            record = await self.views.game(game_id)
            if record.status != "lobby":
                raise ManagerError(f"Game #{game_id} has already started; you can follow it as a spectator.", code="started")
            ruleset = registry.get(record.ruleset)
            seats = await self.store.list_seats(game_id)
            if any(s.user_id == user_id for s in seats):
                raise ManagerError(f"You are already seated in game #{game_id}.", code="already_seated")
            most = seat_range(ruleset, record.options)[1]
            if len(seats) >= most:
                raise ManagerError(f"Game #{game_id} is full ({most} seat{'s' if most != 1 else ''}).", code="full")
            chosen = _seat_for(ruleset, {s.seat for s in seats}, seat)
            await self._clear_level(game_id, chosen)  # a person plays it: no level left from a bot seated there
            return await self.store.add_seat(game_id, record.version, chosen, user_id, name[:64], self._now())

    # ---------------------------------------------------------------- the bot in a lobby

    async def lobby_bots(self, game_id: int, seats: list[SeatRecord] | None = None) -> dict[str, str]:
        """The lobby's seats the bot holds from the start, each with its level. A seat is the bot's while its
        level is a game setting (`bot_level:<SEAT>`, written before the seat and cleared after it)."""
        settings = await self.store.settings(game_scope(game_id))
        seats = await self.store.list_seats(game_id) if seats is None else seats
        return {s.seat: bot_levels.level_of(settings, s.seat) for s in seats
                if settings.get(bot_levels.level_key(s.seat))}

    async def add_bot(self, game_id: int, user_id: str, seat: str | None, *, bot_user: str, level: str | None = None,
                      admin: bool = False) -> str:
        """The host (or an admin) seats the built-in bot in a free seat of a lobby at `level` (none: normal); it
        plays that seat from the first move. On a seat the bot holds already, a level given changes it. `bot_user`:
        the user id the bot's seats are held under (the bot's own account on Discord). Returns the seat."""
        storable(seat, "seat")
        chosen = bot_levels.parse_level(level)
        async with self._lock(game_id):
            record = await self._open_lobby(game_id)
            self.ctx.host_only(record, user_id, admin, "seat the bot")
            ruleset = registry.get(record.ruleset)
            seats = await self.store.list_seats(game_id)
            bots = await self.lobby_bots(game_id, seats)
            name = (seat or "").strip().upper()
            if name in bots:  # the bot's seat already: its level changes
                if level is None:
                    raise ManagerError(f"The bot already sits as {name}. To change how well it plays, give a level: "
                                       f"`/seat bot seat:{name} level:hard` (easy, normal or hard).", code="bot_seat")
                await self.store.set_setting(game_scope(game_id), bot_levels.level_key(name), chosen)
                return name
            most = seat_range(ruleset, record.options)[1]
            if most == 1:
                raise ManagerError(f"{ruleset.title} with these options is a game for one player (the rules play the "
                                   "other side): there is no seat for the bot.", code="one_player")
            if len(seats) >= most:
                raise ManagerError(f"Game #{game_id} is full ({most} seats): there is no seat left for the bot.",
                                   code="full")
            picked = _seat_for(ruleset, {s.seat for s in seats}, seat)
            holder = bot_user if all(s.user_id != bot_user for s in seats) else f"{bot_user}:{picked}"
            # the level first: a seat of the bot's is never without one (a crash between leaves a free seat's
            # level, which a person joining clears)
            await self.store.set_setting(game_scope(game_id), bot_levels.level_key(picked), chosen)
            try:
                await self.store.add_seat(game_id, record.version, picked, holder, BOT_NAME, self._now())
            except Exception:
                await self._clear_level(game_id, picked)
                raise
            return picked

    async def remove_bot(self, game_id: int, user_id: str, seat: str, *, admin: bool = False) -> str:
        """The host (or an admin) takes the bot off a lobby seat, freeing it. Returns the seat."""
        storable(seat, "seat")
        async with self._lock(game_id):
            record = await self._open_lobby(game_id)
            self.ctx.host_only(record, user_id, admin, "take the bot off a seat")
            seats = await self.store.list_seats(game_id)
            bots = await self.lobby_bots(game_id, seats)
            name = seat.strip().upper()
            if name not in bots:
                held = ", ".join(bots) or "none"
                raise ManagerError(f"The bot does not sit as `{name[:20]}` in game #{game_id} (its seats: {held}).",
                                   code="not_bot_seat")
            holder = next(s.user_id for s in seats if s.seat == name)
            await self.store.leave_lobby(game_id, record.version, holder, self._now())
            await self._clear_level(game_id, name)
            return name

    async def _open_lobby(self, game_id: int) -> GameRecord:
        record = await self.views.game(game_id)
        if record.status != "lobby":
            raise ManagerError(f"Game #{game_id} is {record.status}: the bot is seated this way only in a lobby. In "
                               "a game in progress, `/seat bot` hands it a player's seat.", code="started")
        return record

    async def _clear_level(self, game_id: int, seat: str) -> None:
        scope = game_scope(game_id)
        if (await self.store.settings(scope)).get(bot_levels.level_key(seat)):
            await self.store.set_setting(scope, bot_levels.level_key(seat), None)

    async def start(self, game_id: int, user_id: str, *, bot_seats: frozenset[str] = frozenset()) -> GameRecord:
        """Start the game. `bot_seats`: the seats the built-in bot plays from the first move (a game against the
        bot: bot/service/learn.py), handed to it before anything is delivered, so their holder gets no DM."""
        async with self._lock(game_id):
            record = await self.views.game(game_id)
            if record.status != "lobby":
                raise ManagerError(f"Game #{game_id} is already {record.status}.", code="started")
            if user_id != record.host_user:
                raise ManagerError("Only the host who created the game can start it.", code="not_host")
            ruleset = registry.get(record.ruleset)
            seats = await self.store.list_seats(game_id)
            fewest = seat_range(ruleset, record.options)[0]
            if len(seats) < fewest:
                raise ManagerError(f"{ruleset.title} needs at least {fewest} players; {len(seats)} joined. "
                                   "Ask others to press Join or use `/game join`.", code="too_few")
            picked = [s.seat for s in seats]
            try:
                final = ruleset.assign_seats(picked, record.options)
                started = ruleset.start(record.options, final, record.seed)
                state, posting = started.state, ruleset.post(EMPTY, started)[1]  # opening lines wait for the first post
            except EngineError as exc:
                raise ManagerError(exc.message, code=exc.code) from None
            renames = dict(zip(picked, final))
            seats = [replace(s, seat=renames[s.seat]) for s in seats]
            in_lobby = await self.lobby_bots(game_id, [replace(s, seat=p) for s, p in zip(seats, picked)])
            seated = {renames[seat]: level for seat, level in in_lobby.items()}
            bot_seats = bot_seats | frozenset(seated)
            seat_list = ", ".join(f"{s.seat}: {_holder(s.display_name, seated.get(s.seat))}" for s in seats)
            # a game in a server may be followed from it; one without (a lesson, a game by DM) has nobody to invite
            follow = (f"; anyone else can follow the game by DM with `/game follow game:{game_id}`"
                      if record.guild_id is not None else "")
            intro = Event(public=f"**{record.title}** begins — {ruleset.title}, game #{game_id}. Seats: {seat_list}. "
                                 f"Each player gets their hand and choices privately{follow}.")
            sealed_seed = await records.commit_seed(self.store, game_id, record.seed)  # fair randomness
            clock = self.clock.renamed(await self.clock.game_clock(record), renames)
            now = self._now()
            outbox, jobs = posts_and_deadlines(ruleset, state, None, [intro, sealed_seed], seats, record, 0, now,
                                               started=True, clock=clock)
            updated = await self.store.start_game(game_id, record.version, state.model_dump_json(), state_hash(state),
                                                  now, jobs=jobs, outbox=outbox, renames=renames,
                                                  posting=posting.stored())
            self.ctx.remember(game_id, updated.version, 0, state, posting)
            await self._rename_levels(game_id, in_lobby, seated)
            for seat in seats:
                if seat.seat in bot_seats:
                    before, updated = updated, await self.store.hand_over_seat(
                        game_id, updated.version, seat.seat, user_id=seat.user_id, display_name=seat.display_name,
                        controller="bot", reason="start", now=now)
                    self.ctx.bumped(before, updated)
        await self.delivery.flush()
        return updated

    async def _rename_levels(self, game_id: int, in_lobby: dict[str, str], seated: dict[str, str]) -> None:
        """The levels of the bot's lobby seats (`in_lobby`) under the seats' final names (`seated`: Start may fit
        the seats to the table)."""
        scope = game_scope(game_id)
        for seat in set(in_lobby) - set(seated):
            await self.store.set_setting(scope, bot_levels.level_key(seat), None)
        for seat, level in seated.items():
            await self.store.set_setting(scope, bot_levels.level_key(seat), level)

    async def abandon(self, game_id: int, user_id: str, *, admin: bool = False) -> GameRecord:
        async with self._lock(game_id):
            record = await self.views.game(game_id)
            if record.status in ("finished", "abandoned"):
                raise ManagerError(f"Game #{game_id} is already {record.status}.", code="over")
            if user_id != record.host_user and not admin:
                raise ManagerError("Only the host (or a server admin) can cancel a game.", code="not_host")
            text = f"Game #{game_id} was cancelled by its host."
            if record.status == "active":
                text += "\n" + ((await records.reveal_event(self.store, game_id, record.seed)).public or "")
            out = [NewMessage(audience="public", kind="text", payload={"text": text}, created_seq=0)]
            updated = await self.store.set_status(game_id, record.version, "abandoned", self._now(), outbox=out)
            self.ctx.live.pop(game_id, None)
        await self.delivery.flush()
        return updated

    async def rematch(self, game_id: int, user_id: str, name: str | None = None) -> rematches.Rematch:
        """A former player of a finished game opens its rematch: a lobby with the same ruleset, options (hints
        too), deadline and title, in the same channel, hosted by them in their former seat. The other former players
        are not seated (each one chooses to Join); the table invites them. The bot's seats from the start are the
        bot's again, at the same level. One rematch at a time per game."""
        async with self._lock(game_id):
            record = await self.views.game(game_id)
            if record.status != "finished":
                raise ManagerError(f"Game #{game_id} is {record.status}: only a finished game can be rematched.",
                                   code="not_finished")
            players = await rematches.former_players(self.store, game_id)
            if user_id not in players:
                raise ManagerError(f"Only the players of game #{game_id} can start its rematch; press Join on the "
                                   "rematch lobby when one is open.", code="not_player")
            current = await rematches.open_rematch(self.store, game_id)
            if current is not None:
                where = "is open: press Join on it" if current.status == "lobby" else "is already under way"
                raise ManagerError(f"The rematch of game #{game_id}, game #{current.id}, {where}.", code="rematch_open")
            ruleset = registry.get(record.ruleset)
            names = lobby_seat_names(ruleset)
            account, bots = await rematches.bot_seats(self.store, game_id)
            seat = await rematches.former_seat(self.store, game_id, user_id)
            if seat not in names or seat in bots:  # the first free seat, leaving the bot's own
                seat = next((n for n in ruleset.seat_names(ruleset.max_seats) if n not in bots), None)
            hints = await self.store.get_setting(game_scope(game_id), HINTS) == "on"
            lobby = await self.create(record.ruleset, user_id, name or players[user_id],
                                      options={**record.options, **({HINTS: "on"} if hints else {})},
                                      title=record.title, guild_id=record.guild_id, channel_id=record.channel_id,
                                      seat=seat, deadline_hours=record.deadline_hours)
            await rematches.link(self.store, game_id, lobby.id)
            seated, missed = await self._reseat_bots(lobby.id, user_id, account, bots)
        return rematches.Rematch(of=game_id, lobby=lobby, invited={u: n for u, n in players.items() if u != user_id},
                                 bots=seated, missed=missed)

    async def _reseat_bots(self, lobby_id: int, host: str, account: str | None,
                           bots: dict[str, str]) -> tuple[dict[str, str], list[str]]:
        """The bot seated in the rematch's lobby as in the game: its seat where the lobby has it, else a free one,
        at its level. Returns seat -> level, and why a seat could not be given, in words."""
        seated: dict[str, str] = {}
        missed: list[str] = []
        names = lobby_seat_names(registry.get((await self.views.game(lobby_id)).ruleset))
        for seat, level in bots.items():
            try:
                placed = await self.add_bot(lobby_id, host, seat if seat in names else None, bot_user=account or "bot",
                                            level=level)
            except ManagerError as exc:
                missed.append(f"The bot is not seated as {seat} again: {exc.message}")
                continue
            seated[placed] = level
        return seated, missed
