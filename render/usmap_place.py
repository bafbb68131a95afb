"""Where each state's label goes on a map, chosen greedily and deterministically: inside the state when the whole
label fits (found with a box-blurred state mask, cached per label size), else on a chip that spills over, else
floated nearby on a leader line, preferring open water. Placements are cached per geometry and label sizes."""
from __future__ import annotations

import math

from PIL import Image, ImageFilter

from render.canvas import Canvas, _LRU
from render.mapview import MapView
from render.types import LabelBox
from render.usmap_geometry import LAYOUT, Geometry
from render.usmap_labels import CHIP_PAD, label_for
from render.usmap_palette import Style

_FIELDS: dict[tuple, tuple[list, list]] = {}
_PLACEMENTS = _LRU(64)
FULL = 250  # inside-field value counted as "entirely inside the state"


def _candidates(g: Geometry, abbr: str, w: int, h: int) -> tuple[list, list]:
    """Centres for a w×h box in `abbr`: (entirely inside, nearest the anchor first;
    mostly inside, most-inside first). Only centres on the state itself are offered."""
    key = (g.key, abbr, w, h)
    hit = _FIELDS.get(key)  # a plain dict: reads and writes are atomic under the GIL
    if hit is not None:
        return hit
    mask, mx, my = g.masks[abbr]
    hw, hh = w // 2 + 2, h // 2 + 2
    padded = Image.new("L", (mask.width + 2 * hw, mask.height + 2 * hh), 0)
    padded.paste(mask, (hw, hh))
    # the box-blurred mask at a pixel is the share of a w×h box centred there that lies in the state
    field_ = padded.filter(ImageFilter.BoxBlur((w / 2, h / 2)))
    fw, fh = field_.width, field_.height
    fb, pb = field_.tobytes(), padded.tobytes()
    ax, ay = g.anchors[abbr]
    full, part = [], []
    step, radius = 4, 120
    for dy in range(-radius, radius + 1, step):
        py = ay + dy - my + hh
        if py < 0 or py >= fh:
            continue
        row = py * fw
        for dx in range(-radius, radius + 1, step):
            px = ax + dx - mx + hw
            if px < 0 or px >= fw or not pb[row + px]:
                continue
            v = fb[row + px]
            if v >= FULL:
                full.append((dx * dx + dy * dy, ax + dx, ay + dy))
            elif v >= 90:
                part.append((-v, dx * dx + dy * dy, ax + dx, ay + dy))
    full.sort()
    part.sort()
    hit = ([(x, y) for _, x, y in full[:80]], [(x, y) for _, _, x, y in part[:60]])
    if len(_FIELDS) > 6000:
        _FIELDS.clear()
    _FIELDS[key] = hit
    return hit


def _box(cx: int, cy: int, w: int, h: int, pad: int) -> tuple[int, int, int, int]:
    x0, y0 = cx - w // 2, cy - h // 2
    return x0 - pad, y0 - pad, x0 + w + pad, y0 + h + pad


def place_labels(g: Geometry, sizes: tuple, obstacles: tuple, top: int) -> dict:
    """Greedy, deterministic placement. sizes: ((abbr, ((w, h), ...variants), tied), ...).
    Returns abbr -> (variant, cx, cy, chip, leader, box).

    Order: labels that fit entirely inside their own state go first (they use no one else's land),
    most constrained first; then labels that must spill over on a chip; then labels floated
    nearby on a leader line, preferring open water."""
    key = (g.key, sizes, obstacles, top)
    hit = _PLACEMENTS.get(key)
    if hit is not None:
        return hit
    placer = _Placer(g, obstacles, top)
    counts = {abbr: placer.inside_count(abbr, variants) for abbr, variants, _ in sizes}
    order = sorted(sizes, key=lambda t: (counts[t[0]] == 0, counts[t[0]], t[0]))
    out: dict = {}
    pending = []
    for t in order:
        res = placer.attempt(*t, True) if counts[t[0]] else None
        if res is None:
            pending.append(t)
        else:
            placer.take(out, t[0], res)
    floating = []
    area = g.areas()
    for t in sorted(pending, key=lambda t: (area[t[0]], t[0])):  # smaller states have fewer options
        res = placer.attempt(*t, False)
        if res is None:
            floating.append(t)
        else:
            placer.take(out, t[0], res)
    for abbr, variants, _ in floating:
        placer.take(out, abbr, placer.float_nearby(abbr, variants))
    out = {a: out[a] for a, _, _ in sizes}
    _PLACEMENTS.put(key, out)
    return out


