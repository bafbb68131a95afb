"""`stumpbot learn electioneer`: the lesson on the local table, driven through its real input and output. The
learner reads the screen and types each move the coach suggests; she quits midway and comes back to where she
left off; the coach's words come before the choices of each new kind of decision, every checklist item in order,
none longer than a phone screen; the end gives the summary and the local commands of a real game."""
from __future__ import annotations

import time
from pathlib import Path

from bot.present import coach
from bot.service import GameManager
from bot.store import Store
from bot.tables.console import ConsoleTable
from bot.tables.learn import LearnSession, learn_local
from bot.tables.local import Quit
from engine import registry

RULESET = registry.get("electioneer")
LESSON = coach.lesson("electioneer")


class Learner:
    """Reads what the table printed since her last answer and types the coach's suggestion."""

    def __init__(self, manager: GameManager, quit_after: int | None = None) -> None:
        self.manager = manager
        self.screen: list[str] = []
        self.read = 0
        self.shown: list[str] = []  # the steps she was shown, in order, each with the move it was shown at
        self.coach_texts: list[str] = []
        self.moves = 0
        self.quit_after = quit_after
        self.game_id = 0
        self.refused = ""

    def write(self, text: str) -> None:
        self.screen.append(text)

    def ask(self, prompt: str) -> str:
        new = self.screen[self.read:]
        self.read = len(self.screen)
        self.coach_texts += [t.strip() for t in new if t.strip().startswith(coach.MARK)]
        seen = "\n".join(new)
        live = self.manager.ctx.live[self.game_id]
        ids = [entry.partition("@")[0] for entry in self.shown]
        self.shown += [coach.shown_entry(s.id, live.seq) for s in LESSON.steps if s.text in seen and s.id not in ids]
        if self.moves == self.quit_after:
            raise EOFError
        if self.moves == 2 and not self.refused:  # a wrong move: the reason, then the coach's nudge
            self.refused = "pending"
            return "campaign D99"
        if self.refused == "pending":
            self.refused = seen
        option = coach.suggested(RULESET, live.state, LESSON.seat, live.seq, self.shown)
        assert option is not None
        self.moves += 1
        return option.action.notation()


async def test_the_lesson_at_the_keyboard(tmp_path: Path) -> None:
    started, cpu = time.monotonic(), time.process_time()
    store = await Store.open(tmp_path / "local.sqlite3")
    try:
        table = ConsoleTable(out_dir=tmp_path / "images")
        manager = GameManager(store, table, render=False)
        learner = Learner(manager, quit_after=5)
        table.write = learner.write
        session = LearnSession(manager, table, learner.ask)
        learner.game_id = await session.lesson("electioneer")
        try:
            await session.play_lesson(learner.game_id)
        except Quit:
            pass
        assert (await manager.views.game(learner.game_id)).status == "active"
        intro = "\n".join(learner.screen[:12])
        assert "stumpbot learn electioneer" in intro and "stumpbot play electioneer --vs-bot REP" in intro

        # she comes back: the same game, where she left it, the coach's words of that decision again
        learner.quit_after = None
        back = len(learner.screen)
        session = LearnSession(manager, table, learner.ask)
        assert await session.lesson("electioneer") == learner.game_id
        assert f"Resuming your lesson, game #{learner.game_id}" in learner.screen[back]
        await session.play_lesson(learner.game_id)
        mine = [e.notation.split()[0] for e in await store.load_journal(learner.game_id) if e.seat == "DEM"]
        assert {"discard", "campaign", "swap", "play", "ready"} <= set(mine), "she made each kind of move shown"
    finally:
        await store.close()
    elapsed, cpu = time.monotonic() - started, time.process_time() - cpu

    assert "✗" in learner.refused and f"{coach.MARK} The winner's swap: a move that works now is" \
        in learner.refused, learner.refused
    assert coach.checklist_ticked("electioneer", learner.shown) == [i.id for i in LESSON.checklist], learner.shown
    assert all(len(t) <= coach.MOST for t in learner.coach_texts), max(learner.coach_texts, key=len)
    end = "\n".join(learner.screen[-3:])
    assert "DEM wins" in "\n".join(learner.screen[-8:])
    assert LESSON.summary in end and "stumpbot play electioneer --vs-bot REP" in end and "/game new" not in end
    assert learner.moves <= 40
    print(f"\nlocal lesson: {learner.moves} decisions, {elapsed:.1f} s ({cpu:.1f} CPU s)")


async def test_learn_local_quits_and_says_how_to_come_back(tmp_path: Path) -> None:
    said: list[str] = []

    def ask(prompt: str) -> str:
        raise EOFError

    game_id = await learn_local(tmp_path / "local.sqlite3", tmp_path / "images", "electioneer", ask=ask,
                                write=said.append, render=False)
    assert said[-1].strip() == f"Saved. Run stumpbot learn electioneer again to resume game #{game_id}."
