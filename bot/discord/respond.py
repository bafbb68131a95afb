"""The one way every interaction is answered: acknowledge first, privately; then follow up.

`ack()` is the first await of every handler — before any lock, database read or render —
and it always defers *ephemerally*: a public "thinking…" defer followed by an "ephemeral"
follow-up is published to everyone (Discord ignores the flag on the first follow-up), so
nothing private may ever follow a public defer. Public output (the lobby, the board) is
posted as ordinary channel messages instead, never as an interaction response.
"""
from __future__ import annotations

import logging
import time
from typing import Any

import discord

from bot.discord import limits

log = logging.getLogger("stumpbot.discord")

ACK_WARN_S = 2.0


def _client_metrics(interaction: discord.Interaction) -> Any:
    return getattr(interaction.client, "metrics", None)


async def ack(interaction: discord.Interaction, *, in_place: bool = False, ephemeral_too: bool = False) -> None:
    """Acknowledge privately (ephemeral "thinking…"). Idempotent. Call it first, always.

    `in_place`: a click on a component of a direct message (a DM is private by itself) is acknowledged as an
    update of the clicked message — no new message; the flow then edits that message (a decision
    in progress lives in one message). `ephemeral_too`: a click on an ephemeral message (only its clicker sees
    it) is acknowledged in place as well."""
    if interaction.response.is_done():
        return
    message = interaction.message if interaction.type is discord.InteractionType.component else None
    private_message = message is not None and (interaction.guild_id is None
                                               or (ephemeral_too and message.flags.ephemeral))
    if in_place and private_message:
        await interaction.response.defer()  # DEFERRED_UPDATE_MESSAGE: @original is the clicked message
        interaction.extras["private"] = True
        interaction.extras["in_place"] = True
    elif interaction.type is discord.InteractionType.component or interaction.type is discord.InteractionType.modal_submit:
        # thinking=True: a new ephemeral message, not a silent update of the clicked message.
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer(ephemeral=True)
    interaction.extras["private"] = True
    metrics = _client_metrics(interaction)
    if metrics is not None:
        metrics.acked(interaction)


async def send_private(interaction: discord.Interaction, content: str | None = None, *,
                       embeds: list[discord.Embed] | None = None, view: discord.ui.View | None = None,
                       file: discord.File | None = None) -> None:
    """An ephemeral follow-up to an interaction that `ack()` deferred."""
    if not interaction.response.is_done():
        await ack(interaction)
    if not interaction.extras.get("private"):
        # Defensive: never send anything after a public acknowledgement. Nothing secret is lost:
        # the caller's text goes nowhere, and we say so in the log.
        log.error("refusing a private follow-up after a public acknowledgement (%s)", interaction.type)
        return
    # A long reply goes on in more messages, never cut: the text's pieces first, the last with the first embeds.
    texts: list[str | None] = list(limits.chunks(content, limits.CONTENT)) if content else [None]
    pages = limits.embed_pages(embeds) if embeds else [[]]
    messages = [(text, []) for text in texts[:-1]] + [(texts[-1], pages[0])] + [(None, page) for page in pages[1:]]
    for number, (text, page) in enumerate(messages):
        kwargs: dict[str, Any] = {"ephemeral": True, "wait": False, "allowed_mentions": discord.AllowedMentions.none()}
        if text:
            kwargs["content"] = text
        if page:
            kwargs["embeds"] = page
        if number == len(messages) - 1 and view is not None and view.children:
            kwargs["view"] = view
        if number == 0 and file is not None:
            kwargs["file"] = file
        if "content" not in kwargs and "embeds" not in kwargs and "file" not in kwargs:
            kwargs["content"] = "Done."
        await interaction.followup.send(**kwargs)
    if view is not None:
        # Every component of ours is a DynamicItem, dispatched by its custom_id whatever view sent it; discord.py
        # would otherwise keep an ephemeral message's view, and a task timing it out, for the token's 15 minutes.
        view.stop()


class Metrics:
    """How long interactions waited for their acknowledgement (wall clock), for logs and tests."""

    def __init__(self) -> None:
        self.received: dict[int, float] = {}
        self.ack_seconds: list[float] = []

    def seen(self, interaction: discord.Interaction) -> None:
        self.received[interaction.id] = time.perf_counter()
        if len(self.received) > 10_000:  # never grow without bound
            for key in list(self.received)[:5_000]:
                self.received.pop(key, None)

    def acked(self, interaction: discord.Interaction) -> None:
        start = self.received.pop(interaction.id, None)
        if start is None:
            return
        elapsed = time.perf_counter() - start
        self.ack_seconds.append(elapsed)
        del self.ack_seconds[:-1000]
        if elapsed > ACK_WARN_S:
            log.warning("interaction %s acknowledged after %.2f s (Discord's limit is 3 s)", interaction.type, elapsed)
