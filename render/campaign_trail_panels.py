"""The parts of Campaign Trail's board around the state boxes, sized for a phone showing it 400 px wide.

Every number a player reads the position by is drawn in 76-px bold digits (~57 px of ink: 14 px on the phone,
tests/render/test_closeup.py MIN_TEXT_PX): each party's electoral votes, money, registered voters, cards in hand
and politicks in play on one row per party, the decks' cards on the last row (or, during a debate, where each
issue's marker stands), and in Solo Play each AI party's register track, space by space, under its row. The
words beside them (labels, the title line, the key) are smaller: they say what a number is, the place says it too.
"""
from __future__ import annotations

from dataclasses import dataclass

from render import colours as C
from render.canvas import Canvas, advance, fit_font, font, truncate
from render.mapview import MapView
from render.types import LabelBox
from render.usmap import LAYOUT
from render.widgets import clear_of, marker, swatch, win_tag, win_x

W = 1600
PAD = 12
F_TITLE = font(34)
F_BAR = font(44)
F_SMALL = font(22, False)
F_KEY = font(26, False)
F_NAME = font(32)
F_LABEL = font(26, False)
F_VALUE = font(76)  # digits ~57 px tall: 14 px at 400 px wide
TITLE_H, BAR_H, KEY_H = 50, 60, 46
ROW_H = 106  # a panel row: its labels above its 76-px values
NAME_W = 290  # a row's left column: badge and name


@dataclass(frozen=True)
class Row:
    """One panel row: who (a party code, or None), its title words, and (label, value) fields."""
    party: str | None
    title: str
    fields: tuple[tuple[str, str], ...]
    now: bool = False  # the party to move: a thick outline
    note: str = ""  # a second, smaller title line
    tail: str = ""  # words at the row's right end, where the fields leave room (Solo Play's last AI card)


def _fg(cv: Canvas, bg: str) -> str:
    return C.text_on(cv.colours[bg])


def title(cv: Canvas, text: str, y: int) -> None:
    f = fit_font(text, W - 2 * PAD, F_TITLE.size, True, 22)
    cv.text(PAD, y + TITLE_H / 2, truncate(text, f, W - 2 * PAD), f, "ink", "paper", "lm")


def ev_bar(cv: Canvas, mv: MapView, y: int) -> tuple[float, float]:
    """Each party's electoral votes as a share of 538, its letter and EV on it where they fit clear of the "to win"
    line (each party's row has its EV in big digits); the votes to win marked on an ink tag. Returns the tag's left
    and right."""
    x0, x1, y1 = PAD, W - PAD, y + BAR_H
    total = mv.total_ev() or 1
    cv.rect((x0, y, x1, y1), fill="bar_empty")
    mark = win_x(x0, x1, mv.needed(), total)
    x = float(x0)
    for k, p in enumerate(mv.parties):
        n = mv.ev_totals.get(p.code, 0)
        w = (x1 - x0) * n / total
        if w >= 1:
            cv.rect((x, y, x + w - 1, y1), fill=f"p{k}")
            label = f"{p.letter} {n}"
            f = fit_font(label, int(w) - 12, F_BAR.size, True, 28)
            cx = clear_of(x, x + w, mark, advance(label, f))  # never under the "to win" line
            if cx is not None:
                cv.text(cx, y + BAR_H / 2, label, f, _fg(cv, f"p{k}"), f"p{k}", "mm")
        x += w
    cv.rect((x0, y, x1, y1), outline="ink", width=2)
    return win_tag(cv, x0, x1, y, y1, mv.needed(), total, F_SMALL)


def key(cv: Canvas, mv: MapView, y: int, gap: tuple[float, float]) -> None:
    """What a box says, either side of the "to win" tag: fill by the majority and its lead, stripes for a tie
    (in the tiebreaker's colour), grey for nobody, the markers and the last move's outline."""
    x = PAD
    items = [("solid", "p0", None, "3+ ahead"), ("lean", "p0l", None, "1–2"), ("tied", "tie_base", "p0", "tie"),
             ("none", "neutral", None, "none")]
    for _, face, stripe, word in items:
        cv.paste(swatch(LAYOUT, face, stripe, size=28), x, y + KEY_H / 2 - 14)
        x += 32
        cv.text(x, y + KEY_H / 2, word, F_KEY, "ink", "paper", "lm")
        x += advance(word, F_KEY) + 14
    x = max(x, gap[1] + 12)
    for word, kind in (("candidate", "pawn"), ("home", "home"), ("city", "city"), ("thick edge: last move", None)):
        if kind:
            cv.paste(marker(LAYOUT, kind, "white", "ink", "", size=30), x, y + KEY_H / 2 - 15)
            x += 34
        cv.text(x, y + KEY_H / 2, word, F_KEY, "ink", "paper", "lm")
        x += advance(word, F_KEY) + 14


