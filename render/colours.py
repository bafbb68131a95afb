"""Colours: the party palette (colour-blind-checked), tones, contrast helpers.

Party colours are chosen so that the first three (blue, vermillion, gold) differ in lightness
as well as hue: blue is dark, vermillion medium, gold light. That keeps them apart for
deuteranopes and protanopes (who lose the red–green axis but keep blue–yellow and lightness),
and `tests/render/test_colours.py` checks it with a simulation. Colour is never the only cue:
every party also has a letter, drawn in every count pill, marker and legend entry.
"""
from __future__ import annotations

RGB = tuple[int, int, int]


def hex_rgb(value: str) -> RGB:
    v = value.lstrip("#")
    if len(v) != 6:
        raise ValueError(f"not a #rrggbb colour: {value!r}")
    return int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16)


# key -> (solid, lean). Lean is the solid mixed towards white; it is a separate entry so the
# lean tones can be tuned for contrast against the neutral grey. The red and gold leans are darker
# than an even mix: under a full red-green (red) or blue-yellow (gold) colour-vision deficiency a paler
# lean came within ~12 CAM02-UCS units of "nobody" (tests/render/test_colour_vision.py keeps ≥ 14).
PARTY_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "blue": (hex_rgb("#1f5fbf"), hex_rgb("#a3bfe9")),
    "red": (hex_rgb("#cf4016"), hex_rgb("#e28c73")),
    "gold": (hex_rgb("#e3a600"), hex_rgb("#f1d27f")),
    "purple": (hex_rgb("#7a4aa8"), hex_rgb("#cdb6e3")),
    "green": (hex_rgb("#15866a"), hex_rgb("#a5d8c6")),
    "teal": (hex_rgb("#4fb0e6"), hex_rgb("#bfe2f7")),
    "grey": (hex_rgb("#5c5c5c"), hex_rgb("#b8b8b8")),
}

INK: RGB = (26, 26, 30)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (247, 245, 240)
MUTED: RGB = (92, 92, 100)
NEUTRAL: RGB = (214, 214, 210)  # a state nobody holds
NEUTRAL_HATCH: RGB = (150, 150, 148)
TIE_BASE: RGB = (234, 232, 226)
BORDER: RGB = (255, 255, 255)
PANEL: RGB = (255, 255, 255)
LINE: RGB = (40, 40, 46)


def party_tones(colour: str) -> tuple[RGB, RGB]:
    """(solid, lean) for a colour key or a '#rrggbb' value."""
    if colour in PARTY_COLOURS:
        return PARTY_COLOURS[colour]
    solid = hex_rgb(colour)
    return solid, mix(solid, WHITE, 0.55)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """t=0 gives a, t=1 gives b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def _lin(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    r, g, b = (_lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def text_on(bg: RGB) -> str:
    """'ink' or 'white': whichever reads better on `bg`."""
    return "white" if contrast(WHITE, bg) > contrast(INK, bg) else "ink"
