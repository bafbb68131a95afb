"""Small cached sprites shared by the renderers: count pills, markers, swatches.

Every sprite is a P image in one `Layout`'s indices plus a 1-bit mask, so drawing one is a
single paste. Colours are given as Layout names; the same sprite serves every palette.
"""
from __future__ import annotations

import math
from typing import TypeVar

from PIL import Image, ImageDraw

from render.canvas import Canvas, Font, Layout, Sprite, _origin, advance, font, record, wrap

PILL_H = 27
MARKER = 30


def _blank(w: int, h: int) -> tuple[Image.Image, Image.Image, ImageDraw.ImageDraw, ImageDraw.ImageDraw]:
    im = Image.new("P", (w, h), 0)
    mask = Image.new("L", (w, h), 0)
    return im, mask, ImageDraw.Draw(im), ImageDraw.Draw(mask)


def _put_text(layout: Layout, im: Image.Image, cx: float, cy: float, text: str, f: Font, fg: str, bg: str) -> None:
    s = layout.text_sprite(text, f, fg, bg)
    if s is None:
        return
    x0, y0 = _origin(cx, cy, text, f, "mm")
    im.paste(s.im, (x0 + s.ox, y0 + s.oy), s.mask)


def pill(layout: Layout, text: str, bg: str, fg: str, ring: str | None = None, size: int = 19,
         height: int = PILL_H) -> Sprite:
    """A rounded tag with `text` (e.g. "D3"): party colour plus letter, never colour alone."""

    def build(lay: Layout) -> Sprite:
        f = font(size, True)
        w = advance(text, f) + 12
        im, mask, d, md = _blank(w, height)
        box = (0, 0, w - 1, height - 1)
        d.rounded_rectangle(box, radius=5, fill=lay.index[bg], outline=lay.index[ring] if ring else None,
                            width=2)
        md.rounded_rectangle(box, radius=5, fill=255)
        _put_text(lay, im, w / 2, height / 2, text, f, fg, bg)
        return Sprite(im, mask.convert("1"))

    record(text, font(size, True))
    return layout.composed(("pill", text, bg, fg, ring, size, height), build)


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def marker(layout: Layout, kind: str, fill: str, fg: str, text: str, size: int = MARKER,
           ink: str = "ink") -> Sprite:
    """A marker shape of `size` px: pawn (map pin), home (house), city (ringed dot), star, flag, cross.
    `text` (usually the party letter) is drawn on it."""

    def build(lay: Layout) -> Sprite:
        s = size
        im, mask, d, md = _blank(s, s)
        idx = lay.index
        f = font(max(11, int(s * 0.5)), True)
        if kind == "pawn":
            r = s * 0.36
            cx, cy = s / 2, r + 1
            tip = [(cx - r * 0.72, cy + r * 0.6), (cx + r * 0.72, cy + r * 0.6), (cx, s - 1)]
            for dr, m in ((d, idx[ink]), (md, 255)):
                dr.polygon(tip, fill=m)
                dr.ellipse((cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1), fill=m)
            d.polygon([(x, y - 2.5) for x, y in tip[:2]] + [(cx, s - 4.5)], fill=idx[fill])
            d.ellipse((cx - r + 1.5, cy - r + 1.5, cx + r - 1.5, cy + r - 1.5), fill=idx[fill])
            _put_text(lay, im, cx, cy, text, font(max(11, int(s * 0.42)), True), fg, fill)
        elif kind == "home":
            roof = [(s / 2, 0), (s - 1, s * 0.42), (s - 1, s - 1), (0, s - 1), (0, s * 0.42)]
            d.polygon(roof, fill=idx[fill], outline=idx[ink], width=2)
            md.polygon(roof, fill=255)
            _put_text(lay, im, s / 2, s * 0.64, text, f, fg, fill)
        elif kind == "city":
            d.ellipse((0, 0, s - 1, s - 1), fill=idx[ink])
            d.ellipse((3, 3, s - 4, s - 4), fill=idx[fill])
            md.ellipse((0, 0, s - 1, s - 1), fill=255)
            if text:
                _put_text(lay, im, s / 2, s / 2, text, f, fg, fill)
            else:
                c = s / 2
                d.ellipse((c - s * 0.16, c - s * 0.16, c + s * 0.16, c + s * 0.16), fill=idx[ink])
        elif kind == "star":
            outer = _star(s / 2, s / 2 + 1, s / 2)
            d.polygon(outer, fill=idx[ink])
            md.polygon(outer, fill=255)
            d.polygon(_star(s / 2, s / 2 + 1, s / 2 - 3), fill=idx[fill])
            _put_text(lay, im, s / 2, s / 2 + 2, text, font(max(10, int(s * 0.36)), True), fg, fill)
        elif kind == "flag":
            d.rectangle((2, 0, 5, s - 1), fill=idx[ink])
            md.rectangle((2, 0, 5, s - 1), fill=255)
            flag = (5, 1, s - 1, int(s * 0.66))
            d.rectangle(flag, fill=idx[fill], outline=idx[ink], width=2)
            md.rectangle(flag, fill=255)
            _put_text(lay, im, (5 + s) / 2, (1 + s * 0.66) / 2 + 1, text, font(max(10, int(s * 0.42)), True), fg, fill)
        elif kind == "cross":
            for dr, m, wd in ((d, idx[ink], 7), (md, 255, 7)):
                dr.line((3, 3, s - 4, s - 4), fill=m, width=wd)
                dr.line((3, s - 4, s - 4, 3), fill=m, width=wd)
            d.line((4, 4, s - 5, s - 5), fill=idx[fill], width=3)
            d.line((4, s - 5, s - 5, 4), fill=idx[fill], width=3)
        else:
            raise ValueError(f"unknown marker kind {kind!r}")
        return Sprite(im, mask.point([0] + [255] * 255).convert("1"))

    if text:
        record(text, font(max(10, int(size * (0.42 if kind in ("pawn", "flag") else 0.36 if kind == "star" else 0.5)))))
    return layout.composed(("marker", kind, fill, fg, text, size, ink), build)


