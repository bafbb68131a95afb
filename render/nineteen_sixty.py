"""The 1960: The Making of the President table picture, drawn from a public `NSView` only (never the full state).

One 1600 px wide palette PNG, laid out for a phone showing it 400 px wide (every word at 26 px or more,
6.5 px on the phone; every colour cue has a letter or a word beside it: K Kennedy blue, N Nixon red):
- the electoral-vote bar (EV led, or the final tally) against 269 and the key (render/nineteen_sixty_top.py),
  then the state board: the states as boxes grouped by region, each in its leader's colour (solid when
  carried, 4+ cubes; light when only led) with its support in 80-px type ("K2", 14 px on a phone), candidate
  tokens (pins), home states (houses), at the end a cross on a state whose votes went to nobody, and the
  states the last post changed framed (render/nineteen_sixty_states.py);
- below it a status line (turn x of 9, phase, who is to play, who holds the initiative and who starts),
  a panel per candidate (EV led, momentum, cubes in the bag, hand, Campaign Strategy cards face down,
  cubes at rest, candidate card ready or exhausted, token, VP card), the Issues Track with its leaders,
  the four regions (media, endorsements, states led), the card being played and the last bag draw, and the
  events lying in play (Debate, Election Day, prevention, this turn's effects);
- on turn 6 the debate board in place of the Issues Track: the three issues with each side's cards and
  CP, the totals, who won each, the next reward and who is placing cubes;
- at the end a banner with the winner (or the draw) and the reason, and the final tally.

Everything is drawn in the usmap Layout and colours into one palette image, encoded once; the two sides leave
its third party colour unused, so that slot carries the highlight colour (a changed state, region, issue or
panel). The map view (render.mapview) still says the states in words (render.usmap.map_alt) and draws the
turn's close-up (render.closeup).
Only `engine.nineteen_sixty.views` is imported from the engine (the render layering rule).
"""
from __future__ import annotations

from typing import Iterable

from PIL import Image

from engine.nineteen_sixty.views import CardView, DebateIssueView, NSView, SideView
from render.canvas import Canvas, Font, advance, encode_p_within, fit_font, font, truncate, wrap
from render.closeup import render_turn_closeup
from render.types import Rendered
from render import nineteen_sixty_states as board
from render import nineteen_sixty_top as board_top
from render.nineteen_sixty_words import (EVENTS_SHOWN, LETTER, ORDINAL, SEATS, _split_changed,
                                         board_alt, card_label, event_body, events_in_play, headline,
                                         map_view, pill_text, play_words, seat_of, side_name)
from render.usmap import LAYOUT, board_colours
from render.widgets import public_view

W = 1600
PAD = 14
# usmap's palette names: party 0 is Kennedy (blue), party 1 Nixon (red); "p0l"/"p1l" their light tones
SOLID = {"KEN": "p0", "NIX": "p1"}
LEAN = {"KEN": "p0l", "NIX": "p1l"}
HL = "p2"  # the unused third party slot, recoloured as the highlight (the map's two parties never use it)
HL_RGB = (196, 120, 0)
REGION_ORDER = ("E", "MW", "S", "W")

F_HEAD = font(38)
F_TITLE = font(32)
F_BOLD = font(28)
F_LABEL = font(26)
F_TEXT = font(28, False)
F_NUM = font(44)

STATUS_H = 66
SIDE_H = 208
VP_LINE = 42  # the VP card's line in a side's panel (option vp=on)
TRACK_H = 112
REGION_H = 152  # the name, then two rows of counts
LINE_H = 36
ISSUE_H = 84  # a Debates issue's row with a row of cards: its name, and under it who won it
EVENT_LINES = 2


# ------------------------------------------------------------------ small pieces


def _badge(cv: Canvas, seat: str, x: float, y: float, d: int = 40) -> float:
    """The side's letter in a disc of its colour; returns the right edge."""
    cv.ellipse((x, y, x + d, y + d), fill=SOLID[seat], outline="ink", width=2)
    cv.text(x + d / 2, y + d / 2, LETTER[seat], F_LABEL if d < 46 else F_BOLD, "white", SOLID[seat], "mm")
    return x + d


