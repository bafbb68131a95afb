"""Game records through Discord: `/game log` pages through the whole game (the `page:` option and the Older /
Newer buttons), `/game export` sends the record privately (a player's mid-game, anyone's after the end, a
stranger's refused mid-game), and the channel carries the seed commitment at the start and its reveal at
the end — and no commit-reveal digests in between."""
from __future__ import annotations

import json
import re

from bot.policy import record as records
from bot.policy.record_verify import verify_record
from engine.core.rng import Rng
from simworld import World, message_text, open_game


async def play(w: World, game_id: int, rng: Rng, limit: int) -> None:
    for _ in range(limit):
        owing = await w.manager.views.owing(game_id)
        if not owing:
            return
        await w.manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)


def page_of(result) -> tuple[int, int, str]:
    embed = result.response.embeds[0]
    m = re.search(r"page (\d+) of (\d+)", embed.title)
    return int(m.group(1)), int(m.group(2)), embed.description


async def attachment_json(result) -> dict:
    files = result.response.attachments
    assert len(files) == 1 and files[0].filename.endswith(".json")
    return json.loads(await files[0].read())


async def test_log_pages_export_and_the_seed_commitment(world: World) -> None:
    w = world
    game_id = await open_game(w)
    record = await w.manager.views.game(game_id)
    salt = await records.seed_salt(w.manager.store, game_id)
    digest = records.seed_commitment(record.seed, salt)
    start = next(m for m in w.public() if "begins" in m.content)
    assert f"Seed commitment: `{digest}`" in start.content and salt not in start.content

    await play(w, game_id, Rng(8), 30)

    # /game log: the last page first, then Older, then Newer; `page:1` is the start of the game
    r = await w.carol.slash(w.channel, "game log")
    assert r.ephemeral
    number, pages, last_text = page_of(r)
    assert pages >= 2 and number == pages
    # the buttons turn the page in the message they are on: no new message
    shown = len(w.channel.history(viewer=w.carol))
    older = await w.carol.click(r.response, label="◀ Older")
    assert older.response.ephemeral and page_of(older)[0] == pages - 1 and page_of(older)[2] != last_text
    assert older.response.id == r.response.id
    newer = await w.carol.click(older.response, label="Newer ▶")
    assert page_of(newer)[:2] == (pages, pages) and newer.response.id == r.response.id
    assert len(w.channel.history(viewer=w.carol)) == shown
    first = await w.carol.slash(w.channel, "game log", page=1)
    n, _, text = page_of(first)
    assert n == 1 and "game #" in text and "1. " in text
    # mid-game the log shows what the channel saw, never a move's notation (a discard names a hidden policy)
    assert not re.search(r"\d+\. (🤖 |⏰ )?(DEM|REP)( \([^)]*\))?: [^\s\[]", text)

    # /game export mid-game: a player gets the public part; a member who is not seated is refused
    r = await w.alice.slash(w.channel, "game export")
    assert r.ephemeral
    data = await attachment_json(r)
    assert not data["complete"] and "seed" not in data and len(data["moves"]) == 30
    refused = await w.carol.slash(w.channel, "game export")
    assert refused.ephemeral and not refused.response.attachments and "not seated" in refused.response.content

    # /game status shows the seals that the channel no longer carries
    status = await w.carol.slash(w.channel, "game status")
    assert "Seals" in message_text(status.response.message)
    assert not any("[seal" in m.content or "sealed:" in m.content for m in w.public())

    await play(w, game_id, Rng(8), 2000)
    assert (await w.manager.views.game(game_id)).status == "finished"
    end = [m for m in w.public() if "Seed revealed" in m.content]
    assert len(end) == 1 and str(record.seed) in end[0].content and salt in end[0].content

    # after the end anyone in the server gets the whole record, and it verifies
    r = await w.carol.slash(w.channel, "game export")
    data = await attachment_json(r)
    assert data["complete"] and data["seed"] == record.seed and data["seed_salt"] == salt
    assert verify_record(data).ok
    assert "stumpbot verify" in r.response.content
    # and the log now shows each move's notation
    first = await w.carol.slash(w.channel, "game log", page=1)
    assert re.search(r"\n1\. 🤖 (DEM|REP) \(bot\): \S+", page_of(first)[2])
