"""A player's own reminders: pure, no I/O, no Discord.

What a player may choose, kept per user in the store's settings (scope `user:<id>`):
* `reminders_before`: offsets before a deadline, in seconds, largest first ("43200,3600"), or "none".
  Unset: today's default, one reminder a quarter of the wait before its end (waits of 4 h or more).
* `reminders_quiet`: quiet hours as minutes of the day, "start-end" ("1320-480" is 22:00–08:00).
* `timezone`: the IANA name the quiet hours are read in (default UTC).
* `reminders_channel`: "1" when the player wants the channel's post to ping them when they are to move.
  Unset: the DM is the notice, and the channel names them without a ping (`channel_ping`).

A reminder that falls in quiet hours moves to just before they start, if that is still after the
decision began; else to their end, if that is before the deadline; else it is dropped.
"""
from __future__ import annotations

import re
import zoneinfo
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from functools import lru_cache

from engine.core.errors import EngineError

BEFORE_KEY = "reminders_before"
QUIET_KEY = "reminders_quiet"
ZONE_KEY = "timezone"
CHANNEL_KEY = "reminders_channel"
MAX_OFFSETS = 6  # more would be nagging, not reminding
MAX_OFFSET = 14 * 86400  # the longest deadline a game can have
QUIET_LEAD = 60  # "just before the quiet hours": a minute before they start
MAX_ZONE = 64  # longer than any IANA name
_OFFSET = re.compile(r"^([0-9]{1,4})\s*(m|min|mins|minutes?|h|hr|hrs|hours?|d|days?)?$")
_CLOCK = re.compile(r"^([0-9]{1,2})(?::([0-9]{2}))?$")


class ReminderError(EngineError):
    """A reminder setting that cannot be read; nothing was changed."""

    code = "bad_reminders"


@dataclass(frozen=True)
class ReminderPrefs:
    offsets: tuple[int, ...] | None = None  # seconds before the deadline; None: the default (a quarter of the wait)
    quiet: tuple[int, int] | None = None  # minutes of the day: from, until (may wrap past midnight)
    zone: str = "UTC"
    channel_pings: bool = False  # the channel's post pings them when they are to move, beside the DM

    @classmethod
    def from_settings(cls, settings: dict[str, str]) -> ReminderPrefs:
        """A user's stored choices; a value that no longer reads (an edited database) falls back to the default."""
        offsets: tuple[int, ...] | None = None
        raw = settings.get(BEFORE_KEY)
        if raw is not None:
            try:
                offsets = () if raw == "none" else tuple(int(x) for x in raw.split(",") if x)
                if any(not 0 < o <= MAX_OFFSET for o in offsets):
                    offsets = None
            except ValueError:
                offsets = None
        quiet = None
        if QUIET_KEY in settings:
            try:
                start, end = (int(x) for x in settings[QUIET_KEY].split("-"))
                if 0 <= start < 1440 and 0 <= end < 1440 and start != end:
                    quiet = (start, end)
            except ValueError:
                quiet = None
        zone = settings.get(ZONE_KEY, "UTC")
        return cls(offsets=offsets, quiet=quiet, zone=zone if valid_zone(zone) else "UTC",
                   channel_pings=settings.get(CHANNEL_KEY) == "1")

    def settings(self) -> dict[str, str | None]:
        """The store's values (None: delete the key, so the default applies)."""
        return {BEFORE_KEY: None if self.offsets is None else (",".join(map(str, self.offsets)) or "none"),
                QUIET_KEY: None if self.quiet is None else f"{self.quiet[0]}-{self.quiet[1]}",
                ZONE_KEY: None if self.zone == "UTC" else self.zone,
                CHANNEL_KEY: "1" if self.channel_pings else None}

    def describe(self) -> list[str]:
        """The choices in words, one a line."""
        if self.offsets is None:
            before = "one reminder a quarter of the wait before the deadline (waits of 4 h or more) — the default"
        elif not self.offsets:
            before = "none"
        else:
            before = ", ".join(span_text(o) for o in self.offsets) + " before each deadline"
        quiet = "off" if self.quiet is None else f"{clock_text(self.quiet[0])}–{clock_text(self.quiet[1])}"
        pings = ("on: the channel's post pings you too when you are to move" if self.channel_pings
                 else "off: your DM tells you when you are to move (the channel pings you only if it can't reach you)")
        return [f"Reminders: {before}", f"Quiet hours: {quiet}", f"Time zone: {self.zone}", f"Channel pings: {pings}"]


def channel_ping(*, dm_ok: bool | None, wants_pings: bool, just_moved: bool) -> bool:
    """Whether the channel's post pings a player who is to move. The DM is the notice of a decision; the channel
    pings only a player whose last DM could not be delivered, or who chose channel pings — and never the player
    whose move the post shows (they are at their DM)."""
    return not just_moved and (dm_ok is False or wants_pings)


# ---------------------------------------------------------------- reading what a player typed


