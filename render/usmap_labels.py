"""A state's label: its name line ("OH 18"), count pills and markers composed into one sprite per arrangement
(wide, tall, compact, and for tiles narrow), cached by what the label says; and the callout boxes' texts on the
full map."""
from __future__ import annotations

from PIL import Image, ImageDraw

from render.canvas import Canvas, Sprite, _LRU, advance, fit_font, font
from render.mapview import MapView
from render.types import LabelBox
from render.usmap_geometry import CALLOUT_BAND, LAYOUT, NARROW, Geometry
from render.usmap_palette import Style, face_of
from render.usmap_pills import (F_PILL, LEADER_BOOST, LEADER_GROW, PillSpec, count_pill, count_pills, leader_text,
                                marker_specs, marker_sprites, pill_specs)
from render.widgets import MARKER, PILL_H, marker

F_ABBR = font(26)
F_CALLOUT_LEADER = 28  # a callout's leader and margin: bare text, as large as the box's lower half holds
GAP = 3  # px between the sprites of a label
CHIP_PAD = 5  # px of chip around a label that sits on one
MARKERS_PER_ROW = 6  # more markers in one state (up to 12) wrap onto further rows


class Label:
    """One state's label, composed once per content into single sprites: the name line, count pills
    and markers, in a wide and (when useful) a tall arrangement, each plain or on a chip. A leader label
    or a crowded one also has a last, narrow arrangement for tiles (`narrow`), which the maps never
    place: there a larger label on a chip or a leader line reads better than a shrunken pill."""

    def __init__(self, face: str, tied: bool, variants: list[list[list[Sprite]]], narrow: bool = False) -> None:
        self.face = face
        self.tied = tied
        self.variants = variants
        self.sizes = tuple(_rows_size(rows) for rows in variants)
        self.map_sizes = self.sizes[:-1] if narrow else self.sizes  # the variants a map may place
        self._sprites: dict[tuple[int, bool], tuple[Sprite, tuple[int, int, int, int]]] = {}

    def sprite(self, vi: int, chip: bool) -> tuple[Sprite, tuple[int, int, int, int]]:
        """(sprite, ink box within it). With a chip the sprite is CHIP_PAD larger on every side."""
        hit = self._sprites.get((vi, chip))
        if hit is None:
            hit = _compose(self.variants[vi], self.sizes[vi], self.face if chip else None)
            self._sprites[(vi, chip)] = hit
        return hit


def _rows_size(rows: list[list[Sprite]]) -> tuple[int, int]:
    w = max(sum(sp.w for sp in r) + GAP * (len(r) - 1) for r in rows)
    h = sum(max(sp.h for sp in r) for r in rows) + GAP * (len(rows) - 1)
    return w, h


def _compose(rows: list[list[Sprite]], size: tuple[int, int], chip: str | None):
    w, h = size
    pad = CHIP_PAD if chip else 0
    im = Image.new("P", (w + 2 * pad, h + 2 * pad), 0)
    mask = Image.new("1", im.size, 0)
    if chip:
        box = (0, 0, im.width - 1, im.height - 1)
        ImageDraw.Draw(im).rounded_rectangle(box, radius=5, fill=LAYOUT.index[chip], outline=LAYOUT.index["ink"],
                                             width=2)
        ImageDraw.Draw(mask).rounded_rectangle(box, radius=5, fill=1)
    y = pad
    for r in rows:
        rw = sum(sp.w for sp in r) + GAP * (len(r) - 1)
        rh = max(sp.h for sp in r)
        x = pad + (w - rw) // 2
        for sp in r:
            yy = y + (rh - sp.h) // 2
            im.paste(sp.im, (x, yy), sp.mask)
            mask.paste(1, (x, yy), sp.mask)
            x += sp.w + GAP
        y += rh + GAP
    return Sprite(im, mask), (mask.getbbox() or (0, 0, 1, 1))


_LABELS = _LRU(3000)


def label_text(view: MapView, abbr: str) -> str:
    s = view.states.get(abbr)
    if s is not None and s.label:
        return s.label
    return f"{abbr} {view.ev_of(abbr)}"


def _with_markers(first: list[Sprite], marks: list[Sprite]) -> list[list[Sprite]]:
    """`first` and the markers as one row; more than MARKERS_PER_ROW markers wrap onto rows of their own."""
    if len(marks) <= MARKERS_PER_ROW:
        return [first + marks]
    rows = [marks[i:i + MARKERS_PER_ROW] for i in range(0, len(marks), MARKERS_PER_ROW)]
    return [first] + rows if first else rows


def _narrow_rows(title: Sprite, specs: tuple[PillSpec, ...], mspecs: tuple) -> list[list[Sprite]]:
    """The last resort of a leader label or a crowded one: at most NARROW px wide (a tile's inside). The
    leader pill shrinks to fit, a long tie breaking onto further pills; two count pills or four small
    markers a row."""
    if specs and specs[0].leader:  # a leader label has that one pill
        pill_rows = [[sp] for sp in _narrow_pills(specs[0])]
    else:
        pills = [count_pill(spec) for spec in specs]
        pill_rows = [pills[i:i + 2] for i in range(0, len(pills), 2)]
    marks = [marker(LAYOUT, kind, fill, fg, text, size=MARKER - 10) for kind, fill, fg, text in mspecs]
    return [[title]] + pill_rows + [marks[i:i + 4] for i in range(0, len(marks), 4)]


