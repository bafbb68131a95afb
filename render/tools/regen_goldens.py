"""Regenerate the golden images of tests/render/golden/ from the fixed sample views.

    python -m render.tools.regen_goldens          # rewrite every golden
    STUMPBOT_REGEN_GOLDENS=1 python -m pytest tests/render   # same, from the test run

Goldens are stored compactly: the render decoded to RGB, box-downscaled to 800 px wide and
quantised to 128 colours (20–45 KB each). The test compares a fresh render treated the same way
(before quantisation) with a small tolerance, so only visible changes fail.
Look at every regenerated image before committing it.
"""
from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Callable

from PIL import Image

from render.types import Rendered

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "tests" / "render" / "golden"
GOLDEN_WIDTH = 800


def cases() -> dict[str, Callable[[], Rendered]]:
    from render.electioneer import render_electioneer
    from render.tools import samples
    from render.usmap import render_closeup, render_map, render_tiles

    return {
        "map_busy": lambda: render_map(samples.busy_map_view()),
        "map_small": lambda: render_map(samples.small_map_view()),
        "tiles_busy": lambda: render_tiles(samples.busy_map_view()),
        "closeup_small": lambda: render_closeup(samples.small_map_view()),
        "electioneer_midgame": lambda: render_electioneer(samples.electioneer_midgame()),
        "electioneer_final": lambda: render_electioneer(samples.electioneer_final()),
        "campaign_trail_midgame": lambda: _campaign_trail(samples.campaign_trail_midgame(), "map"),
        "campaign_trail_tiles": lambda: _campaign_trail(samples.campaign_trail_teams(), "tiles"),
        "map_leader_six": lambda: render_map(samples.six_party_leader_view()),
        "tiles_leader_six": lambda: render_tiles(samples.six_party_leader_view()),
        "map_regions_1960": lambda: render_map(samples.regions_1960_view()),
        "closeup_regions_1960": lambda: render_closeup(samples.regions_1960_view(), ["PA", "OH", "KY", "WV"]),
    }


def _campaign_trail(view, kind: str) -> Rendered:
    from render.campaign_trail import render_campaign_trail

    return render_campaign_trail(view, kind)


def reduced(png: bytes) -> Image.Image:
    """The comparable form of a render: RGB, box-downscaled to GOLDEN_WIDTH px wide."""
    im = Image.open(io.BytesIO(png)).convert("RGB")
    h = round(im.height * GOLDEN_WIDTH / im.width)
    return im.resize((GOLDEN_WIDTH, h), Image.Resampling.BOX)


def write(name: str, png: bytes) -> Path:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    path = GOLDEN_DIR / f"{name}.png"
    reduced(png).quantize(128, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
    return path


def main(argv: list[str] | None = None) -> int:
    names = argv if argv else list(cases())
    for name in names:
        path = write(name, cases()[name]().png)
        print(f"wrote {path.relative_to(GOLDEN_DIR.parents[2])} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
