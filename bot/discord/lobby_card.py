"""The lobby message's card at any point of the game: its seats, the bot's with its level, and its options, hints
said. The lobby's flows draw it while players gather, the rematch opens with it, and it is redrawn once the game
starts or is cancelled."""
from __future__ import annotations

from typing import Any

import discord

from bot.discord import ui
from bot.policy import bot_levels


async def lobby_card(manager: Any, record: Any, seats: list[Any] | None = None) -> discord.Embed:
    """The card of game `record`. In the lobby, the bot's seats are those it holds at a level (Lobby.lobby_bots);
    once started, those the bot plays, at the level it plays them."""
    seats = await manager.store.list_seats(record.id) if seats is None else seats
    if record.status == "lobby":
        bots = await manager.games.lobby_bots(record.id, seats)
    else:
        settings = await manager.store.settings(f"game:{record.id}")
        bots = {s.seat: bot_levels.level_of(settings, s.seat) for s in seats if s.controller == "bot"}
    return ui.lobby_embed(record, seats, hints=await manager.hints.on(record.id), bots=bots)
