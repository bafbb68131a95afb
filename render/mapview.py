"""The input of the shared US map renderer (`render.usmap`): a small, ruleset-neutral view.

A ruleset's `views.py` (or its bot glue) turns its public view into a `MapView`; the map
renderer never sees a game state. States missing from `states` are drawn neutral with their
electoral votes from `ev_era`.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from render.colours import PARTY_COLOURS
from render.usdata import STATES, EvEra, ev_table

Strength = Literal["solid", "lean", "tied", "empty"]
MarkerKind = Literal["pawn", "home", "city", "star", "flag", "cross"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PartyView(_Model):
    code: str = Field(pattern=r"^[A-Z][A-Z0-9]{0,5}$")  # "DEM", "REP", "LIB", "P1" ...
    name: str = Field(min_length=1, max_length=40)
    colour: str  # a key of render.colours.PARTY_COLOURS or "#rrggbb"
    letter: str = Field(pattern=r"^[A-Z0-9]$")  # drawn in every pill and marker: never colour alone

    @model_validator(mode="after")
    def _colour_ok(self) -> "PartyView":
        c = self.colour
        if c not in PARTY_COLOURS and not (len(c) == 7 and c[0] == "#"):
            raise ValueError(f"unknown colour {c!r}: use one of {sorted(PARTY_COLOURS)} or '#rrggbb'")
        return self


class MarkerView(_Model):
    kind: MarkerKind
    party: str | None = None  # a party code, or None for neutral markers (e.g. a debate city)
    text: str | None = Field(default=None, max_length=2)  # shown on the marker; default: the party letter


class StateView(_Model):
    fill: str | None = None  # party code whose colour fills the state
    strength: Strength = "solid"  # ignored (drawn "empty") when fill is None and the state is not tied
    label: str | None = Field(default=None, max_length=10)  # replaces "ABBR EV" on the first label line
    ev: int | None = Field(default=None, ge=0, le=99)  # None: from MapView.ev_era
    counts: dict[str, int] = Field(default_factory=dict)  # party code -> cubes / votes / tokens
    markers: list[MarkerView] = Field(default_factory=list, max_length=6)
    highlight: bool = False  # outlined: e.g. changed by the last move


class PanelView(_Model):
    title: str = Field(max_length=40)
    party: str | None = None  # tints the title with that party's colour and letter
    rows: list[tuple[str, str]] = Field(default_factory=list, max_length=10)


class LegendEntry(_Model):
    text: str = Field(max_length=40)
    marker: MarkerKind | None = None  # draws that marker beside the text (neutral colours)


class MapView(_Model):
    game: str = Field(max_length=60)  # "Campaign Trail"
    turn: str = ""  # "Turn 5 of 9"
    to_move: str = ""  # "Democrats to move"
    deadline: str = ""  # "deadline Fri 18:00 UTC"
    parties: list[PartyView] = Field(min_length=1, max_length=6)
    states: dict[str, StateView] = Field(default_factory=dict)
    ev_era: EvEra = "2024"  # which apportionment: "1960", "2004" (2004–2008), "2012" (2012–2020), "2024"
    ev_totals: dict[str, int] = Field(default_factory=dict)
    ev_needed: int | None = None  # None: a majority of the total (270 of 538, 269 of 537)
    panels: list[PanelView] = Field(default_factory=list, max_length=6)
    legend: list[LegendEntry] = Field(default_factory=list, max_length=8)

    @model_validator(mode="after")
    def _consistent(self) -> "MapView":
        codes = [p.code for p in self.parties]
        if len(set(codes)) != len(codes):
            raise ValueError("duplicate party codes")
        letters = [p.letter for p in self.parties]
        if len(set(letters)) != len(letters):
            raise ValueError("duplicate party letters: they are the colour-blind cue")
        known = set(codes)
        for abbr, s in self.states.items():
            if abbr not in STATES:
                raise ValueError(f"unknown state {abbr!r}")
            if s.fill is not None and s.fill not in known:
                raise ValueError(f"{abbr}: fill {s.fill!r} is not a party")
            bad = set(s.counts) - known
            if bad:
                raise ValueError(f"{abbr}: counts for unknown parties {sorted(bad)}")
            if len([v for v in s.counts.values() if v]) > 3:
                raise ValueError(f"{abbr}: at most 3 parties' counts per state")
            for m in s.markers:
                if m.party is not None and m.party not in known:
                    raise ValueError(f"{abbr}: marker for unknown party {m.party!r}")
        for p in self.panels:
            if p.party is not None and p.party not in known:
                raise ValueError(f"panel {p.title!r}: unknown party {p.party!r}")
        bad = set(self.ev_totals) - known
        if bad:
            raise ValueError(f"ev_totals for unknown parties {sorted(bad)}")
        return self

    # ---- derived values the renderers share
    def ev_of(self, abbr: str) -> int:
        s = self.states.get(abbr)
        if s is not None and s.ev is not None:
            return s.ev
        return ev_table(self.ev_era)[abbr]

    def total_ev(self) -> int:
        return sum(self.ev_of(a) for a in STATES)

    def needed(self) -> int:
        return self.ev_needed if self.ev_needed is not None else self.total_ev() // 2 + 1

    def party(self, code: str) -> PartyView:
        for p in self.parties:
            if p.code == code:
                return p
        raise KeyError(code)

    def slot(self, code: str) -> int:
        return [p.code for p in self.parties].index(code)
