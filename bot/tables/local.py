"""The offline local table (hot seat): games played in the terminal on the embedded SQLite database, the keyboard
handed from one person to the next. A seat's decision at the keyboard is local_turn.py's, the seats local_seats.py's,
the demo demo.py's."""
from __future__ import annotations

import contextlib
import itertools
import signal
import sys
import threading
from pathlib import Path
from typing import Any, Callable, Iterator

from bot.policy import bot_levels
from bot.policy.bot_levels import ThinkSettings
from bot.service import GameManager, ManagerError
from bot.store import GameRecord, Store
from bot.tables.console import HELP, ConsoleTable, card_lines
from bot.tables.local_seats import BOT_USER, LOCAL_USER, is_bot_seat, local_games, local_seats
from bot.tables.local_settings import unused_settings
from bot.tables.local_turn import LocalTurn, Quit, is_card_word
from engine import registry
from engine.core.errors import EngineError
from engine.core.rng import Rng, seed_from_text
from engine.core.ruleset import seat_range
from engine.core.types import result_headline

# The hand-off screen. A terminal gets the screen AND its scrollback wiped (clear the scrollback, home, clear the
# screen, then the scrollback again: some terminals push the cleared screen into the scrollback), so the previous
# player's hand cannot be scrolled back to. Output that is not a terminal (a pipe, a log, the tests) gets blank
# lines instead: no escape codes in logs.
CLEAR_TTY = "\x1b[3J\x1b[H\x1b[2J\x1b[3J"
CLEAR_PLAIN = "\n" * 40


def clear_screen(tty: bool) -> str:
    """What the local table writes at each hot-seat hand-off."""
    return CLEAR_TTY if tty else CLEAR_PLAIN


