"""Discord's hard limits, and helpers that keep every message inside them.

Discord rejects (HTTP 400) anything over these limits, so every message the bot builds goes
through one of these helpers. Each limit has a test in tests/discord/test_limits.py.
"""
from __future__ import annotations

from dataclasses import dataclass

import discord

CONTENT = 2000  # message content
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_AUTHOR = 256
EMBED_TOTAL = 6000  # sum of every text in every embed of one message
EMBEDS_PER_MESSAGE = 10
MESSAGE_TEXT = CONTENT + EMBED_TOTAL  # the most text one message carries: its content, then its embeds' descriptions
SELECT_OPTIONS = 25
AUTOCOMPLETE_CHOICES = 25
CHOICE_NAME = 100  # autocomplete choice name and value
CHOICE_VALUE = 100
CUSTOM_ID = 100
COMPONENT_ROWS = 5
BUTTONS_PER_ROW = 5
BUTTON_LABEL = 80
SELECT_OPTION_LABEL = 100
SELECT_OPTION_VALUE = 100
SELECT_OPTION_DESCRIPTION = 100
SELECT_PLACEHOLDER = 150
ATTACHMENT = 8 * 1024 * 1024  # the smallest upload limit a guild can have; never send more
IMAGE_TARGET = 100 * 1024  # what the renderer should aim for: posts stay quick on phones
ATTACHMENT_DESCRIPTION = 1024  # alt text
THREAD_NAME = 100

ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """`text` shortened to at most `limit` characters, marked with an ellipsis when shortened, and never cut
    inside a word: it ends at the last space or line break that leaves room for the ellipsis (a text with no
    such break — an id, a link — is the one thing cut where the room ends). Where the whole text matters, the
    caller shows it elsewhere too (a select option's detail is whole in the prompt above it)."""
    text = text or ""
    if len(text) <= limit:
        return text
    if limit <= 0:
        return ""
    cut = max(text.rfind(" ", 0, limit), text.rfind("\n", 0, limit))  # the last break where it and "…" fit
    if cut <= 0:  # one long token (an id, a link): nowhere between words to end
        cut = limit - 1
    return text[:cut].rstrip(" ,;:–—-") + ELLIPSIS


@dataclass(frozen=True)
class Page:
    """One message's share of a long text: its content, then the descriptions of its embeds, in reading order."""

    content: str
    descriptions: tuple[str, ...] = ()

    def embeds(self) -> list[discord.Embed]:
        return [discord.Embed(description=d) for d in self.descriptions]


def pages(text: str, *, tail: str = "", max_messages: int = 3) -> list[Page]:
    """`text` as the fewest messages that carry it whole, cut only at line breaks: each message's first lines are its
    content (2,000 characters), the lines after go on in embeds' descriptions (4,096 each, 6,000 and 10 embeds in
    all), and only what one message cannot carry goes on in the next. `tail`, a line that must stand in the content
    (a mention in an embed notifies nobody), ends the last message's content. At most `max_messages` messages:
    anything beyond is cut (the game log holds everything)."""
    units = [piece for line in (text or "").strip().split("\n") for piece in (chunks(line, CONTENT) or [""])]
    if units == [""]:
        units = []
    room = CONTENT - (len(tail) + 1 if tail else 0)
    out: list[Page] = []
    while units:
        content, units = _take(units, room)
        descriptions: list[str] = []
        left = EMBED_TOTAL
        while units and len(descriptions) < EMBEDS_PER_MESSAGE:
            piece, rest = _take(units, min(EMBED_DESCRIPTION, left))
            if not piece:
                break
            units = rest
            if piece.strip():  # Discord refuses an embed with nothing in it
                descriptions.append(piece)
                left -= len(piece)
        out.append(Page(content, tuple(descriptions)))
    if len(out) > max_messages:
        last = out[max_messages - 1]
        out = out[:max_messages - 1]
        if last.descriptions:
            *kept, end = last.descriptions
            room_left = EMBED_TOTAL - sum(map(len, kept))  # the ellipsis must not take the embeds past their total
            last = Page(last.content, (*kept, clip(f"{end}\n{ELLIPSIS}", min(EMBED_DESCRIPTION, room_left))))
        else:
            last = Page(clip(f"{last.content}\n{ELLIPSIS}", room))
        out.append(last)
    if tail:
        last = out.pop() if out else Page("")
        out.append(Page(f"{last.content}\n{tail}" if last.content else tail, last.descriptions))
    return out


def _take(units: list[str], limit: int) -> tuple[str, list[str]]:
    """The first of `units` (lines) that fit `limit` characters joined by line breaks, and the units left."""
    size = -1
    for i, unit in enumerate(units):
        size += len(unit) + 1
        if size > limit:
            return "\n".join(units[:i]), units[i:]
    return "\n".join(units), []


def chunks(text: str, limit: int) -> list[str]:
    """`text` in pieces of at most `limit` characters, never cut mid-word: split at line breaks, a line longer
    than `limit` at its last space before the limit (a single word longer than a whole piece, which no text of
    ours has, is the one thing ever split inside)."""
    out: list[str] = []
    current = ""
    for line in (text or "").split("\n"):
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit + 1)
            cut = cut if cut > 0 else limit
            if current:
                out.append(current)
                current = ""
            out.append(line[:cut].rstrip())
            line = line[cut:].lstrip()
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit and current:
            out.append(current)
            current = line
        else:
            current = candidate
    if current.strip():
        out.append(current)
    return out