def swatch(layout: Layout, face: str, stripe: str | None, size: int = 26, ink: str = "ink") -> Sprite:
    """A legend square: a face colour, optionally with diagonal stripes (tied)."""

    def build(lay: Layout) -> Sprite:
        im, mask, d, md = _blank(size, size)
        d.rectangle((0, 0, size - 1, size - 1), fill=lay.index[face])
        if stripe:
            for k in range(-size, size, 9):
                d.line((k, size, k + size, 0), fill=lay.index[stripe], width=3)
        d.rectangle((0, 0, size - 1, size - 1), outline=lay.index[ink], width=2)
        md.rectangle((0, 0, size - 1, size - 1), fill=255)
        return Sprite(im, mask.convert("1"))

    return layout.composed(("swatch", face, stripe, size, ink), build)


def tie_swatches(layout: Layout, face: str, stripes: list[str], size: int = 26, gap: int = 4) -> Sprite:
    """The legend's "tied" entry: one striped square for each colour a tied state can be striped in, so every
    stripe colour on the map is in the legend (not only the first party's)."""

    def build(lay: Layout) -> Sprite:
        parts = [swatch(lay, face, stripe, size) for stripe in stripes]
        width = len(parts) * size + (len(parts) - 1) * gap
        im, mask, _, md = _blank(width, size)
        for k, part in enumerate(parts):
            x = k * (size + gap)
            im.paste(part.im, (x, 0), part.mask)
            md.rectangle((x, 0, x + size - 1, size - 1), fill=255)
        return Sprite(im, mask.convert("1"))

    return layout.composed(("tie_swatches", face, tuple(stripes), size, gap), build)


V = TypeVar("V")


