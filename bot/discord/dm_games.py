"""A one-player game played entirely by direct message with the bot (a solo variant needs no server).

`/game new` used in a DM opens a game whose options seat exactly one player (the ruleset's `seat_range` says so;
this module knows no ruleset by name) and starts it at once: with one player there is nobody to wait for, so
no lobby message. The game's channel is the DM itself, so the table posts the board there and the decisions
arrive there as in any game. The game has no server (`guild_id` None), which is what keeps everything else in
place without a flag of its own:
- only its player can name it (Views.game_here: by DM, games you are seated in; in a server, that
  server's games only), so no other server or member sees or follows it;
- it is never rated (bot/policy/ratings.py rates server games only) and has no lobby expiry or server defaults;
- `/game mine` lists it, with a link to the DM.
Games for two or more players (co-op included) still need a server channel: others must be able to join.
"""
from __future__ import annotations

from typing import Any

import discord

from bot.discord.respond import send_private
from bot.service import GameManager, ManagerError
from bot.service.hints import split_options
from bot.present.options import OptionTextError, parse_option_text
from engine import registry
from engine.core.ruleset import seat_range

NOT_SOLO = ("Only a game for one player can be played here by direct message, with options that seat one player "
            "(`/game help` shows each game's options). Games with others (co-op too) are played in a server channel, "
            "where they can join.")


async def new_game(interaction: discord.Interaction, manager: GameManager, ruleset: str, title: str | None,
                   deadline_hours: int | None, seat: str | None, option_text: str | None) -> None:
    """`/game new` in a DM (acknowledged already by lobby_flows.new_game, which hands in its manager): create the game in
    this DM and start it."""
    channel = interaction.channel
    if channel is None:
        raise ManagerError("I can't see this conversation; try again in a moment.", code="no_channel")
    try:
        options: dict[str, Any] = parse_option_text(option_text)
    except OptionTextError as exc:
        raise ManagerError(str(exc), code="bad_option") from None
    try:
        chosen = registry.get(ruleset)
    except KeyError as exc:
        raise ManagerError(str(exc.args[0]), code="unknown_ruleset") from None
    if seat_range(chosen, split_options(options)[0]) != (1, 1):  # `hints` is the table's, not the game's
        raise ManagerError(NOT_SOLO, code="dm_not_solo")
    me = str(interaction.user.id)  # as flows.user_id
    record = await manager.games.create(chosen.name, me, interaction.user.display_name, options=options, title=title,
                                  guild_id=None, channel_id=str(channel.id), seat=seat, deadline_hours=deadline_hours)
    try:
        record = await manager.games.start(record.id, me)
    except Exception:
        await manager.games.abandon(record.id, me)  # a game that cannot start is not left as a lobby nobody sees
        raise
    seats = await manager.store.list_seats(record.id)
    mine = next(s for s in seats if s.user_id == me)
    await send_private(interaction, f"Game #{record.id} ({chosen.title}) has started here, just you as **{mine.seat}**. "
                                    "The board is posted in this conversation after every turn and your choices "
                                    "arrive here too (or type `/move`).")
