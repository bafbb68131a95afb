"""Rematch, the Discord side: the "Rematch" button of a finished game's result post.

A former player clicks it: a new lobby opens in the game's channel with the same ruleset, options and
deadline, hosted by the clicker (seated in their former seat), and the other former players are mentioned
so each can press Join — they are not seated for them: a rematch is an invitation, and a player who does not
want one would otherwise have to leave a lobby they never chose. The bot is never invited: the seats it held from
the start are its own again, at the same level. The game logic is Games.rematch (bot/service/games.py);
like every flow, this acknowledges first and answers privately.
"""
from __future__ import annotations

import logging

import discord

from bot.discord import flows, limits, lobby_flows, ui
from bot.discord.lobby_card import lobby_card
from bot.discord.respond import ack, send_private
from bot.policy import rematch as rematches
from engine.core.notation import is_number

log = logging.getLogger("stumpbot.discord.rematch")

async def rematch(interaction: discord.Interaction, game_id: int) -> None:
    await ack(interaction)
    manager = flows.manager_of(interaction)
    record = await flows.game_here(interaction, game_id)
    made = await manager.games.rematch(record.id, flows.user_id(interaction), interaction.user.display_name)
    lobby = made.lobby
    target = int(lobby.channel_id) if lobby.channel_id else interaction.channel_id
    channel = interaction.client.get_channel(target) or interaction.client.get_partial_messageable(target)
    me = interaction.client.user
    # people only: never the bot's own account, nor a demo's or a test's names (not Discord users)
    invited = [u for u in made.invited if is_number(u, 20) and (me is None or u != str(me.id))]
    mentions = " ".join(f"<@{u}>" for u in invited)
    text = (f"🔁 <@{flows.user_id(interaction)}> opened a rematch of game #{made.of}"
            + (f": {mentions}, press **Join** to play again." if mentions else "."))
    seats = await manager.store.list_seats(lobby.id)
    try:
        message = await channel.send(limits.clip(text, limits.CONTENT), embed=await lobby_card(manager, lobby, seats),
                                     view=ui.lobby_view(lobby),
                                     allowed_mentions=discord.AllowedMentions(
                                         users=[discord.Object(int(u)) for u in invited], roles=False,
                                         everyone=False))
    except discord.HTTPException:
        await manager.games.abandon(lobby.id, flows.user_id(interaction))  # nobody could join it: free the rematch again
        raise
    await manager.store.set_setting(f"game:{lobby.id}", "lobby", f"{message.channel.id}:{message.id}")
    mine = next(s for s in seats if s.user_id == flows.user_id(interaction))
    dm_note = await lobby_flows.check_dms(interaction, lobby.id, mine.seat)
    others = "The other players were invited to press **Join**; press" if invited else "Press"
    await send_private(interaction, f"Rematch open: game #{lobby.id}, you sit as **{mine.seat}**.{_bot_note(made)} "
                                    f"{others} **Start** when everyone is in.{dm_note}")


def _bot_note(made: rematches.Rematch) -> str:
    """The bot's seats in the rematch, as in the game, and any it could not have again and why."""
    seated = ", ".join(f"**{seat}** ({level})" for seat, level in made.bots.items())
    said = f" The bot sits as {seated} again, as in game #{made.of}." if seated else ""
    return said + "".join(f" {line}" for line in made.missed)