def _field_w(label: str, value: str) -> int:
    return max(advance(label, F_LABEL), advance(value, F_VALUE))


def columns(rows: list[Row], right: float = W - PAD - 16) -> list[float]:
    """Where the fields of the party rows start, shared so that each number sits under the one above it: each
    column as wide as its widest field, spread up to `right` (at most 120 px apart)."""
    n = max((len(r.fields) for r in rows), default=0)
    widths = [max((_field_w(*r.fields[i]) for r in rows if len(r.fields) > i), default=0) for i in range(n)]
    left = PAD + NAME_W + 10
    gap = min(120.0, max(0.0, (right - left - sum(widths)) / max(1, n - 1)))
    xs, x = [], float(left)
    for w in widths:
        xs.append(x)
        x += w + gap
    return xs


def fits(fields: list[tuple[str, str]], right: float) -> bool:
    """Whether a row's fields fit between its name column and `right`, each at least 60 px plus 8 apart."""
    return PAD + NAME_W + 10 + sum(max(_field_w(*f), 60) + 8 for f in fields) - 8 <= right


def panel_row(cv: Canvas, mv: MapView, row: Row, y: int, xs: list[float] | None = None,
              track: list[int] | None = None) -> list[LabelBox]:
    """A row: the party's badge and name on the left, then each field's label above its big value (at `xs`,
    else spread across the row), then (Solo Play) an AI party's register track. Returns each value's box (abbr
    "panel:<title>:<label>") and each filled track space's ("track:<party>:<space>")."""
    x0, x1 = PAD, W - PAD
    bg = "white"
    cv.rect((x0, y, x1, y + ROW_H - 6), fill=bg, outline="ink", width=6 if row.now else 2, radius=10)
    x = x0 + 12
    if row.party is not None:
        k = mv.slot(row.party)
        cv.ellipse((x, y + 10, x + 44, y + 54), fill=f"p{k}", outline="ink", width=2)
        cv.text(x + 22, y + 32, mv.parties[k].letter, F_NAME, _fg(cv, f"p{k}"), f"p{k}", "mm")
        x += 52
    cv.text(x, y + 32, truncate(row.title, F_NAME, x0 + NAME_W - x), F_NAME, "ink", bg, "lm")
    if row.note:
        cv.text(x0 + 12, y + 76, truncate(row.note, F_LABEL, NAME_W - 12), F_LABEL, "muted", bg, "lm")
    right = x1 - 12
    labels = []
    if track is not None and row.party is not None:  # the track at the right end, the fields left of it
        right, labels = _track(cv, mv, row.party, track, y, right)
        xs = None
    xs = xs if xs is not None and len(xs) >= len(row.fields) else columns([row], right - 30)
    end = float(x0 + NAME_W)
    for (label, value), x in zip(row.fields, xs):
        cv.text(x, y + 16, truncate(label, F_LABEL, max(_field_w(label, value), 60)), F_LABEL, "muted", bg, "lm")
        vy = y + 60
        cv.text(x, vy, value, F_VALUE, "ink", bg, "lm")
        vw = advance(value, F_VALUE)
        labels.append(LabelBox(f"panel:{row.title}:{label}", (int(x) - 4, vy - 44, int(x + vw) + 4, vy + 44),
                               (int(x), vy), False, (int(x), vy)))
        end = x + _field_w(label, value)
    if row.tail and right - end - 40 > 120:
        cv.text(right - 16, y + ROW_H / 2, truncate(row.tail, F_LABEL, int(right - end - 40)), F_LABEL, "muted",
                bg, "rm")
    return labels


def _track(cv: Canvas, mv: MapView, code: str, track: list[int], y: int, right: float) -> tuple[float, list[LabelBox]]:
    """An AI party's register track at the row's right end: ten spaces filled from the left, solid when full (3
    voters), light when partly filled, white when empty, each with its voters in big digits. Returns the track's
    left edge and each filled space's box."""
    k = mv.slot(code)
    solid, lean = f"p{k}", f"p{k}l"
    sw, gap = 64, 6
    n = len(track)
    x0 = right - n * sw - (n - 1) * gap
    top, bottom = y + 8, y + ROW_H - 14
    labels = []
    for i, voters in enumerate(track):
        sx = x0 + i * (sw + gap)
        fill = solid if voters == 3 else lean if voters else "white"
        cv.rect((sx, top, sx + sw, bottom), fill=fill, outline="ink", width=2, radius=8)
        if voters:
            cv.text(sx + sw / 2, (top + bottom) / 2, str(voters), F_VALUE, _fg(cv, fill), fill, "mm")
            labels.append(LabelBox(f"track:{code}:{i + 1}", (int(sx), top, int(sx + sw), bottom),
                                   (int(sx), top), False, (int(sx), top)))
    return x0, labels
