"""/stats and /leaderboard: a server's ratings, read-only. Like every command they answer
privately; they show only public facts (results of finished games). The rating rule is bot/policy/ratings.py's."""
from __future__ import annotations

import discord

from bot.policy import ratings
from bot.discord import limits, ui
from bot.discord.flows import manager_of
from bot.discord.respond import ack, send_private
from bot.service import ManagerError
from engine import registry

HOW_RATED = (f"Rating: OpenSkill's ordinal (μ − 3σ) × {ratings.DISPLAY_ALPHA:g} + {ratings.DISPLAY_TARGET:g}; a newcomer "
             f"starts at {ratings.DISPLAY_TARGET:g}. A seat the bot played most of is not rated.")


def _guild(interaction: discord.Interaction) -> str:
    if interaction.guild_id is None:
        raise ManagerError("Ratings are kept per server: use this command in a server.", code="not_in_guild")
    return str(interaction.guild_id)


def _title(ruleset: str) -> str:
    return registry.RULESETS[ruleset].title if ruleset in registry.RULESETS else ruleset


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _name(text: str) -> str:
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


async def stats(interaction: discord.Interaction, member: discord.abc.User | None) -> None:
    await ack(interaction)
    guild = _guild(interaction)
    who = member or interaction.user
    lines = await manager_of(interaction).memory.stats(guild, str(who.id))
    embed = discord.Embed(title=f"Stats of {_name(who.display_name)} on this server", colour=ui.COLOUR)
    if not lines:
        embed.description = "No rated games on this server yet."
    for line in lines[:limits.EMBED_FIELDS]:
        share = f" ({round(100 * line.wins / line.games)}%)" if line.games else ""
        place = f" · #{line.place} on the leaderboard" if line.place else ""
        trend = ", ".join(ratings.signed(d) for d in line.trend) or "—"
        embed.add_field(name=_title(line.ruleset), inline=False,
                        value=f"Rating **{line.rating}**{place}\n{_count(line.games, 'game')}, "
                              f"{_count(line.wins, 'win')}{share}\nLast changes: {trend}")
    embed.set_footer(text=HOW_RATED)
    await send_private(interaction, embeds=[limits.fit_embed(embed)])


async def leaderboard(interaction: discord.Interaction, ruleset: str) -> None:
    await ack(interaction)
    guild = _guild(interaction)
    board = await manager_of(interaction).memory.leaderboard(guild, ruleset)
    title = registry.get(ruleset).title
    embed = discord.Embed(title=f"{title} — leaderboard of this server", colour=ui.COLOUR)
    if not board:
        embed.description = (f"Nobody has {ratings.LEADERBOARD_MIN_GAMES} rated games of {title} on this server yet.")
    else:
        embed.description = "\n".join(
            f"{s.place}. **{_name(s.name)}** <@{s.user_id}> — **{s.rating}** · {_count(s.games, 'game')}, {_count(s.wins, 'win')}"
            for s in board)
    embed.set_footer(text=f"Top {ratings.LEADERBOARD_SIZE}, with at least {ratings.LEADERBOARD_MIN_GAMES} rated games. "
                          + HOW_RATED)
    await send_private(interaction, embeds=[limits.fit_embed(embed)])
