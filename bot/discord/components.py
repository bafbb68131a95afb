"""Persistent components: `DynamicItem`s whose custom id carries everything a click needs.

    g:<game>:lobby:<verb>        lobby buttons (join, leave, start, cancel)
    g:<game>:hand                "Show my hand" (answers ephemerally)
    g:<game>:<seq>:a:<path>      a choice button; <path> is the action's tokens ("swap GA 1 crime"),
                                 ending in " +" when it opens the next step of the walk
    g:<game>:<seq>:s<n>:<prefix> a select of choices after <prefix>; each value is the rest of the path
                                 (or "+<page>": "More choices…", the next page of the same step)
    g:<game>:<seq>:x<n>:<prefix> the same, for plays allowed at any time (the presenter's `extras_placeholder`)
    g:<game>:seat:<verb>:<SEAT>  a seat changing hands: accept / decline the host's offer, confirm leaving
    g:<game>:log:<page>          a page of `/game log` (answers ephemerally)
    g:<game>:rematch             "Rematch" on a finished game's result post: a new lobby, same game and options

Nothing lives in memory: after a restart the classes are registered again in `setup_hook`
and every old message's components work, because each click is re-read from its custom id
and re-checked against the game (an old <seq> gets "the board has changed").

What a click runs is not here: the flows build these components (ui.py, table.py, the *_flows.py), so this module
imports no flow. `setup_hook` hands in the answers (`answer_clicks`, with bot/discord/cogs/clicks.py: a thin call
into the flows for each, as a slash command is) before it registers the classes.
"""
from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

from bot.discord import limits
from engine.core.notation import is_number

GAME = r"g:(?P<game>[0-9]{1,15})"
CONTINUE = "+"
DONE = "·"

LOBBY_VERBS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "cancel": ("Cancel game", discord.ButtonStyle.danger),
}


def _cid(text: str) -> str:
    return limits.check_custom_id(text)


class Clicks(Protocol):
    """What the clicks run (bot/discord/cogs/clicks.py): each answers the click as its command would, guarded."""

    async def lobby_button(self, interaction: discord.Interaction, game_id: int, verb: str) -> None: ...

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def choose(self, interaction: discord.Interaction, game_id: int, seq: int, path: tuple[str, ...], more: bool,
                     *, page: int = 0, pool: str = "s") -> None: ...

    async def seat_button(self, interaction: discord.Interaction, game_id: int, verb: str, seat: str) -> None: ...

    async def game_log(self, interaction: discord.Interaction, game_id: int, page: int) -> None: ...

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...


_clicks: Clicks | None = None


def answer_clicks(clicks: Clicks) -> None:
    """Registration (client.setup_hook, before any click can arrive): what every component's click runs."""
    global _clicks
    _clicks = clicks


def _answer() -> Clicks:
    if _clicks is None:
        raise RuntimeError("a component was clicked before its answers were registered (components.answer_clicks)")
    return _clicks


def choice_button_id(game_id: int, seq: int, path: tuple[str, ...], more: bool) -> str:
    return f"g:{game_id}:{seq}:a:" + " ".join((*path, CONTINUE) if more else path)


def choice_select_id(game_id: int, seq: int, kind: str, n: int, prefix: tuple[str, ...]) -> str:
    return f"g:{game_id}:{seq}:{kind}{n}:" + " ".join(prefix)