class LocalSession(LocalTurn):
    """A local game at the keyboard: set up or resumed, then played until it ends, the keyboard handed from one
    person to the next with the hand hidden between them."""

    def _clear(self) -> None:
        self.table.write(clear_screen(self.tty))  # raw: escape codes are not text to convert

    async def setup_game(self, ruleset_name: str, bot_seats: set[str], *, players: int | None = None,
                         options: dict[str, Any] | None = None, command: str | None = None,
                         seed: int | None = None, level: str | None = None) -> int:
        """The saved local game of this ruleset, resumed, or a new one. `command`: how the player ran this, for
        the hint when the settings given are for a new game while one is saved. `level`: how well the bot plays
        its seats (easy, normal or hard; none: normal, or as the saved game had it)."""
        ruleset = registry.get(ruleset_name)
        chosen = bot_levels.parse_level(level)
        saved = await local_games(self.manager.store, ruleset.name)
        if saved:
            game_id = await self._resume(saved[0], ruleset, bot_seats, players, options,
                                         command or f"stumpbot play {ruleset.name}", level)
            if level is not None:
                await self._set_levels(game_id, chosen)
            return game_id
        seats = local_seats(ruleset, players, options, bot_seats)
        if players is None and bot_seats and len(seats) < seat_range(ruleset, options)[1]:
            # not the full table the player may have expected: say which, before the names are asked
            humans = ", ".join(s for s in seats if s not in bot_seats) or "no one"
            at = "" if chosen == bot_levels.DEFAULT_LEVEL else f" at {chosen} level"
            self.write(f"{ruleset.title} for {len(seats)} players: {humans} at this keyboard, the bot plays "
                       f"{', '.join(s for s in seats if s in bot_seats)}{at}. (Another table: --players N.)")
        names = {}
        for seat in seats:
            if seat in bot_seats:
                names[seat] = f"Bot ({seat})"
                continue
            name = self._input(f"Name for the {seat} player [{seat.title()} player]: ").strip()
            names[seat] = name[:32] or f"{seat.title()} player"
        users = {seat: (BOT_USER if seat in bot_seats else LOCAL_USER).format(seat=seat) for seat in seats}
        first = seats[0]
        record = await self.manager.games.create(ruleset_name, users[first], names[first], seat=first,
                                           title=f"Local {ruleset.title}", options=options, seed=seed)
        for seat in seats[1:]:
            await self.manager.games.join(record.id, users[seat], names[seat], seat=seat)
        await self.manager.games.start(record.id, users[first])
        await self._set_levels(record.id, chosen)
        return record.id

    async def _set_levels(self, game_id: int, level: str) -> None:
        """The bot plays each of its seats of the game at `level` (a game setting, kept for a resumed game)."""
        for seat in await self.manager.store.list_seats(game_id):
            if is_bot_seat(seat):
                await self.manager.store.set_setting(f"game:{game_id}", bot_levels.level_key(seat.seat),
                                                     None if level == bot_levels.DEFAULT_LEVEL else level)

    async def _resume(self, game: GameRecord, ruleset: Any, bot_seats: set[str], players: int | None,
                      options: dict[str, Any] | None, command: str, level: str | None) -> int:
        """Resume the saved game — unless settings were given that it does not have: resuming would silently drop
        them, so the player is told, and how to get the game they asked for."""
        held = await self.manager.store.list_seats(game.id)
        seats = [s.seat for s in held]
        settings = await self.manager.store.settings(f"game:{game.id}")
        unused = unused_settings(ruleset, game, seats, bot_seats, players, options, settings)
        labels = [bot_levels.bot_label(s.seat, bot_levels.parse_level(level) if level is not None
                                     else bot_levels.level_of(settings, s.seat)) if is_bot_seat(s) else s.seat
                  for s in held]
        saved = f"local game #{game.id} ({game.title}, {len(seats)} players: {', '.join(labels)})"
        if unused:
            raise ManagerError(
                f"{saved} is saved, so the settings for a new game were not used ({'; '.join(unused)}).\n"
                f"  Resume game #{game.id}:  stumpbot play {ruleset.name}\n"
                f"  Start the new game instead (abandons game #{game.id}):  {command} --new", code="saved_game")
        self.write(f"Resuming {saved}. Start a new one with `{command} --new`.")
        return game.id

    async def play(self, game_id: int, bot_seats: set[str], seed: int) -> None:
        """Until the game ends: the bot's seats move, and each person's seats are asked at the keyboard. Between
        two people the keyboard is handed over (the hand hidden, the screen cleared, then what the channel was told
        since that player last looked); a seat that acts again, or another seat of the same person (the same name
        typed for both), just goes on. When several people owe a choice at once (a sealed pick, a draft), the
        keyboard goes to the one who has waited longest, so turns alternate and no seat is favoured by the order
        of the seats."""
        rng = Rng(seed)
        held = await self.manager.store.list_seats(game_id)
        bot_seats = bot_seats | {s.seat for s in held if is_bot_seat(s)}  # a resumed game's, not typed again
        person = {s.seat: s.display_name.strip().casefold() for s in held}
        hot_seat = len({person[s.seat] for s in held if s.seat not in bot_seats}) > 1  # hide hands between people
        record = await self.manager.views.game(game_id)
        self.heading = f"── {registry.get(record.ruleset).title} · game #{game_id} ──"
        at_keyboard: str | None = None  # the seat whose hand may be on screen
        moved: str | None = None  # the last seat to move (bots too): a turn after another's shows the board
        turns = itertools.count()
        last_turn: dict[str, int] = {}  # seat -> when it last had the keyboard
        seen: dict[str, int] = {}  # person -> the news they saw last (ConsoleTable.news_mark)
        # the seat that goes on: it took back its step at the hide or hand-off screen, or still owes the decision
        # it was asked (it played something allowed at any time)
        back_to: str | None = None
        helped: set[str] = set()  # the people shown the table's words
        while True:
            if await self._ended(game_id):
                return
            owing = await self.manager.views.owing(game_id)
            humans = [s for s in owing if s not in bot_seats]
            if not humans:
                await self.manager.games.bot_move(game_id, owing[0], rng)
                moved = owing[0]
                continue
            # the seat that goes on, else the first of those who waited longest
            seat = back_to if back_to in humans else min(humans, key=lambda s: last_turn.get(s, -1))
            back_to = None
            if hot_seat and (at_keyboard is None or person[seat] != person[at_keyboard]):
                if at_keyboard is not None:
                    seen[person[at_keyboard]] = self.table.news_mark()
                    if await self._hide(game_id, at_keyboard):
                        back_to = at_keyboard
                        continue  # taken back: the same player goes on
                self._clear()
                if await self._hand_to(game_id, seat, at_keyboard):
                    back_to, at_keyboard = at_keyboard, None
                    continue  # the previous player took back their step: the keyboard goes back to them
                self._clear()
                moved = None  # a new pair of eyes: the board first
                self._help_once(helped, person[seat])
                self._since(game_id, seat, seen.get(person[seat]))
            self._help_once(helped, person[seat])
            at_keyboard = seat
            last_turn[seat] = next(turns)
            asked = await self.turn(game_id, seat, board=moved != seat)
            if asked == await self._prompt(game_id, seat):
                back_to = seat
            moved = seat

    async def _ended(self, game_id: int) -> bool:
        """Whether the game is over; if so, its result is said and where its pictures are."""
        record = await self.manager.views.game(game_id)
        if record.status == "active":
            return False
        await self.manager.memory.post_replays()  # the animated replay, beside the images
        headline = result_headline(record.result) if record.status == "finished" else ""
        result = f" {headline}" + ("" if headline.endswith((".", "!", "?")) else ".") if headline else ""
        self.write(f"\nGame #{game_id} is {record.status}.{result} Images are in {self.table.folder(game_id)}.")
        return True

    def _help_once(self, helped: set[str], person: str) -> None:
        """The table's words, at each player's first turn (after the hand-off's clear, so not wiped by it)."""
        if person not in helped:
            self.write(HELP)
            helped.add(person)

    def _since(self, game_id: int, seat: str, mark: int | None) -> None:
        """What the channel was told since this player last had the keyboard (`mark`: None before their first
        turn): the public lines only (each seat's private notes stay in its own mailbox)."""
        news = self.table.news_since(game_id, mark or 0)
        if news:
            when = f"Since {seat} last looked" if mark is not None else f"Before {seat}'s first turn"
            self.write(f"\n{self.heading}\n{when}:\n" + "\n".join(news))

    async def _hide(self, game_id: int, seat: str) -> bool:
        """The hide screen after `seat`'s turn; True when `seat` took back its step there instead."""
        while True:
            reply = self._input(f"\n{seat}: press Enter to hide your hand (or undo)… ").strip()
            if reply.lower() != "undo":
                if await self._any_time_word(game_id, reply):
                    continue
                self._clear()
                return False
            if await self._undo(game_id, seat):
                return True

    async def _hand_to(self, game_id: int, seat: str, previous: str | None) -> bool:
        """The hand-off screen; True when the `previous` player took back their step there instead."""
        while True:
            reply = self._input(f"{self.heading}\nPass the keyboard to {seat}. Press Enter when only {seat} is looking… ")
            reply = reply.strip()
            if reply.lower() == "undo" and previous is not None:
                if await self._undo(game_id, previous):
                    return True
                continue
            if not await self._any_time_word(game_id, reply):
                return False

    async def _undo(self, game_id: int, seat: str) -> bool:
        try:
            undone = await self.manager.games.undo(game_id, LOCAL_USER.format(seat=seat))
        except EngineError as exc:
            self.write(f"✗ {exc.message}")
            return False
        self.table.forget_undone(game_id, undone)
        return True

    async def _any_time_word(self, game_id: int, reply: str) -> bool:
        """The words a screen between turns answers (no hand shown): help, card ID, quit. True if it was one."""
        word = reply.lower()
        if word in ("quit", "exit", "q"):
            raise Quit
        if word == "help":
            self.write(HELP)
        elif is_card_word(word):
            record = await self.manager.views.game(game_id)
            self.write(card_lines(registry.get(record.ruleset), reply[4:].strip()))
        else:
            return False
        return True


