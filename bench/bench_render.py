"""Render speed and size, each beside a floor measured in the same run.

    python bench/bench_render.py [--n 60]

Floor: Pillow PNG-encoding a blank 1600×1000 RGB image at the renderer's level (6), default
strategy — "the time to PNG-encode a blank image". Targets:
busy map render+encode ≤ 0.5× that floor, PNG ≤ 100 KB, ≥ 100 images/s with 2 threads.
Inputs are deterministic (render/tools/samples.py).
"""
from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from render.canvas import PNG_LEVEL, PNG_STRATEGY  # noqa: E402
from render.electioneer import render_electioneer  # noqa: E402
from render.mapview import StateView  # noqa: E402
from render.tools.samples import busy_map_view, electioneer_midgame  # noqa: E402
from render.usmap import render_map, render_tiles  # noqa: E402


def median_ms(fn, n: int) -> float:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return statistics.median(out)


def blank_encode(strategy: int = -1):
    im = Image.new("RGB", (1600, 1000), (255, 255, 255))

    def run() -> bytes:
        buf = io.BytesIO()
        im.save(buf, "PNG", compress_level=PNG_LEVEL, compress_type=strategy)
        return buf.getvalue()

    return run


def moves(view, n: int):
    """n successive views, each changing two states' counts (a typical move), deterministically."""
    states = {a: StateView(**{**s.model_dump(), "highlight": False}) for a, s in view.states.items()}
    abbrs = sorted(states)
    out = []
    for k in range(n):
        changed = (abbrs[(7 * k) % len(abbrs)], abbrs[(7 * k + 3) % len(abbrs)])
        for a, s in list(states.items()):
            if s.highlight or a in changed:
                counts = dict(s.counts)
                if a in changed:
                    counts["DEM"] = counts.get("DEM", 0) % 12 + 1
                states[a] = StateView(**{**s.model_dump(), "counts": counts, "highlight": a in changed})
        out.append(view.model_copy(update={"states": dict(states)}))
    return out


def per_second(fn, items, threads: int) -> float:
    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(fn, items[:threads * 2]))  # warm the threads
        t0 = time.perf_counter()
        list(pool.map(fn, items))
        return len(items) / (time.perf_counter() - t0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=60, help="repetitions per measurement (median)")
    args = ap.parse_args()
    n = args.n

    busy = busy_map_view()
    t0 = time.perf_counter()
    first = render_map(busy)
    cold_ms = (time.perf_counter() - t0) * 1000  # includes drawing the static base once
    floor = blank_encode()
    floor_rle = blank_encode(PNG_STRATEGY)
    floor()

    floor_ms = median_ms(floor, n)
    floor_rle_ms = median_ms(floor_rle, n)
    warm_ms = median_ms(lambda: render_map(busy), n)
    seq = moves(busy, n)
    it = iter(seq)
    move_ms = median_ms(lambda: render_map(next(it)), n)
    fresh = [busy_map_view(seed=1000 + k) for k in range(n)]
    it2 = iter(fresh)
    fresh_ms = median_ms(lambda: render_map(next(it2)), n)
    tiles_ms = median_ms(lambda: render_tiles(busy), n)
    size = len(first.png)
    el = electioneer_midgame()
    render_electioneer(el)
    el_ms = median_ms(lambda: render_electioneer(el), n)
    el_size = len(render_electioneer(el).png)

    items = [busy] * max(200, 4 * n)
    ips1 = per_second(render_map, items, 1)
    ips2 = per_second(render_map, items, 2)
    blank_items = list(range(len(items)))
    floor_ips2 = per_second(lambda _: floor(), blank_items, 2)

    rows = [
        ("busy map render+encode (same view)", f"{warm_ms:.2f} ms", f"{floor_ms:.2f} ms", warm_ms / floor_ms, "≤ 0.5"),
        ("busy map, a move changing 2 states", f"{move_ms:.2f} ms", f"{floor_ms:.2f} ms", move_ms / floor_ms, ""),
        ("busy map, every state new (no label cache)", f"{fresh_ms:.2f} ms", f"{floor_ms:.2f} ms",
         fresh_ms / floor_ms, ""),
        ("busy map, first render (draws the base)", f"{cold_ms:.1f} ms", f"{floor_ms:.2f} ms", cold_ms / floor_ms, ""),
        ("tile-grid cartogram of the busy map", f"{tiles_ms:.2f} ms", f"{floor_ms:.2f} ms", tiles_ms / floor_ms, ""),
        ("busy map PNG bytes", f"{size:,} B", f"{len(floor()):,} B blank", size / len(floor()), "≤ 100 KB"),
        ("images/s, busy map, 2 threads", f"{ips2:.0f}/s", f"{floor_ips2:.0f}/s blank", ips2 / floor_ips2, "≥ 100/s"),
        ("images/s, busy map, 1 thread", f"{ips1:.0f}/s", "", 0.0, ""),
        ("Electioneer table render+encode", f"{el_ms:.2f} ms", f"{floor_ms:.2f} ms", el_ms / floor_ms, ""),
        ("Electioneer table PNG bytes", f"{el_size:,} B", "", 0.0, ""),
    ]
    print(f"render bench (n={n}); floor = blank 1600×1000 RGB, Pillow PNG level {PNG_LEVEL}, default strategy "
          f"(with the renderer's RLE strategy the blank encode takes {floor_rle_ms:.2f} ms)")
    print(f"{'measurement':44s} {'value':>12s} {'floor':>18s} {'ratio':>7s}  target")
    for name, value, fl, ratio, target in rows:
        r = f"{ratio:.2f}" if ratio else ""
        print(f"{name:44s} {value:>12s} {fl:>18s} {r:>7s}  {target}")
    ok = warm_ms <= 0.5 * floor_ms and size <= 100 * 1024 and ips2 >= 100
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
