"""`/card`: a card, event, politick or news card of a game, whole and privately (a card is
readable where it is decided; a prompt or menu entry that had to be short keeps the rest one command away)."""
from __future__ import annotations

import discord

from bot.discord import flows, limits, ui
from bot.discord.respond import ack, send_private
from bot.service import ManagerError
from engine import registry
from engine.core.ruleset import card_text

SHOWN_REF = 20  # of what the player typed, in a refusal


async def show_card(interaction: discord.Interaction, ref: str, game_id: int | None) -> None:
    await ack(interaction)
    record = await flows.find_game(interaction, game_id, statuses=("lobby", "active", "finished"), seated=False,
                                   empty="There is no game in this channel: add the `game` option to say whose cards.")
    rules = registry.get(record.ruleset)
    found = card_text(rules, ref)
    if found is None:
        typed = discord.utils.escape_markdown(limits.clip(" ".join((ref or "").split()), SHOWN_REF)).replace("`", "'")
        raise ManagerError(f"{rules.title} has no card `{typed or '?'}`: give the id as prompts show it "
                           f"(game #{record.id}).", code="unknown_card")
    embed = discord.Embed(title=limits.clip(f"{found.kind.capitalize()} {found.id} — {found.name}", limits.EMBED_TITLE),
                          description=found.text, colour=ui.COLOUR)
    embed.set_footer(text=f"{rules.title} · game #{record.id}")
    await send_private(interaction, embeds=[embed])
