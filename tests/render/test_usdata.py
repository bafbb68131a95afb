"""US fact data: every era of electoral votes is complete, totals what it should and matches public record."""
from __future__ import annotations

import pytest

from render.mapview import MapView
from render.tools.samples import PARTIES3
from render.usdata import EV_ERAS, STATES, ev_table

TOTALS = {"1960": 537, "2004": 538, "2012": 538, "2024": 538}


def test_every_era_is_listed_and_has_a_total() -> None:
    assert set(EV_ERAS) == set(TOTALS)


@pytest.mark.parametrize("era", EV_ERAS)
def test_each_era_covers_every_state_and_totals_right(era: str) -> None:
    ev = ev_table(era)
    assert set(ev) == set(STATES) and len(STATES) == 51
    assert sum(ev.values()) == TOTALS[era]
    assert all(v >= 3 for a, v in ev.items() if a != "DC" or era != "1960")
    view = MapView(game="t", parties=PARTIES3[:2], ev_era=era)
    assert view.total_ev() == TOTALS[era] and view.needed() == TOTALS[era] // 2 + 1


@pytest.mark.parametrize("era, spots", [
    ("1960", {"DC": 0, "NY": 45, "CA": 32, "PA": 32, "TX": 24, "AK": 3, "HI": 3}),
    ("2004", {"CA": 55, "TX": 34, "NY": 31, "FL": 27, "IL": 21, "PA": 21, "OH": 20, "MI": 17, "AZ": 10,
              "DC": 3, "WY": 3}),
    ("2012", {"CA": 55, "TX": 38, "NY": 29, "FL": 29, "OH": 18}),
    ("2024", {"CA": 54, "TX": 40, "FL": 30, "NY": 28, "OH": 17}),
])
def test_spot_values(era: str, spots: dict[str, int]) -> None:
    ev = ev_table(era)
    assert {a: ev[a] for a in spots} == spots