def public_view(view: object, expected: type[V], seat: str | None) -> V:
    """The view a ruleset's picture may draw: of its own type, and public (`seat` is whose view it is,
    None for the public one): a picture is posted to the channel, so a seat's view never reaches one."""
    if not isinstance(view, expected):
        raise TypeError(f"expected a {expected.__module__}.{expected.__name__}, got {type(view).__name__}")
    if seat is not None:
        raise ValueError(f"only the public view is drawn, not {seat!r}'s")
    return view


def caption_lines(cv: Canvas, caption: str, y: int, *, width: int, pad: int, size: int = 34) -> int:
    """A close-up's caption at its top: up to three wrapped lines in ink on paper from `y`; returns the y below."""
    f = font(size)
    for line in wrap(caption, f, width - 2 * pad, max_lines=3) if caption else []:
        cv.text(pad, y, line, f, "ink", "paper")
        y += f.line
    return y + (pad // 2 if caption else 0)


def win_tag(cv: Canvas, x0: float, x1: float, y: float, y1: float, need: int, total: int, f: Font, *,
            rise: int = 6) -> tuple[float, float]:
    """The "N to win" mark on an electoral-vote bar spanning x0..x1 (rows y..y1): an ink line through the bar at the
    winning number and a tag under it, as tall as `f`'s capitals plus 16 px (tag_height). Returns the tag's left and
    right ends (a key line beside it keeps clear)."""
    xm = win_x(x0, x1, need, total)
    cv.rect((xm - 3, y - rise, xm + 2, y1 + 6), fill="ink")
    tag = f"{need} to win"
    tw = advance(tag, f) + 16
    left = min(max(xm - tw / 2, x0), x1 - tw)  # the whole tag on the picture, under the mark where it can be
    cv.rect((left, y1 + 6, left + tw, y1 + 6 + tag_height(f)), fill="ink", radius=6)
    cv.text(left + tw / 2, y1 + 6 + tag_height(f) / 2, tag, f, "white", None, "mm")
    return left, left + tw


def tag_height(f: Font) -> int:
    return f.cap + 16


def win_x(x0: float, x1: float, need: int, total: int) -> float:
    """Where the winning number falls on a bar spanning x0..x1."""
    return x0 + (x1 - x0) * need / max(1, total)


def clear_of(left: float, right: float, mark: float, width: float, margin: int = 10) -> float | None:
    """The centre for a label `width` px wide on a bar segment left..right that keeps clear of an ink line at x
    `mark` (the "to win" line): the segment's middle when the line misses the label there, else the middle of the
    wider side of the line that holds it; None when no place holds it."""
    middle = (left + right) / 2
    if width + 12 <= right - left and abs(middle - mark) >= width / 2 + margin:
        return middle
    sides = [(left, mark - margin), (mark + margin, right)] if left < mark < right else []
    fits = [(b - a, (a + b) / 2) for a, b in sides if b - a >= width + 12]
    return max(fits)[1] if fits else None


def count_chip(cv: Canvas, x: float, top: float, w: float, h: float, bg: str, fg: str, who: str, who_font: Font,
               count: int, count_font: Font, *, pad: int, gap: int = 0) -> float:
    """A state board's count (render/*_states.py): the side's mark (a party letter, a seat number) then its count,
    on a chip in the side's colour. Returns where the count's digits start (what a legibility test measures)."""
    cv.rect((x, top, x + w, top + h), fill=bg, outline="ink", width=3, radius=10)
    cv.text(x + pad, top + 8, who, who_font, fg, bg, "lt")
    nx = x + pad + advance(who, who_font) + gap
    cv.text(nx, top + h / 2, str(count), count_font, fg, bg, "lm")
    return nx


def last_move_frame(cv: Canvas, box: tuple[float, float, float, float], *, outset: int, width: int) -> None:
    """A state box the last move changed, on the state boards: a thick ink frame `outset` px outside the box (as
    wide as the board's row gaps allow) with a white line inside it, so it reads on any fill."""
    x0, y0, x1, y1 = box
    cv.rect((x0 - outset, y0 - outset, x1 + outset, y1 + outset), outline="ink", width=width, radius=8)
    cv.rect((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline="white", width=2, radius=4)
