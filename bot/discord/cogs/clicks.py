"""What the persistent components' clicks run (bot/discord/components.py): like a slash command, each is a thin call
into the flows, guarded (flows.guarded), so a button and its command behave identically. Handed to the components at
registration (client.setup_hook: components.answer_clicks(clicks)), which is how components.py, built by the
flows, imports none of them."""
from __future__ import annotations

import discord

from bot.discord import flows, info_flows, lobby_flows, play_flows, rematch_flows, seat_flows


async def lobby_button(interaction: discord.Interaction, game_id: int, verb: str) -> None:
    await flows.guarded(interaction, lobby_flows.lobby_button(interaction, game_id, verb))


async def show_hand(interaction: discord.Interaction, game_id: int) -> None:
    await flows.guarded(interaction, play_flows.show_hand(interaction, game_id))


async def choose(interaction: discord.Interaction, game_id: int, seq: int, path: tuple[str, ...], more: bool, *,
                 page: int = 0, pool: str = "s") -> None:
    await flows.guarded(interaction, play_flows.choose(interaction, game_id, seq, path, more, page=page, pool=pool))


async def seat_button(interaction: discord.Interaction, game_id: int, verb: str, seat: str) -> None:
    await flows.guarded(interaction, seat_flows.seat_button(interaction, game_id, verb, seat))


async def game_log(interaction: discord.Interaction, game_id: int, page: int) -> None:
    await flows.guarded(interaction, info_flows.game_log(interaction, game_id, page))


async def rematch(interaction: discord.Interaction, game_id: int) -> None:
    await flows.guarded(interaction, rematch_flows.rematch(interaction, game_id))