def _tag(cv: Canvas, x: float, y: float, text: str, bg: str = "ink", fg: str = "white", f: Font = F_LABEL,
         h: int = 38, right: bool = False) -> float:
    """A filled word tag ("INITIATIVE", "WON"); returns its far edge (the left edge when `right`)."""
    w = advance(text, f) + 18
    x0 = x - w if right else x
    cv.rect((x0, y, x0 + w, y + h), fill=bg, radius=7)
    cv.text(x0 + w / 2, y + h / 2, text, f, fg, bg, "mm")
    return x0 if right else x0 + w


def _count(cv: Canvas, x: float, y: float, seat: str | None, n: int, h: int = 40, f: Font = F_BOLD) -> float:
    """A side's count as a pill in its colour with its letter ("K3"); a dash on grey when nobody has any."""
    text = pill_text(seat, n)
    bg, fg = (SOLID[seat], "white") if text != "—" else ("bar_empty", "ink")
    w = advance(text, f) + 18
    cv.rect((x, y, x + w, y + h), fill=bg, outline="ink", width=2, radius=7)
    cv.text(x + w / 2, y + h / 2, text, f, fg, bg, "mm")
    return x + w


def _box(cv: Canvas, box, marked: bool, fill: str = "white") -> None:
    if marked:  # changed by the last post: a thick frame in the highlight colour
        cv.rect((box[0] - 5, box[1] - 5, box[2] + 5, box[3] + 5), fill=HL, radius=12)
    cv.rect(box, fill=fill, outline="ink", width=2, radius=9)


# ------------------------------------------------------------------ status, sides


def _status(cv: Canvas, view: NSView, y: int) -> int:
    if view.phase == "over":
        bg = SOLID[view.winner] if view.winner in SOLID and not view.draw else "ink"
        cv.rect((0, y, W, y + STATUS_H + 4), fill=bg)
        x = PAD
        if view.winner in SOLID and not view.draw:
            x = _badge(cv, view.winner, PAD, y + 10, 48) + 14
            cv.ellipse((PAD, y + 10, PAD + 48, y + 58), outline="white", width=3)
        text = headline(view) + " electoral votes"
        f = fit_font(text, W - x - PAD, F_HEAD.size, True, 26)
        cv.text(x, y + STATUS_H / 2 + 2, truncate(text, f, W - x - PAD), f, "white", bg, "lm")
        return y + STATUS_H + 4
    x = PAD
    deciding = view.pending[0].seat if len(view.pending) == 1 else view.to_play  # whom the table waits for
    if deciding in SOLID:
        x = _badge(cv, deciding, PAD, y + 11, 44) + 12
    counts = f"deck {view.deck_size} · discard {view.discard_size}"
    right = W - PAD - advance(counts, F_TEXT)
    cv.text(W - PAD, y + STATUS_H / 2, counts, F_TEXT, "muted", "paper", "rm")
    text = headline(view)
    f = fit_font(text, right - x - 20, F_HEAD.size, True, 26)
    cv.text(x, y + STATUS_H / 2, truncate(text, f, right - x - 20), f, "ink", "paper", "lm")
    return y + STATUS_H


def _stat(cv: Canvas, x: float, y: float, w: float, value: str, label: str, marked: bool = False) -> None:
    box = (x, y, x + w, y + 84)
    _box(cv, box, marked, "tie_base")
    cv.text(x + w / 2, y + 30, value, F_NUM, "ink", "tie_base", "mm")
    f = fit_font(label, int(w - 6), F_LABEL.size, True, 22)
    cv.text(x + w / 2, y + 66, label, f, "ink", "tie_base", "mm")


