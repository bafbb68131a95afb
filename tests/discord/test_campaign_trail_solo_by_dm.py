"""Campaign Trail Solo Play played entirely by direct message with the bot, through the real discord.py:
Alice types `/game new ruleset:campaign_trail options:ai=REP,LIB` in her DM with the bot; the game starts at once
there (one player: no lobby), and she plays it to the end from the DM's buttons and selects (a seeded random
pick among the components shown) and now and then a typed `/move`.

Checked along the way: the board posts go to her DM (with the picture and its alt text), never to a server
channel; each AI turn is a post of its own with its own picture, in words (the card drawn, the track against
its diagram, what it did and why); every interaction is answered privately within Discord's 3 s. Around it: the
game belongs to its DM and its player (refused from a server, even to Alice, and to another member by DM),
`/game mine` lists it with a link to the DM, it is not rated, its Rematch button opens a one-player lobby in the
DM that starts with Start, and a game for two (co-op) or a standard game is refused by DM with nothing created.
"""
from __future__ import annotations

import random
import re
import sqlite3
import time

from simworld import RENDER, World, journal_len, latest_prompt, message_text, private, seeded_bot, walk_to_move

GAME_SEED = 20261125

simcord_bot = seeded_bot(GAME_SEED)

NOT_HERE = "No game #{} in this server."
NOT_SEATED = "You are not seated in game #{}."


async def test_a_whole_solo_game_by_dm(world: World) -> None:
    started, cpu = time.monotonic(), time.process_time()
    w = world
    alice = w.alice
    # two AI parties: both tracks on the picture, and two decks of 30 make a shorter game than one of 40
    r = w.record(await alice.user.slash("game new", ruleset="campaign_trail", options="ai=REP,LIB"))
    assert private(r) and r.response is not None
    text = r.response.content
    assert "has started here" in text and "**DEM**" in text, text
    game_id = int(re.search(r"Game #(\d+)", text).group(1))
    record = await w.manager.views.game(game_id)
    assert record.status == "active" and record.guild_id is None
    assert record.channel_id == str(alice.user.dm_channel.id), "the game's channel is Alice's DM with the bot"
    assert [s.seat for s in await w.manager.store.list_seats(game_id)] == ["DEM"]
    intro = [m for m in w.dms(alice) if "begins" in m.content]
    assert intro and "Campaign Trail" in intro[0].content, "the start is posted in the DM"

    rng = random.Random(GAME_SEED)
    moves = typed = 0
    while (await w.manager.views.game(game_id)).status == "active":
        assert (await w.manager.views.decision(game_id, str(alice.id)))[2].owes_move, "Alice always owes the move"
        before = await journal_len(w, game_id)
        if moves % 4 == 3:  # one move in four typed, by DM, from /move's own suggestions
            choices = await alice.user.autocomplete("move", "notation", "")
            assert 0 < len(choices) <= 25
            r = w.record(await alice.user.slash("move", notation=choices[-1]["value"]))
            assert private(r) and "✅" in r.response.content, r.response.content
            typed += 1
        else:
            await walk_to_move(w, alice, game_id, rng)
        assert await journal_len(w, game_id) == before + 1, "exactly one move per interaction"
        moves += 1
        assert moves < 1500
    assert not w.public(), "nothing of a DM game is posted in a server channel"

    # The AI's turns, each in words, in the posts of the DM.
    posts = [message_text(m) for m in w.dms(alice) if not m.flags.ephemeral]
    ai_turns = [p for p in posts if "**REP (AI) turn** — draws Solo Play card" in p]
    rep, lib = (sum(p.count(f"**{party} (AI) turn** — draws Solo Play card") for p in posts) for party in ("REP", "LIB"))
    assert rep == lib == 30, f"{rep} and {lib} AI turns posted"  # each once, in the post of the step before it
    assert any("→ register action" in p for p in ai_turns) and any("→ direct action" in p for p in posts)
    reasons = "\n".join(posts)
    assert re.search(r"[A-Z]{2} (?:leads by \d+ < \d+|trails by \d+|tied): \+\d", reasons), "where it placed, and why"
    if RENDER:
        pictures = [a for m in w.dms(alice) for a in m.attachments if a.filename.endswith(".png")]
        assert len(pictures) >= 20 and all(a.description for a in pictures), "board posts carry pictures with alt text"
        assert any("register track" in (a.description or "") for a in pictures), "the picture's alt text has the track"
        ai_posts = [m for m in w.dms(alice) if "(AI) turn** —" in message_text(m)]
        assert all(any(a.filename.endswith(".png") for a in m.attachments) for m in ai_posts), "each with its picture"

    record = await w.manager.views.game(game_id)
    assert record.status == "finished" and record.result["winners"]
    assert typed >= 1 and moves == await journal_len(w, game_id)
    assert latest_prompt(w, alice, game_id) is None, "no buttons left once the game is over"
    assert w.results and all(r.acknowledged and private(r) for r in w.results)
    assert max(w.bot.metrics.ack_seconds) < 3.0
    with sqlite3.connect(w.manager.store.path) as db:  # a DM game is never rated
        assert db.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 0
        assert db.execute("SELECT COUNT(*) FROM rating_history WHERE game_id=?", (game_id,)).fetchone()[0] == 0
    # Rematch from the result post in the DM: a one-player lobby there, started with its Start button.
    result_post = next(m for m in reversed(w.dms(alice)) if m.content and "Rematch" in m.content)
    r = w.record(await alice.user.click(result_post, custom_id=f"g:{game_id}:rematch"))
    assert private(r) and "Rematch open" in r.response.content, r.response.content
    lobby = next(m for m in reversed(w.dms(alice)) if m.embeds and "game #" in (m.embeds[0].title or ""))
    new_id = int(re.search(r"game #(\d+)", lobby.embeds[0].title).group(1))
    w.record(await alice.user.click(lobby, label="Start"))
    again = await w.manager.views.game(new_id)
    assert new_id != game_id and again.status == "active" and again.guild_id is None
    assert again.channel_id == record.channel_id and again.options == record.options
    assert not w.public()

    spent = time.process_time() - cpu
    print(f"{moves} moves, {len(ai_turns)} AI turns, {time.monotonic() - started:.1f} s, {spent:.1f} s of CPU")
    # the CPU this process used (its threads' too): the wall clock on a shared machine measures its neighbours
    assert spent < 30, "keep the whole game fast"


