"""The Campaign Manager 2008 table picture, drawn from a public `CMView` only (never the full state).

One 1600 px wide palette PNG, laid out for a phone showing it 400 px wide, so every word is drawn at
26 px or more (6.5 px on the phone) and every cue has words or letters as well as colour:
- a status line: whose turn and what they are deciding, or the draft / starting-state picks, or the
  winner (the draw) at the end;
- the two score ladders on one scale from the start scores to past 270: each won state a segment of
  its electoral votes, then the states as chips ("MI 17") in the order won; the leader tagged;
  each side's hand, deck and discard counts;
- the (up to) four states in play, two by two: name and EV, the Defense row above and the Economy row
  below as blocks (blue O = Obama, red M = McCain, white U = undecided), the major row framed thick and
  tagged MAJOR, the four-space issue track beside the rows with its marker (spaces 0–1 point up to
  Defense, 2–3 down to Economy), the key group named in a tag and the other group smaller; the states
  the last turn changed outlined and tagged;
- the card being played, the Media Support card and its owner, the last Breaking News and the last
  Going Negative result (its die face drawn);
- the state pool by the colour of the back, each chip with code and EV.

Before play it shows the draft's progress or the sealed starting-state picks in place of the states.
Only `engine.campaign_manager_2008.views` is imported from the engine (the render layering rule); the
EV of a state already won (the view names it only) comes from render.usdata's 2004–2008 apportionment,
the one the game's tiles use.
"""
from __future__ import annotations

import re
import zlib
from typing import Iterable

from PIL import Image

from engine.campaign_manager_2008.views import CardView, CMView, RowView, SideView, TileView
from render import colours as C
from render.alttext import Part, and_list, fit, sentence
from render.canvas import Canvas, Font, Layout, advance, encode_p, fit_font, font, truncate, wrap
from render.types import Rendered
from render.usdata import ev_table
from render.widgets import public_view

W = 1600
PAD = 14
SEATS = ("OBA", "MCC")
NAMES = {"OBA": "Obama", "MCC": "McCain"}
LETTER = {"OBA": "O", "MCC": "M"}
DECK = 15  # cards in a drafted (or starter) deck: the draft's progress is "kept n of 15"
START_PICKS = 2
ISSUE_SPACES = 4
WAITING = {"play": "to play", "action": "to play", "draft": "drafting", "states": "picking starting states",
           "cost": "paying the card's cost", "discard": "discarding", "state": "choosing a state",
           "issue": "choosing an issue", "toward": "choosing which way to shift", "enter": "picking the next state",
           "target": "naming the state the news hits", "order": "ordering the states won",
           "negative": "applying Going Negative"}
_ROLL = re.compile(r"^(?P<seat>\S+) rolled (?P<face>[0-9]+)")
_SENTENCE = re.compile(r"(?<!\bSt)(?<!\bMr)(?<!\bDr)\. (?=[A-Z])")  # "the St. Louis riverfront" is one sentence
_NEG = re.compile(r"^(?P<face>[0-9]+): (?P<title>.+?) — (?P<text>.*)$")

_NAMES = ["paper", "ink", "white", "muted", "O", "Ol", "M", "Ml", "now", "hl", "bar", "rule", "tile"]
_LIGHT = ["paper", "white", "Ol", "Ml", "now", "bar", "tile"]
_PAIRS = ([("ink", b) for b in _LIGHT] + [("white", b) for b in ("O", "M", "ink", "muted", "hl")]
          + [("muted", b) for b in ("paper", "white", "tile", "now")])
LAYOUT = Layout("campaign_manager_2008", _NAMES, _PAIRS)
_O, _Ol = C.PARTY_COLOURS["blue"]
_M, _Ml = C.PARTY_COLOURS["red"]
COLOURS: dict[str, C.RGB] = {
    "paper": C.PAPER, "ink": C.INK, "white": C.WHITE, "muted": C.MUTED, "O": _O, "Ol": _Ol, "M": _M, "Ml": _Ml,
    "now": (255, 240, 190), "hl": (196, 120, 0), "bar": (226, 224, 218), "rule": (170, 168, 162),
    "tile": (255, 255, 255),
}
SOLID = {"OBA": "O", "MCC": "M"}
LEAN = {"OBA": "Ol", "MCC": "Ml"}

