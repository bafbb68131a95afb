"""`/game learn` through the real discord.py: Alice asks for Electioneer's guided first game in a server channel;
it is played in her DM against the bot, she types each move the coach suggests, and the coach speaks before each
new kind of decision — every item of the lesson's checklist in order, no text longer than a phone screen. Along
the way: a refused move gets the game's reason and the coach's nudge; `/game learn` again brings her back to the
lesson instead of dealing another; at the end, the summary and the commands of a real game; `coach:False` starts a
normal game against the bot."""
from __future__ import annotations

import re
import time

import pytest
from simworld import World, make_bot, private

from bot.present import coach
from bot.store import game_scope
from engine import registry

MOST_DECISIONS = 40


@pytest.fixture
async def simcord_bot(db_path):  # noqa: ANN001, ANN201 — no pictures: the lesson's words are what is checked
    bot = make_bot(db_path, render=False)
    yield bot
    if bot.store is not None:
        await bot.store.close()


def coach_texts(texts: list[str]) -> list[str]:
    """Each coach text the DM showed: from its first 🎓 to the prompt's "Your move" (or the message's end)."""
    found = []
    for text in texts:
        if coach.MARK in text:
            start = text.index(coach.MARK)
            end = text.find("**Your move:**", start)
            found.append(text[start:end if end > 0 else len(text)].strip())
    return found


async def test_a_lesson_by_dm_from_the_coach_suggestions(world: World) -> None:
    started, cpu = time.monotonic(), time.process_time()
    w, alice = world, world.alice
    lesson = coach.lesson("electioneer")
    r = w.record(await alice.slash(w.channel, "game learn", ruleset="electioneer"))
    assert r.ephemeral and "has begun in [our direct messages]" in r.response.content, r.response.content
    assert "coach:False" in r.response.content, "the reply says how to skip to a normal game"
    game_id = int(re.search(r"Game #(\d+)", r.response.content).group(1))
    record = await w.manager.views.game(game_id)
    assert record.guild_id is None and record.channel_id == str(alice.user.dm_channel.id) and record.seed == lesson.seed
    seats = {s.seat: s for s in await w.manager.store.list_seats(game_id)}
    assert seats["DEM"].user_id == str(alice.id) and seats["REP"].controller == "bot"
    assert not w.public(), "nothing of a lesson is posted in the server"
    opening = next(t for t in w.dm_texts(alice) if "begins" in t)
    assert "/game follow" not in opening, "nobody else can follow a game that has no server"

    decisions = refused = 0
    while (record := await w.manager.views.game(game_id)).status == "active":
        ruleset, state, seq = await w.manager.views.state(record)
        shown = coach.shown_steps(await w.manager.store.get_setting(game_scope(game_id), coach.SHOWN_KEY))
        option = coach.suggested(ruleset, state, "DEM", seq, shown)
        assert option is not None, "the bot never keeps the learner waiting"
        if decisions == 3 and not refused:  # a wrong move: the game's reason, then the coach's nudge
            wrong = w.record(await alice.user.slash("move", notation="campaign D99"))
            assert private(wrong) and "✅" not in wrong.response.content
            assert f"{coach.MARK} **" in wrong.response.content and "a move that works now is" in wrong.response.content
            refused += 1
            continue
        if decisions == 8:  # Alice comes back: the lesson in progress, not another
            back = w.record(await alice.user.slash("game learn", ruleset="electioneer"))
            assert f"Welcome back to game #{game_id}" in back.response.content, back.response.content
            assert len(await w.manager.store.list_games(user_id=str(alice.id))) == 1
        r = w.record(await alice.user.slash("move", notation=option.action.notation()))
        if "again:True" in r.response.content:  # the same words as her last move (a second `ready`)
            r = w.record(await alice.user.slash("move", notation=option.action.notation(), again=True))
        assert "✅" in r.response.content, r.response.content
        decisions += 1
        assert decisions <= MOST_DECISIONS
    elapsed, cpu = time.monotonic() - started, time.process_time() - cpu

    shown = coach.shown_steps(await w.manager.store.get_setting(game_scope(game_id), coach.SHOWN_KEY))
    assert coach.checklist_ticked("electioneer", shown) == [item.id for item in lesson.checklist], shown
    assert shown[-1] == coach.SUMMARY
    mine = [e.notation.split()[0] for e in await w.manager.store.load_journal(game_id) if e.seat == "DEM"]
    assert {"discard", "campaign", "swap", "play", "ready"} <= set(mine), "she made each kind of move the coach showed"
    said = coach_texts(w.dm_texts(alice))
    assert len(said) >= len(lesson.steps) + 1 and all(len(t) <= coach.MOST + 250 for t in said)
    for step in lesson.steps:
        assert any(step.text in t for t in said), f"step {step.id} was shown in the DM"
    steps_said = [t for t in said if "/game new" not in t]
    assert all(len(t) <= coach.MOST for t in steps_said), max(steps_said, key=len)
    last = coach_texts([m.content for m in w.dms(alice)])[-1]
    assert lesson.summary in last and "/game new ruleset:electioneer" in last
    assert record.status == "finished" and not w.public()
    print(f"\nlesson: {decisions} decisions, {elapsed:.1f} s ({cpu:.1f} CPU s)")


async def test_without_the_coach_a_normal_game_against_the_bot(world: World) -> None:
    w, alice = world, world.alice
    r = w.record(await alice.user.slash("game learn", ruleset="electioneer", coach=False))
    assert private(r) and "against the bot" in r.response.content, r.response.content
    game_id = int(re.search(r"Game #(\d+)", r.response.content).group(1))
    record = await w.manager.views.game(game_id)
    assert record.status == "active" and record.guild_id is None
    assert record.options == registry.get("electioneer").parse_options({}).model_dump(), "the game's usual options"
    assert coach.LEARN_KEY not in await w.manager.store.settings(game_scope(game_id))
    assert not coach_texts(w.dm_texts(alice)), "no coach"
    assert (await w.manager.views.decision(game_id, str(alice.id)))[2].owes_move
