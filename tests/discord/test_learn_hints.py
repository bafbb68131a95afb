"""Hints in a game against the bot, through the real discord.py (SimCord): `/game learn coach:False` opens a game
that gives hints (practice, never rated), and says how to ask for one; `/game hint` by DM shows three moves
privately; `hints:False` opens one without them; the lesson (the coach on) gives hints too."""
from __future__ import annotations

import re

import pytest
from simworld import World, make_bot, private

from bot.policy.bot_levels import ThinkSettings


@pytest.fixture
async def simcord_bot(db_path):  # noqa: ANN001, ANN201 — a hint's search of a few iterations; no pictures
    bot = make_bot(db_path, render=False, thinking=ThinkSettings(iterations=20))
    yield bot
    if bot.manager is not None:
        bot.manager.close()
    if bot.store is not None:
        await bot.store.close()


def game_of(r) -> int:  # noqa: ANN001
    return int(re.search(r"Game #(\d+)", r.response.content).group(1))


async def test_a_game_against_the_bot_gives_hints_unless_opened_without(world: World) -> None:
    w, alice = world, world.alice
    r = w.record(await alice.user.slash("game learn", ruleset="electioneer", coach=False))
    assert private(r) and "`/game hint game:" in r.response.content, r.response.content
    game_id = game_of(r)
    r = w.record(await alice.user.slash("game hint", game=game_id))
    assert private(r) and r.response.content.count("of the search") == 3, r.response.content
    assert (await w.manager.memory.export(game_id, str(alice.id)))["hints"][0]["seat"]
    r = w.record(await alice.user.slash("game learn", ruleset="electioneer", coach=False, hints=False))
    assert private(r) and "/game hint" not in r.response.content, r.response.content
    r = w.record(await alice.user.slash("game hint", game=game_of(r)))
    assert private(r) and "Hints are off" in r.response.content, r.response.content


async def test_the_lesson_gives_hints_too(world: World) -> None:
    w, alice = world, world.alice
    r = w.record(await alice.slash(w.channel, "game learn", ruleset="electioneer"))
    assert r.ephemeral and "`/game hint game:" in r.response.content, r.response.content
    game_id = int(re.search(r"game #(\d+)", r.response.content, re.I).group(1))
    r = w.record(await alice.user.slash("game hint", game=game_id))
    assert private(r) and r.response.content.count("of the search") == 3, r.response.content