F_HEAD = font(40)
F_TITLE = font(34)
F_BOLD = font(28)
F_BLOCK = font(32)  # the letter on a voter block
F_LABEL = font(26)
F_TEXT = font(28, False)
F_BIG = font(44)
F_SCORE = font(40)

STATUS_H = 64
SIDE_H = 118  # a ladder row: name, counts, bar, chips
LADDER_TOP = 36  # the "270" label above the bars
TILE_H, TILE_GAP = 392, 14
BLOCK = 54  # a voter block's diameter
INFO_H = 98
LINE_H = 36  # a further line of an info row's text
INFO_LINES = 3
POOL_H = 54
LEGEND_H = 46
SETUP_H = 420


# ------------------------------------------------------------------ words shared with the alt text


def side_name(seat: str | None) -> str:
    return NAMES.get(seat or "", seat or "")


def state_ev(code: str, view: CMView) -> int:
    """A state's EV: from the view when the state is on the table or in the pool, else the 2004 table."""
    for t in view.in_play:
        if t.code == code:
            return t.ev
    for p in view.pool:
        if p.code == code:
            return p.ev
    return ev_table("2004").get(code, 0)


def leader(view: CMView) -> str | None:
    a, b = (view.sides[s].score for s in SEATS)
    return None if a == b else SEATS[0] if a > b else SEATS[1]


def waiting_words(view: CMView) -> list[str]:
    return [f"{side_name(p.seat)} {WAITING.get(p.kind, p.kind.replace('_', ' '))}" for p in view.pending]


def headline(view: CMView) -> str:
    if view.phase == "over":
        if view.draw:
            a, b = (view.sides[s].score for s in SEATS)
            return f"Draw — {a}–{b}"
        w = view.winner
        return f"{side_name(w)} wins with {view.sides[w].score} EV" if w in view.sides else "Game over"
    if view.phase in ("draft", "states"):
        waiting = ", ".join(side_name(p.seat) for p in view.pending)
        return ("Draft in progress" if view.phase == "draft" else "Picking starting states") + \
            (f" — waiting on {waiting}" if waiting else "")
    words = waiting_words(view)
    if view.active and not any(w == f"{side_name(view.active)} to play" for w in words):
        words.insert(0, f"{side_name(view.active)}'s turn")
    return " · ".join(words) or (f"{side_name(view.active)}'s turn" if view.active else "")


def negative_parts(view: CMView) -> tuple[str, str, str, str | None]:
    """(face, title, text, who went negative) of the last Going Negative result."""
    line = view.last_negative or ""
    m = _NEG.match(line)
    face, title, text = (m["face"], m["title"], m["text"]) if m else ("?", line, "")
    roller = None
    for d in view.last_dice:
        r = _ROLL.match(d)
        if r and "Going Negative" in d:
            roller = r["seat"]
    return face, title, text, roller


def row_words(row: RowView) -> str:
    return f"O{row.obama} M{row.mccain} U{row.undecided}"


# ------------------------------------------------------------------ small pieces


def _badge(cv: Canvas, seat: str, x: float, y: float, d: int = 40) -> float:
    """The side's letter in a disc of its colour; returns the right edge."""
    cv.ellipse((x, y, x + d, y + d), fill=SOLID[seat], outline="ink", width=2)
    cv.text(x + d / 2, y + d / 2, LETTER[seat], F_LABEL, "white", SOLID[seat], "mm")
    return x + d


def _tag(cv: Canvas, x: float, y: float, text: str, bg: str = "ink", fg: str = "white", f: Font = F_LABEL,
         h: int = 38, right: bool = False) -> float:
    """A filled word tag ("MAJOR", "LEADS"); returns its far edge (left edge when `right`)."""
    w = advance(text, f) + 18
    x0 = x - w if right else x
    cv.rect((x0, y, x0 + w, y + h), fill=bg, radius=7)
    cv.text(x0 + w / 2, y + h / 2, text, f, fg, bg, "mm")
    return x0 if right else x0 + w


def _chip(cv: Canvas, x: float, y: float, text: str, bg: str, fg: str, h: int = 38, marked: bool = False) -> float:
    w = advance(text, F_LABEL) + 16
    if marked:  # won on the last turn: the tiles' highlight colour around it
        cv.rect((x - 5, y - 5, x + w + 5, y + h + 5), fill="hl", radius=9)
    cv.rect((x, y, x + w, y + h), fill=bg, outline="ink", width=2, radius=6)
    cv.text(x + w / 2, y + h / 2, text, F_LABEL, fg, bg, "mm")
    return x + w


