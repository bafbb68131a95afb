"""A game's clock: turn and response-window deadlines, pause, vacation and extensions.

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
* Reminders: a seat may have several, each a job whose
  payload says how long before the deadline it is meant (`offset`), whether that offset is today's
  default, a quarter of the span (`quarter`), and the player's quiet hours and time zone (`quiet`,
  `tz`). Whenever a running wait is moved (resume, vacation, extension, new span) each unsent reminder
  is placed again from its deadline and offset, out of the quiet hours; a sent one is gone (its job is
  deleted in the transaction that writes it to the outbox), so nothing reminds twice.
* The stall line: a game job (`stall`, no seat) STALL_AFTER after a move, naming the seats that owe a
  decision in turn (never a response window's); every move replaces it, and it fires once.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from bot.policy import reminders as prefs_of
from bot.store import GameTime, JobRecord, NewJob

PAUSED_DUE = 2**53  # the due time of a paused job: never reached (and exact as a float / in JSON)
DEFAULT_RESPONSE_HOURS = 12  # a response window answered "pass" should not hold the table for days
DEFAULT_VACATION_DAYS = 14  # away days per player per game
MAX_HOURS = 24 * 14
MIN_LEFT = 3600  # a shortened deadline never falls due sooner than this from now
REMINDER_FROM = 4 * 3600  # waits this long or longer get one reminder, a quarter of the wait before the end
STALL_AFTER = 24 * 3600  # a game waiting this long on the same seats gets one line in its channel
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
    reminders: dict[str, prefs_of.ReminderPrefs] = field(default_factory=dict)  # seat -> its player's choices

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


def reminder_plan(span: int, prefs: prefs_of.ReminderPrefs | None) -> list[tuple[int, bool]]:
    """The reminders a fresh wait gets: (seconds before the deadline, whether it is the default quarter)."""
    prefs = prefs or prefs_of.ReminderPrefs()
    if prefs.offsets is None:
        return [(span // 4, True)] if span >= REMINDER_FROM else []
    return [(offset, False) for offset in prefs.offsets]


def _reminders(seat: str, deadline_left: int, wanted: Iterable[tuple[int, bool, int]], payload: dict[str, Any],
               prefs: dict[str, Any], now: int, paused: bool) -> list[NewJob]:
    """Reminder jobs for a deadline `deadline_left` seconds away: each (offset, quarter, seconds left) out of the
    quiet hours (`prefs`: the payload's `quiet` and `tz`), once per time. Paused, they are frozen as they are; the
    quiet hours are applied at the resume, when their real time is known."""
    quiet = prefs.get("quiet")
    quiet_hours = (int(quiet[0]), int(quiet[1])) if quiet else None
    zone = prefs.get("tz") or "UTC"
    jobs: list[NewJob] = []
    seen: set[int] = set()
    for offset, quarter, left in wanted:
        body = {**payload, "offset": offset, "quarter": quarter, **prefs}
        if not paused:
            at = prefs_of.out_of_quiet(now + left, now, now + deadline_left, quiet_hours, zone)
            if at is None:
                continue
            left = at - now
        if left in seen:  # two reminders moved to the same time by the quiet hours: one is enough
            continue
        seen.add(left)
        jobs.append(place("reminder", seat, left, body, now, paused))
    return jobs


def _quiet_payload(prefs: prefs_of.ReminderPrefs | None) -> dict[str, Any]:
    if prefs is None or prefs.quiet is None:
        return {}
    return {"quiet": list(prefs.quiet), "tz": prefs.zone}


def fresh_wait(seat: str, left: int, span: int, window: bool, seq: int, now: int, paused: bool,
               prefs: prefs_of.ReminderPrefs | None = None) -> list[NewJob]:
    """A seat's new deadline `left` seconds away and the reminders its player chose (or the default). A chosen
    offset longer than the wait has no reminder."""
    payload = {"seq": seq, "span": span, "window": window, "began": now}
    wanted = [(offset, quarter, left - offset) for offset, quarter in reminder_plan(span, prefs)
              if left - offset >= 0]
    return [place("deadline", seat, left, payload, now, paused),
            *_reminders(seat, left, wanted, payload, _quiet_payload(prefs), now, paused)]


def replaced_reminders(seat: str, deadline: NewJob, olds: Iterable[JobLike], now: int, span: int | None = None
                       ) -> list[NewJob]:
    """A seat's unsent reminders placed again after its deadline moved (`deadline`, as now placed): each at its
    offset before the deadline (a default one at a quarter of `span`, when the span changed), at once if that is
    past, out of the quiet hours. A reminder written before offsets were kept was the default quarter."""
    paused = "remaining" in deadline.payload
    deadline_left = left_of(deadline, now)
    kept: list[NewJob] = []
    groups: dict[str, list[tuple[int, bool, int]]] = {}
    quiet_of: dict[str, dict[str, Any]] = {}
    for old in olds:
        quarter = bool(old.payload.get("quarter", "offset" not in old.payload))
        offset = int(old.payload.get("offset", int(old.payload.get("span", 0)) // 4))
        if quarter and span is not None:
            if span < REMINDER_FROM:
                continue
            offset = span // 4
        quiet = {k: old.payload[k] for k in ("quiet", "tz") if k in old.payload}
        key = repr(sorted(quiet.items()))
        quiet_of[key] = quiet
        groups.setdefault(key, []).append((offset, quarter, max(0, deadline_left - offset)))
    payload = {k: v for k, v in deadline.payload.items() if k != "remaining"}
    for key, wanted in groups.items():
        kept += _reminders(seat, deadline_left, wanted, payload, quiet_of[key], now, paused)
    return kept


def wait_jobs(seat: str, left: int, span: int, window: bool, seq: int, now: int, paused: bool,
              reminders: Iterable[JobLike] = (), began: int | None = None) -> list[NewJob]:
    """A running wait carried on: its deadline `left` seconds away and its unsent `reminders` as they are."""
    payload: dict[str, Any] = {"seq": seq, "span": span, "window": window}
    if began is not None:
        payload["began"] = began
    jobs = [place("deadline", seat, left, payload, now, paused)]
    for rem in reminders:
        jobs.append(place("reminder", seat, left_of(rem, now), {**rem.payload, "seq": seq}, now, paused))
    return jobs


def stall_job(owing_now: Iterable[str], windows: dict[str, bool], now: int, clock: GameClock, seq: int
              ) -> list[NewJob]:
    """The game's stall line, STALL_AFTER from now (plus what is left of a named seat's absence): for the seats
    that owe a decision in turn. A response window's seats are never named: who is asked is not the channel's."""
    seats = sorted(s for s in owing_now if not windows.get(s))
    if not seats:
        return []
    left = STALL_AFTER + max(clock.away_left(s, now) for s in seats)
    return [place("stall", None, left, {"seats": seats, "since": now, "seq": seq}, now, clock.paused)]


def schedule(existing: Iterable[JobLike], owing_now: Iterable[str], owing_before: Iterable[str],
             windows: dict[str, bool], now: int, clock: GameClock, seq: int, renewed: Iterable[str] = ()
             ) -> list[NewJob]:
    """The deadline, reminder and stall jobs after a move. A seat that still owes the same kind of decision
    keeps its deadline (and its reminders not sent yet); a seat that newly owes one, or is `renewed` (its move
    began a decision of its own that the owing seats cannot show), gets a fresh wait: the game's turn or
    response-window span, plus what is left of its absence, with its player's reminders. The stall line starts
    again from this move."""
    existing = list(existing)
    deadlines = {j.seat: j for j in existing if j.kind == "deadline"}
    before = set(owing_before) - set(renewed)
    jobs: list[NewJob] = []
    for seat in sorted(owing_now):
        window = bool(windows.get(seat))
        prior = deadlines.get(seat)
        if prior is not None and seat in before and bool(prior.payload.get("window")) == window:
            span = int(prior.payload.get("span", clock.span(window)))
            rems = [j for j in existing if j.kind == "reminder" and j.seat == seat]
            jobs += wait_jobs(seat, left_of(prior, now), span, window, seq, now, clock.paused, reminders=rems,
                              began=prior.payload.get("began"))
        else:
            span = clock.span(window)
            jobs += fresh_wait(seat, span + clock.away_left(seat, now), span, window, seq, now, clock.paused,
                               clock.reminders.get(seat))
    return jobs + stall_job(owing_now, windows, now, clock, seq)


def replanned(jobs: Iterable[JobLike], seat: str, prefs: prefs_of.ReminderPrefs, now: int, paused: bool,
              sent: Iterable[int] = ()) -> list[NewJob]:
    """The game's jobs after the seat's player changed their reminders: its running wait gets the new ones that
    are still ahead (or not sent yet), none whose offset was `sent` in this wait; every other job as it was."""
    jobs = list(jobs)
    deadline = next((j for j in jobs if j.kind == "deadline" and j.seat == seat), None)
    out = [place(j.kind, j.seat, left_of(j, now), j.payload, now, paused)
           for j in jobs if not (j.kind == "reminder" and j.seat == seat)]
    if deadline is None:
        return out
    pending = {int(r.payload.get("offset", int(r.payload.get("span", 0)) // 4))
               for r in jobs if r.kind == "reminder" and r.seat == seat}
    left = left_of(deadline, now)
    span = int(deadline.payload.get("span", 0))
    done = set(sent)
    wanted = [(offset, quarter, max(0, left - offset)) for offset, quarter in reminder_plan(span, prefs)
              if offset not in done and (left - offset >= 0 or offset in pending)]
    payload = {k: v for k, v in deadline.payload.items() if k != "remaining"}
    return out + _reminders(seat, left, wanted, payload, _quiet_payload(prefs), now, paused)


def _moved(jobs: list[JobLike], now: int, paused: bool, extra: Callable[[JobLike], int]) -> list[NewJob]:
    """Every job placed again with its time left plus `extra(job)`; each seat's unsent reminders follow its
    deadline (out of the quiet hours again)."""
    out: list[NewJob] = []
    for j in jobs:
        if j.kind == "reminder" and any(d.kind == "deadline" and d.seat == j.seat for d in jobs):
            continue  # placed with its deadline below
        placed = place(j.kind, j.seat, left_of(j, now) + extra(j), j.payload, now, paused)
        out.append(placed)
        if j.kind == "deadline" and j.seat is not None:
            out += replaced_reminders(j.seat, placed, [r for r in jobs if r.kind == "reminder" and r.seat == j.seat],
                                      now)
    return out


def paused_jobs(jobs: Iterable[JobLike], now: int) -> list[NewJob]:
    """Every job frozen with its remaining seconds."""
    return [place(j.kind, j.seat, left_of(j, now), j.payload, now, True) for j in jobs]


def resumed_jobs(jobs: Iterable[JobLike], now: int) -> list[NewJob]:
    """Every job running again from now with the seconds it had left (reminders out of the quiet hours)."""
    return _moved(list(jobs), now, False, lambda j: 0)


def shifted(jobs: Iterable[JobLike], now: int, paused: bool, seat: str, seconds: int) -> list[NewJob]:
    """The seat's deadline and reminders pushed `seconds` later (vacation, extension), and the stall line if it
    names the seat; others as they were."""
    def extra(j: JobLike) -> int:
        if j.kind == "stall":
            return seconds if seat in j.payload.get("seats", []) else 0
        return seconds if j.seat == seat and j.kind in ("deadline", "reminder") else 0

    return _moved(list(jobs), now, paused, extra)


def respanned(jobs: Iterable[JobLike], now: int, clock: GameClock, changed: Callable[[bool], bool]) -> list[NewJob]:
    """After the game's deadlines changed (`clock` is the new one): each running wait of a changed kind
    (`changed(window)`) moves by the difference of its span, the time already waited still counting,
    but never to less than MIN_LEFT (or its new span, if shorter) from now. Its reminders not sent yet
    follow (a default one at a quarter of the new span; at once, if that is past)."""
    jobs = list(jobs)
    out: list[NewJob] = []
    for j in jobs:
        if j.kind == "reminder" and any(d.kind == "deadline" and d.seat == j.seat for d in jobs):
            continue  # placed with its deadline below
        window = bool(j.payload.get("window"))
        if j.kind != "deadline" or j.seat is None:
            out.append(place(j.kind, j.seat, left_of(j, now), j.payload, now, clock.paused))
            continue
        rems = [r for r in jobs if r.kind == "reminder" and r.seat == j.seat]
        if not changed(window):
            placed = place(j.kind, j.seat, left_of(j, now), j.payload, now, clock.paused)
            out += [placed, *(place(r.kind, r.seat, left_of(r, now), r.payload, now, clock.paused) for r in rems)]
            continue
        old_span = int(j.payload.get("span", 0)) or clock.span(window)
        span = clock.span(window)
        left = max(left_of(j, now) + span - old_span, min(MIN_LEFT, span))
        placed = place("deadline", j.seat, left, {**j.payload, "span": span}, now, clock.paused)
        out += [placed, *replaced_reminders(j.seat, placed, rems, now, span=span)]
    return out


def visible(due_at: int) -> bool:
    """Whether a job's due time is a real time (not a paused job's)."""
    return due_at < PAUSED_DUE