def _side(cv: Canvas, view: NSView, seat: str, box: tuple[int, int, int, int], other: set[str]) -> None:
    s: SideView = view.sides[seat]
    x0, y0, x1, y1 = box
    now = view.to_play == seat or (view.phase == "over" and view.winner == seat)
    cv.rect(box, fill="white", outline=SOLID[seat] if now else "ink", width=6 if now else 2, radius=10)
    x = _badge(cv, seat, x0 + 12, y0 + 10, 44) + 10
    cv.text(x, y0 + 32, s.name, F_TITLE, "ink", "white", "lm")
    right = x1 - 12
    tags = []
    if view.phase == "over":
        tags.append(("WINS", SOLID[seat]) if view.winner == seat else ("DRAW", "ink") if view.draw else None)
    else:
        if view.to_play == seat:
            tags.append(("TO PLAY", SOLID[seat]))
        if view.initiative == seat:
            tags.append(("INITIATIVE", "ink"))
        if view.starter == seat and view.phase == "activity":
            tags.append(("STARTS", "muted"))
    for t in tags:
        if t is not None:
            right = _tag(cv, right, y0 + 13, t[0], t[1], right=True) - 8
    # the numbers, one tile each
    vote = view.votes.get(seat, 0) if view.phase == "over" and view.votes else s.ev_led
    stats = [(str(vote), "EV" if view.phase == "over" else "EV led", "tally" in other),
             (str(s.momentum), "momentum", False), (str(s.bag), "in bag", "bag" in other),
             (str(s.hand_size), "hand", False), (str(s.strategy_size), "strategy", False), (str(s.rest), "rest", False)]
    # each tile as wide as its label needs ("momentum" at 26 px), the room left shared out evenly
    gap = 8
    need = [max(advance(label, F_LABEL), advance(value, F_NUM)) + 14 for value, label, _ in stats]
    spare = max(0.0, (x1 - x0 - 24 - gap * (len(stats) - 1) - sum(need)) / len(stats))
    x = x0 + 12
    for (value, label, m), w in zip(stats, need):
        _stat(cv, x, y0 + 60, w + spare, value, label, m)
        x += w + spare + gap
    # the candidate card, the token, the VP card
    ready = s.candidate == "active"
    y = y0 + 168
    cand_marked = f"candidate:{s.side}" in other
    x = _tag(cv, x0 + 12, y - 19, "CANDIDATE READY" if ready else "CANDIDATE EXHAUSTED",
             SOLID[seat] if ready else "bar_empty", "white" if ready else "ink")
    if cand_marked:
        cv.rect((x0 + 8, y - 23, x + 4, y + 23), outline=HL, width=4, radius=9)
    cv.text(x + 14, y, truncate(f"token in {s.token}", F_TEXT, x1 - 12 - x - 14), F_TEXT, "ink", "white", "lm")
    if s.vp_card is not None:  # its own line: a running mate's name does not fit beside the tag
        words = f"VP card: {s.vp_card.name} ({s.vp_card.cp} CP)"
        cv.text(x0 + 14, y + 44, truncate(words, F_TEXT, x1 - x0 - 28), F_TEXT, "ink", "white", "lm")


def _side_h(view: NSView) -> int:
    return SIDE_H + (VP_LINE if any(s.vp_card is not None for s in view.sides.values()) else 0)


def _sides(cv: Canvas, view: NSView, y: int, other: set[str]) -> int:
    gap = 14
    w = (W - 2 * PAD - gap) // 2
    h = _side_h(view)
    for k, seat in enumerate(SEATS):
        x0 = PAD + k * (w + gap)
        _side(cv, view, seat, (x0, y, x0 + w, y + h - 12), other)
    return y + h


# ------------------------------------------------------------------ issues track, regions


