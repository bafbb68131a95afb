"""Campaign Manager 2008's board panels around the states in play: the status line, the electoral-vote race and
each side's line, the key, the cards on the table (titles only: the prompt carries their texts), the state pool
and, before play, the draft or the starting-state picks. Each panel draws from `y` and returns the y below it."""
from __future__ import annotations

import re

from engine.campaign_manager_2008.views import CMView
from render.campaign_manager_2008_tiles import (
    F_BOLD,
    F_TEXT,
    LEAN,
    PAD,
    SEATS,
    SOLID,
    TYPE,
    W,
    badge,
    block,
    chip,
    chip_width,
    side_name,
    state_ev,
    tag,
    triangle,
)
from render.canvas import Canvas, Font, advance, fit_font, font, truncate, wrap

DECK = 15  # cards in a drafted (or starter) deck: the draft's progress is "kept n of 15"
START_PICKS = 2
F_HEAD = font(TYPE + 6)
F_NAME = font(TYPE + 4)
F_SCORE = font(TYPE + 10)
LINE = 52  # a line of chips or words
CARD_LINE = 48  # a line of the cards panel
CHIP_LINES = 3  # a side's states won, or a back's states in the pool: then "+N"
WAITING = {"play": "to play", "action": "to play", "draft": "drafting", "states": "picking starting states",
           "cost": "paying the card's cost", "discard": "discarding", "state": "choosing a state",
           "issue": "choosing an issue", "toward": "choosing which way to shift", "enter": "picking the next state",
           "target": "naming the state the news hits", "order": "ordering the states won",
           "negative": "applying Going Negative"}
_ROLL = re.compile(r"^(?P<seat>\S+) rolled (?P<face>[0-9]+)")
_NEG = re.compile(r"^(?P<face>[0-9]+): (?P<title>.+?) — (?P<text>.*)$")


# ------------------------------------------------------------------ words shared with the alt text


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
    if view.active and (not words or any(p.seat != view.active for p in view.pending)):
        words.insert(0, f"{side_name(view.active)}'s turn")  # "Obama's turn" goes without saying when Obama acts
    return " · ".join(words)


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


# ------------------------------------------------------------------ status


def _lines(text: str, width: int, size: int) -> tuple[Font, list[str]]:
    """`text` on one line in the largest bold type from `size` down to TYPE, or wrapped on two lines at TYPE."""
    f = fit_font(text, width, size, True, TYPE)
    if advance(text, f) <= width:
        return f, [text]
    return F_BOLD, wrap(text, F_BOLD, width, 2)


def status(cv: Canvas, view: CMView, y: int) -> int:
    """Whose turn and what they are deciding, the draft's or picks' progress, or the result on the winner's
    colour."""
    text = headline(view)
    over = view.phase == "over"
    who = view.winner if over else view.active if view.phase == "play" else None
    x = PAD + (58 if who in SOLID else 0)
    f, lines = _lines(text, W - x - PAD, F_HEAD.size)
    h = 16 + len(lines) * f.line
    bg = "paper"
    if over:
        bg = SOLID.get(view.winner or "", "ink") if not view.draw else "ink"
        cv.rect((0, y, W, y + h), fill=bg)
    if who in SOLID:
        badge(cv, who, PAD, y + (h - 46) / 2, 46)
        if over:
            cv.ellipse((PAD, y + (h - 46) / 2, PAD + 46, y + (h + 46) / 2), outline="white", width=3)
    for k, line in enumerate(lines):
        cv.text(x, y + 8 + f.line * k + f.line / 2, line, f, "white" if over else "ink", bg, "lm")
    return y + h


# ------------------------------------------------------------------ the race and the sides