async def test_a_dm_game_belongs_to_its_dm_and_its_player(world: World) -> None:
    w = world
    r = w.record(await w.alice.user.slash("game new", ruleset="campaign_trail", options="ai=REP"))
    game_id = int(re.search(r"Game #(\d+)", r.response.content).group(1))
    assert (await w.manager.views.game(game_id)).status == "active"
    seq = await journal_len(w, game_id)

    # From a server, even Alice's own: the game is not there.
    for member in (w.alice, w.bob):
        r = w.record(await member.slash(w.channel, "game status", game=game_id))
        assert r.ephemeral and NOT_HERE.format(game_id) in r.response.content, r.response.content
    # Another member by DM: not seated.
    r = w.record(await w.bob.user.slash("game status", game=game_id))
    assert private(r) and NOT_SEATED.format(game_id) in r.response.content, r.response.content
    assert not w.public() and await journal_len(w, game_id) == seq

    # /game mine lists it, with a link to the DM.
    r = w.record(await w.alice.user.slash("game mine"))
    shown = message_text(r.response)
    assert f"#{game_id}" in shown and f"https://discord.com/channels/@me/{w.alice.user.dm_channel.id}" in shown, shown
    # /game status by DM works for her.
    r = w.record(await w.alice.user.slash("game status", game=game_id))
    assert private(r) and "No game" not in r.response.content and "not seated" not in r.response.content


async def test_games_for_others_are_refused_by_dm_and_nothing_is_created(world: World) -> None:
    w = world
    for options in ("ai=REP coop=on", None):
        extra = {"options": options} if options else {}
        r = w.record(await w.alice.user.slash("game new", ruleset="campaign_trail", **extra))
        assert private(r) and "server channel" in r.response.content, r.response.content
    with sqlite3.connect(w.manager.store.path) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
    assert not w.public()
