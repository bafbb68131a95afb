"""The words of a turn's most repeated lines, and their runs said once.

A turn is often a dozen purchases of one kind, or a convention's twenty ballots, or a pot placed a vote at a time.
Each is said in one line (a purchase with what it rolled and the votes it gave), and a run of such lines of one
player and one kind, one after another, is one counted line: "P3 buys 3 ballot places in MO, WI and MN ($20k each;
$440k spent this turn)." The lines are written here and read back here only, so every shape `merge` knows is one this
module writes, whole or counted. Nothing is dropped: each state, each roll, each running total stays in the line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.core.types import Event, HeldLine
from engine.core.words import plural, with_article

ITEMS = {"ballot": "ballot place", "sign": "Sign Campaign", "tv": "Television Campaign"}
_CODE = r"[A-Z]{2}"
_CODES = rf"{_CODE}(?:(?:, | and ){_CODE})*"


def listed(words: list[str]) -> str:
    """"MO", "MO and WI", "MO, WI and MN"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _codes(text: str) -> list[str]:
    return re.findall(_CODE, text)


# ---------------------------------------------------------------- the lines, one at a time


def bought_line(seat: str, item: str, code: str, cost: int, spent: int, result: str = "") -> str:
    """A purchase, and what it rolled where it rolls: "P3 buys a Sign Campaign in OH ($100k; $200k spent this turn):
    rolled 2, +2 → 5."."""
    return _Bought(seat, ITEMS[item], cost, spent, [(code, result)]).text()


def campaign_result(rolled: str, placed: int, total: int) -> str:
    """What a campaign rolled and did: "rolled 2 +1, +3 → 6" (no votes placed: the roll alone)."""
    return f"{rolled}, +{placed} → {total}" if placed else rolled


def free_campaign_line(seat: str, item: str, code: str, why: str, result: str) -> str:
    return f"{seat} gets a free {ITEMS[item]} in {code} ({why}): {result}."


def joined_line(seat: str, code: str, why: str) -> str:
    return _Joined(seat, why, [code]).text()


def votes_line(seat: str, change: int, code: str, why: str, total: int) -> str:
    """"P3 +2 in OH (debate won) → 7.", "P3 −1 in OH (National Debate stake) → 6."."""
    return _Votes(seat, why, [("+" if change >= 0 else "−", abs(change), code, total)]).text()


# ---------------------------------------------------------------- the shapes, whole or counted


@dataclass
class _Bought:
    seat: str
    name: str
    cost: int
    spent: int
    items: list[tuple[str, str]] = field(default_factory=list)  # (state, what it rolled)

    ONE = re.compile(rf"^(\S+) buys an? (ballot place|Sign Campaign|Television Campaign) in ({_CODE}) "
                     rf"\(\$([0-9]+)k; \$([0-9]+)k spent this turn\)(?:: ([^;]+))?\.$")
    MANY = re.compile(rf"^(\S+) buys [0-9]+ (ballot place|Sign Campaign|Television Campaign)s(?: in ({_CODES}))? "
                      rf"\(\$([0-9]+)k each; \$([0-9]+)k spent this turn\)(?:: (.+))?\.$")

    @classmethod
    def read(cls, text: str) -> "_Bought | None":
        if m := cls.ONE.match(text):
            return cls(m[1], m[2], int(m[4]), int(m[5]), [(m[3], m[6] or "")])
        if m := cls.MANY.match(text):
            items = [(c, "") for c in _codes(m[3])] if m[3] else \
                [(part[:2], part[3:]) for part in m[6].split("; ")]
            return cls(m[1], m[2], int(m[4]), int(m[5]), items)
        return None

    def key(self) -> tuple:
        return ("bought", self.seat, self.name, self.cost)

    def join(self, later: "_Bought") -> "_Bought":
        return _Bought(self.seat, self.name, self.cost, later.spent, self.items + later.items)

    def text(self) -> str:
        if len(self.items) == 1:
            code, result = self.items[0]
            return (f"{self.seat} buys {with_article(self.name)} in {code} (${self.cost}k; ${self.spent}k spent this "
                    f"turn)" + (f": {result}" if result else "") + ".")
        head = f"{self.seat} buys {plural(len(self.items), self.name)}"
        money = f"(${self.cost}k each; ${self.spent}k spent this turn)"
        if not any(result for _, result in self.items):
            return f"{head} in {listed([code for code, _ in self.items])} {money}."
        return f"{head} {money}: " + "; ".join(f"{code} {result}".rstrip() for code, result in self.items) + "."


