"""The election-night dashboard on Discord: posted and pinned when the game starts, edited in place after the
turns that change it (never sent again), still edited after a restart (its message id is stored), left unpinned
but working where the bot may not pin, and given a final edit when the game ends."""
from __future__ import annotations

import discord
from simworld import World, make_bot, open_game

from bot.discord import dashboard as dashboards
from engine.core.rng import Rng

MARK = ("📊", "🗳️")


def dashboards_in(w: World) -> list[discord.Message]:
    """The dashboards in the game channel (and its threads), as a non-player sees them."""
    return [m for m in w.public() if (m.content or "").startswith(MARK)]


def updates_of(w: World, message_id: int) -> list[str]:
    """The contents the message was edited to, in order (from the gateway's MESSAGE_UPDATE events)."""
    return [p.get("content") or "" for kind, name, p in w.env.backend.transcript
            if kind == "GATEWAY" and name == "MESSAGE_UPDATE" and str(p.get("id")) == str(message_id)]


async def bots_move_until_edited(w: World, game_id: int, message_id: int, rng: Rng, max_moves: int = 200) -> int:
    """The built-in bot plays for whoever owes until the dashboard is edited; returns the moves made."""
    before = len(updates_of(w, message_id))
    for moves in range(1, max_moves + 1):
        owing = await w.manager.views.owing(game_id)
        if not owing:
            break
        await w.manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
        if len(updates_of(w, message_id)) > before:
            return moves
    raise AssertionError("the dashboard was never edited")


async def test_posted_pinned_at_start_then_edited_in_place_even_after_a_restart(world: World, db_path) -> None:
    w = world
    game_id = await open_game(w)
    [board] = dashboards_in(w)
    assert board.pinned
    for section in ("Path to 47", "Tipping point", "Biggest swing", "**DEM**", "**REP**", "**Tied**"):
        assert section in board.content, section
    stored = await dashboards.stored(w.bot, game_id)
    assert stored is not None and stored.message_id == board.id

    rng = Rng(16)
    await bots_move_until_edited(w, game_id, board.id, rng)
    assert [m.id for m in dashboards_in(w)] == [board.id]  # edited, not sent again
    assert board.id in {m.id for m in w.public() if m.pinned}

    old = w.env.bot
    fresh = make_bot(db_path)
    await w.env.restart_bot(fresh)
    await old.close()
    edits = len(updates_of(w, board.id))
    await bots_move_until_edited(w, game_id, board.id, rng)
    assert len(updates_of(w, board.id)) > edits
    assert [m.id for m in dashboards_in(w)] == [board.id]

    # Play to the end: the last edit is the final map with the result.
    while await w.manager.views.owing(game_id):
        owing = await w.manager.views.owing(game_id)
        await w.manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
    assert (await w.manager.views.game(game_id)).status == "finished"
    [final] = dashboards_in(w)
    assert final.id == board.id and final.content.startswith("🗳️") and "**Result:**" in final.content
    await fresh.store.close()


def unpinned_notes(w: World) -> list[discord.Message]:
    return [m for m in w.public() if (m.content or "").startswith("📌")]


async def test_without_pin_messages_it_is_posted_unpinned_said_once_and_still_edited(world: World) -> None:
    w = world
    w.channel = w.guild.create_text_channel(
        "no-pins", overwrites={w.bot.user: discord.PermissionOverwrite(pin_messages=False)})
    r = await w.alice.slash(w.channel, "game new")  # Pin Messages is not among the permissions a game needs…
    assert r.ephemeral and "Game #1 is open" in r.response.content
    assert "without the **Pin Messages** permission here I can't pin" in r.response.content  # …but it is named
    lobby = next(m for m in reversed(w.channel.history(viewer=w.carol)) if m.embeds)
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    game_id = 1
    [board] = dashboards_in(w)
    assert not board.pinned
    assert not any(m.pinned for m in w.public())
    [note] = unpinned_notes(w)
    assert note.content == dashboards.UNPINNED.format(game_id=game_id) and "Pin Messages" in note.content
    await bots_move_until_edited(w, game_id, board.id, Rng(5))
    assert [m.id for m in dashboards_in(w)] == [board.id]
    # Sent again after a deletion, still unpinnable: the channel was told already.
    w.env.backend.delete_message(board.channel.id, board.id)
    rng = Rng(9)
    while not dashboards_in(w) and await w.manager.views.owing(game_id):
        owing = await w.manager.views.owing(game_id)
        await w.manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
    assert len(dashboards_in(w)) == 1 and not dashboards_in(w)[0].pinned
    assert len(unpinned_notes(w)) == 1


