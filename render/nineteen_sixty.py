"""The 1960: The Making of the President table picture, drawn from a public `NSView` only (never the full state).

One palette PNG W (1,000) px wide and at most 1.5 times as tall, laid out for a phone showing it 400 px wide: every
word's capitals are at least 10 px tall there (render.canvas.readable), and every colour cue has a letter or a word
beside it (K Kennedy blue, N Nixon red; render/nineteen_sixty_style.py). Top to bottom:
- the status line (turn x of 9, phase, who is to play), or at the end a banner with the winner or the draw, the
  reason and the states whose votes went to nobody;
- the electoral-vote bar (EV led, or the final tally) against 269 and the key (render/nineteen_sixty_top.py),
  then the state board: the states as boxes grouped by region, each in its leader's colour (solid when carried,
  4+ cubes; light when only led) with its support ("K2"), candidate tokens (pins), home states (houses), at the
  end a cross on a state whose votes went to nobody, and the states the last post changed framed
  (render/nineteen_sixty_states.py);
- a panel per candidate: initiative, who starts, momentum, cubes in the bag, hand, Campaign Strategy cards face
  down, cubes at rest, candidate card ready or exhausted, the VP card;
- the Issues Track and the four regions (media, endorsements, states led) — or, on turn 6, the Debates in their
  place (render/nineteen_sixty_debates.py);
- the card being played, the last bag draw (a support check or the initiative; not in the Debates, which draw
  none) with the deck and discard, and the events in play by name, as many as the height allows (the alt text
  has them all, with their effects).

Everything is drawn in the usmap Layout and colours into one palette image, encoded once; the two sides leave
its third party colour unused, so that slot carries the highlight colour (a changed state, region, issue or
panel). The map view (render.mapview) still says the states in words (render.usmap_alt.map_alt) and draws the
turn's close-up (render.closeup).
Only `engine.nineteen_sixty.views` is imported from the engine (the render layering rule).
"""
from __future__ import annotations

from typing import Callable, Iterable

from PIL import Image

from engine.nineteen_sixty.views import NSView, SideView
from render import nineteen_sixty_debates as debates
from render import nineteen_sixty_states as board
from render import nineteen_sixty_top as board_top
from render.canvas import Canvas, Font, advance, as_rgb, encode_p_within, truncate, wrap
from render.closeup import render_turn_closeup
from render.nineteen_sixty_style import (BADGE, F_BOLD, F_TEXT, F_TITLE, HL, HL_RGB, LEAN, PAD, ROW, SOLID, W,
                                         badge, box, count, count_w, line_row, tag)
from render.nineteen_sixty_words import (LETTER, ORDINAL, SEATS, _split_changed, board_alt, card_label,
                                         events_in_play, headline, map_view, play_words, seat_of, side_name)
from render.types import LabelBox, Rendered
from render.usmap_geometry import LAYOUT
from render.usmap_palette import board_colours
from render.widgets import public_view

MAX_H = 3 * W // 2  # a board is at most 1.5 times as tall as wide
TALL = 2 * W  # taller than any board, then cut
REGION_ORDER = ("E", "MW", "S", "W")
LABEL_W = 252  # the regions' label column ("endorsements")

# ------------------------------------------------------------------ status, sides


def _phrases(text: str, width: int, n: int) -> tuple[list[str], Font]:
    """`text` on one line `width` px wide in the first of F_TITLE, F_BOLD, F_TEXT it fits, else in at most `n`
    lines of F_TITLE, broken between its " · " phrases where they fit."""
    for f in (F_TITLE, F_BOLD, F_TEXT):
        if advance(text, f) <= width:
            return [text], f
    lines: list[str] = []
    for part in text.split(" · "):
        if lines and advance(f"{lines[-1]} · {part}", F_TITLE) <= width:
            lines[-1] += f" · {part}"
        else:
            lines.append(part)
    if len(lines) > n or any(advance(line, F_TITLE) > width for line in lines):
        return wrap(text, F_TITLE, width, n), F_TITLE
    return lines, F_TITLE


