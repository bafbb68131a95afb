"""A turn's most repeated lines said once for each run.

A turn is often a dozen purchases of one kind, or a convention's twenty ballots, or a pot placed a vote at a time.
Each is one event (facts_tell.py's `Bought`, `BallotsJoined`, `VotesMoved`), and a run of such events of one player
and one kind, one after another, is one counted line: "P3 buys 3 ballot places in MO, WI and MN ($20k each; $440k
spent this turn)." — its facts the run's facts joined, its words words_tell.py's. Nothing is dropped: each state, each
roll, each running total stays in the line.

A line held for the turn's post keeps its facts only in memory: a state saved and loaded again holds its lines in words
alone. The run a step carries on is then read back from the held line's words, which are only ever the ones
words_tell.py makes of these three kinds, so reading them back gives the very facts they were made from.
"""
from __future__ import annotations

import re
from typing import Union

from engine.core.posting import HeldLine
from engine.core.types import Event
from engine.presidential_election import facts_tell as f
from engine.presidential_election import words_tell as w

Run = Union[f.Bought, f.BallotsJoined, f.VotesMoved]
_RUNS = (f.Bought, f.BallotsJoined, f.VotesMoved)
_CODE = r"[A-Z]{2}"
_CODES = rf"{_CODE}(?:(?:, | and ){_CODE})*"
_ITEM_OF = {name: item for item, name in w.ITEMS.items()}
_WHY_OF = {phrase: token for token, phrase in w.WHY.items()}


def _codes(text: str) -> tuple[str, ...]:
    return tuple(re.findall(_CODE, text))


def _why(phrase: str) -> str:
    return _WHY_OF.get(phrase, phrase)


# ---------------------------------------------------------------- the words read back into facts

_RESULT = re.compile(r"^rolled ([0-9]+(?:\+[0-9]+)*)(?: = [0-9]+)?(?: \+([0-9]+))?(?:, \+([0-9]+) → ([0-9]+))?$")
_BOUGHT_ONE = re.compile(rf"^(\S+) buys an? (ballot place|Sign Campaign|Television Campaign) in ({_CODE}) "
                         rf"\(\$([0-9]+)k; \$([0-9]+)k spent this turn\)(?:: ([^;]+))?\.$")
_BOUGHT_MANY = re.compile(rf"^(\S+) buys [0-9]+ (ballot place|Sign Campaign|Television Campaign)s(?: in ({_CODES}))? "
                          rf"\(\$([0-9]+)k each; \$([0-9]+)k spent this turn\)(?:: (.+))?\.$")
_JOINED_ONE = re.compile(rf"^(\S+) is on the ({_CODE}) ballot \(([^()]+)\)\.$")
_JOINED_MANY = re.compile(rf"^(\S+) is on [0-9]+ more ballots \(([^()]+)\): ({_CODES})\.$")
_VOTES_ONE = re.compile(rf"^(\S+) ([+−])([0-9]+) in ({_CODE}) \(([^()]+)\) → ([0-9]+)\.$")
_CHANGE = rf"[+−][0-9]+ in {_CODE} → [0-9]+"
_VOTES_MANY = re.compile(rf"^(\S+) ({_CHANGE}(?:(?:, | and ){_CHANGE})+) \(([^()]+)\)\.$")


def _result(text: str) -> f.Result | None:
    m = _RESULT.match(text)
    if m is None:
        return None
    return f.Result(faces=tuple(int(x) for x in m[1].split("+")), bonus=int(m[2] or 0), placed=int(m[3] or 0),
                    total=int(m[4] or 0))