async def test_manage_messages_alone_is_not_asked_for(world: World) -> None:
    """Pinning is Pin Messages' now: a channel that denies Manage Messages but allows Pin Messages pins, unasked."""
    w = world
    w.channel = w.guild.create_text_channel(
        "no-manage", overwrites={w.bot.user: discord.PermissionOverwrite(manage_messages=False, pin_messages=True)})
    r = await w.alice.slash(w.channel, "game new")
    assert "Pin Messages" not in r.response.content and "Manage Messages" not in r.response.content
    lobby = next(m for m in reversed(w.channel.history(viewer=w.carol)) if m.embeds)
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    [board] = dashboards_in(w)
    assert board.pinned and not unpinned_notes(w)


async def test_a_deleted_dashboard_is_sent_again(world: World) -> None:
    w = world
    game_id = await open_game(w)
    [board] = dashboards_in(w)
    w.env.backend.delete_message(board.channel.id, board.id)
    rng = Rng(7)
    for _ in range(200):
        if dashboards_in(w):
            break
        owing = await w.manager.views.owing(game_id)
        await w.manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
    [again] = dashboards_in(w)
    assert again.id != board.id and again.pinned
    assert (await dashboards.stored(w.bot, game_id)).message_id == again.id


async def play_to_the_end(w: World, game_id: int, rng: Rng) -> None:
    while owing := await w.manager.views.owing(game_id):
        await w.manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
    assert (await w.manager.views.game(game_id)).status == "finished"


async def test_a_finished_games_dashboard_is_unpinned_and_stays(world: World) -> None:
    w = world
    game_id = await open_game(w)
    [board] = dashboards_in(w)
    assert board.pinned
    await play_to_the_end(w, game_id, Rng(3))
    [final] = dashboards_in(w)
    assert final.id == board.id and "**Result:**" in final.content  # the message stays, with the result
    assert not [m.id for m in w.public() if m.pinned], "a pin of the ended game remains"
    assert not (await dashboards.stored(w.bot, game_id)).pinned
    # A second game in the same channel pins its own.
    second = await open_game(w)
    pinned = [m for m in w.public() if m.pinned]
    assert len(pinned) == 1 and f"game #{second}" in pinned[0].content


async def test_a_cancelled_games_dashboard_is_unpinned(world: World) -> None:
    w = world
    game_id = await open_game(w)
    [board] = dashboards_in(w)
    assert board.pinned
    await w.manager.games.abandon(game_id, str(w.alice.id))
    await w.env.settle()
    assert [m.id for m in dashboards_in(w)] == [board.id]
    assert not any(m.pinned for m in w.public())


async def test_pins_used_up_are_said_in_words_once_per_game(world: World) -> None:
    w = world
    w.env.inject_error("PUT", f"/channels/{w.channel.id}/messages/pins/*", status=400, code=30003,
                       message="Maximum number of pins reached (50)", times=None)
    game_id = await open_game(w)
    [board] = dashboards_in(w)
    assert not board.pinned
    [note] = unpinned_notes(w)
    assert note.content == dashboards.UNPINNED_FULL.format(game_id=game_id)
    assert "unpin old messages" in note.content and "50" in note.content
    # Sent again after a deletion and refused again: not said again.
    w.env.backend.delete_message(board.channel.id, board.id)
    rng = Rng(9)
    while not dashboards_in(w) and (owing := await w.manager.views.owing(game_id)):
        await w.manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
    assert len(dashboards_in(w)) == 1 and not dashboards_in(w)[0].pinned
    assert len(unpinned_notes(w)) == 1
    # The next game in the channel is told once too: it is its own dashboard.
    await play_to_the_end(w, game_id, rng)
    second = await open_game(w)
    notes = unpinned_notes(w)
    assert len(notes) == 2 and notes[-1].content == dashboards.UNPINNED_FULL.format(game_id=second)
