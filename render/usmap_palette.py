"""The US map's colours for one view: each palette name's colour for the view's parties, the text colour that reads
on each, and the face and stripe colour of every state."""
from __future__ import annotations

from dataclasses import dataclass

from render import colours as C
from render.canvas import _LRU
from render.mapview import MAX_PARTIES, MapView
from render.usdata import STATES

_FG = _LRU(64)


@dataclass
class Style:
    """Per-render colours: the palette values and which text colour reads on each background."""

    cols: dict[str, C.RGB]
    fg: dict[str, str]


def board_colours(view: MapView) -> dict[str, C.RGB]:
    """Every LAYOUT colour for this view's parties (p0…p5 solid, p0l…p5l their light tones): the map's, and the
    state boards' that share its palette (render/*_states.py)."""
    cols = {
        "paper": C.PAPER, "ink": C.INK, "white": C.WHITE, "muted": C.MUTED, "border": C.BORDER,
        "line": C.LINE, "neutral": C.NEUTRAL, "neutral_hatch": C.NEUTRAL_HATCH, "tie_base": C.TIE_BASE,
        "bar_empty": (225, 223, 217),
    }
    for k in range(MAX_PARTIES):
        solid, lean = C.party_tones(view.parties[k].colour) if k < len(view.parties) else (C.MUTED, C.NEUTRAL)
        cols[f"p{k}"], cols[f"p{k}l"] = solid, lean
    return cols


def style_of(view: MapView) -> Style:
    key = tuple(p.colour for p in view.parties)
    hit = _FG.get(key)
    if hit is None:
        cols = board_colours(view)
        hit = Style(cols, {n: C.text_on(rgb) for n, rgb in cols.items()})
        _FG.put(key, hit)
    return hit


def face_of(view: MapView, abbr: str) -> tuple[str, str | None]:
    """(face colour name, stripe colour name or None) of a state."""
    s = view.states.get(abbr)
    if s is None:
        return "neutral", None
    if view.shows_leader(abbr):  # the counts decide: the leader's colour, or the tie's stripes
        leaders, _ = view.standing(abbr)
        k = view.slot(leaders[0])
        if len(leaders) > 1:
            return "tie_base", f"p{k}"  # start_canvas stripes it in every tied party's colour
        return (f"p{k}l" if s.strength == "lean" else f"p{k}"), None
    if s.strength == "tied":
        return "tie_base", (f"p{view.slot(s.fill)}" if s.fill else "neutral_hatch")
    if s.fill is None or s.strength == "empty":
        return "neutral", None
    k = view.slot(s.fill)
    return (f"p{k}" if s.strength == "solid" else f"p{k}l"), None


def state_palette(view: MapView, st: Style) -> list[C.RGB]:
    faces, hatches = [], []
    for abbr in STATES:
        face, stripe = face_of(view, abbr)
        faces.append(st.cols[face])
        hatches.append(st.cols[stripe] if stripe else st.cols[face])
    return faces + hatches
