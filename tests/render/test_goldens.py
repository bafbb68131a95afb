"""Golden images: each fixed sample view must still look the same.

Regenerate (after looking at the new images!) with `python -m render.tools.regen_goldens`,
or run this file with STUMPBOT_REGEN_GOLDENS=1.
"""
from __future__ import annotations

import os

import pytest
from PIL import Image, ImageChops, ImageStat

from render.tools.regen_goldens import GOLDEN_DIR, cases, reduced, write

MEAN_TOLERANCE = 1.0  # mean absolute difference per channel (0–255) after downscaling; clean runs are ≤ 0.1
BIG_DIFF_SHARE = 0.002  # share of pixels differing by more than 96 in some channel: one changed count fails

CASES = cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    rendered = CASES[name]()
    if os.environ.get("STUMPBOT_REGEN_GOLDENS"):
        write(name, rendered.png)
    path = GOLDEN_DIR / f"{name}.png"
    assert path.exists(), f"missing golden {path}: run python -m render.tools.regen_goldens"
    golden = Image.open(path).convert("RGB")
    fresh = reduced(rendered.png)
    assert fresh.size == golden.size, f"{name}: size {fresh.size} != golden {golden.size}"
    diff = ImageChops.difference(fresh, golden)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    worst = _max_channel(diff)
    big = sum(worst.histogram()[97:]) / (worst.width * worst.height)
    assert mean <= MEAN_TOLERANCE and big <= BIG_DIFF_SHARE, (
        f"{name} differs from its golden: mean {mean:.2f} (≤ {MEAN_TOLERANCE}), "
        f"big-difference share {big:.4f} (≤ {BIG_DIFF_SHARE}). If the change is intended, look at the "
        "new image and run python -m render.tools.regen_goldens")


def _max_channel(diff: Image.Image) -> Image.Image:
    r, g, b = diff.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b)