@dataclass
class _Joined:
    seat: str
    why: str
    codes: list[str]

    ONE = re.compile(rf"^(\S+) is on the ({_CODE}) ballot \(([^()]+)\)\.$")
    MANY = re.compile(rf"^(\S+) is on [0-9]+ more ballots \(([^()]+)\): ({_CODES})\.$")

    @classmethod
    def read(cls, text: str) -> "_Joined | None":
        if m := cls.ONE.match(text):
            return cls(m[1], m[3], [m[2]])
        if m := cls.MANY.match(text):
            return cls(m[1], m[2], _codes(m[3]))
        return None

    def key(self) -> tuple:
        return ("joined", self.seat, self.why)

    def join(self, later: "_Joined") -> "_Joined":
        return _Joined(self.seat, self.why, self.codes + later.codes)

    def text(self) -> str:
        if len(self.codes) == 1:
            return f"{self.seat} is on the {self.codes[0]} ballot ({self.why})."
        return f"{self.seat} is on {len(self.codes)} more ballots ({self.why}): {listed(self.codes)}."


@dataclass
class _Votes:
    seat: str
    why: str
    changes: list[tuple[str, int, str, int]]  # (sign, votes, state, its total after)

    ONE = re.compile(rf"^(\S+) ([+−])([0-9]+) in ({_CODE}) \(([^()]+)\) → ([0-9]+)\.$")
    _CHANGE = rf"[+−][0-9]+ in {_CODE} → [0-9]+"
    MANY = re.compile(rf"^(\S+) ({_CHANGE}(?:(?:, | and ){_CHANGE})+) \(([^()]+)\)\.$")

    @classmethod
    def read(cls, text: str) -> "_Votes | None":
        if m := cls.ONE.match(text):
            return cls(m[1], m[5], [(m[2], int(m[3]), m[4], int(m[6]))])
        if m := cls.MANY.match(text):
            found = re.findall(rf"([+−])([0-9]+) in ({_CODE}) → ([0-9]+)", m[2])
            return cls(m[1], m[3], [(s, int(n), code, int(total)) for s, n, code, total in found])
        return None

    def key(self) -> tuple:
        return ("votes", self.seat, self.why)

    def join(self, later: "_Votes") -> "_Votes":
        changes = list(self.changes)
        for sign, n, code, total in later.changes:
            if changes and changes[-1][0] == sign and changes[-1][2] == code:  # one state again: one change
                changes[-1] = (sign, changes[-1][1] + n, code, total)
            else:
                changes.append((sign, n, code, total))
        return _Votes(self.seat, self.why, changes)

    def text(self) -> str:
        if len(self.changes) == 1:
            sign, n, code, total = self.changes[0]
            return f"{self.seat} {sign}{n} in {code} ({self.why}) → {total}."
        return f"{self.seat} {listed([f'{s}{n} in {code} → {t}' for s, n, code, t in self.changes])} ({self.why})."


_SHAPES = (_Bought, _Joined, _Votes)


def _read(event: Event) -> _Bought | _Joined | _Votes | None:
    if not event.public or event.private or event.proof or event.ends_post is not None:
        return None
    found = _shape_of(event.public)
    return found if found is not None and found.seat == event.seat else None


_shapes_read: dict[str, _Bought | _Joined | _Votes | None] = {}  # line -> its shape: a line is read twice a step
_READ_AT_MOST = 4096


def _shape_of(text: str) -> _Bought | _Joined | _Votes | None:
    """The shape `text` is written in, if any (shapes are never changed once read: `join` makes a new one)."""
    if text in _shapes_read:
        return _shapes_read[text]
    found = None
    for kind in _SHAPES:
        found = kind.read(text)
        if found is not None:
            break
    if len(_shapes_read) >= _READ_AT_MOST:
        _shapes_read.clear()
    _shapes_read[text] = found
    return found


def merge(events: list[Event]) -> list[Event]:
    """`events` with each run of like lines (one seat, one cause, one kind: purchases of one item at one price,
    ballots joined for one reason, votes moved for one reason) said as one line, in place of the run's first."""
    out: list[Event] = []
    last: _Bought | _Joined | _Votes | None = None
    for event in events:
        shape = _read(event)
        prev = out[-1] if out else None
        if shape is not None and last is not None and prev is not None and shape.key() == last.key() \
                and (prev.seat, prev.cause) == (event.seat, event.cause):
            last = last.join(shape)  # type: ignore[arg-type]
            out[-1] = prev.model_copy(update={"public": last.text()})
            continue
        out.append(event)
        last = shape
    return out


def onto_held(held: list[HeldLine], events: list[Event]) -> list[Event]:
    """The step's events with its first lines merged into the last line held for the turn's post where they carry on
    its run (`held`'s last line is replaced in place), so the lines held stay as the post will say them."""
    if not held or not events:  # nothing to carry on the held run
        return events
    joined = merge([held[-1].event(), *events])
    held[-1] = HeldLine.of(joined[0])
    return joined[1:]
