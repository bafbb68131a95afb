"""`/game learn`: a guided first game against the bot, played by DM wherever the command is used (the game:
bot/service/learn.py; the coach's words: bot/present/coach.py). Again while the lesson is unfinished, it brings the
learner back to it; with `coach:False`, a normal game against the bot instead. Like every flow, it acknowledges
first and answers privately (flows.py). Hints are on unless `hints:False` (bot/service/learn.py says why)."""
from __future__ import annotations

import discord

from bot.discord import jump
from bot.discord.flows import manager_of, user_id
from bot.discord.respond import ack, send_private
from bot.service import ManagerError
from engine import registry

HINTS_ON = ("💡 Stuck? `/game hint game:{game}` shows you the bot's top three moves, privately (the game's record notes "
            "that you asked). `hints:False` opens a game without them.")
LEAVE = ("Leave whenever you like: the game waits, and `/game learn ruleset:{ruleset}` brings you back to it. "
         "`/game learn ruleset:{ruleset} coach:False` starts a normal game against the bot instead.")


async def learn(interaction: discord.Interaction, ruleset: str, with_coach: bool, hints: bool = True) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    me = interaction.client.user
    if me is None:
        raise ManagerError("I'm still starting up; try again in a few seconds.", code="starting")
    if interaction.guild_id is None and interaction.channel is not None:
        channel_id = interaction.channel.id
    else:
        channel_id = (await interaction.user.create_dm()).id
    lesson = await manager.learn.start(ruleset, user_id(interaction), interaction.user.display_name,
                                       channel_id=str(channel_id), bot_user=str(me.id), with_coach=with_coach,
                                       hints=hints)
    record = lesson.record
    name = registry.get(record.ruleset).name
    link = jump.channel_link(manager.ctx.ref(record, 0))
    where = "here" if interaction.guild_id is None else f"in [our direct messages]({link})" if link else "by DM"
    leave = LEAVE.format(ruleset=name)
    if lesson.resumed:
        again = await manager.learn.again(record.id, user_id(interaction))
        text = (f"Welcome back to game #{record.id} ({record.title}), {where}, where you left off as "
                f"**{lesson.seat}**.\n{again}\n{leave}" if again else
                f"Welcome back to game #{record.id} ({record.title}), {where}, as **{lesson.seat}**.\n{leave}")
    elif with_coach:
        text = (f"🎓 Game #{record.id} ({record.title}) has begun {where}: you play **{lesson.seat}** against the "
                f"bot, and a coach explains each new kind of decision as you meet it.\n{leave}")
    else:
        text = (f"Game #{record.id} ({record.title}) has begun {where}: you play **{lesson.seat}** against the bot. "
                "Your choices arrive there.")
    if not lesson.resumed and hints:
        text += f"\n{HINTS_ON.format(game=record.id)}"
    await send_private(interaction, text)