class LobbyButton(ui.DynamicItem[ui.Button], template=GAME + r":lobby:(?P<verb>join|leave|start|cancel)"):
    def __init__(self, game_id: int, verb: str, *, row: int | None = None) -> None:
        label, style = LOBBY_VERBS[verb]
        super().__init__(ui.Button(label=label, style=style, custom_id=_cid(f"g:{game_id}:lobby:{verb}")), row=row)
        self.game_id = game_id
        self.verb = verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str]) -> LobbyButton:
        return cls(int(match["game"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _answer().lobby_button(interaction, self.game_id, self.verb)


class HandButton(ui.DynamicItem[ui.Button], template=GAME + r":hand"):
    def __init__(self, game_id: int, *, row: int | None = None) -> None:
        super().__init__(ui.Button(label="Show my hand & choices", style=discord.ButtonStyle.secondary, emoji="🃏",
                                   custom_id=_cid(f"g:{game_id}:hand")), row=row)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str]) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _answer().show_hand(interaction, self.game_id)


class ChoiceButton(ui.DynamicItem[ui.Button], template=GAME + r":(?P<seq>[0-9]{1,9}):a:(?P<path>[^\n]{1,90})"):
    def __init__(self, game_id: int, seq: int, path: tuple[str, ...], more: bool, label: str, *,
                 row: int | None = None, style: discord.ButtonStyle | None = None) -> None:
        button = ui.Button(label=limits.clip(label, limits.BUTTON_LABEL) or "…",
                           style=style or (discord.ButtonStyle.secondary if more else discord.ButtonStyle.primary),
                           custom_id=_cid(choice_button_id(game_id, seq, path, more)))
        super().__init__(button, row=row)
        self.game_id, self.seq, self.path, self.more = game_id, seq, path, more

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str]) -> ChoiceButton:
        tokens = tuple(match["path"].split())
        more = bool(tokens) and tokens[-1] == CONTINUE
        if more:
            tokens = tokens[:-1]
        return cls(int(match["game"]), int(match["seq"]), tokens, more, item.label or "…", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _answer().choose(interaction, self.game_id, self.seq, self.path, self.more)


class ChoiceSelect(ui.DynamicItem[ui.Select],
                   template=GAME + r":(?P<seq>[0-9]{1,9}):(?P<kind>[sx])(?P<n>[0-9]):(?P<prefix>[^\n]{0,90})"):
    def __init__(self, game_id: int, seq: int, kind: str, n: int, prefix: tuple[str, ...],
                 options: list[discord.SelectOption], placeholder: str, *, row: int | None = None,
                 select: ui.Select | None = None) -> None:
        if select is None:
            select = ui.Select(custom_id=_cid(choice_select_id(game_id, seq, kind, n, prefix)),
                               placeholder=limits.clip(placeholder, limits.SELECT_PLACEHOLDER),
                               options=options[: limits.SELECT_OPTIONS], min_values=1, max_values=1)
        super().__init__(select, row=row)
        self.game_id, self.seq, self.kind, self.prefix = game_id, seq, kind, prefix

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Select, match: re.Match[str]) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["seq"]), match["kind"], int(match["n"]),
                   tuple(match["prefix"].split()), [], "", select=item)

    async def callback(self, interaction: discord.Interaction) -> Any:
        values = self.item.values
        value = values[0] if values else DONE
        if value.startswith(CONTINUE):  # "More choices…": another page of this same step
            page = int(value[1:]) if is_number(value[1:], 3) else 0
            await _answer().choose(interaction, self.game_id, self.seq, self.prefix, True, page=page, pool=self.kind)
            return
        rest = () if value == DONE else tuple(value.split())
        more = bool(rest) and rest[-1] == CONTINUE
        if more:
            rest = rest[:-1]
        await _answer().choose(interaction, self.game_id, self.seq, (*self.prefix, *rest), more, pool=self.kind)


SEAT_VERBS = {
    "accept": ("Accept the seat", discord.ButtonStyle.success),
    "decline": ("Decline", discord.ButtonStyle.secondary),
    "leave": ("Let the bot play my seat", discord.ButtonStyle.danger),
}


class SeatButton(ui.DynamicItem[ui.Button], template=GAME + r":seat:(?P<verb>accept|decline|leave):(?P<seat>[A-Za-z0-9_-]{1,20})"):
    """A seat changing hands: accept or decline the host's offer; confirm leaving a game in progress."""

    def __init__(self, game_id: int, verb: str, seat: str, *, row: int | None = None) -> None:
        label, style = SEAT_VERBS[verb]
        if verb == "leave":
            label = f"Let the bot play {seat}"
        super().__init__(ui.Button(label=limits.clip(label, limits.BUTTON_LABEL), style=style,
                                   custom_id=_cid(f"g:{game_id}:seat:{verb}:{seat}")), row=row)
        self.game_id, self.verb, self.seat = game_id, verb, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str]) -> SeatButton:
        return cls(int(match["game"]), match["verb"], match["seat"])

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _answer().seat_button(interaction, self.game_id, self.verb, self.seat)


class LogPageButton(ui.DynamicItem[ui.Button], template=GAME + r":log:(?P<page>[0-9]{1,5})"):
    """Older / newer page of `/game log`; the page is re-read from the game at each click."""

    def __init__(self, game_id: int, page: int, label: str = "Page", *, disabled: bool = False,
                 row: int | None = None) -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                   custom_id=_cid(f"g:{game_id}:log:{page}")), row=row)
        self.game_id = game_id
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str]) -> LogPageButton:
        return cls(int(match["game"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _answer().game_log(interaction, self.game_id, self.page)


DYNAMIC_ITEMS = (LobbyButton, HandButton, ChoiceButton, ChoiceSelect, SeatButton, LogPageButton)


# ---------------------------------------------------------------- rematch

class RematchButton(ui.DynamicItem[ui.Button], template=GAME + r":rematch"):
    """On a finished game's result post: a former player opens a new lobby with the same game and options."""

    def __init__(self, game_id: int, *, row: int | None = None) -> None:
        super().__init__(ui.Button(label="Rematch", style=discord.ButtonStyle.success, emoji="🔁",
                                   custom_id=_cid(f"g:{game_id}:rematch")), row=row)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str]) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _answer().rematch(interaction, self.game_id)


DYNAMIC_ITEMS = (*DYNAMIC_ITEMS, RematchButton)
