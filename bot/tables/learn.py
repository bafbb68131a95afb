"""`stumpbot learn GAME`: the guided first game on the local table — the same lesson as Discord's `/game learn`
(bot/service/learn.py starts or resumes it; the coach's words are bot/present/coach.py's), played at the keyboard
against the bot. The coach's words come before the choices of each new kind of decision; the lesson's summary and
the commands of a real game close it. `quit` saves it, and the same command resumes it."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

from bot.present import coach
from bot.service import GameManager
from bot.store import Store
from bot.tables.console import HELP, ConsoleTable, Entry, Group
from bot.tables.local import LocalSession, ctrl_c_raises
from bot.tables.local_seats import BOT_USER, LOCAL_USER
from bot.tables.local_turn import Quit
from engine import registry

LEAVE = ("Type quit at any prompt to stop: `stumpbot learn {name}` brings you back where you left off. For a game "
         "against the bot without the coach: `stumpbot play {name} --vs-bot {bot}`.")
NEXT_STEPS = ("Next: `stumpbot play {name} --vs-bot {bot}` plays a real game against the bot here, and "
              "`stumpbot play {name}` one with a friend at this keyboard.")
# A lesson that stops before the game's end: the game goes on, the coach silent (bot/service/coaching.py)
PLAY_ON = ("The lesson ends here, and the coach with it: play this game on against the bot if you like, or type "
           "quit (`stumpbot play {name}` comes back to it). Next: `stumpbot play {name} --vs-bot {bot}` for a real "
           "game against the bot, `stumpbot play {name}` for one with a friend at this keyboard; `stumpbot learn "
           "{name}` runs this lesson again.")


class LearnSession(LocalSession):
    """The local table's session, with the coach's words before the choices."""

    seat = ""  # the learner's
    ruleset = ""
    summarized = False  # the lesson's summary was shown: the coach is silent, the game may go on

    def _show(self, view: Any, decision: Any, group: Group | None, extras: bool) -> list[Entry]:
        for said in self.table.take_coaching(self.seat):
            self.write(f"\n{self._here(said)}")
        return super()._show(view, decision, group, extras)

    def _here(self, said: str) -> str:
        """The coach's words with this table's commands: the summary of a lesson that stopped before the game's
        end comes with Discord's (bot/service/coaching.py)."""
        found = coach.lesson(self.ruleset)
        if found is None or found.summary not in said:
            return said
        self.summarized = True
        bots = " ".join(s for s in registry.get(self.ruleset).seats if s != self.seat)
        return coach.closing(self.ruleset, PLAY_ON.format(name=self.ruleset, bot=bots))

    async def lesson(self, ruleset_name: str, *, new: bool = False) -> int:
        """Start the lesson, or resume it (`new`: abandon the one in progress and deal it again)."""
        ruleset = registry.get(ruleset_name)
        found = coach.lesson(ruleset.name)
        seat = found.seat if found is not None else ""
        user = LOCAL_USER.format(seat=seat)
        if new and (current := await self.manager.learn.in_progress(ruleset.name, user)) is not None:
            await self.manager.games.abandon(current.id, user)
        bots = [s for s in ruleset.seats if s != seat]
        lesson = await self.manager.learn.start(ruleset.name, user, "You", channel_id=None,
                                                bot_user=BOT_USER.format(seat=bots[0] if bots else "bot"))
        self.seat, self.ruleset = lesson.seat, ruleset.name
        game_id = lesson.record.id
        leave = LEAVE.format(name=ruleset.name, bot=" ".join(bots))
        if lesson.resumed:
            self.write(f"Resuming your lesson, game #{game_id} ({lesson.record.title}). {leave}")
            again = await self.manager.learn.again(game_id, user)
            self.table.take_coaching(self.seat)
            if again:
                self.table.coaching[self.seat] = [again]
        else:
            self.write(f"🎓 {lesson.record.title}: game #{game_id}, you play {self.seat} against the bot, and a coach "
                       f"explains each new kind of decision as you meet it. {leave}")
        self.write(HELP)
        return game_id

    async def play_lesson(self, game_id: int) -> None:
        """Until the game ends: the learner's decisions at the keyboard (the bot answers each by itself)."""
        board = True
        while not await self._ended(game_id):
            if self.seat not in await self.manager.views.owing(game_id):
                await self.manager.seats.play_bots(game_id)  # a lesson left while the bot owed a move
                continue
            asked = await self.turn(game_id, self.seat, board=board)
            board = asked != await self._prompt(game_id, self.seat)  # still at the same decision: no board again
        record = await self.manager.views.game(game_id)
        if record.status == "finished" and not self.summarized:
            self.table.take_coaching(self.seat)  # the summary, with the local table's commands instead of Discord's
            bots = [s for s in registry.get(record.ruleset).seats if s != self.seat]
            self.write(coach.closing(record.ruleset, NEXT_STEPS.format(name=record.ruleset, bot=" ".join(bots))))


async def learn_local(db_path: Path, out_dir: Path, ruleset_name: str, *, new: bool = False,
                      ask: Callable[[str], str] = input, write: Callable[[str], None] = print,
                      tty: bool | None = None, render: bool = True) -> int | None:
    """Play (or resume) the lesson of `ruleset_name` in the terminal; returns its game's id."""
    if tty is None:
        tty = write is print and sys.stdout.isatty()
    db_path.parent.mkdir(parents=True, exist_ok=True)
    store = await Store.open(db_path)
    table = ConsoleTable(out_dir=out_dir, write=write)
    session = LearnSession(GameManager(store, table, render=render), table, ask, tty=tty)
    game_id = None
    try:
        with ctrl_c_raises():
            game_id = await session.lesson(ruleset_name, new=new)
            await session.play_lesson(game_id)
    except (Quit, KeyboardInterrupt):  # every move is saved as it is made
        command = "play" if session.summarized else "learn"  # the lesson over, its game goes on as any other
        write(f"\nSaved. Run stumpbot {command} {registry.canonical(ruleset_name)} again to resume game #{game_id}."
              if game_id else "\nBye.")
    finally:
        await store.close()
    return game_id
