"""The parts of Campaign Trail's board around the state boxes, sized for a phone showing it 400 px wide.

Every number a player reads the position by is drawn in digits 14 px tall on the phone (tests/render/test_closeup.py
MIN_TEXT_PX): each party's electoral votes, money, registered voters, cards in hand and politicks in play on one
row per party, the decks' cards on the last row (or, during a debate, where each issue's marker stands), and in
Solo Play each AI party's register track, space by space, in its row. Every word (the title line, the labels, the
names) has capitals 10 px tall there (canvas.readable).

Top: the title line (month and round on the left, whose turn on the right) with the "270 to win" tag between them,
hanging over the electoral-vote bar; when the title's words do not fit beside the tag they get a line of their own
above it. Below the state boxes, each row is a line of labels over a line of values: the row's name, then its
fields, the party rows' fields in shared columns so that each number sits under the one above it.
"""
from __future__ import annotations

from dataclasses import dataclass

from render.campaign_trail_states import CHIP_H, F_BOLD, F_COUNT, F_WORD, W, chip, text_colour
from render.canvas import Canvas, Font, advance, truncate, wrap
from render.mapview import MapView
from render.types import LabelBox
from render.widgets import clear_of, win_x

PAD = 10
F_TITLE = F_BOLD
F_BAR = F_BOLD
F_TAG = F_WORD
F_NAME = F_BOLD
F_LABEL = F_WORD
F_VALUE = F_COUNT
LINE_H = F_BOLD.cap + 22  # a line of words
BAR_H = F_BAR.cap + 24
ROW_H = F_COUNT.cap + 24  # a panel row: one line of big values
ROW_GAP = 5
HEAD_H = F_LABEL.cap + 18  # the party table's line of labels
CELL_GAP = 24  # between one field and the next
WORD_GAP = 10  # between a field's label and its value, on a row of words and values
TRACK_SW = advance("3", F_COUNT) + 16  # a register-track space, at most


@dataclass(frozen=True)
class Row:
    """One panel row: who (a party code, or None), its title words, and (label, value) fields."""
    party: str | None
    title: str
    fields: tuple[tuple[str, str], ...]
    now: bool = False  # the party to move: a thick outline
    note: str = ""  # words after the title of a row that is not a party's ("round 2/3" of a debate)
    tail: tuple[str, str] = ("", "")  # (what, which card): Solo Play's AI card waiting to act, or the last one
    track: tuple[int, ...] = ()  # an AI party's register track, space by space


# ------------------------------------------------------------------ the title, the tag and the EV bar


def _tag_span(mv: MapView) -> tuple[float, float, float]:
    """Where the "to win" mark falls on the bar and the tag's left and right."""
    xm = win_x(PAD, W - PAD, mv.needed(), mv.total_ev() or 1)
    tw = advance(f"{mv.needed()} to win", F_TAG) + 20
    left = min(max(xm - tw / 2, PAD), W - PAD - tw)
    return xm, left, left + tw


def _title_font(turn: str, to_move: str, left: float, right: float) -> Font | None:
    """The type for the turn left of the tag (`left` px of room) and whose turn right of it (`right`): bold where both
    fit, else regular, else None."""
    return next((f for f in (F_TITLE, F_WORD)
                 if advance(turn, f) + 20 <= left and advance(to_move, f) + 20 <= right), None)


def _turn(mv: MapView) -> str:
    return mv.turn.replace(" — ", ", ")  # "October, round 15": the dash's room goes to the words


def _beside(mv: MapView) -> tuple[str, str, Font | None]:
    """(turn, whose turn, their type) beside the tag: whose turn (or who won) in full where it fits, else without
    what follows a dash ("waiting on …") or the winner's EV (the bar and the rows have it); no type when they do not
    fit."""
    _, left, right = _tag_span(mv)
    short = mv.to_move.split(" — ")[0].split(" with ")[0]
    for to_move in (mv.to_move, short):
        f = _title_font(_turn(mv), to_move, left - PAD, W - PAD - right)
        if f is not None:
            return _turn(mv), to_move, f
    return _turn(mv), mv.to_move, None


