"""Campaign Manager 2008 content (data/campaign_manager_2008/): strict models, cross-checks, a cached loader.

States, demographic groups and constants are validated item by item, then cross-checked against
each other and against data/us/electoral_votes.csv (2004–2008 apportionment).
"""
from __future__ import annotations

import csv
from collections import Counter
from functools import lru_cache
from typing import Literal

from pydantic import Field, model_validator

from engine import content as _content
from engine.content import ContentModel, load_or_raise, validate, validate_items

BASE = "campaign_manager_2008"
Side = Literal["OBA", "MCC"]
SIDES: tuple[str, ...] = ("OBA", "MCC")
Block = Literal["R", "B", "W"]
ISSUES: tuple[str, ...] = ("defense", "economy")
STARTERS = {"FL", "MI", "MO", "NJ"}
TOTAL_EV = 226
ISSUE_SPACES = 4  # spaces 0–1 point to Defense, 2–3 to Economy


def major_issue(space: int) -> str:
    """The issue the marker on `space` (0 = top) points to."""
    return "defense" if space < ISSUE_SPACES // 2 else "economy"


class Rules(ContentModel):
    start_score: dict[Side, int]
    target: int = Field(ge=1)
    draw_limit: int = Field(ge=1)
    opening_hand: int = Field(ge=0)
    pool_size: int = Field(ge=1)
    draft_look: int = Field(ge=1)
    draft_keep: int = Field(ge=1)
    draft_rounds: int = Field(ge=1)
    deck_size: int = Field(ge=1)
    start_picks: int = Field(ge=1)
    states_in_play: int = Field(ge=1)
    issue_spaces: int = Field(ge=2)
    die_faces: int = Field(ge=2)


class Rows(ContentModel):
    defense: list[Block] = Field(min_length=3, max_length=7)
    economy: list[Block] = Field(min_length=3, max_length=7)

    def row(self, issue: str) -> list[str]:
        return list(self.defense if issue == "defense" else self.economy)


class StateTile(ContentModel):
    code: str = Field(pattern=r"^[A-Z]{2}$")
    name: str = Field(min_length=1)
    ev: int = Field(ge=3, le=55)
    back: Side
    starter: bool
    rows: Rows
    issue_start: int = Field(ge=0, le=ISSUE_SPACES - 1)
    demographics: list[str] = Field(min_length=2, max_length=2)
    key_start: str

    @model_validator(mode="after")
    def _key_is_a_group(self) -> StateTile:
        if self.demographics[0] == self.demographics[1]:
            raise ValueError("the two demographic groups must differ")
        if self.key_start not in self.demographics:
            raise ValueError(f"key_start `{self.key_start}` is not one of the tile's groups {self.demographics}")
        return self

    @property
    def major_start(self) -> str:
        return major_issue(self.issue_start)

    @property
    def other_group(self) -> str:
        return next(g for g in self.demographics if g != self.key_start)


class Group(ContentModel):
    id: str = Field(pattern=r"^[a-z][a-z_]*$")
    name: str = Field(min_length=1)
    lean: Side


class Content(ContentModel):
    rules: Rules
    states: dict[str, StateTile]
    groups: dict[str, Group]


def _read_ev(problems: list[str]) -> dict[str, tuple[str, int]]:
    """code -> (name, 2004–2008 electoral votes), from the shared US table."""
    path = _content.DATA_DIR / "us" / "electoral_votes.csv"
    try:
        rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
        return {r["abbr"]: (r["name"], int(r["ev_2004_2008"])) for r in rows}
    except (OSError, KeyError, ValueError) as exc:
        problems.append(f"us/electoral_votes.csv: cannot read the 2004–2008 column: {exc}")
        return {}


def _dupes(ids: list[str]) -> list[str]:
    return sorted(i for i, n in Counter(ids).items() if n > 1)


