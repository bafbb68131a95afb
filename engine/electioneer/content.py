"""Electioneer US content: states, issues, policies, theatrics — loaded from data/electioneer/."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Iterator, Literal

from pydantic import Field

from engine.content import ContentModel, load_or_raise, validate_items

Party = Literal["DEM", "REP"]
TheatricKind = Literal["momentum", "reframe", "endorse", "scandal", "research", "factcheck"]


class StateDef(ContentModel):
    code: str = Field(pattern=r"^[A-Z]{2}$")
    name: str
    electors: int = Field(gt=0, le=60)
    colour: Party
    rationale: str


class IssueDef(ContentModel):
    id: str = Field(pattern=r"^[a-z]+$")
    name: str
    short: str = Field(pattern=r"^[A-Z]{3}$")
    copies: int = Field(gt=0, le=12)
    rationale: str


class PolicyDef(ContentModel):
    id: str = Field(pattern=r"^[DR][0-9]{2}$")
    party: Party
    name: str
    effects: dict[str, int]
    rationale: str


class TheatricDef(ContentModel):
    id: str = Field(pattern=r"^T[0-9]{2}$")
    kind: TheatricKind
    name: str
    text: str
    rationale: str
    amount: int = Field(default=0, ge=0, le=5)


class ElectioneerContent(ContentModel):
    states: dict[str, StateDef]
    issues: dict[str, IssueDef]
    policies: dict[str, PolicyDef]
    theatrics: dict[str, TheatricDef]

    def issue_pool(self) -> list[str]:
        return [i.id for i in self.issues.values() for _ in range(i.copies)]


def collect_problems() -> tuple[ElectioneerContent | None, list[str]]:
    problems: list[str] = []
    states = validate_items(StateDef, "electioneer/states.yaml", "states", problems)
    issues = validate_items(IssueDef, "electioneer/issues.yaml", "issues", problems)
    policies = validate_items(PolicyDef, "electioneer/policies.yaml", "policies", problems)
    theatrics = validate_items(TheatricDef, "electioneer/theatrics.yaml", "theatrics", problems)
    _unique("states.yaml", [s.code for s in states], problems)
    _unique("issues.yaml", [i.id for i in issues], problems)
    _unique("policies.yaml", [p.id for p in policies], problems)
    _unique("theatrics.yaml", [t.id for t in theatrics], problems)
    issue_ids = {i.id for i in issues}
    if len(states) != 7:
        problems.append(f"electioneer/states.yaml: needs exactly 7 battleground states, found {len(states)}")
    if len(issue_ids) != 7:
        problems.append(f"electioneer/issues.yaml: needs exactly 7 issues, found {len(issue_ids)}")
    tiles = sum(i.copies for i in issues)
    if tiles < 2 * len(states) + 1:
        problems.append(f"electioneer/issues.yaml: {tiles} tiles cannot deal two per state and leave a spare deck")
    for p in policies:
        if not p.id.startswith(p.party[0]):
            problems.append(f"electioneer/policies.yaml: {p.id}: id letter does not match party {p.party}")
        for issue in p.effects:
            if issue not in issue_ids:
                problems.append(f"electioneer/policies.yaml: {p.id}: unknown issue '{issue}'")
        if not p.effects or all(v == 0 for v in p.effects.values()):
            problems.append(f"electioneer/policies.yaml: {p.id}: a policy must affect at least one issue")
    for party in ("DEM", "REP"):
        count = sum(1 for p in policies if p.party == party)
        if count < 10:
            problems.append(f"electioneer/policies.yaml: {party} has {count} policies; a game needs at least 10")
    if len(theatrics) < 6:
        problems.append("electioneer/theatrics.yaml: at least 6 theatrics are needed to deal three each")
    if problems:
        return None, problems
    content = ElectioneerContent(
        states={s.code: s for s in states},
        issues={i.id: i for i in issues},
        policies={p.id: p for p in policies},
        theatrics={t.id: t for t in theatrics},
    )
    return content, problems


def _unique(name: str, ids: list[str], problems: list[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            problems.append(f"electioneer/{name}: duplicate id '{i}'")
        seen.add(i)


@lru_cache(maxsize=1)
def _load_files() -> ElectioneerContent:
    return load_or_raise(collect_problems)


# Scenario cases may bring inline cards: they install a modified content for the duration of
# the case. A ContextVar keeps that override local to the running task (a live bot is unaffected).
_override: ContextVar[ElectioneerContent | None] = ContextVar("electioneer_content", default=None)


def load() -> ElectioneerContent:
    return _override.get() or _load_files()


@contextmanager
def use(content: ElectioneerContent) -> Iterator[None]:
    token = _override.set(content)
    try:
        yield
    finally:
        _override.reset(token)
