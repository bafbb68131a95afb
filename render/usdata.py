"""US facts and geometry from data/us/ (public domain; see data/us/README.md and LICENSE.us-atlas)."""
from __future__ import annotations

import csv
import json
from collections import defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Literal, get_args

DATA = Path(__file__).resolve().parent.parent / "data" / "us"

# The nine small north-eastern states whose labels go in callout boxes on the full map.
CALLOUT_STATES = ("VT", "NH", "MA", "RI", "CT", "NJ", "DE", "MD", "DC")


def _rows(name: str) -> list[dict[str, str]]:
    with open(DATA / name, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


_EV_ROWS = _rows("electoral_votes.csv")
STATES: tuple[str, ...] = tuple(sorted(r["abbr"] for r in _EV_ROWS))
NAMES: dict[str, str] = {r["abbr"]: r["name"] for r in _EV_ROWS}
# era key -> column: the apportionment that census gave (1960: 1950 census, DC had no votes until 1964;
# 2004: 2000 census, used 2004–2008; 2012: 2010 census; 2024: 2020 census).
EvEra = Literal["1960", "2004", "2012", "2024"]
_EV_COLUMNS: dict[EvEra, str] = {"1960": "ev_1960", "2004": "ev_2004_2008", "2012": "ev_2012_2020",
                                 "2024": "ev_2024_2028"}
EV_ERAS: tuple[EvEra, ...] = get_args(EvEra)


@lru_cache(maxsize=4)
def ev_table(era: EvEra) -> dict[str, int]:
    col = _EV_COLUMNS[era]
    return {r["abbr"]: int(r[col]) for r in _EV_ROWS}


@lru_cache(maxsize=1)
def label_points() -> dict[str, tuple[float, float]]:
    """Albers-space label anchors (pole of inaccessibility of each state's largest polygon)."""
    return {r["abbr"]: (float(r["x"]), float(r["y"])) for r in _rows("label_points_albers.csv")}


@lru_cache(maxsize=1)
def tile_grid() -> dict[str, tuple[int, int]]:
    return {r["abbr"]: (int(r["row"]), int(r["col"])) for r in _rows("tile_grid.csv")}


Ring = list[tuple[float, float]]


@lru_cache(maxsize=1)
def shapes() -> dict[str, list[list[Ring]]]:
    """abbr -> polygons -> rings (first ring outer, the rest holes), in albers space (975×610, y down)."""
    with open(DATA / "us_states_albers.geojson", encoding="utf-8") as fh:
        gj = json.load(fh)
    out: dict[str, list[list[Ring]]] = {}
    for f in gj["features"]:
        geom = f["geometry"]
        polys = [geom["coordinates"]] if geom["type"] == "Polygon" else geom["coordinates"]
        out[f["properties"]["abbr"]] = [[[(float(x), float(y)) for x, y in ring] for ring in poly] for poly in polys]
    return out


@lru_cache(maxsize=1)
def bounds() -> dict[str, tuple[float, float, float, float]]:
    """abbr -> (minx, miny, maxx, maxy) in albers space."""
    out = {}
    for abbr, polys in shapes().items():
        xs = [x for p in polys for x, _ in p[0]]
        ys = [y for p in polys for _, y in p[0]]
        out[abbr] = (min(xs), min(ys), max(xs), max(ys))
    return out


Point = tuple[float, float]


@lru_cache(maxsize=1)
def shared_borders() -> dict[frozenset[str], list[Ring]]:
    """Each pair of land neighbours -> their common boundary as polylines in albers space. The states
    share exact vertices along a border (one topology), so the border is the edges both rings hold;
    the pairs are those of state_adjacency.csv's `land` rows."""
    owners: dict[frozenset[Point], set[str]] = defaultdict(set)
    for abbr, polys in shapes().items():
        for poly in polys:
            for ring in poly:
                for p, q in zip(ring, ring[1:] + ring[:1]):
                    if p != q:
                        owners[frozenset((p, q))].add(abbr)
    by_pair: dict[frozenset[str], list[tuple[Point, Point]]] = defaultdict(list)
    for edge, who in owners.items():
        if len(who) == 2:
            p, q = sorted(edge)
            by_pair[frozenset(who)].append((p, q))
    return {pair: _chains(edges) for pair, edges in sorted(by_pair.items(), key=lambda kv: sorted(kv[0]))}


def _chains(edges: list[tuple[Point, Point]]) -> list[Ring]:
    """Join edges into as few polylines as their ends allow (deterministic: from the smallest point)."""
    nbrs: dict[Point, list[Point]] = defaultdict(list)
    for p, q in edges:
        nbrs[p].append(q)
        nbrs[q].append(p)
    used: set[frozenset[Point]] = set()
    lines: list[Ring] = []
    ends = sorted(p for p, ns in nbrs.items() if len(ns) != 2)
    for start in ends + sorted(nbrs):  # open chains first, then closed loops
        for first in nbrs[start]:
            if frozenset((start, first)) in used:
                continue
            used.add(frozenset((start, first)))
            line, prev, cur = [start, first], start, first
            while len(nbrs[cur]) == 2:
                nxt = nbrs[cur][0] if nbrs[cur][1] == prev else nbrs[cur][1]
                if frozenset((cur, nxt)) in used:
                    break
                used.add(frozenset((cur, nxt)))
                line.append(nxt)
                prev, cur = cur, nxt
            lines.append(line)
    return lines