def _status(cv: Canvas, view: NSView, y: int) -> int:
    """The headline in up to two lines: at the end on the winner's colour, else after the badge of the side the
    table waits for."""
    if view.phase == "over":
        winner = view.winner if view.winner in SOLID and not view.draw else None
        bg = SOLID[winner] if winner else "ink"
        x = PAD + (BADGE + 12 if winner else 0)
        lines, f = _phrases(headline(view) + " electoral votes", W - PAD - x, 1)
        reason = view.reason or ""
        if view.unawarded:
            reason += (" · " if reason else "") + "no votes: " + ", ".join(view.unawarded)
        more = wrap(reason, F_TEXT, W - PAD - x, 2) if reason else []
        h = (len(lines) + len(more)) * ROW + 12
        cv.rect((0, y, W, y + h), fill=bg)
        if winner:
            top = y + 6 + (ROW - BADGE) / 2
            badge(cv, winner, PAD, top)
            cv.ellipse((PAD - 1, top - 1, PAD + BADGE + 1, top + BADGE + 1), outline="white", width=2)
        for k, (line, lf) in enumerate([(line, f) for line in lines] + [(line, F_TEXT) for line in more]):
            cv.text(x, y + 6 + (k + 0.5) * ROW, line, lf, "white", bg, "lm")
        return y + h + 8
    deciding = view.pending[0].seat if len(view.pending) == 1 else view.to_play  # whom the table waits for
    x = PAD
    if deciding in SOLID:
        x = badge(cv, deciding, PAD, y + (ROW - BADGE) / 2) + 10
    # in the Debates the debate board's first line says whom the table waits for
    lines, f = _phrases(headline(view, waiting=view.debate is None), W - PAD - int(x), 2)
    for line in lines:
        cv.text(x, y + ROW / 2, line, f, "ink", "paper", "lm")
        y += ROW
    return y + 6


def _tags(view: NSView, seat: str) -> list[tuple[str, str]]:
    if view.phase == "over":
        return [("WINS", SOLID[seat])] if view.winner == seat else [("DRAW", "ink")] if view.draw else []
    out = []
    if view.initiative == seat:
        out.append(("INITIATIVE", "ink"))
    if view.starter == seat and view.phase == "activity":
        out.append(("STARTS", "muted"))
    return out


def _pairs(cv: Canvas, x: float, y: float, items: list[tuple[str, str, bool]], bg: str) -> None:
    """Labelled numbers on a line, "momentum 1   in bag 10": the label plain, the number bold; a changed one
    framed in the highlight colour."""
    for label, value, marked in items:
        w = advance(label, F_TEXT) + 8 + advance(value, F_BOLD)
        if marked:
            cv.rect((x - 5, y - ROW / 2 + 2, x + w + 5, y + ROW / 2 - 2), outline=HL, width=4, radius=6)
        cv.text(x, y, label, F_TEXT, "ink", bg, "lm")
        cv.text(x + advance(label, F_TEXT) + 8, y, value, F_BOLD, "ink", bg, "lm")
        x += w + 26


def _side_rows(view: NSView) -> int:
    vp = any(s.vp_card is not None for s in view.sides.values())
    return 4 + vp


def _side(cv: Canvas, view: NSView, seat: str, b: tuple[int, int, int, int], other: set[str]) -> None:
    """A candidate's panel: badge, name and a tag (INITIATIVE, WINS); momentum and bag; hand, strategy, rest; the
    candidate card and a second tag (STARTS); the VP card while it waits."""
    s: SideView = view.sides[seat]
    x0, y0, x1, y1 = b
    now = view.to_play == seat or (view.phase == "over" and view.winner == seat)
    cv.rect(b, fill="white", outline=SOLID[seat] if now else "ink", width=6 if now else 2, radius=10)
    x = badge(cv, seat, x0 + 10, y0 + 6 + (ROW - BADGE) / 2) + 8
    cv.text(x, y0 + 6 + ROW / 2, s.name, F_TITLE, "ink", "white", "lm")
    tags = _tags(view, seat)
    right = x1 - 10
    first, rest = tags[:1], tags[1:]
    for word, bg in first:
        tag(cv, right, y0 + 9, word, bg, right=True)
    y = y0 + 6 + ROW * 1.5
    _pairs(cv, x0 + 12, y, [("momentum", str(s.momentum), False), ("in bag", str(s.bag), "bag" in other)], "white")
    y += ROW
    _pairs(cv, x0 + 12, y, [("hand", str(s.hand_size), False), ("strategy", str(s.strategy_size), False),
                            ("rest", str(s.rest), False)], "white")
    y += ROW
    ready = s.candidate == "active"
    _pairs(cv, x0 + 12, y, [("candidate", "ready" if ready else "exhausted", f"candidate:{s.side}" in other)],
           "white")
    for word, bg in rest:  # after the candidate card, where it fits
        tag(cv, right, y - 18, word, bg, right=True)
    if s.vp_card is not None:
        y += ROW
        words = truncate(f"VP {s.vp_card.name} ({s.vp_card.cp} CP)", F_TEXT, x1 - x0 - 24)
        cv.text(x0 + 12, y, words, F_TEXT, "ink", "white", "lm")