def _block(cv: Canvas, kind: str, x: float, y: float, d: int = BLOCK) -> None:
    """A voter block: a disc with its letter (O Obama blue, M McCain red, U undecided white)."""
    fill = {"O": "O", "M": "M", "U": "white"}[kind]
    cv.ellipse((x, y, x + d, y + d), fill=fill, outline="ink", width=3)
    cv.text(x + d / 2, y + d / 2, kind, F_BLOCK if d >= BLOCK else F_LABEL, "ink" if kind == "U" else "white", fill, "mm")


def _triangle(cv: Canvas, cx: float, cy: float, up: bool, fill: str, r: float = 13) -> None:
    pts = [(cx - r, cy + r * 0.6), (cx + r, cy + r * 0.6), (cx, cy - r * 0.8)] if up else \
        [(cx - r, cy - r * 0.6), (cx + r, cy - r * 0.6), (cx, cy + r * 0.8)]
    cv.polygon(pts, fill=fill)


# ------------------------------------------------------------------ status and ladders


def _status(cv: Canvas, view: CMView, y: int) -> int:
    text = headline(view)
    if view.phase == "over":
        bg = "ink" if view.draw or view.winner not in SOLID else SOLID[view.winner]
        cv.rect((0, y, W, y + STATUS_H + 6), fill=bg)
        x = PAD
        if view.winner in SOLID:
            x = _badge(cv, view.winner, PAD, y + 10, 46) + 14
            cv.ellipse((PAD, y + 10, PAD + 46, y + 56), outline="white", width=3)
        f = fit_font(text, W - x - PAD, F_HEAD.size, True, 26)
        cv.text(x, y + STATUS_H / 2 + 3, text, f, "white", bg, "lm")
        return y + STATUS_H + 6
    x = PAD
    if view.phase == "play" and view.active in SOLID:
        x = _badge(cv, view.active, PAD, y + 10, 44) + 14
    f = fit_font(text, W - x - PAD, F_HEAD.size, True, 26)
    cv.text(x, y + STATUS_H / 2, truncate(text, f, W - x - PAD), f, "ink", "paper", "lm")
    return y + STATUS_H


def _ladder(cv: Canvas, view: CMView, y: int, marked: set[str]) -> int:
    """Both sides' score ladders on one scale, the 270 line across them."""
    lo = min(view.sides[s].score - sum(state_ev(c, view) for c in view.sides[s].won) for s in SEATS)
    hi = max(view.target + 6, max(view.sides[s].score for s in SEATS) + 4)
    bx0, bx1 = 452, W - PAD - 4
    scale = (bx1 - bx0) / max(1, hi - lo)
    tx = bx0 + (view.target - lo) * scale
    label = f"{view.target} to win"
    if tx + advance(label, F_LABEL) / 2 > W - PAD:  # near the right edge: the words end at the line
        cv.text(tx + 2, y + LADDER_TOP / 2, label, F_LABEL, "ink", "paper", "rm")
    else:
        cv.text(tx, y + LADDER_TOP / 2, label, F_LABEL, "ink", "paper", "mm")
    lead = leader(view)
    top = y + LADDER_TOP
    for k, seat in enumerate(SEATS):
        _side_row(cv, view, seat, top + k * SIDE_H, (bx0, bx1, lo, scale), lead, marked)
    bottom = top + len(SEATS) * SIDE_H
    cv.line([(tx, y + LADDER_TOP - 4), (tx, bottom - 6)], "ink", 4)
    return bottom


