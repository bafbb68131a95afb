"""A hard bot seat through the real discord.py (SimCord): the host hands a seat to the bot at a level with
`/seat bot`, the level shows beside the seat, the bot answers every move with legal ones, and an unknown level is
refused privately."""
from __future__ import annotations

import random

from simworld import CHOICE, World, custom_ids, is_back, journal_len, latest_prompt, open_game, private, thinking_bot



simcord_bot = thinking_bot(2)  # a hard decision of two search iterations


async def click_to_a_move(w: World, game_id: int, rng: random.Random) -> None:
    """Alice clicks her DM's choices until one move is made. (Her prompt may already show her next decision when
    the clicks settle: the hard bot answered meanwhile, and her DM is edited in place.)"""
    message = latest_prompt(w, w.alice, game_id)
    start = await journal_len(w, game_id)
    for _ in range(6):
        comps = [c for c in custom_ids(message) if CHOICE.match(c["custom_id"]) and not is_back(c)]
        picks = [c["custom_id"] for c in comps if c["type"] == 2]
        picks += [(c["custom_id"], o["value"]) for c in comps if c["type"] == 3 for o in c["options"]]
        pick = rng.choice(picks)
        r = w.record(await (w.alice.user.click(message, custom_id=pick) if isinstance(pick, str)
                            else w.alice.user.select(message, [pick[1]], custom_id=pick[0])))
        assert r.acknowledged and private(r)
        if await journal_len(w, game_id) > start:
            return
        message = r.response
    raise AssertionError("no move in 6 clicks")


async def test_a_hard_bot_seat_answers_every_move_and_shows_its_level(world: World) -> None:
    w = world
    game_id = await open_game(w)
    posted = len(w.public())
    r = await w.alice.slash(w.channel, "seat bot", seat="REP", level="expert")
    assert r.ephemeral and r.response.content == ("`expert` is not a level of the bot. The bot plays at easy, normal "
                                                  "or hard.")
    assert len(w.public()) == posted and await journal_len(w, game_id) == 0

    r = w.record(await w.alice.slash(w.channel, "seat bot", seat="REP", level="hard"))
    assert r.ephemeral and "The bot plays **REP**" in r.response.content and "at hard" in r.response.content
    assert any("alice handed REP to the bot" in m.content and "at hard level" in m.content for m in w.public())
    r = await w.carol.slash(w.channel, "game status")
    assert f"🤖 the bot, hard (for <@{w.bob.id}>)" in r.response.embeds[0].fields[0].value

    rng = random.Random(3)
    for _ in range(4):  # DEM moves; the hard bot answers each time
        await click_to_a_move(w, game_id, rng)
    journal = await w.manager.store.load_journal(game_id)
    assert [e.actor for e in journal if e.seat == "REP"] and all(e.actor == "bot" for e in journal if e.seat == "REP")
    assert "REP" not in await w.manager.views.owing(game_id)