def _sides(cv: Canvas, view: NSView, y: int, other: set[str]) -> int:
    gap = 10
    w = (W - 2 * PAD - gap) // 2
    h = 12 + ROW * _side_rows(view)
    for k, seat in enumerate(SEATS):
        x0 = PAD + k * (w + gap)
        _side(cv, view, seat, (x0, y, x0 + w, y + h), other)
    return y + h + 10


# ------------------------------------------------------------------ issues track, regions


def _columns(n: int, label_w: int = LABEL_W) -> tuple[float, list[float]]:
    """A grid of a label column `label_w` px wide, then `n` columns; (column width, their lefts)."""
    w = (W - 2 * PAD - 16 - label_w) / n
    return w, [PAD + 8 + label_w + k * w for k in range(n)]


def _track(cv: Canvas, view: NSView, y: int, other: set[str]) -> int:
    """The Issues Track on one row: its three places left to right (1st gives most), each the issue's name (after
    its place, where every one fits) and its leader's cubes."""
    h = ROW + 8
    cv.text(PAD, y + h / 2, "Issues", F_BOLD, "ink", "paper", "lm")
    w, lefts = _columns(3, advance("Issues", F_BOLD) + 6)
    by_slot = {i.slot: i for i in view.track}
    room = int(w - 8 - 12 - 6 - max(count_w(seat_of(i.leader), i.cubes) for i in view.track) - 8) if view.track else 0
    ordinals = all(advance(f"{ORDINAL[i.slot]} {i.name}", F_TEXT) <= room for i in view.track)
    for slot, x0 in zip((1, 2, 3), lefts):
        b = (x0 + 4, y, x0 + w - 4, y + h)
        i = by_slot.get(slot)
        if i is None:
            box(cv, b, False, "bar_empty")
            cv.text(x0 + 12, y + h / 2, f"{ORDINAL[slot]}: out", F_TEXT, "ink", "bar_empty", "lm")
            continue
        leader = seat_of(i.leader)
        fill = LEAN[leader] if leader else "white"
        box(cv, b, f"issues:{i.id}" in other or "track" in other, fill)
        pill = b[2] - 6 - count_w(leader, i.cubes)
        count(cv, pill, y + (h - 38) / 2, leader, i.cubes)
        name = f"{ORDINAL[slot]} {i.name}" if ordinals else i.name  # else their order says it
        cv.text(x0 + 12, y + h / 2, truncate(name, F_TEXT, int(pill - x0 - 18)), F_TEXT, "ink", fill, "lm")
    return y + h + 10


def _regions(cv: Canvas, view: NSView, y: int, other: set[str]) -> int:
    """The regions as columns under their names: media and endorsements (the leader's count), states led by each."""
    by_id = {r.id: r for r in view.regions}
    regions = [by_id[rid] for rid in REGION_ORDER if rid in by_id]
    w, lefts = _columns(len(regions) or 1)
    h = 4 * ROW + 8
    cv.rect((PAD, y, W - PAD, y + h), fill="white", outline="ink", width=2, radius=8)
    rows = ("media", "endorsements", "states led")
    for k, label in enumerate(rows):
        cv.text(PAD + 10, y + 4 + (k + 1.5) * ROW, label, F_TEXT, "ink", "white", "lm")
    for r, x0 in zip(regions, lefts):
        cy = y + 4 + ROW / 2
        cv.text(x0 + 6, cy, truncate(r.name, F_BOLD, int(w - 8)), F_BOLD, "ink", "white", "lm")
        cells = [([(seat_of(r.media_leader), r.media)], f"media:{r.id}" in other),
                 ([(seat_of(r.endorsement_leader), r.endorsements)], f"endorsements:{r.id}" in other),
                 ([(s, r.states_led.get(LETTER[s], 0)) for s in SEATS if r.states_led.get(LETTER[s], 0)]
                  or [(None, 0)], False)]
        for k, (counts, marked) in enumerate(cells):
            cy += ROW
            x = x0 + 6
            for seat, n in counts:
                x = count(cv, x, cy - 18, seat if n else None, n) + 6
            if marked:
                cv.rect((x0, cy - 21, x - 2, cy + 21), outline=HL, width=4, radius=8)
    return y + h + 10


