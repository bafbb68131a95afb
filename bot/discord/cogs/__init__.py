"""The slash commands, by concern: on `/game`, lobby (new/join/leave/start/list), play (hand/undo/concede/board/status/
log/export/mine), admin (abandon/redeliver/help) and follow (spectators); `/seat` (offer/take/bot, seats.py) and
`/clock` (deadline/pause/resume/extend/vacation, deadlines.py); and the top-level /move, /card, /stats, /leaderboard,
/settings and /reminders. The groups are _shared.py's; every handler is a thin call into the flows, and errors go to
the tree's one handler. The persistent components' clicks are such calls too (clicks.py)."""
from __future__ import annotations

from discord import app_commands

from bot.discord.cogs._shared import clock, game, seat


def all_commands() -> list[app_commands.Command | app_commands.Group]:
    """Every top-level command (importing the modules attaches their subcommands to /game, /seat and /clock)."""
    from bot.discord.cogs import admin, deadlines, follow, lobby, play, seats  # noqa: F401

    return [game, seat, clock, play.move_command, play.card_command, *_rating_commands(), _settings_group(), *_reminder_commands()]


def _rating_commands() -> list[app_commands.Command]:
    """/stats and /leaderboard: top-level, in servers only."""
    from bot.discord.cogs import ratings

    return list(ratings.COMMANDS)


def _settings_group() -> app_commands.Group:
    """/settings: top-level, in servers only, for Manage Server."""
    from bot.discord.cogs import settings

    return settings.settings


def _reminder_commands() -> list[app_commands.Command]:
    """/reminders: top-level, in servers and by DM."""
    from bot.discord.cogs import reminders

    return list(reminders.COMMANDS)
