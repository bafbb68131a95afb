"""`/game learn` through the real discord.py: Alice asks for a game's guided first game in a server channel (each
game that has a lesson); it is played in her DM against the bot, she types each move the coach suggests, and the
coach speaks before each new kind of decision — every item of the lesson's checklist in order, no text longer than
a phone screen. Along the way: a refused move gets the game's reason and the coach's nudge; `/game learn` again
brings her back to the lesson instead of dealing another; at the end, the summary and the commands of a real game.
A lesson that stops before the game does leaves the game to play on, the coach silent; `coach:False` starts a
normal game against the bot."""
from __future__ import annotations

import re
import time

import pytest
from housemate import shown_text
from simworld import World, make_bot, private

from bot.discord import ui
from bot.present import coach
from bot.store import game_scope
from engine import registry
from tests.transcript_games import transcript_game

MOST_DECISIONS = 40
# Characters of a DM that carries a step's words, as the transcripts' DM check counts them (its embeds and
# components): the first, which opens the lesson, well within the 2,000 a phone shows without much scrolling
FIRST_DM_MOST = 1800
STEP_DM_MOST = 2000


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


# Each lesson: a move its learner may type early on that the game refuses (a card she does not hold)
WRONG = {"electioneer": "campaign D99", "nineteen_sixty": "play 99 event", "campaign_manager_2008": "play O99",
         "campaign_trail": "play 999", "presidential_election": "advantage A99"}


async def the_lesson_from_the_suggestions(w: World, ruleset: str) -> tuple[int, int]:
    """Alice plays the lesson in her DM, each move the coach's suggestion, until its summary; on the way, a refused
    move and a return by `/game learn`. Returns the game's id and her decisions."""
    alice, lesson = w.alice, coach.lesson(ruleset)
    r = w.record(await alice.slash(w.channel, "game learn", ruleset=ruleset))
    assert r.ephemeral and "has begun in [our direct messages]" in r.response.content, r.response.content
    assert "coach:False" in r.response.content, "the reply says how to skip to a normal game"
    game_id = int(re.search(r"Game #(\d+)", r.response.content).group(1))
    record = await w.manager.views.game(game_id)
    assert record.guild_id is None and record.channel_id == str(alice.user.dm_channel.id) and record.seed == lesson.seed
    seats = {s.seat: s for s in await w.manager.store.list_seats(game_id)}
    assert seats[lesson.seat].user_id == str(alice.id)
    assert all(s.controller == "bot" for name, s in seats.items() if name != lesson.seat)
    assert not w.public(), "nothing of a lesson is posted in the server"
    opening = next(t for t in w.dm_texts(alice) if "begins" in t)
    assert "/game follow" not in opening, "nobody else can follow a game that has no server"

    decisions = refused = 0
    while (record := await w.manager.views.game(game_id)).status == "active":
        ruleset_, state, seq = await w.manager.views.state(record)
        shown = coach.shown_steps(await w.manager.store.get_setting(game_scope(game_id), coach.SHOWN_KEY))
        if coach.summarized(shown):
            break
        move = coach.suggested(ruleset_, state, lesson.seat, seq, shown)
        assert move is not None, "the bot never keeps the learner waiting"
        if decisions == 3 and not refused:  # a wrong move: the game's reason, then the coach's nudge
            wrong = w.record(await alice.user.slash("move", notation=WRONG[ruleset]))
            assert private(wrong) and "✅" not in wrong.response.content
            assert f"{coach.MARK} **" in wrong.response.content and "a move that works now is" in wrong.response.content
            refused += 1
            continue
        if decisions == 8:  # Alice comes back: the lesson in progress, not another
            back = w.record(await alice.user.slash("game learn", ruleset=ruleset))
            assert f"Welcome back to game #{game_id}" in back.response.content, back.response.content
            assert len(await w.manager.store.list_games(user_id=str(alice.id))) == 1
        r = w.record(await alice.user.slash("move", notation=move.notation))
        if "again:True" in r.response.content:  # the same words as her last move (a second `ready`)
            r = w.record(await alice.user.slash("move", notation=move.notation, again=True))
        assert "✅" in r.response.content, r.response.content
        decisions += 1
        assert decisions <= MOST_DECISIONS
    return game_id, decisions