def _track(cv: Canvas, view: NSView, y: int, other: set[str]) -> int:
    """The Issues Track: its name and what its order means beside its three tiles, on one row."""
    head_w = max(advance("Issues Track", F_LABEL), advance("1st gives most", F_LABEL)) + 8
    cv.text(PAD, y + 26, "Issues Track", F_LABEL, "ink", "paper", "lm")
    cv.text(PAD, y + 62, "1st gives most", F_LABEL, "muted", "paper", "lm")
    gap = 14
    w = (W - 2 * PAD - head_w - 3 * gap) / 3
    by_slot = {i.slot: i for i in view.track}
    for slot in (1, 2, 3):
        x0 = PAD + head_w + gap + (slot - 1) * (w + gap)
        box = (x0, y, x0 + w, y + TRACK_H - 18)
        i = by_slot.get(slot)
        if i is None:
            _box(cv, box, False, "bar_empty")
            cv.text(x0 + 16, y + 47, f"{ORDINAL[slot]}: tile out", F_BOLD, "ink", "bar_empty", "lm")
            continue
        leader = seat_of(i.leader)
        fill = LEAN[leader] if leader else "white"
        _box(cv, box, f"issues:{i.id}" in other or "track" in other, fill)
        pill_w = advance(pill_text(leader, i.cubes), F_BOLD) + 18
        name = truncate(f"{ORDINAL[slot]} {i.name}", F_BOLD, int(w - pill_w - 40))
        cv.text(x0 + 16, y + 47, name, F_BOLD, "ink", fill, "lm")
        _count(cv, x0 + w - 16 - pill_w, y + 27, leader, i.cubes)
    return y + TRACK_H - 4


def _regions(cv: Canvas, view: NSView, y: int, other: set[str]) -> int:
    gap = 12
    w = (W - 2 * PAD - 3 * gap) / 4
    by_id = {r.id: r for r in view.regions}
    for k, rid in enumerate(REGION_ORDER):
        r = by_id.get(rid)
        if r is None:
            continue
        x0 = PAD + k * (w + gap)
        box = (x0, y, x0 + w, y + REGION_H - 14)
        _box(cv, box, False)  # a changed media or endorsement count is framed on its own row
        cv.text(x0 + 14, y + 28, f"{r.name} {r.ev} EV", fit_font(f"{r.name} {r.ev} EV", int(w - 28), F_BOLD.size),
                "ink", "white", "lm")
        # media and endorsements share a row (one count each), the states led have the next
        pill_x = x0 + 24 + advance("media", F_TEXT)
        x = x0 + 14
        for label, counts, m, yy in (
                ("media", [(seat_of(r.media_leader), r.media)], f"media:{rid}" in other, y + 52),
                ("endorse", [(seat_of(r.endorsement_leader), r.endorsements)], f"endorsements:{rid}" in other, y + 52),
                ("led", [(s, r.states_led.get(LETTER[s], 0)) for s in SEATS], False, y + 96)):
            lx = x0 + 14 if label == "led" else x
            cv.text(lx, yy + 20, label, F_TEXT, "ink", "white", "lm")
            x = pill_x if label != "endorse" else lx + advance(label, F_TEXT) + 8
            for seat, n in counts:
                x = _count(cv, x, yy, seat if n else None, n) + 8
            if m:
                cv.rect((lx - 6, yy - 3, x - 2, yy + 43), outline=HL, width=4, radius=8)
            x += 10
    return y + REGION_H


# ------------------------------------------------------------------ play, draws, events


def _line_row(cv: Canvas, y: int, tag: str, text: str, seat: str | None = None, h: int = 56) -> int:
    cv.rect((PAD, y, W - PAD, y + h - 8), fill="white", outline="ink", width=2, radius=8)
    x = _tag(cv, PAD + 10, y + (h - 8 - 38) / 2, tag, "ink") + 12
    if seat in SOLID:
        x = _badge(cv, seat, x, y + (h - 8 - 36) / 2, 36) + 10
    cv.text(x, y + (h - 8) / 2, truncate(text, F_BOLD, W - PAD - 12 - x), F_BOLD, "ink", "white", "lm")
    return y + h


def _draws(cv: Canvas, view: NSView, y: int) -> int:
    """The last bag draw: the words and each cube as a square in its colour with its letter (B blue, R red)."""
    line = view.last_draws[-1] if view.last_draws else ""
    cv.rect((PAD, y, W - PAD, y + 56 - 8), fill="white", outline="ink", width=2, radius=8)
    x = _tag(cv, PAD + 10, y + 5, "LAST DRAW", "ink") + 14
    if not line:
        cv.text(x, y + 24, "no cube drawn yet", F_TEXT, "muted", "white", "lm")
        return y + 56
    words, _, cubes = line.rpartition(": ")
    if not words or not cubes or set(cubes) - {"B", "R"}:
        words, cubes = line, ""
    room = W - PAD - 12 - x - len(cubes) * 40
    words = truncate(words + (":" if cubes else ""), F_BOLD, room)
    cv.text(x, y + 24, words, F_BOLD, "ink", "white", "lm")
    x += advance(words, F_BOLD) + 12
    for ch in cubes:
        seat = "KEN" if ch == "B" else "NIX"
        cv.rect((x, y + 8, x + 32, y + 40), fill=SOLID[seat], outline="ink", width=2)
        cv.text(x + 16, y + 24, ch, F_LABEL, "white", SOLID[seat], "mm")
        x += 38
    return y + 56


