"""Campaign Manager 2008's drawing kit: the palette, the type, the small pieces (badges, tags, chips, voter blocks)
and the state tile, shared by the board (render/campaign_manager_2008.py) and its close-up.

The board is W px wide and every word on it is TYPE px or larger: capitals at least 10 px tall once a phone shows
the picture 400 px wide (render.canvas.readable). A tile is laid out for TILE_W px at scale 1; the close-up draws it
larger with `scale`.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.campaign_manager_2008.views import CMView, RowView, TileView
from render import colours as C
from render.canvas import (
    Canvas,
    Font,
    Layout,
    advance,
    fit_font,
    font,
    readable,
    truncate,
    wrap,
)
from render.usdata import ev_table

W = 1000
PAD = 10
TYPE = readable(W)  # the smallest type on the board
SEATS = ("OBA", "MCC")
NAMES = {"OBA": "Obama", "MCC": "McCain"}
LETTER = {"OBA": "O", "MCC": "M"}
ISSUE_SPACES = 4
TILE_GAP = 10
TILE_W = (W - 2 * PAD - TILE_GAP) // 2

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

F_BOLD = font(TYPE)
F_TEXT = font(TYPE, False)


# ------------------------------------------------------------------ words


def side_name(seat: str | None) -> str:
    return NAMES.get(seat or "", seat or "")


def row_words(row: RowView) -> str:
    return f"O{row.obama} M{row.mccain} U{row.undecided}"


def state_ev(code: str, view: CMView) -> int:
    """A state's EV: from the view when the state is on the table or in the pool, else the 2004 table."""
    for t in list(view.in_play) + list(view.pool):
        if t.code == code:
            return t.ev
    return ev_table("2004").get(code, 0)


# ------------------------------------------------------------------ small pieces


def badge(cv: Canvas, seat: str, x: float, y: float, d: int = 44, f: Font = F_BOLD) -> float:
    """The side's letter in a disc of its colour; returns the right edge."""
    cv.ellipse((x, y, x + d, y + d), fill=SOLID[seat], outline="ink", width=2)
    cv.text(x + d / 2, y + d / 2, LETTER[seat], f, "white", SOLID[seat], "mm")
    return x + d


def tag(cv: Canvas, x: float, y: float, text: str, bg: str = "ink", fg: str = "white", f: Font = F_BOLD,
        h: int = 42, right: bool = False) -> float:
    """A filled word tag ("MAJOR", "LEADS"); returns its far edge (its left edge when `right`)."""
    w = advance(text, f) + 16
    x0 = x - w if right else x
    cv.rect((x0, y, x0 + w, y + h), fill=bg, radius=7)
    cv.text(x0 + w / 2, y + h / 2, text, f, fg, bg, "mm")
    return x0 if right else x0 + w


def chip_width(text: str) -> int:
    return advance(text, F_BOLD) + 14


def chip(cv: Canvas, x: float, y: float, text: str, bg: str, fg: str, h: int = 44, marked: bool = False) -> float:
    """A state as a chip ("NJ 15"); `marked` (won on the last turn) rings it in the highlight colour."""
    w = chip_width(text)
    if marked:
        cv.rect((x - 4, y - 4, x + w + 4, y + h + 4), fill="hl", radius=9)
    cv.rect((x, y, x + w, y + h), fill=bg, outline="ink", width=2, radius=6)
    cv.text(x + w / 2, y + h / 2, text, F_BOLD, fg, bg, "mm")
    return x + w


def block(cv: Canvas, kind: str, x: float, y: float, d: int, f: Font = F_BOLD) -> None:
    """A voter block: a disc with its letter (O Obama blue, M McCain red, U undecided white)."""
    fill = {"O": "O", "M": "M", "U": "white"}[kind]
    cv.ellipse((x, y, x + d, y + d), fill=fill, outline="ink", width=2)
    cv.text(x + d / 2, y + d / 2, kind, f, "ink" if kind == "U" else "white", fill, "mm")


def triangle(cv: Canvas, cx: float, cy: float, up: bool, fill: str, r: float = 13) -> None:
    pts = [(cx - r, cy + r * 0.6), (cx + r, cy + r * 0.6), (cx, cy - r * 0.8)] if up else \
        [(cx - r, cy - r * 0.6), (cx + r, cy - r * 0.6), (cx, cy + r * 0.8)]
    cv.polygon(pts, fill=fill)


# ------------------------------------------------------------------ the state tile


@dataclass(frozen=True)
class _Plan:
    """A tile's measures at one scale: its fonts, the wrapped key and other-group lines, and every height."""

    s: float
    bold: Font
    text: Font
    name: Font
    key_lines: list[str]
    other_lines: list[str]

    def u(self, v: float) -> int:
        return round(v * self.s)

    @property
    def head_h(self) -> int:
        return self.u(44)

    @property
    def key_h(self) -> int:
        return self.u(44) + (len(self.key_lines) - 1) * self.bold.line

    @property
    def other_h(self) -> int:
        return len(self.other_lines) * self.text.line + self.u(4)

    @property
    def row_h(self) -> int:  # the row's name and MAJOR above, its blocks below
        return self.u(90)

    @property
    def height(self) -> int:
        return self.u(8) + self.head_h + self.u(6) + self.key_h + self.u(4) + self.other_h + 2 * self.row_h + self.u(18)


