"""The bot seated in a lobby through the real discord.py (SimCord): the host seats it in a free seat at a level
with `/seat bot`, the lobby's card shows it, the host can free the seat again, refusals are private and in words,
and the game starts with the seat played by the bot at that level."""
from __future__ import annotations

import random
import re

from simworld import World, journal_len, move_by_manager, thinking_bot

from bot.policy import bot_levels


simcord_bot = thinking_bot(2)  # a hard decision of two search iterations


def _lobby(w: World):  # noqa: ANN202
    return next(m for m in reversed(w.channel.history(viewer=w.carol))
                if m.embeds and "game #" in (m.embeds[0].title or ""))


def _seats(w: World) -> str:
    return _lobby(w).embeds[0].fields[0].value


async def _open(w: World, **options: str) -> int:
    r = w.record(await w.alice.slash(w.channel, "game new", **options))
    assert r.ephemeral, r
    return int(re.search(r"game #(\d+)", _lobby(w).embeds[0].title).group(1))


async def test_the_host_seats_the_bot_at_a_level_in_a_lobby_and_the_game_starts_with_it(world: World) -> None:
    w = world
    game_id = await _open(w, seat="DEM")
    posted = len(w.public())

    r = await w.bob.slash(w.channel, "seat bot", seat="REP", level="hard")  # not the host
    assert r.ephemeral and "Only the host of game" in r.response.content, r.response.content
    r = await w.alice.slash(w.channel, "seat bot", seat="REP", level="expert")
    assert r.ephemeral and r.response.content == ("`expert` is not a level of the bot. The bot plays at easy, normal "
                                                  "or hard.")
    r = await w.alice.slash(w.channel, "seat bot", seat="DEM", level="hard")
    assert r.ephemeral and r.response.content.startswith("DEM is taken."), r.response.content
    assert len(await w.manager.store.list_seats(game_id)) == 1 and len(w.public()) == posted

    r = w.record(await w.alice.slash(w.channel, "seat bot", seat="rep", level="easy"))
    assert r.ephemeral and "The bot sits as **REP**" in r.response.content and "easy" in r.response.content
    assert "**REP**: 🤖 bot (easy)" in _seats(w)
    r = w.record(await w.alice.slash(w.channel, "seat bot", seat="REP", level="hard"))  # its level changes
    assert "**REP**: 🤖 bot (hard)" in _seats(w)
    assert any(f.name == "The bot" and "not rated" in f.value for f in _lobby(w).embeds[0].fields)
    r = await w.bob.slash(w.channel, "game join", seat="REP")
    assert r.ephemeral and r.response.content == f"Game #{game_id} is full (2 seats).", r.response.content

    r = await w.bob.slash(w.channel, "seat free", seat="REP")  # not the host
    assert r.ephemeral and "Only the host of game" in r.response.content
    r = w.record(await w.alice.slash(w.channel, "seat free", seat="REP"))
    assert r.ephemeral and "**REP** is free again" in r.response.content
    assert "**REP**: — free —" in _seats(w)
    r = await w.alice.slash(w.channel, "seat free", seat="REP")
    assert r.ephemeral and "The bot does not sit as `REP`" in r.response.content

    w.record(await w.alice.slash(w.channel, "seat bot", seat="REP", level="hard"))
    w.record(await w.alice.click(_lobby(w), label="Start"))
    assert (await w.manager.views.game(game_id)).status == "active"
    assert any(f"game #{game_id}. Seats: DEM: alice, REP: 🤖 bot (hard)" in m.content for m in w.public())
    assert "**REP**: 🤖 bot (hard)" in _seats(w), "the lobby's card, redrawn at the start, keeps the bot's level"
    seats = {s.seat: s for s in await w.manager.store.list_seats(game_id)}
    assert seats["REP"].controller == "bot" and seats["DEM"].controller == "human"
    assert bot_levels.level_of(await w.manager.store.settings(f"game:{game_id}"), "REP") == "hard"

    rng = random.Random(5)
    for _ in range(3):  # DEM moves; the hard bot answers
        await w.manager.seats.bots.settled()
        await move_by_manager(w, w.alice, game_id, rng)
    await w.manager.seats.bots.settled()
    journal = await w.manager.store.load_journal(game_id)
    assert await journal_len(w, game_id) >= 4
    assert [e for e in journal if e.seat == "REP"] and all(e.actor == "bot" for e in journal if e.seat == "REP")


async def test_solo_play_has_no_seat_for_the_bot(world: World) -> None:
    w = world
    game_id = await _open(w, ruleset="campaign_trail", options="ai=REP,LIB")
    r = await w.alice.slash(w.channel, "seat bot", seat="REP")
    assert r.ephemeral and "is a game for one player" in r.response.content, r.response.content
    assert len(await w.manager.store.list_seats(game_id)) == 1