async def play_local(db_path: Path, out_dir: Path, ruleset_name: str, *, bot_seats: set[str] | None = None,
                     new: bool = False, players: int | None = None, options: dict[str, Any] | None = None,
                     command: str | None = None, ask: Callable[[str], str] = input,
                     write: Callable[[str], None] = print, tty: bool | None = None, render: bool = True,
                     seed: int | None = None, level: str | None = None,
                     thinking_settings: ThinkSettings | None = None) -> int | None:
    """`tty`: whether the output is a terminal (its screen and scrollback are cleared at each hand-off); by
    default, whether printing goes to one. `command`: the command line as the player typed it (for hints).
    `render`: whether each move's pictures are drawn (tests of the words go faster without); `seed`: a new
    game's seed (a test's game plays the same each run); `level`: how well the bot plays its seats;
    `thinking_settings`: a hard seat's budget (default: the environment's, README: Configuration)."""
    if tty is None:
        tty = write is print and sys.stdout.isatty()
    bot_levels.parse_level(level)  # an unknown level is refused before anything is opened
    db_path.parent.mkdir(parents=True, exist_ok=True)
    store = await Store.open(db_path)
    table = ConsoleTable(out_dir=out_dir, write=write)
    manager = GameManager(store, table, render=render, thinking=thinking_settings or bot_levels.settings_from_env())
    session = LocalSession(manager, table, ask, tty=tty)
    game_id = None
    try:
        with ctrl_c_raises():
            if new:
                for game in await local_games(store, registry.canonical(ruleset_name)):
                    await manager.games.abandon(game.id, game.host_user)
            game_id = await session.setup_game(ruleset_name, bot_seats or set(), players=players, options=options,
                                               command=command, seed=seed, level=level)
            await session.play(game_id, bot_seats or set(), seed_from_text(f"local-bot-{game_id}"))
    except (Quit, KeyboardInterrupt):  # quit, Ctrl-D or Ctrl-C: every move is saved as it is made
        write(f"\nSaved. Run the same command again to resume game #{game_id}." if game_id else "\nBye.")
    finally:
        manager.close()
        await store.close()
    return game_id


@contextlib.contextmanager
def ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt where the game waits, at the prompt: asyncio.run's own handler would only
    cancel the game's task, after the line being typed is finished. Python's default handler, while the game runs
    (in the main thread: only there can a signal handler be set)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)