def _bought(text: str) -> tuple[str, f.Bought] | None:
    if m := _BOUGHT_ONE.match(text):
        done = _result(m[6]) if m[6] else None
        if m[6] and done is None:
            return None
        return m[1], f.Bought(item=_ITEM_OF[m[2]], cost=int(m[4]), spent=int(m[5]), buys=((m[3], done),))
    if m := _BOUGHT_MANY.match(text):
        if m[3]:
            buys: tuple[tuple[str, f.Result | None], ...] = tuple((code, None) for code in _codes(m[3]))
        else:
            buys = tuple((part[:2], _result(part[3:])) for part in m[6].split("; "))
            if any(done is None for _, done in buys):
                return None
        return m[1], f.Bought(item=_ITEM_OF[m[2]], cost=int(m[4]), spent=int(m[5]), buys=buys)
    return None


def _joined(text: str) -> tuple[str, f.BallotsJoined] | None:
    if m := _JOINED_ONE.match(text):
        return m[1], f.BallotsJoined(why=_why(m[3]), codes=(m[2],))
    if m := _JOINED_MANY.match(text):
        return m[1], f.BallotsJoined(why=_why(m[2]), codes=_codes(m[3]))
    return None


def _votes(text: str) -> tuple[str, f.VotesMoved] | None:
    def signed(sign: str, n: str) -> int:
        return int(n) if sign == "+" else -int(n)
    if m := _VOTES_ONE.match(text):
        return m[1], f.VotesMoved(who=m[1], why=_why(m[5]), changes=((signed(m[2], m[3]), m[4], int(m[6])),))
    if m := _VOTES_MANY.match(text):
        found = re.findall(rf"([+−])([0-9]+) in ({_CODE}) → ([0-9]+)", m[2])
        return m[1], f.VotesMoved(who=m[1], why=_why(m[3]), changes=tuple((signed(s, n), code, int(total))
                                                                  for s, n, code, total in found))
    return None


_read_at_most = 4096
_runs_read: dict[str, tuple[str, Run] | None] = {}  # a held line's words -> (its seat, its facts)


def read(text: str) -> tuple[str, Run] | None:
    """The seat and facts a run's line was worded from, if `text` is one (read once per line)."""
    if text in _runs_read:
        return _runs_read[text]
    found = _bought(text) or _joined(text) or _votes(text)
    if len(_runs_read) >= _read_at_most:
        _runs_read.clear()
    _runs_read[text] = found
    return found


# ---------------------------------------------------------------- runs joined


def _run(event: Event) -> Run | None:
    """The facts of a line that may carry on a run (a public line alone), read from its words if it has none."""
    if not event.public or event.private or event.proof or event.ends_post is not None:
        return None
    x = event.facts
    if x is not None:  # a line about another seat than its event's (a debate's loser) runs with none
        return x if isinstance(x, _RUNS) and (not isinstance(x, f.VotesMoved) or x.who == event.seat) else None
    found = read(event.public)
    return found[1] if found is not None and found[0] == event.seat else None


def _key(x: Run) -> tuple:
    return (type(x), x.item, x.cost) if isinstance(x, f.Bought) else (type(x), x.why)


def merge(events: list[Event]) -> list[Event]:
    """`events` with each run of like lines (one seat, one cause, one kind: purchases of one item at one price,
    ballots joined for one reason, votes moved for one reason) said as one line, in place of the run's first."""
    out: list[Event] = []
    last: Run | None = None
    for event in events:
        run = _run(event)
        prev = out[-1] if out else None
        if run is not None and last is not None and prev is not None and _key(run) == _key(last) \
                and (prev.seat, prev.cause) == (event.seat, event.cause):
            last = last.join(run)  # type: ignore[arg-type]
            out[-1] = prev.model_copy(update={"public": w.line(prev.seat or "", last), "facts": last})
            continue
        out.append(event)
        last = run
    return out


def onto_held(held: list[HeldLine], events: list[Event]) -> list[Event]:
    """The step's events with its first lines merged into the last line held for the turn's post where they carry on
    its run (`held`'s last line is replaced in place), so the lines held stay as the post will say them."""
    if not held or not events:  # nothing to carry on the held run
        return events
    joined = merge([held[-1].event(), *events])
    held[-1] = HeldLine.of(joined[0])
    return joined[1:]
