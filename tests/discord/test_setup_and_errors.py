"""/game new checks the bot's permissions and says exactly which are missing; games in a thread;
the one error handler; intents; the redaction filter on logs."""
from __future__ import annotations

import io
import logging

import discord

from bot.discord import logging as redaction
from bot.discord.client import intents
from bot.discord.errors import GENERIC
from simworld import World, custom_ids, journal_len, open_game


async def test_missing_permissions_are_named_and_nothing_is_created(world: World) -> None:
    w = world
    locked = w.guild.create_text_channel(
        "locked", overwrites={w.bot.user: discord.PermissionOverwrite(attach_files=False, embed_links=False)})
    r = await w.alice.slash(locked, "game new")
    assert r.acknowledged and r.ephemeral
    text = r.response.content
    assert "**Embed Links**" in text and "**Attach Files**" in text
    assert "Send Messages" not in text and "View Channel" not in text
    assert await w.manager.store.list_games() == []
    assert [m for m in locked.history() if not m.flags.ephemeral] == []

    no_threads = w.guild.create_text_channel(
        "no-threads", overwrites={w.bot.user: discord.PermissionOverwrite(create_public_threads=False)})
    r = await w.alice.slash(no_threads, "game new", thread=True)
    assert "**Create Public Threads**" in r.response.content and "Attach" not in r.response.content
    assert await w.manager.store.list_games() == []


async def test_a_game_in_its_own_thread(world: World) -> None:
    w = world
    game_id = await open_game(w, thread=True, title="Thread game")
    (thread,) = w.channel.threads
    record = await w.manager.views.game(game_id)
    assert record.thread_id == str(thread.id)
    posts = thread.history(viewer=w.carol)
    assert any("begins" in m.content for m in posts), "game posts go to the thread"
    assert not any("begins" in m.content for m in w.channel.history(viewer=w.carol))
    # In the thread, the game is found without a `game` option.
    r = await w.alice.slash(thread, "game hand")
    assert r.ephemeral and r.response.embeds
    r = await w.alice.slash(thread, "game board")
    assert r.ephemeral and any(m.content.startswith("The board of game") for m in thread.history(viewer=w.carol))


async def test_unexpected_errors_get_a_generic_private_answer(world: World, caplog) -> None:
    w = world
    await open_game(w)
    await w.manager.store.close()  # the database goes away under the bot
    with caplog.at_level(logging.ERROR):
        r = await w.alice.slash(w.channel, "game status")
    assert r.acknowledged and r.ephemeral
    assert r.response.content == GENERIC
    assert "Traceback" not in r.response.content and "Store" not in r.response.content
    errors = w.env.errors  # SimCord captured the exception: acknowledge it, it was expected here
    assert errors and "closed" in str(errors[-1].__cause__ or errors[-1])
    assert any("unexpected error in /game status" in rec.getMessage() for rec in caplog.records)


async def test_lobby_leave_and_cancel(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "game new", title="Short-lived")
    lobby = w.public()[-1]
    r = await w.bob.click(lobby, label="Join")
    assert "REP" in r.response.content
    assert "<@%d>" % w.bob.id in w.public()[-1].embeds[0].fields[0].value
    r = await w.bob.click(lobby, label="Leave")
    assert "left" in r.response.content
    assert "free" in w.public()[-1].embeds[0].fields[0].value
    r = await w.alice.click(lobby, label="Start")
    assert r.ephemeral and "needs at least 2 players" in r.response.content
    r = await w.alice.click(lobby, label="Cancel game")
    assert "cancelled" in r.response.content
    assert not w.public()[0].components and "Cancelled" in w.public()[0].embeds[0].description
    assert (await w.manager.views.game(1)).status == "abandoned"


async def test_undo_through_discord(world: World) -> None:
    w = world
    game_id = await open_game(w)
    r = await w.alice.slash(w.channel, "game hand")
    button = next(c["custom_id"] for c in custom_ids(r.response) if ":0:a:" in c["custom_id"])
    await w.alice.click(r.response, custom_id=button)
    assert await journal_len(w, game_id) == 1
    r = await w.alice.slash(w.channel, "game undo")
    assert r.ephemeral and "taken back" in r.response.content
    assert await journal_len(w, game_id) == 0
    r = await w.bob.slash(w.channel, "game undo")
    assert r.ephemeral and "nothing of yours to undo" in r.response.content


def test_intents_are_guilds_only() -> None:
    wanted = intents()
    assert wanted.guilds
    assert wanted.value == discord.Intents(guilds=True).value
    assert not (wanted.members or wanted.presences or wanted.message_content)


