"""One error handler: typed game errors become their player-facing message, privately;
anything else becomes a generic apology (logged, redacted) — never a traceback or a secret."""
from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.discord import respond
from engine.core.errors import EngineError

log = logging.getLogger("stumpbot.discord.errors")

GENERIC = "Something went wrong on my side, and nothing was changed. Please try again in a moment."


def unwrap(error: BaseException) -> BaseException:
    while isinstance(error, (app_commands.CommandInvokeError, app_commands.TransformerError)) and error.__cause__:
        error = error.__cause__
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return error


def user_message(error: BaseException) -> tuple[str, bool]:
    """(what to tell the player, whether it is an expected error)."""
    error = unwrap(error)
    if isinstance(error, EngineError):
        return error.message, True
    if isinstance(error, app_commands.NoPrivateMessage):
        return "That command only works in a server channel.", True
    if isinstance(error, app_commands.MissingPermissions):
        return "You need the " + ", ".join(p.replace("_", " ").title() for p in error.missing_permissions) + " permission for that.", True
    if isinstance(error, app_commands.BotMissingPermissions):
        return "I'm missing these permissions here: " + ", ".join(p.replace("_", " ").title() for p in error.missing_permissions) + ".", True
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {max(error.retry_after, 1):.0f} s.", True
    if isinstance(error, app_commands.CheckFailure):
        return "You can't use that command here.", True
    return GENERIC, False


async def report(interaction: discord.Interaction, error: BaseException, *, log_it: bool = True) -> None:
    """Tell the player what went wrong, ephemerally. Safe to call whether or not `ack()` ran."""
    message, expected = user_message(error)
    if not expected and log_it:
        # The redaction filter on the handlers scrubs tokens from the message and traceback.
        log.error("unexpected error in %s", _where(interaction), exc_info=(type(error), error, error.__traceback__))
    try:
        await respond.send_private(interaction, message)
    except discord.HTTPException:
        log.warning("could not report an error to the user in %s", _where(interaction))


def _where(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data = interaction.data or {}
    cid = data.get("custom_id") if isinstance(data, dict) else None
    return f"component {str(cid)[:40]}" if cid else str(interaction.type)


class Tree(app_commands.CommandTree):
    """The command tree with the one error handler."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if interaction.type is discord.InteractionType.autocomplete:
            log.warning("autocomplete failed in %s: %s", _where(interaction), type(unwrap(error)).__name__)
            return
        if interaction.extras.get("reported"):  # the player already has the apology; keep the record
            original = unwrap(error)
            log.error("unexpected error in %s", _where(interaction),
                      exc_info=(type(original), original, original.__traceback__))
            return
        await report(interaction, error)