@pytest.mark.parametrize("ruleset", coach.titles())
async def test_a_lesson_by_dm_from_the_coach_suggestions(world: World, ruleset: str) -> None:
    started, cpu = time.monotonic(), time.process_time()
    w, alice, lesson = world, world.alice, coach.lesson(ruleset)
    game_id, decisions = await the_lesson_from_the_suggestions(w, ruleset)
    elapsed, cpu = time.monotonic() - started, time.process_time() - cpu

    shown = coach.shown_steps(await w.manager.store.get_setting(game_scope(game_id), coach.SHOWN_KEY))
    assert coach.checklist_ticked(ruleset, shown) == [item.id for item in lesson.checklist], shown
    assert shown[-1] == coach.SUMMARY
    mine = {e.notation.split()[0] for e in await w.manager.store.load_journal(game_id) if e.seat == lesson.seat}
    for step in lesson.steps:
        assert mine & set(step.when.verbs), f"she made the kind of move step {step.id} shows"
    said = coach_texts(w.dm_texts(alice))
    prompts = [t for t in w.dm_texts(alice) if "**Your move:**" in t]
    assert not [t for t in prompts if lesson.opening() in t or lesson.summary in t], \
        "the lesson's opening and closing words come in messages of their own, never swelling a prompt"
    assert len(said) >= len(lesson.steps) + 1 and all(len(t) <= coach.MOST + 250 for t in said)
    for step in lesson.steps:
        assert any(step.text in t for t in said), f"step {step.id} was shown in the DM"
    steps_said = [t for t in said if "/game new" not in t]
    assert all(len(t) <= coach.MOST for t in steps_said), max(steps_said, key=len)
    last = said[-1]
    assert lesson.summary in last and f"/game new ruleset:{ruleset}" in last
    record = await w.manager.views.game(game_id)
    assert record.status == ("active" if lesson.end else "finished") and not w.public()
    print(f"\n{ruleset} lesson: {decisions} decisions, {elapsed:.1f} s ({cpu:.1f} CPU s)")


async def test_a_lesson_that_stops_early_leaves_the_game_to_play_on(world: World) -> None:
    """Campaign Manager 2008's lesson stops after its first Breaking News: the summary says the game goes on and
    how to close it; the coach is silent from then on (a refusal has no nudge); `/game learn` deals a new lesson
    rather than bringing her back to the game she may still finish."""
    w, alice, ruleset = world, world.alice, "campaign_manager_2008"
    game_id, _ = await the_lesson_from_the_suggestions(w, ruleset)
    last = coach_texts(w.dm_texts(alice))[-1]
    assert "The lesson ends here" in last and f"/game abandon game:{game_id}" in last, last
    assert (await w.manager.views.game(game_id)).status == "active"
    assert (await w.manager.views.decision(game_id, str(alice.id)))[2].owes_move, "her next decision came with it"
    wrong = w.record(await alice.user.slash("move", notation=WRONG[ruleset]))
    assert "✅" not in wrong.response.content and coach.MARK not in wrong.response.content, wrong.response.content
    r = w.record(await alice.user.slash("move", notation="draw"))
    assert "✅" in r.response.content and not coach_texts(w.dm_texts(alice)[-2:]), "the coach says no more"
    again = w.record(await alice.user.slash("game learn", ruleset=ruleset))
    assert "has begun" in again.response.content and "Welcome back" not in again.response.content, \
        again.response.content
    fresh = int(re.search(r"Game #(\d+)", again.response.content).group(1))
    assert fresh != game_id and (await w.manager.views.game(game_id)).status == "active"


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


@pytest.mark.parametrize("ruleset", coach.titles())
def test_the_lessons_dms_ask_each_question_once_and_stay_short(ruleset: str) -> None:
    """The lesson's transcript (`stumpbot transcripts`): the bot answers each of the learner's moves before they are
    sent, and one DM tells the learner the news of them all with her next question, never the same question twice
    in a row; the coach's words keep every DM of a step within a phone screen."""
    game = transcript_game(f"learn-{ruleset}")
    dms = [part for part in game.text.split("\n### ") if part.startswith("DM to ")]
    asked = [dm[dm.index("> Your move:"):] if "> Your move:" in dm else None for dm in dms]
    again = [dm for dm, ask, before in zip(dms[1:], asked[1:], asked) if ask is not None and ask == before]
    assert not again, f"{len(again)} DMs ask the question of the DM before them again, first:\n{again[0][:600]}"

    def shown(brief) -> str:  # noqa: ANN001
        embeds, view = ui.hand_message(brief)
        return shown_text({"embeds": [e.to_dict() for e in embeds],
                           "components": view.to_components() if view is not None else []})

    steps = [shown(b) for b in game.briefs if b.coach and b.decision is not None and b.decision.owes_move]
    assert len(steps[0]) <= FIRST_DM_MOST, f"the first step's DM is {len(steps[0])} characters:\n{steps[0]}"
    longest = max(steps, key=len)
    assert len(longest) <= STEP_DM_MOST, f"a step's DM is {len(longest)} characters:\n{longest}"