def _narrow_pills(spec: PillSpec, smallest: int = 20) -> list[Sprite]:
    """The leader pill at the largest size that fits NARROW px; a tie too long for that even at `smallest`
    px breaks after an "=" onto further pills ("A=B=C=D=E=F" as "A=B=", "C=D=", "E=F")."""
    room, f = NARROW - 12, font(smallest)
    letters = spec.text.split("=") if "=" in spec.text else [spec.text]
    lines, cur = [], [letters[0]]
    for i, letter in enumerate(letters[1:], start=2):
        more = "=" if i < len(letters) else ""
        if advance("=".join(cur + [letter]) + more, f) > room:
            lines.append("=".join(cur) + "=")
            cur = [letter]
        else:
            cur.append(letter)
    lines.append("=".join(cur))
    if len(lines) == 1:
        size = fit_font(lines[0], room, F_PILL + LEADER_BOOST, True, smallest).size
        return [count_pill(spec._replace(text=lines[0]), size - LEADER_BOOST)]
    # several lines must share a tile's height with the name: 22-px text on count-pill-high pills
    size = min(fit_font(t, room, F_PILL + 3, True, 14).size for t in lines)
    return [count_pill(spec._replace(text=t), size - LEADER_BOOST, PILL_H - LEADER_GROW) for t in lines]


def label_for(view: MapView, abbr: str, st: Style) -> Label:
    s = view.states.get(abbr)
    face, stripe = face_of(view, abbr)
    key = (label_text(view, abbr), face, st.fg[face], stripe is not None, pill_specs(view, abbr, st),
           marker_specs(view, s, st))
    hit = _LABELS.get(key)
    if hit is not None:
        return hit
    title = LAYOUT.text_sprite(key[0], F_ABBR, st.fg[face], face)
    pills = [count_pill(spec) for spec in key[4]]
    marks = [marker(LAYOUT, kind, fill, fg, text, size=MARKER) for kind, fill, fg, text in key[5]]
    wide = _with_markers([title], marks)
    if pills:
        wide.append(pills)
    variants = [wide]
    if len(pills) > 1 or (pills and marks):
        tall = [[title], pills[:2]]
        if pills[2:] + marks:
            tall += _with_markers(pills[2:], marks)
        variants.append(tall)
        # compact: smaller pills and markers beside the name, for crowded corners of a busy map
        small = [count_pill(spec, F_PILL - 3, PILL_H - 4) for spec in key[4]]
        smarks = [marker(LAYOUT, kind, fill, fg, text, size=MARKER - 6) for kind, fill, fg, text in key[5]]
        head = _with_markers([title], smarks)
        variants.append(head + [small] if len(small) <= 3 else head + [small[:2], small[2:]])
    narrow = any(spec.leader for spec in key[4]) or len(marks) > MARKERS_PER_ROW
    if narrow:
        variants.append(_narrow_rows(title, key[4], key[5]))
    hit = Label(face, stripe is not None, variants, narrow)
    _LABELS.put(key, hit)
    return hit


def draw_callouts(cv: Canvas, g: Geometry, view: MapView, st: Style) -> list[LabelBox]:
    """The callout boxes' texts (full map): name and electoral votes, up to two markers, the counts; their boxes."""
    out = []
    for abbr, (x0, y0, x1, y1) in g.callouts.items():
        s = view.states.get(abbr)
        face, _ = face_of(view, abbr)
        text = label_text(view, abbr)
        marks = marker_sprites(view, s, st, size=24)[:2]
        room = x1 - x0 - CALLOUT_BAND - 12 - sum(m.w + 2 for m in marks)
        f = fit_font(text, room, 26, True, 16)
        cv.text(x0 + CALLOUT_BAND + 8, y0 + 17, text, f, st.fg[face], face, "lm")
        mx = x1 - 4
        for sp in reversed(marks):
            mx -= sp.w
            cv.paste(sp, mx, y0 + 4)
            mx -= 2
        x = x0 + CALLOUT_BAND + 6
        if view.shows_leader(abbr):  # no pill: the box is the leader's colour already, and a ring costs size
            lead = leader_text(view, abbr)
            f = fit_font(lead, x1 - x - 6, F_CALLOUT_LEADER, True, 16)
            cv.text(x + 2, y0 + 44, lead, f, st.fg[face], face, "lm")
        else:
            for sp in count_pills(view, abbr, st, size=17):
                cv.paste(sp, x, y1 - 4 - sp.h)
                x += sp.w + 2
        out.append(LabelBox(abbr, (x0, y0, x1, y1), g.anchors[abbr], True, g.anchors[abbr]))
    return out
