"""Server settings: what a server's admins choose for the games played there.

Pure definitions, parsing and validation; no Discord, no I/O. The values live in the store's `settings`
table under the scope `guild:<id>`, one row per setting a server changed (no row: the default). The keys
`response_hours` and `vacation_days` are the ones bot/policy/timekeeping.py already reads for a game that set none of its
own. A stored value that no longer parses (an older version's, a hand edit) reads as the default, so a bad
row can never make a zero-length wait or lock a server out of its games.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.policy import timekeeping
from engine.core.errors import EngineError

SCOPE = "guild:{}"
DISCORD_ID = re.compile(r"[0-9]{1,20}")  # a snowflake, in ASCII digits only
LOBBY_EXPIRY_JOB = "lobby_expiry"  # the job kind that closes a lobby nobody started in time


class SettingError(EngineError):
    """A setting's value was refused; the message says which values are allowed. Nothing was changed."""

    code = "bad_setting"


@dataclass(frozen=True)
class Spec:
    key: str
    label: str
    kind: str  # "int", "bool", "channel", "role"
    default: Any
    low: int = 0
    high: int = 0
    unit: str = ""
    means: str = ""  # one line for /settings show and docs/admins.md

    def show(self, value: Any) -> str:
        if self.kind == "bool":
            return "on" if value else "off"
        if self.kind == "channel":
            return f"<#{value}>" if value else "any channel"
        if self.kind == "role":
            return f"<@&{value}>" if value else "none"
        if self.key == "civil_disorder_after" and value == 0:
            return "off"
        return f"{value} {self.unit}".strip()

    def range_text(self) -> str:
        if self.kind == "int":
            extra = " (0: off)" if self.key == "civil_disorder_after" else ""
            return f"{self.low}–{self.high} {self.unit}{extra}".strip()
        return {"bool": "on or off", "channel": "a text channel of the server",
                "role": "a role of the server (not @everyone)"}[self.kind]


SPECS: dict[str, Spec] = {s.key: s for s in (
    Spec("deadline_hours", "Turn deadline", "int", 48, 1, timekeeping.MAX_HOURS, "h",
         "hours each player has per move in a new game"),
    Spec("response_hours", "Out-of-turn deadline", "int", timekeeping.DEFAULT_RESPONSE_HOURS, 1,
         timekeeping.MAX_HOURS, "h", "hours to answer out of turn (never longer than the turn deadline)"),
    Spec("vacation_days", "Vacation allowance", "int", timekeeping.DEFAULT_VACATION_DAYS, 0, 365, "days",
         "away days each player may declare per game"),
    Spec("civil_disorder_after", "Civil disorder", "int", 3, 0, 100, "missed deadlines",
         "missed deadlines in a row before the bot takes the seat over, in a new game"),
    Spec("lobby_expiry_hours", "Lobby expiry", "int", 72, 1, 720, "h",
         "hours an open lobby waits to be started before it is cancelled"),
    Spec("threads", "Threads per game", "bool", False, means="each game gets its own thread when it starts"),
    Spec("games_channel", "Games channel", "channel", None, means="the only channel where `/game new` opens lobbies"),
    Spec("organizer_role", "Organizer role", "role", None,
         means="members with this role may do what a game's host may (like Manage Server)"),
)}


@dataclass(frozen=True)
class ServerSettings:
    deadline_hours: int = 48
    response_hours: int = timekeeping.DEFAULT_RESPONSE_HOURS
    vacation_days: int = timekeeping.DEFAULT_VACATION_DAYS
    civil_disorder_after: int = 3
    lobby_expiry_hours: int = 72
    threads: bool = False
    games_channel: str | None = None
    organizer_role: str | None = None
    changed: frozenset[str] = frozenset()  # the keys the server set (the rest are defaults)

    @classmethod
    def of(cls, rows: dict[str, str]) -> ServerSettings:
        values: dict[str, Any] = {}
        for key, spec in SPECS.items():
            if key not in rows:
                continue
            try:
                values[key] = _parse(spec, rows[key])
            except SettingError:
                continue  # unreadable: the default
        return cls(**values, changed=frozenset(values))

    def value(self, key: str) -> Any:
        return getattr(self, key)


def _parse(spec: Spec, raw: str) -> Any:
    if spec.kind == "int":
        try:
            number = int(raw)
        except ValueError:
            raise SettingError(f"{spec.label}: a whole number is needed.") from None
        return number
    if spec.kind == "bool":
        if raw not in ("0", "1"):
            raise SettingError(f"{spec.label}: on or off.")
        return raw == "1"
    if not DISCORD_ID.fullmatch(raw):
        raise SettingError(f"{spec.label}: not a Discord id.")
    return raw


def spec_of(key: str) -> Spec:
    spec = SPECS.get(key)
    if spec is None:
        known = ", ".join(f"`{k}`" for k in SPECS)
        raise SettingError(f"There is no setting `{str(key)[:40]}`. Settings: {known}.", code="unknown_setting")
    return spec


def stored(key: str, value: Any) -> str:
    """The value as it is stored, after checking it: refused with a message that gives the allowed values."""
    spec = spec_of(key)
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise SettingError(f"{spec.label}: a whole number from {spec.range_text()}.")
        if not spec.low <= value <= spec.high:
            raise SettingError(f"{spec.label} must be {spec.range_text()}; {value} is out of range. Nothing was changed.")
        return str(value)
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise SettingError(f"{spec.label}: on or off.")
        return "1" if value else "0"
    text = str(value)
    if not DISCORD_ID.fullmatch(text):
        raise SettingError(f"{spec.label}: that is not a {spec.kind} of this server.")
    return text


def lines(settings: ServerSettings) -> list[str]:
    """Every setting with its value, the defaults marked, for `/settings show`."""
    out = []
    for key, spec in SPECS.items():
        value = settings.value(key)
        mark = f" (default: {spec.show(spec.default)})" if key in settings.changed else " *(default)*"
        out.append(f"**{spec.label}** (`{key}`): {spec.show(value)}{mark}\n-# {spec.means}; {spec.range_text()}")
    return out