def _plan(t: TileView, width: int, scale: float) -> _Plan:
    size = round(TYPE * scale)
    bold, text = font(size), font(size, False)
    inner = width - 2 * round(10 * scale)
    key_room = inner - round(20 * scale) - (advance("KEY", bold) + 16)
    other = next((w for w in (f"other group: {t.other_group}", f"other: {t.other_group}") if advance(w, text) <= inner),
                 f"or {t.other_group}")
    return _Plan(scale, bold, text, font(round((TYPE + 4) * scale)), wrap(t.key, bold, key_room, 2),
                 wrap(other, text, inner, 2))


def tile_height(t: TileView, width: int = TILE_W, scale: float = 1.0) -> int:
    return _plan(t, width, scale).height


def paint_tile(cv: Canvas, t: TileView, box: tuple[int, int, int, int], marked: bool, scale: float = 1.0) -> None:
    """A state in play: name and EV (on the highlight colour when the last turn changed it), the key group on a
    tag, the other group, then the Defense and Economy rows of voter blocks (the major row framed thick and tagged
    MAJOR) with the four-space issue track beside them."""
    x0, y0, x1, _ = box
    p = _plan(t, x1 - x0, scale)
    u = p.u
    cv.rect(box, fill="tile", outline="hl" if marked else "ink", width=u(8) if marked else 2, radius=u(12))
    ix0, ix1 = x0 + u(10), x1 - u(10)
    y = y0 + u(8)
    head_bg = "tile"
    if marked:
        head_bg = "hl"
        cv.rect((x0, y0, x1, y + p.head_h + u(4)), fill="hl", radius=u(10))
    right = tag(cv, ix1, y + u(2), f"{t.ev} EV", "ink", "white", p.bold, h=u(42), right=True) - u(12)
    f = fit_font(t.name, right - ix0, p.name.size, True, p.bold.size)
    cv.text(ix0, y + p.head_h / 2 + u(2), truncate(t.name, f, right - ix0), f, "white" if marked else "ink",
            head_bg, "lm")
    y += p.head_h + u(6)
    kx = tag(cv, ix0, y, "KEY", "ink", "white", p.bold, h=u(44)) + u(8)
    cv.rect((kx, y, ix1, y + p.key_h), fill="now", radius=u(7))
    for k, line in enumerate(p.key_lines):
        cv.text(kx + u(8), y + u(22) + k * p.bold.line, line, p.bold, "ink", "now", "lm")
    y += p.key_h + u(4)
    for k, line in enumerate(p.other_lines):
        cv.text(ix0, y + p.text.line / 2 + k * p.text.line, line, p.text, "muted", "tile", "lm")
    y += p.other_h
    track_w = u(46)
    for k, (issue, row) in enumerate((("defense", t.defense), ("economy", t.economy))):
        top = y + k * (p.row_h + u(8))
        _row(cv, p, issue, row, t.major == issue, (ix0, top, ix1 - track_w - u(10), top + p.row_h))
    _track(cv, t.issue, (ix1 - track_w, y, ix1, y + 2 * p.row_h + u(8)), u)


def _row(cv: Canvas, p: _Plan, issue: str, row: RowView, major: bool, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    u = p.u
    bg = "now" if major else "tile"
    cv.rect(box, fill=bg, outline="ink" if major else "rule", width=u(6) if major else 2, radius=u(8))
    x = x0 + u(12)
    cv.text(x, y0 + u(23), issue.upper(), p.bold, "ink", bg, "lm")
    if major:  # the tag above the blocks: a row of seven runs under it
        tag(cv, x1 - u(8), y0 + u(6), "MAJOR", "ink", "white", p.bold, h=u(34), right=True)
    blocks = ["O"] * row.obama + ["M"] * row.mccain + ["U"] * row.undecided
    room = x1 - u(10) - x
    step = min(u(48), room / max(1, len(blocks)))
    d = int(min(u(44), step - u(3)))
    for i, kind in enumerate(blocks):
        block(cv, kind, x + i * step, y1 - u(6) - d, d, p.bold)


def _track(cv: Canvas, issue: int, box: tuple[int, int, int, int], u) -> None:
    """Four spaces top to bottom: 0–1 point up to the Defense row, 2–3 down to Economy; the marker's space
    filled black."""
    x0, y0, x1, y1 = box
    gap_mid = u(12)
    h = (y1 - y0 - gap_mid - 3 * u(4)) / ISSUE_SPACES
    for k in range(ISSUE_SPACES):
        top = y0 + k * (h + u(4)) + (gap_mid if k >= 2 else 0)
        here = k == issue
        cv.rect((x0, top, x1, top + h), fill="ink" if here else "bar", outline="ink", width=2, radius=u(6))
        triangle(cv, (x0 + x1) / 2, top + h / 2, k < 2, "white" if here else "rule", u(15) if here else u(11))