def _side_row(cv: Canvas, view: CMView, seat: str, y: int, bar: tuple[float, float, int, float],
              lead: str | None, marked: set[str]) -> None:
    s: SideView = view.sides[seat]
    bx0, bx1, lo, scale = bar
    # the name, the score, a tag; the counts below
    x = _badge(cv, seat, PAD, y + 6, 42) + 10
    cv.text(x, y + 27, s.name, F_TITLE, "ink", "paper", "lm")
    x += advance(s.name, F_TITLE) + 14
    tag = "WINS" if view.winner == seat else "DRAW" if view.draw else \
        "LEADS" if lead == seat and view.phase == "play" else ""
    if tag:
        _tag(cv, x, y + 8, tag, SOLID[seat] if tag != "DRAW" else "ink")
    cv.text(bx0 - 18, y + 27, str(s.score), F_SCORE, "ink", "paper", "rm")
    counts = f"Hand {s.hand_size} · Deck {s.deck_size} · Discard {len(s.discard)}"
    if view.phase == "draft":
        counts = f"{s.drafted} of {DECK} cards drafted"
    cv.text(PAD, y + 74, truncate(counts, F_TEXT, bx0 - PAD - 24), F_TEXT, "ink", "paper", "lm")
    # the bar: the start score, then each state won as a segment of its EV
    by0, by1 = y + 6, y + 50
    cv.rect((bx0, by0, bx1, by1), fill="bar", outline="rule", width=1)
    start = s.score - sum(state_ev(c, view) for c in s.won)
    x0 = bx0
    x1 = bx0 + (start - lo) * scale
    cv.rect((x0, by0, x1, by1), fill=LEAN[seat])
    label = f"start {start}"
    if advance(label, F_LABEL) + 16 < x1 - x0:
        cv.text(x0 + 8, (by0 + by1) / 2, label, F_LABEL, "ink", LEAN[seat], "lm")
    for code in s.won:
        x0, x1 = x1, x1 + state_ev(code, view) * scale
        cv.rect((x0, by0, x1, by1), fill=SOLID[seat])
        cv.line([(x1, by0), (x1, by1)], "white", 3)
        if advance(code, F_LABEL) + 8 < x1 - x0:
            cv.text((x0 + x1) / 2, (by0 + by1) / 2, code, F_LABEL, "white", SOLID[seat], "mm")
    cv.rect((bx0, by0, bx1, by1), outline="ink", width=2)
    # the states won as chips, in the order won
    x = bx0
    cy = y + 56
    if not s.won:
        cv.text(x, cy + 19, "no state won yet", F_TEXT, "muted", "paper", "lm")
    for i, code in enumerate(s.won):
        text = f"{code} {state_ev(code, view)}"
        if x + advance(text, F_LABEL) + 16 > bx1 - 70 and i < len(s.won) - 1:
            cv.text(x, cy + 19, f"+{len(s.won) - i}", F_LABEL, "ink", "paper", "lm")
            break
        x = _chip(cv, x, cy, text, SOLID[seat], "white", marked=code in marked) + 10


# ------------------------------------------------------------------ the states in play


def _tile(cv: Canvas, t: TileView, box: tuple[int, int, int, int], marked: bool) -> None:
    x0, y0, x1, y1 = box
    cv.rect(box, fill="tile", outline="hl" if marked else "ink", width=9 if marked else 2, radius=12)
    ix0, ix1 = x0 + 16, x1 - 16
    # header: name, EV, the last move's tag
    right = ix1
    if marked:
        right = _tag(cv, ix1, y0 + 14, "LAST TURN", "hl", "white", right=True) - 10
    ev = f"{t.ev} EV"
    right = _tag(cv, right, y0 + 12, ev, "ink", "white", F_BOLD, h=42, right=True) - 12
    f = fit_font(t.name, right - ix0, F_TITLE.size + 4, True, 26)
    cv.text(ix0, y0 + 34, truncate(t.name, f, right - ix0), f, "ink", "tile", "lm")
    # key group (a tag and the name), the other group smaller
    ky = y0 + 64
    kx = _tag(cv, ix0, ky, "KEY", "ink", "white", h=40) + 10
    cv.rect((kx, ky, ix1, ky + 40), fill="now", radius=7)
    fk = fit_font(t.key, ix1 - kx - 16, F_BOLD.size, True, 26)
    cv.text(kx + 10, ky + 20, truncate(t.key, fk, ix1 - kx - 16), fk, "ink", "now", "lm")
    other = f"other group: {t.other_group}"
    cv.text(ix0, ky + 62, truncate(other, F_TEXT, ix1 - ix0), F_TEXT, "muted", "tile", "lm")
    # the rows and, at their right, the issue track
    track_w = 74
    ry = ky + 92
    row_h = 108
    gap = 14
    for k, (issue, row) in enumerate((("defense", t.defense), ("economy", t.economy))):
        _row(cv, issue, row, t.major == issue, (ix0, ry + k * (row_h + gap), ix1 - track_w - 12, ry + k * (row_h + gap) + row_h))
    _track(cv, t.issue, (ix1 - track_w, ry, ix1, ry + 2 * row_h + gap))


