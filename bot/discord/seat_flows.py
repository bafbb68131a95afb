"""Seats that change hands, the Discord side: `/seat offer` (the host offers a seat to a
member, who accepts with the offer's button or `/seat take`), `/seat bot` and the button that confirms
`/game leave` mid-game (the built-in bot plays the seat; lobby_flows.leave asks), and `/seat take` (back to a
person). Civil disorder (the bot taking a seat over after missed deadlines) is set with the deadlines (clock_flows.py).
Game logic is the GameManager's; like every flow, each one acknowledges first and answers privately (flows.py)."""
from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord import flows, lobby_flows, ui
from bot.discord.respond import ack, send_private
from bot.policy import bot_levels
from bot.service import ManagerError

log = logging.getLogger("stumpbot.discord.seats")


async def _seat_game(interaction: discord.Interaction, game_id: int | None, *, statuses: tuple[str, ...] = ("active",),
                     empty: str = "There is no game in progress in this channel.") -> Any:
    """The game a seat command is about: any game here (the caller need not be seated: a host who only runs
    it, a substitute, an admin)."""
    return await flows.find_game(interaction, game_id, statuses=statuses, seated=False, empty=empty)


async def substitute(interaction: discord.Interaction, seat: str, member: discord.abc.User, game_id: int | None) -> None:
    """The host (or Manage Server) offers a seat to a member: a post in the game's channel with Accept/Decline."""
    await ack(interaction)
    manager = flows.manager_of(interaction)
    record = await _seat_game(interaction, game_id)
    if getattr(member, "bot", False):
        raise ManagerError("A bot account can't take a seat. `/seat bot` hands a seat to Stumpbot's own player.",
                           code="bad_member")
    offer = await manager.seats.offer_seat(record.id, flows.user_id(interaction), seat, str(member.id), member.display_name,
                                     admin=await flows.can_manage(interaction, record))
    text = (f"🔁 <@{interaction.user.id}> offers **{offer.seat}** in game #{record.id} ({record.title}) to "
            f"<@{member.id}>. <@{member.id}>: press **Accept the seat** (or `/seat take`) to play it from its current "
            "position; its hand and the current decision will come to you by DM.")
    target = record.thread_id or record.channel_id
    posted = False
    if target:
        try:
            await interaction.client.get_partial_messageable(int(target)).send(
                text, view=ui.seat_view(record.id, ("accept", offer.seat), ("decline", offer.seat)),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(member.id)], roles=False, everyone=False))
            posted = True
        except discord.HTTPException:
            log.warning("could not post the seat offer of game %s", record.id)
    where = "in the game's channel" if posted else "(I couldn't post in the game's channel: they can use `/seat take`)"
    await send_private(interaction, f"Offered **{offer.seat}** of game #{record.id} to <@{member.id}> {where}. "
                                    "The seat changes hands when they accept; a new offer of the seat replaces this one.")


async def _taken(interaction: discord.Interaction, game_id: int, seat: str) -> None:
    await send_private(interaction, f"You now play **{seat}** in game #{game_id}. Its hand and the current decision are "
                                    "in your DMs (or use `/game hand`).")


async def _retire_offer_message(interaction: discord.Interaction) -> None:
    """The offer was taken or turned down: its buttons go."""
    message = getattr(interaction, "message", None)
    if message is None:
        return
    try:
        await message.edit(view=None)
    except discord.HTTPException:
        pass


async def takeseat(interaction: discord.Interaction, seat: str, game_id: int | None) -> None:
    await ack(interaction)
    manager = flows.manager_of(interaction)
    record = await _seat_game(interaction, game_id)
    taken = await manager.seats.take_seat(record.id, flows.user_id(interaction), interaction.user.display_name, seat)
    await _taken(interaction, record.id, taken.seat)


async def botseat(interaction: discord.Interaction, seat: str, game_id: int | None, level: str | None = None) -> None:
    await ack(interaction)
    manager = flows.manager_of(interaction)
    record = await flows.hosted_game(interaction, game_id, ("lobby", "active"))
    if record.status == "lobby":  # the bot sits there from the start
        await lobby_flows.seat_bot(interaction, record, seat, level)
        return
    held = await manager.seats.bot_seat(record.id, flows.user_id(interaction), seat, admin=await flows.can_manage(interaction, record),
                                        name=interaction.user.display_name, level=level)
    chosen = bot_levels.level_of(await manager.store.settings(f"game:{record.id}"), held.seat)
    await send_private(interaction, f"The bot plays **{held.seat}** in game #{record.id} from now on, at "
                                    f"{bot_levels.LEVEL_WORDS[chosen]}. `/seat take seat:{held.seat}` gives it back "
                                    "to its player, or `/seat offer` offers it to someone else.")


async def seat_button(interaction: discord.Interaction, game_id: int, verb: str, seat: str) -> None:
    await ack(interaction)
    manager = flows.manager_of(interaction)
    record = await flows.game_here(interaction, game_id)
    me = flows.user_id(interaction)
    if verb == "accept":
        taken = await manager.seats.accept_seat(record.id, me, interaction.user.display_name, seat)
        await _retire_offer_message(interaction)
        await _taken(interaction, record.id, taken.seat)
    elif verb == "decline":
        if not await manager.seats.decline_seat(record.id, me, seat):
            raise ManagerError(f"There is no offer of {seat} to you in game #{record.id}.", code="no_offer")
        await _retire_offer_message(interaction)
        await send_private(interaction, f"The offer of {seat} in game #{record.id} was withdrawn.")
    else:
        mine = await manager.views.seat_of(record.id, me)
        if mine.seat != seat:
            raise ManagerError(f"That button was for {seat}; you play {mine.seat}.", code="not_yours")
        await manager.seats.leave_to_bot(record.id, me)
        await send_private(interaction, f"You left game #{record.id}: the bot plays **{seat}** from now on. "
                                        f"`/seat take seat:{seat}` brings you back.")