def add_long_field(embed: discord.Embed, name: str, text: str, *, code: bool = False) -> discord.Embed:
    """Add `text` to `embed` as one field, or as several ("Board", "Board (2/3)", …) when it is longer than a
    field holds — split, never cut. `code`: each piece in a code block (the board's fixed-width text)."""
    wrap = 8 if code else 0  # "```\n" + "\n```"
    pieces = chunks(text, EMBED_FIELD_VALUE - wrap) or ["\u200b"]
    for i, piece in enumerate(pieces, 1):
        label = name if i == 1 else f"{name} ({i}/{len(pieces)})"
        embed.add_field(name=label, value=f"```\n{piece}\n```" if code else piece, inline=False)
    return embed


def embed_pages(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """The embeds of one reply, as messages that each fit Discord's limits: an embed with more fields or text
    than one holds goes on in a continuation embed (same colour, its title marked "(continued)"), and the
    embeds are grouped into messages of at most 10 embeds and 6,000 characters. Nothing is dropped."""
    parts: list[discord.Embed] = []
    for embed in embeds:
        parts += _split_embed(fit_embed_parts(embed))
    pages: list[list[discord.Embed]] = []
    total = 0
    for embed in parts:
        if not pages or len(pages[-1]) >= EMBEDS_PER_MESSAGE or total + len(embed) > EMBED_TOTAL:
            pages.append([])
            total = 0
        pages[-1].append(embed)
        total += len(embed)
    return pages


def fit_embed_parts(embed: discord.Embed) -> discord.Embed:
    """Each part of `embed` within its own limit; a field too long for one field is split into several."""
    if embed.title:
        embed.title = clip(embed.title, EMBED_TITLE)
    if embed.description and len(embed.description) > EMBED_DESCRIPTION:
        rest = chunks(embed.description, EMBED_DESCRIPTION)
        embed.description = rest[0]
        fields = embed.fields
        embed.clear_fields()
        add_long_field(embed, "\u200b", "\n".join(rest[1:]))
        for f in fields:
            embed.add_field(name=f.name, value=f.value, inline=f.inline)
    fields = embed.fields
    embed.clear_fields()
    for f in fields:
        value = f.value or "\u200b"
        name = clip(f.name or "\u200b", EMBED_FIELD_NAME) or "\u200b"
        if len(value) <= EMBED_FIELD_VALUE:
            embed.add_field(name=name, value=value, inline=f.inline)
        else:
            code = value.startswith("```\n") and value.endswith("\n```")
            add_long_field(embed, name, value[4:-4] if code else value, code=code)
    return embed


def _split_embed(embed: discord.Embed) -> list[discord.Embed]:
    """`embed` as one or more embeds of at most 25 fields and 6,000 characters each."""
    if len(embed.fields) <= EMBED_FIELDS and len(embed) <= EMBED_TOTAL:
        return [embed]
    fields = embed.fields
    embed.clear_fields()
    out = [embed]
    for f in fields:
        last = out[-1]
        if len(last.fields) >= EMBED_FIELDS or len(last) + len(f.name or "") + len(f.value or "") > EMBED_TOTAL:
            last = discord.Embed(title=clip(f"{embed.title or ''} (continued)", EMBED_TITLE), colour=embed.colour)
            out.append(last)
        last.add_field(name=f.name, value=f.value, inline=f.inline)
    return out


def embed_length(embed: discord.Embed) -> int:
    return len(embed)


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Cut an embed down to every per-part limit and the 6,000-character total, in place."""
    if embed.title:
        embed.title = clip(embed.title, EMBED_TITLE)
    if embed.description:
        embed.description = clip(embed.description, EMBED_DESCRIPTION)
    if embed.footer and embed.footer.text:
        embed.set_footer(text=clip(embed.footer.text, EMBED_FOOTER), icon_url=embed.footer.icon_url)
    if embed.author and embed.author.name:
        embed.set_author(name=clip(embed.author.name, EMBED_AUTHOR), url=embed.author.url, icon_url=embed.author.icon_url)
    fields = embed.fields[:EMBED_FIELDS]
    embed.clear_fields()
    for f in fields:
        embed.add_field(name=clip(f.name or "\u200b", EMBED_FIELD_NAME) or "\u200b",
                        value=clip(f.value or "\u200b", EMBED_FIELD_VALUE) or "\u200b", inline=f.inline)
    # Over the total: drop trailing fields first, then shorten the description.
    while len(embed) > EMBED_TOTAL and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
    if len(embed) > EMBED_TOTAL and embed.description:
        excess = len(embed) - EMBED_TOTAL
        embed.description = clip(embed.description, max(0, len(embed.description) - excess))
    if len(embed) > EMBED_TOTAL and embed.title:
        embed.title = clip(embed.title, max(1, len(embed.title) - (len(embed) - EMBED_TOTAL)))
    return embed


def fit_embeds(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """Several embeds for one message: each fitted, then trailing ones dropped past the shared total."""
    out: list[discord.Embed] = []
    total = 0
    for embed in embeds[:EMBEDS_PER_MESSAGE]:
        fit_embed(embed)
        if total + len(embed) > EMBED_TOTAL:
            break
        out.append(embed)
        total += len(embed)
    return out


def check_custom_id(custom_id: str) -> str:
    if not custom_id or len(custom_id) > CUSTOM_ID:
        raise ValueError(f"custom id of {len(custom_id)} characters (limit {CUSTOM_ID}): {custom_id[:40]!r}")
    return custom_id


def attachment_limit(interaction_limit: int | None = None, guild: discord.Guild | None = None) -> int:
    """The largest file we may attach: the smallest of the interaction's, the guild's and 8 MB."""
    limits = [ATTACHMENT]
    if interaction_limit:
        limits.append(int(interaction_limit))
    if guild is not None:
        try:
            limits.append(int(guild.filesize_limit))
        except (AttributeError, TypeError, ValueError):
            pass
    return min(limits)