def _run_on(text: str, first: int, width: int, max_lines: int) -> list[str]:
    """`text` in F_TEXT lines, the first `first` px wide (after a title; empty when nothing fits there), the
    others `width`; the last line ends in "…" when the text goes on."""
    lines, cur, room = [], "", first
    for w in text.split():
        cand = f"{cur} {w}".strip()
        if advance(cand, F_TEXT) <= room:
            cur = cand
            continue
        lines.append(cur)
        cur, room = w, width
    lines.append(cur)
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [truncate(" ".join(lines[max_lines - 1:]), F_TEXT, width)]
    return lines


def _events(cv: Canvas, view: NSView, y: int, other: set[str]) -> int:
    rows = events_in_play(view)
    marked = bool({"persistent", "effects"} & other)
    head = "Events in play" + (f" ({len(rows)})" if rows else ": none")
    cv.text(PAD, y + 20, head, F_LABEL, "ink", "paper", "lm")
    if marked and rows:
        _tag(cv, W - PAD, y + 1, "CHANGED", HL, right=True)
    y += 40
    tag_w = 250
    for k, (tag, e) in enumerate(rows[:EVENTS_SHOWN]):
        if k == EVENTS_SHOWN - 1 and len(rows) > EVENTS_SHOWN:
            cv.text(PAD + 10, y + 22, f"+{len(rows) - k} more (listed in the alt text)", F_TEXT, "muted", "paper", "lm")
            y += 44
            break
        seat = seat_of(e.owner)
        x = PAD + tag_w
        title = truncate(f"{card_label(e.card)} ({e.card.cp} CP)", F_BOLD, W - PAD - 14 - x - 46)
        # the effect runs on after the title (a line saved on most events), then under it
        text_x = x + (46 if seat in SOLID else 0) + advance(title, F_BOLD) + 14
        lines = _run_on(event_body(tag, e.card.text), W - PAD - 14 - text_x, W - PAD - 14 - x, EVENT_LINES)
        n = max(len(lines), 2 if tag == "THIS TURN" else 1)
        h = 48 + LINE_H * (n - 1) + 8
        cv.rect((PAD, y, W - PAD, y + h - 8), fill="white", outline="ink", width=2, radius=8)
        f = fit_font(tag, tag_w - 24, F_LABEL.size, True, 20)
        cv.text(PAD + 12, y + 24, tag, f, "muted", "white", "lm")
        if tag == "THIS TURN":
            cv.text(PAD + 12, y + 24 + LINE_H, f"on {side_name(seat)}", F_LABEL, "muted", "white", "lm")
        if seat in SOLID:
            x = _badge(cv, seat, x, y + 6, 36) + 10
        cv.text(x, y + 24, title, F_BOLD, "ink", "white", "lm")
        for i, line in enumerate(lines):
            cv.text(text_x if i == 0 else PAD + tag_w, y + 24 + i * LINE_H, line, F_TEXT, "ink", "white", "lm")
        y += h
    return y


# ------------------------------------------------------------------ the debates