def parse_before(text: str) -> tuple[int, ...]:
    """"12h,1h", "90m", "2d, 6h" or "none" → offsets in seconds, largest first, without repeats."""
    cleaned = text.strip().lower()
    if cleaned in ("none", "off", "no", "0"):
        return ()
    parts = [p.strip() for p in cleaned.replace(";", ",").split(",")]
    if not cleaned or len(parts) > MAX_OFFSETS or not all(parts):
        raise ReminderError(f"`before` takes up to {MAX_OFFSETS} times before a deadline, separated by commas, like "
                            "`12h,1h` or `90m` — or `none` for no reminders. Nothing was changed.")
    offsets = set()
    for part in parts:
        found = _OFFSET.match(part)
        if found is None:
            raise ReminderError(f"`{_shown(part)}` is not a time before a deadline: write it like `12h`, `90m` or `2d`. "
                                "Nothing was changed.")
        number, unit = int(found.group(1)), (found.group(2) or "h")[0]
        seconds = number * {"m": 60, "h": 3600, "d": 86400}[unit]
        if not 60 <= seconds <= MAX_OFFSET:
            raise ReminderError(f"`{_shown(part)}`: a reminder comes between 1 minute and 14 days before a deadline. "
                                "Nothing was changed.")
        offsets.add(seconds)
    return tuple(sorted(offsets, reverse=True))


def parse_quiet(text: str) -> tuple[int, int] | None:
    """"22-08", "22:30-7:15" or "off" → (from, until) in minutes of the day; None for off."""
    cleaned = text.strip().lower().replace("–", "-").replace(" ", "")
    if cleaned in ("off", "none", "no"):
        return None
    ends = cleaned.split("-")
    if len(ends) != 2:
        raise ReminderError("`quiet` takes the hours without reminders like `22-08` (or `22:30-07:00`), in your time "
                            "zone — or `off`. Nothing was changed.")
    minutes = []
    for end in ends:
        found = _CLOCK.match(end)
        hour, minute = (int(found.group(1)), int(found.group(2) or 0)) if found else (99, 0)
        if found is None or hour > 24 or minute > 59 or (hour == 24 and minute):
            raise ReminderError(f"`{_shown(end)}` is not a time of day: write hours from 0 to 24, like `22` or "
                                "`22:30`. Nothing was changed.")
        minutes.append((hour * 60 + minute) % 1440)
    if minutes[0] == minutes[1]:
        raise ReminderError("Quiet hours must start and end at different times (`off` turns them off). "
                            "Nothing was changed.")
    return minutes[0], minutes[1]


def parse_zone(text: str) -> str:
    """An IANA time zone name as the zone database spells it ("Europe/Berlin"); case is forgiven."""
    name = text.strip()
    if len(name) <= MAX_ZONE:
        exact = {z.lower(): z for z in zone_names()}.get(name.lower())
        if exact is not None and valid_zone(exact):
            return exact
    raise ReminderError(f"`{_shown(name)}` is not a time zone I know: pick an IANA name like `Europe/Berlin` or "
                        "`America/New_York` (the command suggests them as you type). Nothing was changed.")


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones() | {"UTC"}))


def zone_choices(typed: str, limit: int = 25) -> list[str]:
    """Time zone names for an autocomplete: those containing what was typed (its start first), at most `limit`."""
    needle = typed.strip().lower().replace(" ", "_")[:MAX_ZONE]
    names = zone_names()
    starts = [z for z in names if z.lower().startswith(needle)]
    within = [z for z in names if needle in z.lower() and z not in starts]
    return (starts + within)[:limit]


def valid_zone(name: str) -> bool:
    if name not in zone_names():  # never a path the zone loader would read from the disk
        return False
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return False
    return True


def _shown(text: str) -> str:
    """What the player typed, safe to quote back: short, no code-span breakers, no mentions."""
    return text[:24].replace("`", "'").replace("@", "@\u200b")


def span_text(seconds: int) -> str:
    if seconds % 86400 == 0:
        return f"{seconds // 86400} d"
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60} min"
    return f"{seconds // 60} min"


def clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


# ---------------------------------------------------------------- quiet hours


def _instant(day: datetime, minutes: int, zone: zoneinfo.ZoneInfo) -> int:
    """The UNIX time of `minutes` past midnight on `day`'s date, on the zone's wall clock (a time skipped by a
    clock change reads with the offset before it, as zoneinfo does)."""
    wall = datetime(day.year, day.month, day.day, tzinfo=zone) + timedelta(minutes=minutes)
    # timedelta arithmetic keeps the wall clock; rebuilding from the fields lets zoneinfo pick the offset
    wall = datetime(wall.year, wall.month, wall.day, wall.hour, wall.minute, tzinfo=zone)
    return int(wall.timestamp())


def quiet_period(at: int, quiet: tuple[int, int], zone_name: str) -> tuple[int, int] | None:
    """(start, end) UNIX times of the quiet period `at` falls in (start inclusive, end exclusive), or None."""
    zone = zoneinfo.ZoneInfo(zone_name)
    local = datetime.fromtimestamp(at, timezone.utc).astimezone(zone)
    minute = local.hour * 60 + local.minute
    start, end = quiet
    if start < end:
        if not start <= minute < end:
            return None
        first_day = local
    elif minute >= start:
        first_day = local
    elif minute < end:
        first_day = local - timedelta(days=1)
    else:
        return None
    last_day = first_day if start < end else first_day + timedelta(days=1)
    begins, ends = _instant(first_day, start, zone), _instant(last_day, end, zone)
    return (begins, ends) if begins <= at < ends else None


def out_of_quiet(at: int, began: int, deadline: int, quiet: tuple[int, int] | None, zone: str) -> int | None:
    """When a reminder due at `at` should fire: `at` outside quiet hours; in them, just before they start if
    that is after `began`, else at their end if that is before `deadline`; None: not at all."""
    if quiet is None:
        return at
    period = quiet_period(at, quiet, zone)
    if period is None:
        return at
    earlier = period[0] - QUIET_LEAD
    if earlier > began:
        return earlier
    if period[1] < deadline:
        return period[1]
    return None