def _check_rules(rules: Rules, problems: list[str]) -> None:
    where = f"{BASE}/rules.yaml"
    if set(rules.start_score) != set(SIDES):
        problems.append(f"{where}: start_score needs OBA and MCC")
    if rules.draft_look * rules.draft_rounds != rules.pool_size:
        problems.append(f"{where}: draft_look × draft_rounds must use up the pool of {rules.pool_size}")
    if rules.draft_keep * rules.draft_rounds != rules.deck_size:
        problems.append(f"{where}: draft_keep × draft_rounds must make the {rules.deck_size}-card deck")
    if rules.start_picks * len(SIDES) != rules.states_in_play:
        problems.append(f"{where}: start_picks per seat must fill the {rules.states_in_play} states in play")
    if rules.issue_spaces != ISSUE_SPACES:
        problems.append(f"{where}: the issue track has {ISSUE_SPACES} spaces")
    if sum(rules.start_score.values()) + TOTAL_EV != 2 * (rules.target - 1):
        problems.append(f"{where}: start scores + {TOTAL_EV} EV must allow a {rules.target - 1}–{rules.target - 1} draw")


def _check_states(states: list[StateTile], groups: dict[str, Group], problems: list[str]) -> None:
    where = f"{BASE}/states.yaml"
    codes = [s.code for s in states]
    if dupes := _dupes(codes):
        problems.append(f"{where}: duplicate codes {', '.join(dupes)}")
    if len(states) != 20:
        problems.append(f"{where}: 20 tiles expected, found {len(states)}")
    ev = _read_ev(problems)
    for s in states:
        if ev and s.code not in ev:
            problems.append(f"{where}: {s.code} is not a US state")
        elif ev and (s.name, s.ev) != ev[s.code]:
            problems.append(f"{where}: {s.code} should be {ev[s.code][0]} with {ev[s.code][1]} EV (2004–2008), "
                            f"not {s.name} with {s.ev}")
        for group in s.demographics:
            if groups and group not in groups:
                problems.append(f"{where}: {s.code}: unknown demographic group `{group}`")
        leans = {groups[g].lean for g in s.demographics if g in groups}
        if len(leans) == 1:
            problems.append(f"{where}: {s.code}: its two groups both lean {leans.pop()}; pair one of each")
        for issue in ISSUES:
            row = s.rows.row(issue)
            if "W" not in row and len(set(row)) == 1:
                kind = "major" if issue == s.major_start else "minor"
                problems.append(f"{where}: {s.code}: the starting {kind} row ({issue}) is all one colour, "
                                f"so the state would be won {'before play' if kind == 'major' else 'by one shift'}")
    total = sum(s.ev for s in states)
    if total != TOTAL_EV:
        problems.append(f"{where}: the tiles total {total} EV, not {TOTAL_EV}")
    backs = Counter(s.back for s in states)
    if backs != {"OBA": 10, "MCC": 10}:
        problems.append(f"{where}: 10 backs per side expected, found {dict(backs)}")
    starters = {s.code for s in states if s.starter}
    if starters != STARTERS:
        problems.append(f"{where}: the starter states are {sorted(STARTERS)}, not {sorted(starters)}")
    for side in SIDES:
        mine = sorted(s.code for s in states if s.starter and s.back == side)
        if len(mine) != 2:
            problems.append(f"{where}: each side's back has 2 starter states; {side} has {mine}")
    for group in sorted(set(groups) - {g for s in states for g in s.demographics}):
        problems.append(f"{BASE}/demographics.yaml: `{group}` is on no tile")


def collect_problems() -> tuple[Content | None, list[str]]:
    problems: list[str] = []
    rules = validate(Rules, f"{BASE}/rules.yaml", problems)
    states = validate_items(StateTile, f"{BASE}/states.yaml", "states", problems)
    group_list = validate_items(Group, f"{BASE}/demographics.yaml", "groups", problems)
    if dupes := _dupes([g.id for g in group_list]):
        problems.append(f"{BASE}/demographics.yaml: duplicate ids {', '.join(dupes)}")
    groups = {g.id: g for g in group_list}
    if rules:
        _check_rules(rules, problems)
    _check_states(states, groups, problems)
    if problems or rules is None:
        return None, problems
    return Content(rules=rules, states={s.code: s for s in states}, groups=groups), problems


@lru_cache(maxsize=1)
def load() -> Content:
    return load_or_raise(collect_problems)