def title_lines(mv: MapView) -> list[str]:
    """The title's own lines above the tag's: none when the turn fits left of the tag and whose turn right of it."""
    if _beside(mv)[2] is not None:
        return []
    return wrap(mv.turn + (f" — {mv.to_move}" if mv.to_move else ""), F_TITLE, W - 2 * PAD, max_lines=2)


def top_height(mv: MapView) -> int:
    return len(title_lines(mv)) * LINE_H + LINE_H + BAR_H


def top(cv: Canvas, mv: MapView, y: int) -> int:
    """The title, the tag and the bar from `y`; returns the y below the bar."""
    lines = title_lines(mv)
    for line in lines:
        cv.text(PAD, y + LINE_H / 2, line, F_TITLE, "ink", "paper", "lm")
        y += LINE_H
    xm, left, right = _tag_span(mv)
    cy = y + LINE_H / 2
    if not lines:
        turn, to_move, f = _beside(mv)
        cv.text(PAD, cy, turn, f, "ink", "paper", "lm")
        if to_move:
            cv.text(W - PAD, cy, to_move, f, "ink", "paper", "rm")
    cv.rect((xm - 3, y + LINE_H - 8, xm + 2, y + LINE_H + BAR_H + 6), fill="ink")
    cv.rect((left, y + 4, right, y + LINE_H - 4), fill="ink", radius=8)
    cv.text((left + right) / 2, cy, f"{mv.needed()} to win", F_TAG, "white", None, "mm")
    ev_bar(cv, mv, y + LINE_H, xm)
    return y + LINE_H + BAR_H


def ev_bar(cv: Canvas, mv: MapView, y: int, mark: float) -> None:
    """Each party's electoral votes as a share of 538, its letter and EV on it where they fit clear of the "to win"
    line at `mark` (just the EV where the letter leaves no room; each party's row has its EV in big digits)."""
    x0, x1, y1 = PAD, W - PAD, y + BAR_H
    total = mv.total_ev() or 1
    cv.rect((x0, y, x1, y1), fill="bar_empty")
    x = float(x0)
    for k, p in enumerate(mv.parties):
        n = mv.ev_totals.get(p.code, 0)
        w = (x1 - x0) * n / total
        if w >= 1:
            cv.rect((x, y, x + w - 1, y1), fill=f"p{k}")
            for label in (f"{p.letter} {n}", str(n)):
                cx = clear_of(x, x + w, mark, advance(label, F_BAR))  # never under the "to win" line
                if cx is not None:
                    cv.text(cx, y + BAR_H / 2, label, F_BAR, text_colour(cv, f"p{k}"), f"p{k}", "mm")
                    break
        x += w
    cv.rect((x0, y, x1, y1), outline="ink", width=2)
    cv.rect((mark - 3, y - 2, mark + 2, y1 + 6), fill="ink")


# ------------------------------------------------------------------ the rows under the boxes


def _field_w(label: str, value: str) -> int:
    return max(advance(label, F_LABEL), advance(value, F_VALUE))


def _inline_w(label: str, value: str) -> int:
    return advance(label, F_LABEL) + WORD_GAP + advance(value, F_VALUE)


def _ev_w(ev: str) -> int:
    """A party's EV chip: its letter and EV, like a state's count."""
    return 4 + advance("D", F_BOLD) + 1 + advance(ev, F_VALUE) + 6


def _cells(row: Row) -> list[tuple[str, str]]:
    return [f for f in row.fields if f[0] != "EV"] if row.party is not None else list(row.fields)


def table(rows: list[Row]) -> list[Row]:
    """The rows drawn as a table under one line of labels: the human parties' (an AI party's and the decks' rows say
    their own labels)."""
    return [r for r in rows if r.party is not None and not r.track]


