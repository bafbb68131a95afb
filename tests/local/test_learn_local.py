"""`stumpbot learn GAME`: each game's lesson on the local table, driven through its real input and output. The
learner reads the screen and types each move the coach suggests; she quits midway and comes back to where she
left off; the coach's words come before the choices of each new kind of decision, every checklist item in order,
none longer than a phone screen; the end gives the summary and the local commands of a real game. A lesson that
stops before the game does: she quits at the summary, and `stumpbot learn` then deals a new lesson."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.present import coach
from bot.service import GameManager
from bot.store import Store
from bot.tables.console import ConsoleTable
from bot.tables.learn import LearnSession, learn_local
from bot.tables.local_turn import Quit
from engine import registry

# Each lesson: a move its learner may type early on that the game refuses (a card she does not hold)
WRONG = {"electioneer": "campaign D99", "nineteen_sixty": "play 99 event", "campaign_manager_2008": "play O99",
         "campaign_trail": "play 999", "presidential_election": "advantage A99"}


class Learner:
    """Reads what the table printed since her last answer and types the coach's suggestion; quits at the summary of
    a lesson that stops before the game does."""

    def __init__(self, manager: GameManager, ruleset: str, quit_after: int | None = None) -> None:
        self.manager = manager
        self.ruleset, self.lesson = registry.get(ruleset), coach.lesson(ruleset)
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
        steps = self.lesson.steps
        self.shown += [coach.shown_entry(s.id, live.seq) for s in steps if s.text in seen and s.id not in ids]
        if self.lesson.summary in seen:
            self.shown.append(coach.SUMMARY)
        if self.moves == self.quit_after or coach.summarized(self.shown):
            raise EOFError
        if self.moves == 2 and not self.refused:  # a wrong move: the reason, then the coach's nudge
            self.refused = "pending"
            return WRONG[self.ruleset.name]
        if self.refused == "pending":
            self.refused = seen
        move = coach.suggested(self.ruleset, live.state, self.lesson.seat, live.seq, self.shown)
        assert move is not None
        self.moves += 1
        return move.notation


@pytest.mark.parametrize("name", coach.titles())
async def test_the_lesson_at_the_keyboard(tmp_path: Path, name: str) -> None:
    started, cpu = time.monotonic(), time.process_time()
    lesson, bots = coach.lesson(name), " ".join(s for s in registry.get(name).seats if s != coach.lesson(name).seat)
    store = await Store.open(tmp_path / "local.sqlite3")
    try:
        table = ConsoleTable(out_dir=tmp_path / "images")
        manager = GameManager(store, table, render=False)
        learner = Learner(manager, name, quit_after=5)
        table.write = learner.write
        session = LearnSession(manager, table, learner.ask)
        learner.game_id = await session.lesson(name)
        try:
            await session.play_lesson(learner.game_id)
        except Quit:
            pass
        assert (await manager.views.game(learner.game_id)).status == "active"
        intro = "\n".join(learner.screen[:12])
        assert f"stumpbot learn {name}" in intro and f"stumpbot play {name} --vs-bot {bots}" in intro

        # she comes back: the same game, where she left it, the coach's words of that decision again
        learner.quit_after = None
        back = len(learner.screen)
        session = LearnSession(manager, table, learner.ask)
        assert await session.lesson(name) == learner.game_id
        assert f"Resuming your lesson, game #{learner.game_id}" in learner.screen[back]
        try:
            await session.play_lesson(learner.game_id)
        except Quit:  # at the summary of a lesson that stops before the game does
            assert lesson.end is not None and session.summarized
        mine = {e.notation.split()[0] for e in await store.load_journal(learner.game_id) if e.seat == lesson.seat}
        for step in lesson.steps:
            assert mine & set(step.when.verbs), f"she made the kind of move step {step.id} shows"
        if lesson.end is not None:  # the lesson is over; its game is not, and `stumpbot learn` deals a new lesson
            assert (await manager.views.game(learner.game_id)).status == "active"
            assert await LearnSession(manager, table, learner.ask).lesson(name) != learner.game_id
    finally:
        await store.close()
    elapsed, cpu = time.monotonic() - started, time.process_time() - cpu

    assert "✗" in learner.refused and "a move that works now is" in learner.refused, learner.refused
    assert coach.checklist_ticked(name, learner.shown) == [i.id for i in lesson.checklist], learner.shown
    assert all(len(t) <= coach.MOST for t in learner.coach_texts if lesson.summary not in t), \
        max(learner.coach_texts, key=len)
    end = next(t for t in learner.screen if lesson.summary in t)
    assert f"stumpbot play {name} --vs-bot {bots}" in end and "/game" not in end, end
    if lesson.end is None:
        assert "DEM wins" in "\n".join(learner.screen[-8:]) and lesson.summary in "\n".join(learner.screen[-3:])
    else:
        assert "The lesson ends here" in end and len(end) <= coach.MOST + 250, end
    assert learner.moves <= 40
    print(f"\n{name} local lesson: {learner.moves} decisions, {elapsed:.1f} s ({cpu:.1f} CPU s)")


async def test_learn_local_quits_and_says_how_to_come_back(tmp_path: Path) -> None:
    said: list[str] = []

    def ask(prompt: str) -> str:
        raise EOFError

    game_id = await learn_local(tmp_path / "local.sqlite3", tmp_path / "images", "electioneer", ask=ask,
                                write=said.append, render=False)
    assert said[-1].strip() == f"Saved. Run stumpbot learn electioneer again to resume game #{game_id}."