def race(cv: Canvas, view: CMView, y: int) -> int:
    """Both sides on one bar of every electoral vote: Obama's from the left, McCain's from the right, each its
    name and score on its start score (light), then the states it has won in the order won; between them the votes
    still to win, and each side's win line where its bar reaches the target."""
    # every electoral vote: the start scores and the states still out; before the states are dealt, 538 (the win
    # needs one more than half)
    total = max(2 * view.target - 2, sum(s.score for s in view.sides.values()) + sum(t.ev for t in view.in_play)
                + sum(p.ev for p in view.pool))
    scale = (W - 2 * PAD) / max(1, total)
    x0, x1 = PAD, W - PAD
    marks = (x0 + view.target * scale, x1 - view.target * scale)
    ends = [x0 + view.sides["OBA"].score * scale, x1 - view.sides["MCC"].score * scale]
    # the words on the win line inside the votes still to win, shorter when the room is short, or above the bar
    mid = sum(marks) / 2
    label = next((w for w in (f"{view.target} to win", str(view.target))
                  if mid - (advance(w, F_BOLD) + 20) / 2 >= ends[0] + 8
                  and mid + (advance(w, F_BOLD) + 20) / 2 <= ends[1] - 8), None)
    by0 = y if label is not None else y + 44
    by1 = by0 + 52
    if label is None:
        cv.text(mid, y + 20, f"{view.target} to win", F_BOLD, "ink", "paper", "mm")
    cv.rect((x0, by0, x1, by1), fill="bar")
    for seat, sign, edge in (("OBA", 1, x0), ("MCC", -1, x1)):
        s = view.sides[seat]
        at = edge + sign * (s.score - sum(state_ev(c, view) for c in s.won)) * scale
        cv.rect((min(edge, at), by0, max(edge, at), by1), fill=LEAN[seat])
        words = f"{s.name} {s.score}"
        f = fit_font(words, int(abs(at - edge)) - 24, F_HEAD.size, True, TYPE)
        cv.text(edge + sign * 12, (by0 + by1) / 2, words, f, "ink", LEAN[seat], "lm" if sign > 0 else "rm")
        for code in s.won:
            nxt = at + sign * state_ev(code, view) * scale
            cv.rect((min(at, nxt), by0, max(at, nxt), by1), fill=SOLID[seat])
            cv.line([(nxt, by0), (nxt, by1)], "white", 3)
            at = nxt
    cv.rect((x0, by0, x1, by1), outline="ink", width=2)
    for mark in marks:
        cv.line([(mark, by0 - (0 if label is not None else 6)), (mark, by1)], "ink", 4)
    if label is not None:
        tag(cv, mid - (advance(label, F_BOLD) + 16) / 2, by0 + 8, label, h=by1 - by0 - 16)
    return by1 + 14


def _counts(view: CMView, seat: str) -> list[str]:
    """A side's piles, the longest wording first."""
    s = view.sides[seat]
    return [f"Hand {s.hand_size} · Deck {s.deck_size} · Discard {len(s.discard)}",
            f"Hand {s.hand_size} · Deck {s.deck_size}"]


Item = tuple[str, str, str, str]  # ("chip", text, background, ink) or ("badge", seat, "", "")


def _flow(cv: Canvas, items: list[Item], x0: int, y: int, first_right: int = W - PAD, lines: int = CHIP_LINES,
          marked: set[str] | None = None) -> int:
    """Chips (and side badges) left to right from x0, the first line up to `first_right`, wrapping to full lines
    up to `lines` lines, then "+N" for the chips left over; returns the y below."""
    x, row, right = x0, 0, first_right
    chips_left = sum(1 for it in items if it[0] == "chip")
    for i, (kind, text, bg, fg) in enumerate(items):
        w = chip_width(text) if kind == "chip" else 50
        if x + w + (chip_width(items[i + 1][1]) if kind == "badge" and i + 1 < len(items) else 0) > right:
            row, x, right = row + 1, x0, W - PAD
        more = advance(f"+{chips_left}", F_BOLD) + 12 if chips_left > 1 else 0
        if row >= lines or (row == lines - 1 and x + w + more > right):
            cv.text(x, y + min(row, lines - 1) * LINE + 22, f"+{chips_left}", F_BOLD, "ink", "paper", "lm")
            row = min(row, lines - 1)
            break
        if kind == "badge":
            x = badge(cv, text, x, y + row * LINE, 44) + 6
            continue
        x = chip(cv, x, y + row * LINE, text, bg, fg, marked=marked is not None and text.split()[0] in marked) + 8
        chips_left -= 1
    return y + (row + 1) * LINE