def _row(cv: Canvas, issue: str, row: RowView, major: bool, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    bg = "now" if major else "tile"
    cv.rect(box, fill=bg, outline="ink" if major else "rule", width=7 if major else 2, radius=8)
    label = issue.upper()
    cv.text(x0 + 16, y0 + 28, label, F_BOLD, "ink", bg, "lm")
    if major:
        _tag(cv, x0 + 16, y0 + 54, "MAJOR", "ink", "white", h=38)
    else:
        cv.text(x0 + 16, y0 + 74, "minor", F_TEXT, "muted", bg, "lm")
    blocks = ["O"] * row.obama + ["M"] * row.mccain + ["U"] * row.undecided
    bx = x0 + 196
    room = x1 - 12 - bx
    step = min(BLOCK + 8, room / max(1, len(blocks)))
    d = int(min(BLOCK, step - 4))
    for i, kind in enumerate(blocks):
        _block(cv, kind, bx + i * step, (y0 + y1) / 2 - d / 2, d)


def _track(cv: Canvas, issue: int, box: tuple[int, int, int, int]) -> None:
    """Four spaces top to bottom: 0–1 point up to the Defense row, 2–3 down to Economy; the marker's
    space filled black."""
    x0, y0, x1, y1 = box
    gap_mid = 10
    h = (y1 - y0 - gap_mid - 3 * 4) / ISSUE_SPACES
    for k in range(ISSUE_SPACES):
        top = y0 + k * (h + 4) + (gap_mid if k >= 2 else 0)
        here = k == issue
        cv.rect((x0, top, x1, top + h), fill="ink" if here else "bar", outline="ink", width=2, radius=6)
        _triangle(cv, (x0 + x1) / 2, top + h / 2, k < 2, "white" if here else "rule", 15 if here else 11)


def _no_tile(cv: Canvas, view: CMView, box: tuple[int, int, int, int]) -> None:
    """An empty place: the state won has left; who picks the one that replaces it, if anyone is."""
    cv.rect(box, fill="paper", outline="rule", width=2, radius=12)
    picker = next((p.seat for p in view.pending if p.kind == "enter"), None)
    text = f"{side_name(picker)} picks the next state" if picker else "no state here"
    cv.text((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, text, F_BOLD if picker else F_TEXT, "muted", "paper", "mm")


def _tiles(cv: Canvas, view: CMView, y: int, marked: set[str]) -> int:
    tw = (W - 2 * PAD - TILE_GAP) // 2
    for k in range(4):
        r, c = divmod(k, 2)
        box = (PAD + c * (tw + TILE_GAP), y + r * (TILE_H + TILE_GAP), PAD + c * (tw + TILE_GAP) + tw,
               y + r * (TILE_H + TILE_GAP) + TILE_H)
        if k < len(view.in_play):
            _tile(cv, view.in_play[k], box, view.in_play[k].code in marked)
        else:
            _no_tile(cv, view, box)
    return y + 2 * TILE_H + TILE_GAP


def _legend(cv: Canvas, y: int) -> int:
    x = PAD
    for kind, words in (("O", "Obama"), ("M", "McCain"), ("U", "undecided")):
        _block(cv, kind, x, y + 4, 38)
        x += 46
        cv.text(x, y + 23, words, F_TEXT, "ink", "paper", "lm")
        x += advance(words, F_TEXT) + 26
    cv.rect((x, y + 4, x + 38, y + 42), fill="ink", radius=6)
    _triangle(cv, x + 19, y + 23, True, "white", 12)
    x += 48
    text = "issue marker: points to the major row"
    cv.text(x, y + 23, truncate(text, F_TEXT, W - PAD - x), F_TEXT, "ink", "paper", "lm")
    return y + LEGEND_H


# ------------------------------------------------------------------ cards, news, negative, pool


def _info_row(cv: Canvas, y: int, tag: str, seat: str | None, title: str, text: str, face: str | None = None) -> int:
    """A full-width row: a word tag, who (badge), the title in bold and the text below it (three lines at most)."""
    tag_w = 296
    lines = wrap(text, F_TEXT, W - 2 * PAD - tag_w - 14, INFO_LINES) if text else []
    h = INFO_H + max(0, len(lines) - 1) * LINE_H
    cv.rect((PAD, y + 4, W - PAD, y + h - 4), fill="white", outline="rule", width=2, radius=8)
    cv.text(PAD + 14, y + 30, tag, F_LABEL, "muted", "white", "lm")
    x = PAD + tag_w
    if face is not None:
        cv.rect((PAD + 14, y + 48, PAD + 58, y + 88), fill="white", outline="ink", width=3, radius=7)
        cv.text(PAD + 36, y + 68, face, F_BOLD, "ink", "white", "mm")
    if seat in SOLID:
        x = _badge(cv, seat, x, y + 12, 36) + 10
    cv.text(x, y + 30, truncate(title, F_BOLD, W - PAD - 14 - x), F_BOLD, "ink", "white", "lm")
    for k, line in enumerate(lines):
        cv.text(PAD + tag_w, y + 70 + k * LINE_H, line, F_TEXT, "ink", "white", "lm")
    return y + h


def effect_text(text: str) -> str:
    """A card's text without its opening sentence of flavour, when it has more than one sentence."""
    parts = _SENTENCE.split(text, maxsplit=1)
    return parts[1] if len(parts) == 2 and parts[1] else text


def _cards(cv: Canvas, view: CMView, y: int) -> int:
    if view.played is not None:
        p: CardView = view.played
        cost = f" (cost: {p.cost})" if p.cost else ""
        y = _info_row(cv, y, "PLAYING NOW", p.side, f"{p.id} {p.title}{cost}", effect_text(p.text))
    if view.media is not None:
        owner = view.media_owner
        y = _info_row(cv, y, "MEDIA SUPPORT", owner, f"{view.media.title} — {side_name(owner)}'s",
                      f"{side_name(owner)} chooses the state each Breaking News hits")
    else:
        y = _info_row(cv, y, "MEDIA SUPPORT", None, "none on the table",
                      "Breaking News hits the state that replaces the state won")
    news_tag = f"NEWS ({view.news_left} left)"
    if view.last_news is not None:
        y = _info_row(cv, y, news_tag, None, view.last_news.title, effect_text(view.last_news.text))
    else:
        y = _info_row(cv, y, news_tag, None, "no Breaking News yet", "")
    if view.last_negative:
        face, title, text, roller = negative_parts(view)
        who = f" — {side_name(roller)} went negative" if roller else ""
        y = _info_row(cv, y, "NEGATIVE", None, f"rolled {face}: {title}{who}", effect_text(text), face)
    return y


def _pool(cv: Canvas, view: CMView, y: int) -> int:
    cv.text(PAD, y + 24, f"State pool ({len(view.pool)}) — by the colour of the back:", F_LABEL, "ink", "paper", "lm")
    y += 48
    for seat in SEATS:
        codes = [p for p in view.pool if p.back == seat]
        x = _badge(cv, seat, PAD, y + 6, 38) + 8
        label = f"{NAMES[seat]} back"
        cv.text(x, y + 25, label, F_LABEL, "ink", "paper", "lm")
        x = PAD + 250
        if not codes:
            cv.text(x, y + 25, "none left", F_TEXT, "muted", "paper", "lm")
        for i, p in enumerate(codes):
            text = f"{p.code} {p.ev}"
            if x + advance(text, F_LABEL) + 16 > W - PAD - 60 and i < len(codes) - 1:
                cv.text(x, y + 25, f"+{len(codes) - i}", F_LABEL, "ink", "paper", "lm")
                break
            x = _chip(cv, x, y + 6, text, LEAN[seat], "ink") + 8
        y += POOL_H
    return y


# ------------------------------------------------------------------ before play


def _setup(cv: Canvas, view: CMView, y: int) -> int:
    """The draft's progress, or who has sealed their starting states, in place of the states."""
    h = SETUP_H
    cv.rect((PAD, y, W - PAD, y + h), fill="white", outline="ink", width=2, radius=12)
    title = "Draft in progress" if view.phase == "draft" else "Picking starting states"
    cv.text(W / 2, y + 60, title, F_BIG, "ink", "white", "mm")
    if view.phase == "draft":
        note = "Each side looks at 3 of its 45 cards at a time, keeps 1 and puts 2 out of the game, unseen."
    else:
        note = f"Each side secretly picks {START_PICKS} states of its back colour; they are revealed together."
    for k, line in enumerate(wrap(note, F_TEXT, W - 4 * PAD - 40, 2)):
        cv.text(W / 2, y + 118 + k * 36, line, F_TEXT, "muted", "white", "mm")
    pending = {p.seat for p in view.pending}
    yy = y + 200
    for seat in SEATS:
        s = view.sides[seat]
        x = _badge(cv, seat, PAD + 40, yy, 56) + 18
        cv.text(x, yy + 28, s.name, F_HEAD, "ink", "white", "lm")
        x = PAD + 340
        if view.phase == "draft":
            cell = 50
            for i in range(DECK):
                kept = i < s.drafted
                cv.rect((x + i * cell, yy + 4, x + i * cell + cell - 8, yy + 52), fill=SOLID[seat] if kept else "bar",
                        outline="ink", width=2, radius=5)
            words = f"{s.drafted} of {DECK} cards kept" + ("" if seat in pending else " — done")
            cv.text(x + DECK * cell + 10, yy + 28, truncate(words, F_BOLD, W - 2 * PAD - x - DECK * cell - 10), F_BOLD,
                    "ink", "white", "lm")
        elif s.sealed:
            digest = view.commitments.get(seat)
            x = _tag(cv, x, yy + 9, "SEALED", SOLID[seat]) + 16
            cv.text(x, yy + 28, "picked and sealed" + (f" (seal {digest[:8]})" if digest else ""), F_BOLD, "ink",
                    "white", "lm")
        else:
            cv.text(x, yy + 28, f"choosing {START_PICKS} starting states…", F_BOLD, "ink", "white", "lm")
        yy += 110
    return y + h


# ------------------------------------------------------------------ alt text


def issue_marker_words(t: TileView) -> str:
    """Where the issue marker stands on the track beside the rows, as the arrows say: spaces 1–2 point up to the
    Defense row, 3–4 down to the Economy row."""
    side = "up to Defense" if t.issue < ISSUE_SPACES // 2 else "down to Economy"
    return f"issue marker on space {t.issue + 1} of {ISSUE_SPACES}, pointing {side}"


def _tile_alt(t: TileView, marked: bool, detail: int = 2) -> str:
    """A state in play, top to bottom as its tile draws it: detail 2 all of it (both groups, both rows, the issue
    marker), 1 its key group and rows, 0 its name."""
    changed = "; changed by the last turn" if marked else ""
    if detail == 0:
        return f"{t.name} ({t.code}, {t.ev} EV{', changed' if marked else ''})"

    def row(issue: str, row_: RowView, word: str) -> str:
        return f"{issue.capitalize()}{word} ({'major' if t.major == issue else 'minor'}) {row_words(row_)}"

    if detail == 1:
        return (f"{t.name} ({t.code}, {t.ev} EV), key group {t.key}: {row('defense', t.defense, '')}, "
                f"{row('economy', t.economy, '')}{changed}.")
    return (f"{t.name} ({t.code}, {t.ev} EV): key group {t.key}, other group {t.other_group}; "
            f"{row('defense', t.defense, ' row')}, {row('economy', t.economy, ' row')}; {issue_marker_words(t)}"
            f"{changed}.")


def alt_text(view: CMView, marked: set[str]) -> str:
    """The table in words, at most 1,024 characters (render/alttext.py): the headline and result, both sides'
    scores (with the states won, or how many) and the draft first; then the states in play (as drawn, or their rows,
    or their names), the card being played, Media Support, the news, Going Negative and the pool as far as they
    fit."""
    parts: list[Part] = [f"Campaign Manager 2008: {headline(view).replace(' · ', '; ')}."]
    if view.reason:
        parts.append(sentence(view.reason))
    lead = leader(view)
    sides = []
    for detail in (1, 0):
        words = []
        for seat in SEATS:
            s = view.sides[seat]
            won = (", ".join(f"{c} {state_ev(c, view)}" for c in s.won) or "none") if detail else str(len(s.won))
            words.append(f"{s.name} ({LETTER[seat]}, {'blue' if seat == 'OBA' else 'red'}) {s.score} of {view.target} EV"
                         + (", leads" if lead == seat and view.phase == "play" else "")
                         + f"; states won: {won}; hand {s.hand_size}, deck {s.deck_size}, discard {len(s.discard)}.")
        sides.append(" ".join(words))
    parts.append(tuple(sides))
    if view.phase == "draft":
        parts.append("Draft: " + ", ".join(f"{view.sides[s].name} kept {view.sides[s].drafted} of {DECK}" for s in SEATS)
                     + ".")
    elif view.phase == "states":
        parts.append("Starting states: " + ", ".join(
            f"{view.sides[s].name} {'sealed' if view.sides[s].sealed else 'choosing'}" for s in SEATS) + ".")
    if view.in_play:
        head = "States in play, rows counted as O Obama, M McCain, U undecided: "
        levels = [lambda t: 2, lambda t: 2 if t.code in marked else 1, lambda t: 1]  # all as drawn, the changed …
        parts.append(tuple(head + " ".join(_tile_alt(t, t.code in marked, level(t)) for t in view.in_play)
                           for level in levels)
                     + ("States in play: " + and_list([_tile_alt(t, t.code in marked, 0) for t in view.in_play]) + ".",))
    if view.played is not None:
        p = view.played
        parts.append((sentence(f"Playing now: {p.id} {p.title} — {p.text}"), f"Playing now: {p.id} {p.title}."))
    if view.media is not None:
        parts.append(f"Media Support: {view.media.title}, owned by {side_name(view.media_owner)}.")
    if view.last_news is not None:
        n = view.last_news
        parts.append((sentence(f"Last Breaking News ({view.news_left} left): {n.title} — {n.text}"),
                      f"Last Breaking News ({view.news_left} left): {n.title}."))
    if view.last_negative:
        face, title, text, roller = negative_parts(view)
        who = f" by {side_name(roller)}" if roller else ""
        parts.append((sentence(f"Last Going Negative roll{who}: {face}, {title}" + (f" — {text}" if text else "")),
                      f"Last Going Negative roll{who}: {face}, {title}."))
    if view.pool:
        parts.append(("State pool: " + "; ".join(
            f"{NAMES[seat]} back " + (", ".join(f"{p.code} {p.ev}" for p in view.pool if p.back == seat) or "none")
            for seat in SEATS) + ".", f"State pool: {len(view.pool)} states.", ""))
    return fit(parts)


# ------------------------------------------------------------------ compose


def render_campaign_manager_2008(view: CMView, highlight: Iterable[str] | None = None) -> Rendered:
    """Draw a public Campaign Manager 2008 view. `highlight`: codes of the states in play to outline (the
    last turn's); default the view's own `changed`.

    Raises TypeError for anything but a CMView and ValueError for a seat's (private) view."""
    view = public_view(view, CMView, view.me.seat if getattr(view, "me", None) is not None else None)
    marked = set(view.changed if highlight is None else highlight)
    playing = view.phase in ("play", "over")
    rows = 2 + (view.played is not None) + bool(view.last_negative)
    height = (STATUS_H + 6 + 4 + LADDER_TOP + 2 * SIDE_H + 12 + PAD
              + (2 * TILE_H + TILE_GAP + 4 + LEGEND_H + rows * (INFO_H + (INFO_LINES - 1) * LINE_H) + 8 + 48 + 2 * POOL_H if playing else SETUP_H))
    im = Image.new("P", (W, height), LAYOUT.index["paper"])
    cv = Canvas(LAYOUT, im, COLOURS)
    y = _status(cv, view, 0)
    y = _ladder(cv, view, y + 4, marked) + 12
    if playing:
        y = _tiles(cv, view, y, marked) + 4
        y = _legend(cv, y)
        y = _cards(cv, view, y) + 8
        y = _pool(cv, view, y)
    else:
        y = _setup(cv, view, y)
    if y + PAD < height:  # the status line of a game in play is 6 px shorter than at the end
        height = y + PAD
        im = im.crop((0, 0, W, height))
    palette = LAYOUT.palette(COLOURS)
    return Rendered(encode_p(im, palette, zlib.Z_DEFAULT_STRATEGY), alt_text(view, marked), W, height)