def test_the_redaction_filter_removes_tokens_everywhere() -> None:
    # Assembled at run time so no token-shaped string is committed.
    token = ".".join(["MTIzNDU2Nzg5MDEyMzQ1Njc4OQ", "GhIjKl", "abcdefghijklmnopqrstuvwxyz" + "0123456789AB"])
    interaction_token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpabcdefghijklmnopqrstuvwxyz0123456789"
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(name)s %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        secret_filter = redaction.install("a-configured-secret-token-value")
        assert secret_filter in handler.filters
        log = logging.getLogger("discord.http")
        log.warning("POST https://discord.com/api/v10/webhooks/123456/%s with Authorization: Bot %s", interaction_token, token)
        log.warning("json: {'token': 'a-configured-secret-token-value', 'x': 1}")
        logging.getLogger("stumpbot.x").warning("callback /interactions/99/%s", interaction_token)
        try:
            raise RuntimeError(f"login failed for {token}")
        except RuntimeError:
            logging.getLogger("stumpbot.x").exception("boom")
    finally:
        root.removeHandler(handler)
    out = stream.getvalue()
    assert token not in out and interaction_token not in out and "a-configured-secret-token-value" not in out
    assert out.count("[redacted]") >= 5
    assert "RuntimeError" in out  # the traceback is kept, only the secret is cut


def test_discord_loggers_are_capped_at_info() -> None:
    logging.getLogger("discord").setLevel(logging.DEBUG)
    logging.getLogger("discord.http").setLevel(logging.DEBUG)
    redaction.cap_discord_loggers()
    assert logging.getLogger("discord").level == logging.INFO
    assert logging.getLogger("discord.http").level == logging.INFO
    assert not logging.getLogger("discord.http").isEnabledFor(logging.DEBUG)


def test_a_discord_logger_set_to_debug_after_start_up_still_prints_nothing_below_info() -> None:
    import io

    root = logging.getLogger()
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    root.addHandler(handler)
    try:
        redaction.install("a-configured-secret-token-value")
        logging.getLogger("discord.http").setLevel(logging.DEBUG)  # after start-up, by a curious admin
        logging.getLogger("discord.webhook.async_").setLevel(logging.DEBUG)
        logging.getLogger("discord.http").debug("POST /channels/1/messages with {'content': 'hand: card 97'}")
        logging.getLogger("discord.webhook.async_").debug("Webhook request body: card 42")
        logging.getLogger("discord.gateway").info("Shard ID None has connected")
    finally:
        root.removeHandler(handler)
        logging.getLogger("discord.http").setLevel(logging.INFO)
        logging.getLogger("discord.webhook.async_").setLevel(logging.NOTSET)
    out = stream.getvalue()
    assert "card 97" not in out and "card 42" not in out
    assert "has connected" in out  # INFO still goes through


async def test_a_server_manager_may_abandon_any_game(world: World) -> None:
    w = world
    game_id = await open_game(w)
    mods = w.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    dana = w.guild.add_member(w.env.create_user("dana"), roles=[mods])
    r = await w.carol.slash(w.channel, "game abandon", game=game_id)
    assert r.ephemeral and "Only the host" in r.response.content
    r = await dana.slash(w.channel, "game abandon")
    assert r.ephemeral and "cancelled" in r.response.content
    assert (await w.manager.views.game(game_id)).status == "abandoned"
    assert any("was cancelled" in m.content for m in w.public())


async def test_a_refused_game_new_leaves_no_lobby(world: World) -> None:
    w = world
    r = await w.alice.slash(w.channel, "game new", seat="XYZ")
    assert r.ephemeral and "`XYZ` is not a seat" in r.response.content, r.response.content
    # a title that cannot be stored (a lone surrogate, as a client can send it) is refused in words too
    r = await w.alice.slash(w.channel, "game new", title="Friday\ud800")
    assert r.ephemeral and "Retype the game name" in r.response.content, r.response.content
    assert w.env.errors == []
    assert await w.manager.store.list_games() == []
    assert [m for m in w.channel.history(viewer=w.carol) if not m.flags.ephemeral] == []
    # so the next lobby is the only one: Bob's join needs no game number
    await w.alice.slash(w.channel, "game new", seat="REP")
    r = await w.bob.slash(w.channel, "game join")
    assert "DEM" in r.response.content, r.response.content
    assert [s.user_id for s in await w.manager.store.list_seats(1)] == [str(w.alice.id), str(w.bob.id)]


async def test_a_refused_game_new_by_dm_leaves_no_game(world: World) -> None:
    w = world
    r = await w.alice.user.slash("game new", ruleset="campaign_trail", options="ai=REP", seat="XYZ")
    assert "`XYZ` is not a seat" in r.response.content, r.response.content
    assert await w.manager.store.list_games() == []


async def test_game_new_refuses_a_bad_option_naming_the_games_options(world: World) -> None:
    w = world
    r = await w.alice.slash(w.channel, "game new", ruleset="campaign_trail", options="dirty=maybe")
    assert r.acknowledged and r.ephemeral
    text = r.response.content
    assert "Bad option `dirty=maybe`: `dirty` takes on or off." in text
    assert "Campaign Trail's options:" in text and "`ai=` 1 or 2 of DEM, REP, LIB" in text
    assert "pydantic" not in text and "Input should be" not in text
    assert await w.manager.store.list_games() == []