def lines(row: Row, cols: list[tuple[float, str]] | None = None) -> list[list[tuple[str, str, float]]]:
    """A row's lines of values: (label, value, x) each; a table row's in its columns (`cols`, its labels in the
    table's), another row's label beside each value, flowed over as many lines as they need after the row's EV chip
    or title, then an AI party's track and Solo Play's AI card ("track"/"tail", value "", x) where they fit."""
    left, right = PAD + 14, W - PAD - 14
    if cols is not None:
        return [[(label, value, x) for (x, _), (label, value) in zip(cols[1:], _cells(row))]]
    x = left + (_ev_w(dict(row.fields).get("EV", "0")) + CELL_GAP if row.party is not None else title_w(row))
    out: list[list[tuple[str, str, float]]] = [[]]
    for label, value in _cells(row):
        if out[-1] and x + _inline_w(label, value) > right:
            out.append([])
            x = left  # a line under the title runs from the row's left edge
        out[-1].append((label, value, x))
        x += _inline_w(label, value) + CELL_GAP
    if row.track:
        out[-1].append(("track", "", x))
    if row.tail[1]:
        if x + advance(f"{row.tail[0]}: {row.tail[1]}", F_LABEL) > right:
            out.append([])
        out[-1].append(("tail", "", right))
    return out


def height(rows: list[Row]) -> int:
    """The rows' height: the table's labels, then each row's lines of values."""
    tabled = table(rows)
    n = sum(len(lines(r, [(0.0, "EV")] if r in tabled else None)) for r in rows)
    return (HEAD_H if tabled else 0) + n * ROW_H + len(rows) * ROW_GAP


def columns(rows: list[Row]) -> list[tuple[float, str]]:
    """Where the table's columns start and their labels: the EV chips', then each field's, as wide as its widest
    label or value, spread across the row (at most 90 px apart)."""
    left, right = PAD + 14, W - PAD - 14
    ev_w = max((_ev_w(dict(r.fields).get("EV", "0")) for r in rows), default=0)
    n = max((len(_cells(r)) for r in rows), default=0)
    labels = [max((_cells(r)[i][0] for r in rows if len(_cells(r)) > i), key=len) for i in range(n)]
    widths = [max([advance(labels[i], F_LABEL)] + [_field_w(*_cells(r)[i]) for r in rows if len(_cells(r)) > i])
              for i in range(n)]
    gap = min(90.0, max(float(CELL_GAP), (right - left - ev_w - sum(widths)) / max(1, n)))
    out, x = [(float(left), "EV")], left + ev_w + gap
    for w, label in zip(widths, labels):
        out.append((x, label))
        x += w + gap
    return out


def fits(fields: list[tuple[str, str]], title: str, most: int = 1, note: str = "") -> bool:
    """Whether fields (each a label beside its value) fit `most` lines of a row with this title and note."""
    return len(lines(Row(None, title, tuple(fields), note=note))) <= most


def _heading(row: Row) -> str:
    return f"{row.title}, {row.note}" if row.note else row.title


def title_w(row: Row) -> int:
    return advance(_heading(row), F_NAME) + CELL_GAP if row.party is None else 0


def draw_rows(cv: Canvas, mv: MapView, rows: list[Row], y: int) -> list[LabelBox]:
    """The rows from `y`: the table's labels, then each row. Returns each value's box (abbr "panel:<title>:<label>")
    and each filled track space's ("track:<party>:<space>")."""
    tabled = table(rows)
    cols = columns(tabled)
    labels: list[LabelBox] = []
    if tabled:
        for x, label in cols:
            cv.text(x, y + HEAD_H - 8, label, F_LABEL, "muted", "paper", "ls")
        y += HEAD_H
    for row in rows:
        flowed = lines(row, cols if row in tabled else None)
        labels += panel_row(cv, mv, row, y, flowed, row in tabled)
        y += len(flowed) * ROW_H + ROW_GAP
    return labels


