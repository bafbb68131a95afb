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
CountStyle = Literal["chips", "leader"]

MAX_PARTIES = 6  # the map's palette holds a solid and a lean tone for six parties (render.usmap_palette)
MAX_MARKERS = 12  # per state: a pawn and a home for each of six players
MAX_CHIPS = 3  # count chips that fit in a state's label; more parties with counts show leader and margin


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
    markers: list[MarkerView] = Field(default_factory=list, max_length=MAX_MARKERS)
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
    parties: list[PartyView] = Field(min_length=1, max_length=MAX_PARTIES)
    states: dict[str, StateView] = Field(default_factory=dict)
    ev_era: EvEra = "2024"  # which apportionment: "1960", "2004" (2004–2008), "2012" (2012–2020), "2024"
    ev_totals: dict[str, int] = Field(default_factory=dict)
    ev_needed: int | None = None  # None: a majority of the total (270 of 538, 269 of 537)
    panels: list[PanelView] = Field(default_factory=list, max_length=6)
    legend: list[LegendEntry] = Field(default_factory=list, max_length=8)
    # How a state's counts are shown. "chips": one pill per party ("D3 R2"), except that a state with
    # counts for more than MAX_CHIPS parties shows its leader and margin. "leader": every state with
    # counts shows only its leader and margin ("D+3"; a tie "D=R"), and the counts decide its fill:
    # the leader's colour (light when the state's strength is "lean"), or stripes of the tied parties.
    count_style: CountStyle = "chips"
    # region name -> its states. When given, a thick line is drawn between adjacent states of different
    # regions (e.g. 1960's four regions). A state may be in one region at most; states in none are
    # drawn as a region of their own.
    regions: dict[str, list[str]] = Field(default_factory=dict, max_length=12)

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
            for m in s.markers:
                if m.party is not None and m.party not in known:
                    raise ValueError(f"{abbr}: marker for unknown party {m.party!r}")
        for p in self.panels:
            if p.party is not None and p.party not in known:
                raise ValueError(f"panel {p.title!r}: unknown party {p.party!r}")
        bad = set(self.ev_totals) - known
        if bad:
            raise ValueError(f"ev_totals for unknown parties {sorted(bad)}")
        seen: dict[str, str] = {}
        for name, members in self.regions.items():
            for abbr in members:
                if abbr not in STATES:
                    raise ValueError(f"region {name!r}: unknown state {abbr!r}")
                if abbr in seen:
                    raise ValueError(f"{abbr} is in two regions, {seen[abbr]!r} and {name!r}")
                seen[abbr] = name
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

    def shows_leader(self, abbr: str) -> bool:
        """Whether the state's counts are drawn as its leader and margin rather than one chip a party."""
        s = self.states.get(abbr)
        if s is None or not any(s.counts.values()):
            return False
        return self.count_style == "leader" or sum(1 for v in s.counts.values() if v) > MAX_CHIPS

    def standing(self, abbr: str) -> tuple[tuple[str, ...], int]:
        """(the parties with the most, in party order; their lead over the next) from a state's counts.
        One party with counts leads by all of them; a tie has margin 0."""
        counts = self.states[abbr].counts
        ranked = sorted((counts.get(p.code, 0) for p in self.parties), reverse=True)
        top = ranked[0]
        leaders = tuple(p.code for p in self.parties if counts.get(p.code, 0) == top)
        return leaders, top - (ranked[1] if len(ranked) > 1 else 0)

    def region_of(self) -> dict[str, str]:
        """state -> its region's name (states in no region are absent)."""
        return {a: name for name, members in self.regions.items() for a in members}

    def party(self, code: str) -> PartyView:
        for p in self.parties:
            if p.code == code:
                return p
        raise KeyError(code)

    def slot(self, code: str) -> int:
        return [p.code for p in self.parties].index(code)