def sides(cv: Canvas, view: CMView, y: int, marked: set[str], lines: int = CHIP_LINES) -> int:
    """Each side's line: its badge, LEADS / WINS / DRAW, the states it has won as chips in the order won (their
    votes are the bar's segments), wrapping under, and its hand, deck and discard counts at the right."""
    if view.phase not in ("play", "over"):  # the draft's and the picks' panel tells each side's progress
        return y
    lead = leader(view)
    for seat in SEATS:
        s = view.sides[seat]
        x = badge(cv, seat, PAD, y, 44) + 10
        word = "WINS" if view.winner == seat else "DRAW" if view.draw else \
            "LEADS" if lead == seat and view.phase == "play" else ""
        if word:
            x = tag(cv, x, y + 1, word, SOLID[seat] if word != "DRAW" else "ink") + 10
        counts = _counts(view, seat)
        text = next((c for c in counts if advance(c, F_TEXT) <= W - PAD - x - 180), counts[-1])
        cv.text(W - PAD, y + 22, text, F_TEXT, "ink", "paper", "rm")
        right = W - PAD - advance(text, F_TEXT) - 20
        if s.won:
            y = _flow(cv, [("chip", c, SOLID[seat], "white") for c in s.won], x, y, right, lines, marked)
        else:
            cv.text(x, y + 22, "no state won yet", F_TEXT, "muted", "paper", "lm")
            y += LINE
    return y


# ------------------------------------------------------------------ key, cards, pool


def key(cv: Canvas, y: int, marked: bool) -> int:
    """What the tiles' marks mean: an undecided voter block, the issue marker and, when a tile has it, the last
    turn's frame (the O and M blocks are the sides' badges)."""
    x = PAD
    block(cv, "U", x, y + 4, 42)
    cv.text(x + 50, y + 25, "undecided", F_TEXT, "ink", "paper", "lm")
    x += 50 + advance("undecided", F_TEXT) + 24
    cv.rect((x, y + 4, x + 42, y + 46), fill="ink", radius=6)
    triangle(cv, x + 21, y + 25, True, "white", 13)
    cv.text(x + 50, y + 25, "issue marker", F_TEXT, "ink", "paper", "lm")
    x += 50 + advance("issue marker", F_TEXT) + 24
    if marked:
        cv.rect((x, y + 4, x + 42, y + 46), fill="tile", outline="hl", width=8, radius=6)
        cv.text(x + 50, y + 25, "changed last turn", F_TEXT, "ink", "paper", "lm")
    return y + LINE


def _card_line(cv: Canvas, y: int, label: str, seat: str | None, title: str, face: str | None = None) -> int:
    """One thing on the table: its label, who it belongs to (badge) or the die's face, and its title in bold,
    wrapped on two lines at most."""
    x = PAD + 14
    cv.text(x, y + 24, label, F_TEXT, "muted", "white", "lm")
    x += advance(label, F_TEXT) + 12
    if face is not None:
        cv.rect((x, y + 3, x + 42, y + 45), fill="white", outline="ink", width=3, radius=7)
        cv.text(x + 21, y + 24, face, F_BOLD, "ink", "white", "mm")
        x += 54
    if seat in SOLID:
        x = badge(cv, seat, x, y + 2, 44) + 10
    room = W - PAD - 14 - x
    lines = [title] if advance(title, F_BOLD) <= room else wrap(title, F_BOLD, room, 2)
    for k, line in enumerate(lines):
        cv.text(x, y + 24 + k * F_BOLD.line, line, F_BOLD, "ink", "white", "lm")
    return y + CARD_LINE + (len(lines) - 1) * F_BOLD.line


def cards(cv: Canvas, view: CMView, y: int) -> int:
    """The card being played, Media Support and its owner, the last Breaking News (and how many are left) and the
    last Going Negative roll, in one panel."""
    top = y
    y += 4
    rows = []
    if view.played is not None:
        p = view.played
        rows.append(("Playing:", p.side, f"{p.id} {p.title}" + (f" ({p.cost})" if p.cost else ""), None))
    rows.append(("Media Support:", view.media_owner, view.media.title if view.media else "none on the table", None))
    rows.append((f"News ({view.news_left} left):", None, view.last_news.title if view.last_news else "none yet", None))
    if view.last_negative:
        face, title, _, roller = negative_parts(view)
        rows.append(("Going Negative:", roller, title, face))
    # the frame first: a row is one line unless its title wraps
    heights = [CARD_LINE + (0 if _fits(label, seat, title, face) else F_BOLD.line) for label, seat, title, face in rows]
    cv.rect((PAD, top, W - PAD, top + 8 + sum(heights)), fill="white", outline="rule", width=2, radius=8)
    for label, seat, title, face in rows:
        y = _card_line(cv, y, label, seat, title, face)
    return top + 8 + sum(heights)


