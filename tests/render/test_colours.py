"""Party colours stay apart for protanopes and deuteranopes (Viénot et al. 1999 simulation)."""
from __future__ import annotations

import itertools

from render import colours as C

PROTANOPIA = ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0))
DEUTERANOPIA = ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0))


def _encode(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def simulate(rgb, m):
    lin = [C._lin(c) for c in rgb]
    return tuple(_encode(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def test_first_three_parties_are_distinguishable_without_red_green() -> None:
    keys = ["blue", "red", "gold"]
    for m in (PROTANOPIA, DEUTERANOPIA):
        for a, b in itertools.combinations(keys, 2):
            (sa, la), (sb, lb) = C.PARTY_COLOURS[a], C.PARTY_COLOURS[b]
            assert distance(simulate(sa, m), simulate(sb, m)) >= 70, (a, b)
            assert distance(simulate(la, m), simulate(lb, m)) >= 40, (a, b, "lean")
        for k in keys:
            solid, lean = C.PARTY_COLOURS[k]
            assert distance(simulate(lean, m), simulate(C.NEUTRAL, m)) >= 40, (k, "lean vs neutral")
            assert distance(simulate(solid, m), simulate(lean, m)) >= 60, (k, "solid vs lean")


def test_text_colour_always_has_contrast() -> None:
    for solid, lean in C.PARTY_COLOURS.values():
        for bg in (solid, lean):
            fg = C.WHITE if C.text_on(bg) == "white" else C.INK
            assert C.contrast(fg, bg) >= 3.0, bg
