"""A game's clock: turn and response-window deadlines, pause, vacation and extensions (issue 14).

Pure functions over jobs; no I/O, no Discord. The manager reads a GameClock (the game's row in
`game_time`, the server's defaults, the built-in defaults, in that order), and every change of
jobs goes through the store in one transaction.

How time is kept
* A job is a deadline or a reminder for one seat. Its payload says the move it was set at (`seq`),
  the nominal wait it belongs to (`span`, seconds) and whether that wait is a response window
  (`window`).
* While a game is paused, every job's `due_at` is PAUSED_DUE (never due: nothing fires, and the
  background loop's "next job" query is not disturbed) and its payload holds `remaining`, the
  seconds it had left. Resuming puts each job back at now + remaining. The pause is in the
  database, so it survives a restart of the bot.
* A deadline that starts while its seat is away (vacation) waits the rest of the absence on top of
  its span; declaring an absence stretches the seat's running deadline and reminder by its length.
  Other seats' deadlines are untouched.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from bot.store import GameTime, JobRecord, NewJob

PAUSED_DUE = 2**53  # the due time of a paused job: never reached (and exact as a float / in JSON)
DEFAULT_RESPONSE_HOURS = 12  # a response window answered "pass" should not hold the table for days
DEFAULT_VACATION_DAYS = 14  # away days per player per game
MAX_HOURS = 24 * 14
MIN_LEFT = 3600  # a shortened deadline never falls due sooner than this from now
REMINDER_FROM = 4 * 3600  # waits this long or longer get one reminder, a quarter of the wait before the end
JobLike = JobRecord | NewJob


@dataclass(frozen=True)
class GameClock:
    turn_hours: int
    response_hours: int = DEFAULT_RESPONSE_HOURS
    vacation_days: int = DEFAULT_VACATION_DAYS
    paused_at: int | None = None
    paused_by: str | None = None
    away: dict[str, int] = field(default_factory=dict)  # seat -> end of its latest absence
    used: dict[str, int] = field(default_factory=dict)  # seat -> seconds of absence declared in this game

    @classmethod
    def of(cls, turn_hours: int, time: GameTime | None = None, server: dict[str, str] | None = None) -> GameClock:
        """The game's clock: its own settings, else the server's (`settings` keys response_hours,
        vacation_days), else the built-in defaults."""
        server = server or {}
        time = time or GameTime(0)

        def pick(own: int | None, key: str, default: int, low: int, high: int) -> int:
            if own is not None:
                return own
            try:
                value = int(server[key])
            except (KeyError, ValueError):
                return default
            return value if low <= value <= high else default  # a bad server value never makes a zero wait

        away: dict[str, int] = {}
        used: dict[str, int] = {}
        for v in time.vacations:
            away[v.seat] = max(away.get(v.seat, 0), v.ends_at)
            used[v.seat] = used.get(v.seat, 0) + v.ends_at - v.starts_at
        return cls(turn_hours=turn_hours,
                   response_hours=pick(time.response_hours, "response_hours", DEFAULT_RESPONSE_HOURS, 1, MAX_HOURS),
                   vacation_days=pick(time.vacation_days, "vacation_days", DEFAULT_VACATION_DAYS, 0, 365),
                   paused_at=time.paused_at, paused_by=time.paused_by, away=away, used=used)

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def window_hours(self) -> int:
        """A response window's deadline: the response setting, never longer than a turn's."""
        return min(self.response_hours, self.turn_hours)

    def span(self, window: bool) -> int:
        return (self.window_hours() if window else self.turn_hours) * 3600

    def away_left(self, seat: str, now: int) -> int:
        return max(0, self.away.get(seat, 0) - now)

    def allowance_left(self, seat: str) -> int:
        """Seconds of absence the seat may still declare in this game."""
        return max(0, self.vacation_days * 86400 - self.used.get(seat, 0))


def left_of(job: JobLike, now: int) -> int:
    """Seconds until the job fires (its remaining time, when paused); negative when overdue and not yet
    swept, so that a job put back unchanged keeps its exact due time."""
    if "remaining" in job.payload:
        return int(job.payload["remaining"])
    return job.due_at - now


def place(kind: str, seat: str | None, left: int, payload: dict[str, Any], now: int, paused: bool) -> NewJob:
    """A job firing `left` seconds from now (or, paused, from the resume: an overdue job then keeps 0 s)."""
    body = {k: v for k, v in payload.items() if k != "remaining"}
    if paused:
        return NewJob(kind=kind, seat=seat, due_at=PAUSED_DUE, payload={**body, "remaining": max(0, left)})
    return NewJob(kind=kind, seat=seat, due_at=now + left, payload=body)


FRESH = "fresh"


def wait_jobs(seat: str, left: int, span: int, window: bool, seq: int, now: int, paused: bool,
              reminder_left: int | None | str = FRESH) -> list[NewJob]:
    """A seat's deadline `left` seconds away and its reminder: at `reminder_left`; for a FRESH wait of
    four hours or more a quarter of the span before the deadline; None: no reminder (sent already)."""
    payload = {"seq": seq, "span": span, "window": window}
    jobs = [place("deadline", seat, left, payload, now, paused)]
    if reminder_left == FRESH:
        reminder_left = left - span // 4 if span >= REMINDER_FROM else None
    if isinstance(reminder_left, int):
        jobs.append(place("reminder", seat, reminder_left, payload, now, paused))
    return jobs


def schedule(existing: Iterable[JobLike], owing_now: Iterable[str], owing_before: Iterable[str],
             windows: dict[str, bool], now: int, clock: GameClock, seq: int) -> list[NewJob]:
    """The deadline and reminder jobs after a move. A seat that still owes the same kind of decision
    keeps its deadline (and its reminder, if not sent yet); a seat that newly owes one gets a fresh
    wait: the game's turn or response-window span, plus what is left of its absence."""
    deadlines = {j.seat: j for j in existing if j.kind == "deadline"}
    reminders = {j.seat: j for j in existing if j.kind == "reminder"}
    before = set(owing_before)
    jobs: list[NewJob] = []
    for seat in sorted(owing_now):
        window = bool(windows.get(seat))
        prior = deadlines.get(seat)
        if prior is not None and seat in before and bool(prior.payload.get("window")) == window:
            span = int(prior.payload.get("span", clock.span(window)))
            rem = reminders.get(seat)
            jobs += wait_jobs(seat, left_of(prior, now), span, window, seq, now, clock.paused,
                              reminder_left=left_of(rem, now) if rem is not None else None)
        else:
            span = clock.span(window)
            jobs += wait_jobs(seat, span + clock.away_left(seat, now), span, window, seq, now, clock.paused)
    return jobs