class _Placer:
    """One placement run: the boxes taken so far (obstacles first) and the room the labels may use."""

    def __init__(self, g: Geometry, obstacles: tuple, top: int) -> None:
        self.g = g
        self.placed: list = list(obstacles)
        self.top = top
        self.right, self.bottom = g.width - 4, g.height - 4

    def free(self, box) -> bool:
        x0, y0, x1, y1 = box
        if x0 < 4 or y0 < self.top or x1 > self.right or y1 > self.bottom:
            return False
        x0, y0, x1, y1 = x0 - 2, y0 - 2, x1 + 2, y1 + 2
        placed = self.placed
        for i, p in enumerate(placed):
            if x0 < p[2] and p[0] < x1 and y0 < p[3] and p[1] < y1:
                if i:  # move-to-front: the next candidate nearby usually hits the same box
                    placed.insert(0, placed.pop(i))
                return False
        return True

    def take(self, out: dict, abbr: str, res: tuple) -> None:
        out[abbr] = res
        self.placed.append(res[5])

    def inside_count(self, abbr: str, variants) -> int:
        """How many centres hold a variant of the label entirely inside its state (the most of any variant)."""
        return max(len(_candidates(self.g, abbr, w + 2 * CHIP_PAD, h + 2 * CHIP_PAD)[0]) for w, h in variants)

    def attempt(self, abbr: str, variants, tied: bool, full: bool):
        """The first free spot, variant by variant: entirely inside the state (`full`), else mostly inside."""
        for vi, (w, h) in enumerate(variants):
            cands = _candidates(self.g, abbr, w + 2 * CHIP_PAD, h + 2 * CHIP_PAD)[0 if full else 1]
            for cx, cy in cands:
                chip = tied or not full
                box = _box(cx, cy, w, h, CHIP_PAD if chip else 0)
                if self.free(box):
                    return vi, cx, cy, chip, False, box
        return None

    def float_nearby(self, abbr: str, variants) -> tuple:
        """The smallest variant on a chip on a leader line: on rings around the anchor, the nearest free spots
        (within 60 px of the first ring with one) scored by distance and how much open water they cover."""
        g = self.g
        paper, pi = g.base, LAYOUT.index["paper"]
        vi = min(range(len(variants)), key=lambda i: variants[i][0] * variants[i][1])
        w, h = variants[vi]
        ax, ay = g.anchors[abbr]
        best, first_r = None, None
        for r in range(30, 480, 10):
            if first_r is not None and r > first_r + 60:
                break
            for k in range(36):
                a = 2 * math.pi * k / 36
                cx, cy = int(ax + r * math.cos(a)), int(ay + r * math.sin(a))
                box = _box(cx, cy, w, h, CHIP_PAD)
                if not self.free(box):
                    continue
                first_r = r if first_r is None else first_r
                water = paper.crop(box).histogram()[pi] / ((box[2] - box[0]) * (box[3] - box[1]))
                score = r + 120 * (1 - water)
                if best is None or score < best[0]:
                    best = (score, cx, cy, box)
        if best is None:  # give up politely: on the anchor
            return vi, ax, ay, True, False, _box(ax, ay, w, h, CHIP_PAD)
        return vi, best[1], best[2], True, True, best[3]


def _nearest_on_box(box, x, y) -> tuple[int, int]:
    return min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])


def draw_labels(cv: Canvas, g: Geometry, view: MapView, st: Style, obstacles: tuple, top: int) -> list[LabelBox]:
    """Place the labels of the states shown on the map itself, then draw leader lines and labels; their boxes."""
    labels_ = {a: label_for(view, a, st) for a in g.shown}
    sizes = tuple((a, lb.map_sizes, lb.tied) for a, lb in labels_.items())
    placement = place_labels(g, sizes, obstacles, top)
    out = []
    for abbr, (vi, cx, cy, chip, leader, box) in placement.items():  # leader lines under the chips
        if leader:
            ax, ay = g.anchors[abbr]
            cv.line([(ax, ay), _nearest_on_box(box, ax, ay)], "line", 2)
            cv.ellipse((ax - 5, ay - 5, ax + 5, ay + 5), fill="white")
            cv.ellipse((ax - 3, ay - 3, ax + 3, ay + 3), fill="ink")
    for abbr, (vi, cx, cy, chip, leader, box) in placement.items():
        sprite, ink = labels_[abbr].sprite(vi, chip)
        x, y = box[0], box[1]
        cv.paste(sprite, x, y)
        drawn = box if chip else (x + ink[0], y + ink[1], x + ink[2], y + ink[3])
        pin = g.anchors[abbr] if leader else (cx, cy)
        out.append(LabelBox(abbr, drawn, g.anchors[abbr], leader, pin))
    return out