def _fits(label: str, seat: str | None, title: str, face: str | None) -> bool:
    x = PAD + 14 + advance(label, F_TEXT) + 12 + (54 if face is not None else 0) + (54 if seat in SOLID else 0)
    return advance(title, F_BOLD) <= W - PAD - 14 - x


def pool(cv: Canvas, view: CMView, y: int, lines: int = CHIP_LINES) -> int:
    """The states still to come, by the colour of their backs: each back's badge, then its states as chips (code
    and EV)."""
    label = f"State pool ({len(view.pool)}):"
    cv.text(PAD, y + 22, label, F_TEXT, "ink", "paper", "lm")
    items: list[Item] = []
    for seat in SEATS:
        items.append(("badge", seat, "", ""))
        items += [("chip", f"{p.code} {p.ev}", LEAN[seat], "ink") for p in view.pool if p.back == seat]
    if not view.pool:
        cv.text(PAD + advance(label, F_TEXT) + 14, y + 22, "empty", F_TEXT, "muted", "paper", "lm")
        return y + LINE
    return _flow(cv, items, PAD + advance(label, F_TEXT) + 14, y, lines=lines)


# ------------------------------------------------------------------ before play


def setup(cv: Canvas, view: CMView, y: int) -> int:
    """The draft's progress (each side's kept cards of 15), or who has sealed their starting states."""
    top = y
    title = "Draft" if view.phase == "draft" else "Starting states"
    if view.phase == "draft":
        note = "Each side sees 3 of its 45 cards at a time, keeps 1 and puts 2 out of the game, unseen."
    else:
        note = f"Each side secretly picks {START_PICKS} states of its back colour; both are shown together."
    notes = wrap(note, F_TEXT, W - 4 * PAD - 20, 3)
    y += 70
    y_notes = y
    y += len(notes) * F_TEXT.line + 12
    pending = {p.seat for p in view.pending}
    rows_y = y
    y += 2 * 128
    cv.rect((PAD, top, W - PAD, y), fill="white", outline="ink", width=2, radius=12)
    cv.text(W / 2, top + 36, title, F_HEAD, "ink", "white", "mm")
    for k, line in enumerate(notes):
        cv.text(W / 2, y_notes + k * F_TEXT.line + F_TEXT.line / 2, line, F_TEXT, "muted", "white", "mm")
    for k, seat in enumerate(SEATS):
        _setup_side(cv, view, seat, rows_y + k * 128, seat in pending)
    return y


def _setup_side(cv: Canvas, view: CMView, seat: str, y: int, pending: bool) -> None:
    s = view.sides[seat]
    x = badge(cv, seat, PAD + 20, y, 46) + 12
    cv.text(x, y + 23, s.name, F_NAME, "ink", "white", "lm")
    x0 = x + advance(s.name, F_NAME) + 24
    if view.phase == "draft":
        words = f"{s.drafted} of {DECK} cards kept" + ("" if pending else " — done")
        cv.text(W - PAD - 20, y + 23, truncate(words, F_BOLD, W - PAD - 20 - x0), F_BOLD, "ink", "white", "rm")
        cell = (W - 2 * PAD - 40) / DECK
        for i in range(DECK):
            cx = PAD + 20 + i * cell
            cv.rect((cx, y + 58, cx + cell - 8, y + 104), fill=SOLID[seat] if i < s.drafted else "bar",
                    outline="ink", width=2, radius=5)
    elif s.sealed:
        digest = view.commitments.get(seat)
        x = tag(cv, PAD + 20, y + 58, "SEALED", SOLID[seat]) + 14
        words = "picked and sealed" + (f" (seal {digest[:8]})" if digest else "")
        cv.text(x, y + 79, truncate(words, F_BOLD, W - PAD - 20 - x), F_BOLD, "ink", "white", "lm")
    else:
        cv.text(PAD + 20, y + 79, f"choosing {START_PICKS} starting states…", F_BOLD, "ink", "white", "lm")