def _debate(cv: Canvas, view: NSView, y: int, other: set[str]) -> int:
    d = view.debate
    assert d is not None
    reward = f"next issue won: {d.next_reward} cubes" if d.next_reward else "all rewards given"
    head = f"The Debates — round {d.round} · {d.awarded} of 3 issues won · {reward}"
    f = fit_font(head, W - 2 * PAD, F_TITLE.size, True, 26)
    cv.text(PAD, y + 22, truncate(head, f, W - 2 * PAD), f, "ink", "paper", "lm")
    y += 44
    if d.placing:
        seat = d.placing.split()[0]
        y = _line_row(cv, y, "PLACING", d.placing.replace(seat, side_name(seat), 1) + " cubes anywhere",
                      seat if seat in SOLID else None)
    if d.revealed:
        text = " · ".join(f"{side_name(seat_of(s))}: {card_label(c)} ({c.cp} CP, {c.debate_issue.replace('_', ' ')})"
                          for s, c in d.revealed.items())
        y = _line_row(cv, y, "REVEALED", text)
    for issue in sorted(d.issues, key=lambda i: i.slot):
        y = _debate_issue(cv, issue, y, "debate" in other)
    return y


def chip_text(card: CardView) -> str:
    return f"{card.cp} CP · {card.name}"


def _card_chip(cv: Canvas, card: CardView, seat: str, x: float, y: float, room: float) -> float:
    text = truncate(chip_text(card), F_LABEL, int(room - 16))
    w = advance(text, F_LABEL) + 16
    cv.rect((x, y, x + w, y + 40), fill=LEAN[seat], outline="ink", width=2, radius=6)
    cv.text(x + 8, y + 20, text, F_LABEL, "ink", LEAN[seat], "lm")
    return x + w


def _chip_rows(cards: list[CardView], room: float) -> int:
    """How many 40 px rows the chips of `cards` take in `room` px (one at least: "no card")."""
    rows, x = 1, 0.0
    for c in cards:
        w = min(room, advance(chip_text(c), F_LABEL) + 16)
        if x and x + w > room:
            rows, x = rows + 1, 0.0
        x += w + 8
    return rows


def _debate_issue(cv: Canvas, issue: DebateIssueView, y: int, marked: bool) -> int:
    name_w = 330
    half = (W - 2 * PAD - name_w - 24) / 2
    sides = (("KEN", issue.kennedy), ("NIX", issue.nixon))
    rows = max(_chip_rows(cards, half - 96) for _, cards in sides)
    h = max(ISSUE_H, 22 + rows * 48 + 10)  # the name over its WON tag, or the cards' rows
    won = seat_of(issue.won_by)
    box = (PAD, y, W - PAD, y + h - 10)
    _box(cv, box, marked and won is not None, LEAN[won] if won else "white")
    bg = LEAN[won] if won else "white"
    cv.text(PAD + 14, y + 22, f"{ORDINAL.get(issue.slot, issue.slot)} {issue.name}",
            fit_font(f"{ORDINAL.get(issue.slot, issue.slot)} {issue.name}", name_w - 24, F_BOLD.size), "ink", bg, "lm")
    if won:
        _tag(cv, PAD + 14, y + 40, f"WON: {side_name(won)}", SOLID[won], h=32)
    else:
        cv.text(PAD + 14, y + 56, "open", F_TEXT, "ink", bg, "lm")
    for k, (seat, cards) in enumerate(sides):
        x0 = PAD + name_w + k * (half + 12)
        total = issue.totals.get(LETTER[seat], 0)
        _count(cv, x0, y + 14, seat, total, h=46, f=F_TITLE) if total else _count(cv, x0, y + 14, None, 0, h=46)
        x, yy = x0 + 96, y + 12
        if not cards:
            cv.text(x, yy + 22, "no card", F_TEXT, "ink", bg, "lm")
        for c in cards:
            w = min(half - 96, advance(chip_text(c), F_LABEL) + 16)
            if x > x0 + 96 and x + w > x0 + half:
                x, yy = x0 + 96, yy + 48
            x = _card_chip(cv, c, seat, x, yy, half - 96) + 8
    return y + h


# ------------------------------------------------------------------ the end