# ------------------------------------------------------------------ draws, events, the end


def _draws(cv: Canvas, view: NSView, y: int) -> int:
    """The last bag draw (a support check): its words and each cube as a square in its colour with its letter (B
    blue, R red); the deck and discard at the right."""
    line = view.last_draws[-1] if view.last_draws else ""
    cv.rect((PAD, y, W - PAD, y + ROW), fill="white", outline="ink", width=2, radius=8)
    x = tag(cv, PAD + 6, y + 2, "LAST DRAW") + 12
    piles = f"deck {view.deck_size} · discard {view.discard_size}"
    right = W - PAD - 10
    for seat in SEATS:
        line = line.replace(seat, side_name(seat))
    words, _, cubes = line.rpartition(": ")
    if not words or not cubes or set(cubes) - {"B", "R"}:
        words, cubes = line, ""
    need = advance(words + ":", F_BOLD) + 10 + len(cubes) * 40 + 16 + advance(piles, F_TEXT)
    if x + need <= right:  # the deck and discard where the draw leaves room
        cv.text(right, y + ROW / 2, piles, F_TEXT, "muted", "white", "rm")
        right -= advance(piles, F_TEXT)
    if not line:
        cv.text(x, y + ROW / 2, truncate("no cube drawn yet", F_TEXT, int(right - x - 16)), F_TEXT, "muted", "white",
                "lm")
        return y + ROW + 6
    room = int(right - 16 - x - len(cubes) * 40)
    words = truncate(words + (":" if cubes else ""), F_BOLD, room)
    cv.text(x, y + ROW / 2, words, F_BOLD, "ink", "white", "lm")
    x += advance(words, F_BOLD) + 10
    for ch in cubes:
        if x + 36 > right - 10:
            break
        seat = "KEN" if ch == "B" else "NIX"
        cv.rect((x, y + 3, x + 34, y + 37), fill=SOLID[seat], outline="ink", width=2)
        cv.text(x + 17, y + ROW / 2, ch, F_BOLD, "white", SOLID[seat], "mm")
        x += 38
    return y + ROW + 6


