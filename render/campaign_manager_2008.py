"""The Campaign Manager 2008 table picture, drawn from a public `CMView` only (never the full state).

One palette PNG W (1,000) px wide, laid out for a phone showing it 400 px wide: every word's capitals are at least
10 px tall there (render.canvas.readable), and every cue has words or letters as well as colour. Top to bottom:
- the status line: whose turn and what they are deciding, the draft's or the starting picks' progress, or the
  result on the winner's colour;
- the race: one bar of every electoral vote, Obama's from the left and McCain's from the right (the start score
  light, then each state won), the votes still to win between them and the 270 line where either bar wins;
- each side's line: name, score, LEADS / WINS, hand, deck and discard counts, and the states won as chips;
- the (up to) four states in play, two by two (render/campaign_manager_2008_tiles.py), and the key to their marks;
- the card being played, Media Support and its owner, the last Breaking News and the last Going Negative roll, by
  title (the prompt carries the cards' texts);
- the state pool by the colour of the back.

Before play the draft's progress or the sealed starting-state picks stand in place of the states. Only
`engine.campaign_manager_2008.views` is imported from the engine (the render layering rule); the EV of a state
already won (the view names it only) comes from render.usdata's 2004–2008 apportionment, the one the game's tiles
use.
"""
from __future__ import annotations

from typing import Iterable

from PIL import Image

from engine.campaign_manager_2008.views import CMView, RowView, TileView
from render.alttext import Part, and_list, fit, sentence
from render.campaign_manager_2008_panels import (
    CHIP_LINES,
    DECK,
    LINE,
    cards,
    headline,
    key,
    leader,
    negative_parts,
    pool,
    race,
    setup,
    sides,
    status,
)
from render.campaign_manager_2008_tiles import (
    COLOURS,
    F_BOLD,
    F_TEXT,
    ISSUE_SPACES,
    LAYOUT,
    LETTER,
    NAMES,
    PAD,
    SEATS,
    TILE_GAP,
    TILE_W,
    W,
    paint_tile,
    row_words,
    side_name,
    state_ev,
    tile_height,
)
from render.canvas import Canvas, advance, as_rgb, encode_p_within
from render.types import Rendered
from render.widgets import public_view

MAX_H = 3 * W // 2  # a board is at most 1.5 times as tall as wide
TALL = 2 * W  # taller than any board, then cut

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


def _tiles(cv: Canvas, view: CMView, y: int, marked: set[str]) -> int:
    """The states in play two by two; an empty place beside a tile names who picks the state that fills it, and a
    row without a tile is one line saying so."""
    for r in range(2):
        pair = view.in_play[2 * r:2 * r + 2]
        if not pair:
            h = LINE
            _no_tile(cv, view, (PAD, y, W - PAD, y + h))
        else:
            h = max(tile_height(t) for t in pair)
            for c in range(2):
                x = PAD + c * (TILE_W + TILE_GAP)
                box = (x, y, x + TILE_W, y + h)
                if c < len(pair):
                    paint_tile(cv, pair[c], box, pair[c].code in marked)
                else:
                    _no_tile(cv, view, box)
        y += h + TILE_GAP
    return y


def _no_tile(cv: Canvas, view: CMView, box: tuple[int, int, int, int]) -> None:
    """An empty place: the state won has left; who picks the one that replaces it, if anyone is."""
    cv.rect(box, fill="paper", outline="rule", width=2, radius=12)
    picker = next((p.seat for p in view.pending if p.kind == "enter"), None)
    words = f"{side_name(picker)} picks the next state" if picker else "no state here"
    lines = [words] if advance(words, F_BOLD) < box[2] - box[0] - 20 else \
        [side_name(picker), "picks the next", "state"] if picker else ["no state here"]
    f = F_BOLD if picker else F_TEXT
    top = (box[1] + box[3]) / 2 - len(lines) * f.line / 2
    for k, line in enumerate(lines):
        cv.text((box[0] + box[2]) / 2, top + (k + 0.5) * f.line, line, f, "muted", "paper", "mm")


def render_campaign_manager_2008(view: CMView, highlight: Iterable[str] | None = None) -> Rendered:
    """Draw a public Campaign Manager 2008 view. `highlight`: codes of the states in play to outline (the
    last turn's); default the view's own `changed`.

    Raises TypeError for anything but a CMView and ValueError for a seat's (private) view."""
    view = public_view(view, CMView, view.me.seat if getattr(view, "me", None) is not None else None)
    marked = set(view.changed if highlight is None else highlight)
    im = _board(view, marked)
    return Rendered(encode_p_within(im, LAYOUT.palette(COLOURS)), alt_text(view, marked), W, im.height)


def frame_campaign_manager_2008(view: CMView, highlight: Iterable[str] | None = None) -> Image.Image:
    """The board render_campaign_manager_2008 draws, in RGB and never encoded: a replay's frame."""
    view = public_view(view, CMView, view.me.seat if getattr(view, "me", None) is not None else None)
    return as_rgb(_board(view, set(view.changed if highlight is None else highlight)), LAYOUT.palette(COLOURS))


def _board(view: CMView, marked: set[str]) -> Image.Image:
    """The public board before it is encoded (P, the layout's palette)."""
    im, height = _draw(view, marked, compact=False)
    if height > MAX_H:  # a crowded table: without the key, the pool on a line and each side's states on two
        im, height = _draw(view, marked, compact=True)
    return im.crop((0, 0, W, min(height, MAX_H)))


def _draw(view: CMView, marked: set[str], compact: bool) -> tuple[Image.Image, int]:
    im = Image.new("P", (W, TALL), LAYOUT.index["paper"])
    cv = Canvas(LAYOUT, im, COLOURS)
    y = status(cv, view, 0)
    y = race(cv, view, y + 4)
    y = sides(cv, view, y, marked, 2 if compact else CHIP_LINES) + 6
    if view.phase in ("play", "over"):
        y = _tiles(cv, view, y, marked)
        if not compact:
            y = key(cv, y, any(t.code in marked for t in view.in_play))
        y = cards(cv, view, y + 4) + 8
        y = pool(cv, view, y, 1 if compact else CHIP_LINES)
    else:
        y = setup(cv, view, y)
    return im, y + PAD
