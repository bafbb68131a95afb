"""Campaign Manager 2008's close-up: the states in play that a post changed,
each drawn as on the board but twice as large on a phone, under the post's caption, with both sides' electoral
votes; a state the post won is named with its winner.

The board is 1000 px wide with two state tiles a row; a phone shows it 400 px wide, a tile 194 px, its capitals
10 px. Here a tile is drawn across CLOSE_W (800) px, shown 386 px wide on a phone: its capitals 16 px, its voter
blocks 28 px. Drawn from the public view with the board's own tile painter, so both pictures say the same.
"""
from __future__ import annotations

from PIL import Image

from engine.campaign_manager_2008.views import CMView, TileView
from render.alttext import Part, and_list, caption_sentence, fit
from render.campaign_manager_2008 import _tile_alt
from render.campaign_manager_2008_tiles import (
    COLOURS,
    LAYOUT,
    LETTER,
    NAMES,
    SEATS,
    paint_tile,
    tile_height,
)
from render.canvas import Canvas, encode_p_within, font, wrap
from render.types import LabelBox, Rendered
from render.usdata import NAMES as STATE_NAMES
from render.widgets import caption_lines, pill, public_view

CLOSE_W = 800
PAD = 14
CAPTION = 34
PILL = 40  # both sides' electoral votes: digits at least 14 px tall on a phone
SIDE = {"OBA": "O", "MCC": "M"}
MAX_TILES = 2  # the rest are named in a line: a post changes one state or two, now and then more
SCALE = 1.3  # the board's tile, its type 1.3 times larger, drawn across the picture
CLOSE_BYTES = 40 * 1024
TALL = 2400  # taller than any close-up (two tiles under a 3-line caption: ~1,200 px), then cut


def _scores(cv: Canvas, view: CMView, y: int, labels: list[LabelBox]) -> int:
    x = PAD
    for seat in SEATS:
        side = view.sides.get(seat)
        if side is None:
            continue
        sprite = pill(LAYOUT, f"{LETTER[seat]} {side.score}", SIDE[seat], "white", ring="ink", size=PILL, height=54)
        box = cv.paste(sprite, x, y)
        labels.append(LabelBox(f"ev:{seat}", box, (box[0], box[1]), False))
        x = box[2] + 10
    cv.text(x + 6, y + 27, f"electoral votes · {view.target} to win", font(30, False), "ink", "paper", "lm")
    return y + 54 + PAD


def closeup_campaign_manager_2008(view: CMView, states: list[str], caption: str = "") -> Rendered:
    """A post's close-up (bot/present/captions.py names the states it changed): those in play as large tiles, the ones
    won as a line naming the winner."""
    view = public_view(view, CMView, view.me.seat if getattr(view, "me", None) is not None else None)
    wanted = list(dict.fromkeys(states))
    tiles = [t for code in wanted for t in view.in_play if t.code == code]
    won = {code: seat for seat, side in view.sides.items() for code in side.won if code in wanted}
    im = Image.new("P", (CLOSE_W, TALL), LAYOUT.index["paper"])
    cv = Canvas(LAYOUT, im, COLOURS)
    labels: list[LabelBox] = []
    y = caption_lines(cv, caption, PAD, width=CLOSE_W, pad=PAD, size=CAPTION)
    y = _scores(cv, view, y, labels)
    for code, seat in won.items():
        line = f"{code} won by {NAMES.get(seat, seat)}"
        cv.text(PAD, y + 20, line, font(30), "ink", "paper", "lm")
        y += 44
    for t in tiles[:MAX_TILES]:
        h = tile_height(t, CLOSE_W - 2 * PAD, SCALE)
        paint_tile(cv, t, (PAD, y, CLOSE_W - PAD, y + h), False, SCALE)
        y += h + PAD
    if len(tiles) > MAX_TILES:
        more = "Also changed: " + ", ".join(f"{t.name} ({t.code})" for t in tiles[MAX_TILES:])
        for line in wrap(more, font(28, False), CLOSE_W - 2 * PAD, max_lines=2):
            cv.text(PAD, y + 16, line, font(28, False), "muted", "paper", "lm")
            y += 36
        y += PAD
    height = y
    alt = closeup_alt(view, wanted, tiles, won, caption)
    png = encode_p_within(im.crop((0, 0, CLOSE_W, height)), LAYOUT.palette(COLOURS), CLOSE_BYTES)
    return Rendered(png, alt, CLOSE_W, height, tuple(labels))


def _name(view: CMView, code: str) -> str:
    """A state's full name: from the view where it is on the table or in the pool, else render.usdata's."""
    for t in list(view.in_play) + list(view.pool):
        if t.code == code:
            return t.name
    return STATE_NAMES.get(code, code)


def closeup_alt(view: CMView, wanted: list[str], tiles: list[TileView], won: dict[str, str], caption: str) -> str:
    """The close-up in words, as drawn, at most 1,024 characters: the states by name, the caption (ended with a
    full stop), both sides' electoral votes, the states won, each tile drawn (rows, issue marker, both groups),
    then the states only named below them."""
    parts: list[Part] = [f"Campaign Manager 2008 close-up of {and_list([_name(view, c) for c in wanted])}.",
                         caption_sentence(caption),
                         "Electoral votes: " + ", ".join(f"{NAMES.get(s, s)} {view.sides[s].score}" for s in SEATS
                                                         if s in view.sides) + f"; {view.target} to win."]
    parts += [f"{_name(view, code)} ({code}) won by {NAMES.get(seat, seat)}." for code, seat in won.items()]
    drawn = tiles[:MAX_TILES]
    if drawn:
        parts.append(tuple("Rows counted as O Obama, M McCain, U undecided. " + " ".join(_tile_alt(t, False, d)
                                                                                        for t in drawn)
                           for d in (2, 1)))
    if len(tiles) > MAX_TILES:
        parts.append("Also changed, named only: " + and_list([f"{t.name} ({t.code})" for t in tiles[MAX_TILES:]])
                     + ".")
    return fit(parts)