def _events(cv: Canvas, view: NSView, y: int, other: set[str], bottom: int) -> tuple[int, int]:
    """The events in play, a line each by kind, owner and card, as many as fit above `bottom` (the last line then
    says how many more the alt text lists). Returns the y below and how many were drawn."""
    rows = events_in_play(view)
    head = "Events in play" + (f" ({len(rows)})" if rows else ": none")
    cv.text(PAD, y + ROW / 2, head, F_BOLD, "ink", "paper", "lm")
    if rows and {"persistent", "effects"} & other:
        tag(cv, W - PAD, y + 2, "CHANGED", HL, right=True)
    y += ROW
    room = max(0, (bottom - y) // ROW)
    shown = len(rows) if len(rows) <= room else max(0, room - 1)
    kind_w = max((advance(t, F_TEXT) for t, _ in rows), default=0) + 20
    for label, e in rows[:shown]:
        seat = seat_of(e.owner)
        cv.text(PAD + 10, y + ROW / 2, label, F_TEXT, "muted", "paper", "lm")
        x = PAD + 10 + kind_w
        if seat in SOLID:
            x = badge(cv, seat, x, y + (ROW - BADGE) / 2) + 8
        title = truncate(f"{card_label(e.card)} ({e.card.cp} CP)", F_BOLD, int(W - PAD - x))
        cv.text(x, y + ROW / 2, title, F_BOLD, "ink", "paper", "lm")
        y += ROW
    if shown < len(rows) and room:
        cv.text(PAD + 10, y + ROW / 2, f"+{len(rows) - shown} more, in the alt text", F_TEXT, "muted", "paper", "lm")
        y += ROW
    return y, shown


# ------------------------------------------------------------------ compose


def render_nineteen_sixty(view: NSView, highlight: Iterable[str] | None = None) -> Rendered:
    """Draw a public 1960 view. `highlight`: what the last post changed (state codes, "media:E", "issues:x" …);
    default the view's own `changed`.

    Raises TypeError for anything but an NSView and ValueError for a seat's (private) view."""
    im, palette, labels, alt = _board(view, highlight)
    return Rendered(encode_p_within(im, palette), alt(), W, im.height, tuple(labels))


def frame_nineteen_sixty(view: NSView, highlight: Iterable[str] | None = None) -> Image.Image:
    """The board render_nineteen_sixty draws, in RGB and never encoded: a replay's frame."""
    im, palette, _, _ = _board(view, highlight)
    return as_rgb(im, palette)


def _board(view: NSView, highlight: Iterable[str] | None
           ) -> tuple[Image.Image, list[int], list[LabelBox], Callable[[], str]]:
    """The public board before it is encoded: the P image, its palette, where the labels went and its alt text."""
    view = public_view(view, NSView, view.me.seat if getattr(view, "me", None) is not None else None)
    marked, other = _split_changed(view, view.changed if highlight is None else highlight)
    mv = map_view(view, marked)
    regions = board.regions_of(mv, [(s.code, s.ev, s.region) for s in view.states],
                               [(rid, r.name, r.ev) for rid in REGION_ORDER for r in view.regions if r.id == rid])
    cols = {**board_colours(mv), HL: HL_RGB}  # the unused third party slot is the highlight
    im = Image.new("P", (W, TALL), LAYOUT.index["paper"])
    cv = Canvas(LAYOUT, im, cols, None)
    y = _status(cv, view, 6)
    y = board_top.draw(cv, mv, PAD, y, W - 2 * PAD, sum(s.ev for s in view.states)) + 6
    labels = board.draw(cv, regions, PAD, y, W - 2 * PAD,
                        lambda m: board_top.marker_sprite(mv, m, board.MARK), HL)
    y += board.height(regions, W - 2 * PAD)
    # the markers' key after the last box when it fits there, else on a line of its own
    boxes = [lb.box for lb in labels if ":" not in lb.abbr]  # the states' boxes (not their texts)
    end = max(b[2] for b in boxes if b[1] == max(b[1] for b in boxes)) + 20
    if end + board_top.marker_key_width(mv) <= W - PAD:
        board_top.draw_marker_key(cv, mv, end, y - board.ROW_H / 2)
    else:
        board_top.draw_marker_key(cv, mv, PAD, y + 8 + ROW / 2)
        y += ROW + 8
    y += 8
    cv.rect((0, y, W, y + 3), fill="ink")  # the state board's edge: the band below is the table's own
    y += 11
    y = _sides(cv, view, y, other)
    if view.debate is not None:
        y = debates.draw(cv, view, y, other)
    else:
        y = _track(cv, view, y, other)
        y = _regions(cv, view, y, other)
    if view.play is not None:
        y = line_row(cv, y, "PLAYING", play_words(view), view.play.seat)
    if view.phase != "debate":  # the Debates draw no cube: the last draw is the turn's initiative
        y = _draws(cv, view, y)
    y, shown = _events(cv, view, y, other, MAX_H - PAD)
    height = min(y + PAD, MAX_H)
    im = im.crop((0, 0, W, height))
    return im, LAYOUT.palette(cols, None), labels, lambda: board_alt(view, mv, other, shown)


def closeup_nineteen_sixty(view: NSView, states: list[str], caption: str = "") -> Rendered:
    """A turn's close-up (render/closeup.py): the states it changed, enlarged for a phone, under its caption."""
    view = public_view(view, NSView, view.me.seat if getattr(view, "me", None) is not None else None)
    return render_turn_closeup(map_view(view, set(states)), states, caption)
