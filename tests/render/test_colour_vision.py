"""Lean states stay apart from "nobody", and the two sides from each other, for colour-blind players.

Simulated with colorspacious (Machado et al. 2009) at severity 100 for each kind of anomalous trichromacy,
measured in CAM02-UCS (colorspacious's `deltaE`; about 1 is a just-noticeable difference between flat areas). The
colours are those a map game fills states with: Campaign Trail's three parties (render/campaign_trail.py) —
whose first two are every two-sided game's sides (1960, Campaign Manager 2008, Electioneer) — and "nobody".
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE

from render import colours as C
from render.campaign_trail import COLOURS as CAMPAIGN_TRAIL

DEFICIENCIES = ["deuteranomaly", "protanomaly", "tritanomaly"]
LEAN_FROM_NOBODY = 14.0  # the palette before this test: red's lean was 12.4 from "nobody" for deuteranomaly
SIDES_SOLID, SIDES_LEAN = 40.0, 25.0
SOLID_FROM_LEAN = 14.0
PARTIES = list(dict.fromkeys(CAMPAIGN_TRAIL.values()))
SIDES = PARTIES[:2]


def seen(rgb: C.RGB, deficiency: str | None) -> np.ndarray:
    """The sRGB (0–1) colour as a viewer with that deficiency at full severity sees it; None: normal vision."""
    value = np.array(rgb, dtype=float) / 255
    if deficiency is None:
        return value
    space = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
    return np.clip(cspace_convert(value, space, "sRGB1"), 0, 1)


def distance(a: C.RGB, b: C.RGB, deficiency: str | None) -> float:
    return float(deltaE(seen(a, deficiency), seen(b, deficiency), input_space="sRGB1"))


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_every_lean_stands_apart_from_nobody(deficiency: str | None) -> None:
    for party in PARTIES:
        solid, lean = C.PARTY_COLOURS[party]
        assert distance(lean, C.NEUTRAL, deficiency) >= LEAN_FROM_NOBODY, (party, deficiency)
        assert distance(solid, lean, deficiency) >= SOLID_FROM_LEAN, (party, deficiency, "solid vs lean")


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_the_two_sides_stand_apart(deficiency: str | None) -> None:
    (a_solid, a_lean), (b_solid, b_lean) = (C.PARTY_COLOURS[p] for p in SIDES)
    assert distance(a_solid, b_solid, deficiency) >= SIDES_SOLID, deficiency
    assert distance(a_lean, b_lean, deficiency) >= SIDES_LEAN, deficiency


def test_the_simulation_is_not_a_no_op() -> None:
    """A check that cannot fail is no check: full deuteranomaly must bring red and green together."""
    red, green = (255, 0, 0), (0, 160, 0)
    assert distance(red, green, "deuteranomaly") < distance(red, green, None) / 2


def test_the_three_campaign_trail_parties_differ_in_every_vision() -> None:
    for deficiency in [None, *DEFICIENCIES]:
        for a, b in itertools.combinations(PARTIES, 2):
            assert distance(C.PARTY_COLOURS[a][0], C.PARTY_COLOURS[b][0], deficiency) >= 20, (a, b, deficiency)