def paused_jobs(jobs: Iterable[JobLike], now: int) -> list[NewJob]:
    """Every job frozen with its remaining seconds."""
    return [place(j.kind, j.seat, left_of(j, now), j.payload, now, True) for j in jobs]


def resumed_jobs(jobs: Iterable[JobLike], now: int) -> list[NewJob]:
    """Every job running again from now with the seconds it had left."""
    return [place(j.kind, j.seat, left_of(j, now), j.payload, now, False) for j in jobs]


def shifted(jobs: Iterable[JobLike], now: int, paused: bool, seat: str, seconds: int) -> list[NewJob]:
    """The seat's deadline and reminder pushed `seconds` later (vacation, extension); others as they were."""
    out = []
    for j in jobs:
        extra = seconds if j.seat == seat and j.kind in ("deadline", "reminder") else 0
        out.append(place(j.kind, j.seat, left_of(j, now) + extra, j.payload, now, paused))
    return out


def respanned(jobs: Iterable[JobLike], now: int, clock: GameClock, changed: Callable[[bool], bool]) -> list[NewJob]:
    """After the game's deadlines changed (`clock` is the new one): each running wait of a changed kind
    (`changed(window)`) moves by the difference of its span, the time already waited still counting,
    but never to less than MIN_LEFT (or its new span, if shorter) from now. Its reminder, if not sent
    yet, moves to a quarter of the new span before the deadline (at once, if that is past)."""
    jobs = list(jobs)
    reminders = {j.seat for j in jobs if j.kind == "reminder"}
    out: list[NewJob] = []
    for j in jobs:
        if j.kind == "reminder" and j.seat is not None and any(
                d.kind == "deadline" and d.seat == j.seat and changed(bool(d.payload.get("window"))) for d in jobs):
            continue  # rebuilt with its deadline below
        window = bool(j.payload.get("window"))
        if j.kind != "deadline" or j.seat is None or not changed(window):
            out.append(place(j.kind, j.seat, left_of(j, now), j.payload, now, clock.paused))
            continue
        old_span = int(j.payload.get("span", 0)) or clock.span(window)
        span = clock.span(window)
        left = max(left_of(j, now) + span - old_span, min(MIN_LEFT, span))
        seq = int(j.payload.get("seq", 0))
        rem = max(0, left - span // 4) if j.seat in reminders and span >= REMINDER_FROM else None
        out += wait_jobs(j.seat, left, span, window, seq, now, clock.paused, reminder_left=rem)
    return out


def visible(due_at: int) -> bool:
    """Whether a job's due time is a real time (not a paused job's)."""
    return due_at < PAUSED_DUE