def panel_row(cv: Canvas, mv: MapView, row: Row, y: int, flowed: list[list[tuple[str, str, float]]],
              cols: bool = False) -> list[LabelBox]:
    """One row in a white box (thick-edged for the party to move): a party's EV chip or the row's title, then its
    lines of values (`flowed`, from `lines`; `cols`: in the table's columns, under its labels), an AI party's
    register track, Solo Play's AI card at the right."""
    x0, x1 = PAD, W - PAD
    bg = "white"
    cv.rect((x0, y, x1, y + len(flowed) * ROW_H), fill=bg, outline="ink", width=6 if row.now else 2, radius=10)
    base = y + ROW_H / 2 + F_VALUE.cap / 2
    words = base - (F_VALUE.cap - F_LABEL.cap) / 2  # a line of words' baseline: centred on the values' line
    x = x0 + 14
    labels = []
    if row.party is not None:
        k = mv.slot(row.party)
        ev = dict(row.fields).get("EV", "0")
        top = y + (ROW_H - CHIP_H) / 2
        nx = chip(cv, x, top, _ev_w(ev), f"p{k}", mv.parties[k].letter, ev)
        labels.append(LabelBox(f"panel:{row.title}:EV", (int(x) + 3, int(top) + 3, int(x + _ev_w(ev)) - 3,
                                                         int(top + CHIP_H) - 3),
                               (int(nx), int(top)), False, (int(nx), int(top))))
    else:
        cv.text(x, base - (F_VALUE.cap - F_NAME.cap) / 2, _heading(row), F_NAME, "ink", bg, "ls")
    for n, line in enumerate(flowed):
        dy = n * ROW_H
        for label, value, x in line:
            if label == "track" and not value:
                cv.text(x, words + dy, "track", F_LABEL, "muted", bg, "ls")
                x += advance("track", F_LABEL) + WORD_GAP
                labels += _track(cv, mv, row.party or "", row.track, x, x1 - 14, y + dy)
            elif label == "tail" and not value:
                text = f"{row.tail[0]}: {row.tail[1]}"
                cv.text(x, words + dy, truncate(text, F_LABEL, x1 - x0 - 28), F_LABEL, "ink", bg, "rs")
            elif cols:  # a table row: the table's line of labels says what each value is
                labels.append(_value(cv, row, label, value, x, base + dy, bg))
            else:
                cv.text(x, words + dy, label, F_LABEL, "muted", bg, "ls")
                labels.append(_value(cv, row, label, value, x + advance(label, F_LABEL) + WORD_GAP, base + dy, bg))
    return labels


def _value(cv: Canvas, row: Row, label: str, value: str, x: float, base: float, bg: str) -> LabelBox:
    cv.text(x, base, value, F_VALUE, "ink", bg, "ls")
    vw = advance(value, F_VALUE)
    top = base - F_VALUE.cap
    return LabelBox(f"panel:{row.title}:{label}", (int(x) - 12, int(top) - 10, int(x + vw) + 12, int(base) + 10),
                    (int(x), int(top)), False, (int(x), int(top)))


def _track(cv: Canvas, mv: MapView, code: str, track: tuple[int, ...], x0: float, x1: float,
           y: int) -> list[LabelBox]:
    """An AI party's register track from `x0` (up to `x1`): ten spaces filled from the left, solid when full (3
    voters), light when partly filled, white when empty, each with its voters in big digits. Returns each filled
    space's box."""
    k = mv.slot(code)
    solid, lean = f"p{k}", f"p{k}l"
    sw = min(TRACK_SW, int((x1 - x0 + 4) / max(1, len(track))) - 4)
    top, bottom = y + (ROW_H - CHIP_H) / 2, y + (ROW_H + CHIP_H) / 2
    labels = []
    for i, voters in enumerate(track):
        sx = x0 + i * (sw + 4)
        fill = solid if voters == 3 else lean if voters else "white"
        cv.rect((sx, top, sx + sw, bottom), fill=fill, outline="ink", width=2, radius=6)
        if voters:
            cv.text(sx + sw / 2, (top + bottom) / 2, str(voters), F_VALUE, text_colour(cv, fill), fill, "mm")
            labels.append(LabelBox(f"track:{code}:{i + 1}", (int(sx) + 2, int(top) + 2, int(sx + sw) - 2,
                                                             int(bottom) - 2),
                                   (int(sx), int(top)), False, (int(sx), int(top))))
    return labels