def _tally(cv: Canvas, view: NSView, y: int) -> int:
    reason = view.reason or ""
    if view.unawarded:
        reason += (" · " if reason else "") + "unawarded: " + ", ".join(view.unawarded)
    lines = wrap(reason, F_TEXT, W - 2 * PAD - 32, 2) if reason else []
    h = 136 + LINE_H * len(lines)
    cv.rect((PAD, y, W - PAD, y + h - 12), fill="white", outline="ink", width=2, radius=10)
    cv.text(PAD + 16, y + 30, "Final tally", F_TITLE, "ink", "white", "lm")
    x = PAD + 16
    for seat in SEATS:
        x = _badge(cv, seat, x, y + 62, 50) + 12
        text = f"{side_name(seat)} {view.votes.get(seat, 0)}"
        cv.text(x, y + 88, text, F_NUM, "ink", "white", "lm")
        x += advance(text, F_NUM) + 40
    cv.text(x + 10, y + 88, f"of {view.ev_total} · {view.ev_to_win} to win", F_TEXT, "muted", "white", "lm")
    for k, line in enumerate(lines):
        cv.text(PAD + 16, y + 138 + k * LINE_H, line, F_TEXT, "ink", "white", "lm")
    return y + h


# ------------------------------------------------------------------ compose


def _band_height(view: NSView) -> int:
    """An upper bound of the band below the map; the image is cropped to what was drawn."""
    h = STATUS_H + 8 + _side_h(view) + 56 + 56 + 46 + EVENTS_SHOWN * (60 + LINE_H * EVENT_LINES) + 2 * PAD
    if view.phase == "over":
        h += 136 + 2 * LINE_H
    if view.debate is not None:
        h += 60 + 2 * 56 + 3 * (22 + 4 * 48 + 10)
    else:
        h += TRACK_H
    return h + REGION_H


def render_nineteen_sixty(view: NSView, highlight: Iterable[str] | None = None) -> Rendered:
    """Draw a public 1960 view. `highlight`: what the last post changed (state codes, "media:E", "issues:x" …);
    default the view's own `changed`.

    Raises TypeError for anything but an NSView and ValueError for a seat's (private) view."""
    view = public_view(view, NSView, view.me.seat if getattr(view, "me", None) is not None else None)
    marked, other = _split_changed(view, view.changed if highlight is None else highlight)
    mv = map_view(view, marked)
    regions = board.regions_of(mv, [(s.code, s.ev, s.region) for s in view.states],
                               [(rid, r.name, r.ev) for rid in REGION_ORDER for r in view.regions if r.id == rid])
    top_h = board_top.TOP_H + board.height(regions, W - 2 * PAD) + 12
    cols = {**board_colours(mv), HL: HL_RGB}  # the unused third party slot is the highlight
    height = top_h + _band_height(view)
    im = Image.new("P", (W, height), LAYOUT.index["paper"])
    cv = Canvas(LAYOUT, im, cols, None)
    y = board_top.draw(cv, mv, PAD, 4, W - 2 * PAD, sum(s.ev for s in view.states))
    labels = board.draw(cv, regions, PAD, y, W - 2 * PAD,
                        lambda m: board_top.marker_sprite(mv, m, board.MARK), HL)
    y = top_h
    cv.rect((0, y, W, y + 3), fill="ink")  # the state board's edge: the band below is the table's own
    y = _status(cv, view, y + 4) + 4
    if view.phase == "over":
        y = _tally(cv, view, y)
    y = _sides(cv, view, y, other)
    if view.debate is not None:
        y = _debate(cv, view, y, other)
    else:
        y = _track(cv, view, y, other)
    y = _regions(cv, view, y, other)
    if view.play is not None:
        y = _line_row(cv, y, "PLAYING", play_words(view), view.play.seat)
    y = _draws(cv, view, y)
    y = _events(cv, view, y, other) + PAD
    if y < height:
        height = y
        im = im.crop((0, 0, W, height))
    palette = LAYOUT.palette(cols, None)
    alt = board_alt(view, mv, other)
    # boxes and text from top to bottom: LZ77 finds their repeated glyphs (render/nineteen_sixty_top.py)
    return Rendered(encode_p_within(im, palette), alt, W, height, tuple(labels))


def closeup_nineteen_sixty(view: NSView, states: list[str], caption: str = "") -> Rendered:
    """A turn's close-up (render/closeup.py): the states it changed, enlarged for a phone, under its caption."""
    view = public_view(view, NSView, view.me.seat if getattr(view, "me", None) is not None else None)
    return render_turn_closeup(map_view(view, set(states)), states, caption)
