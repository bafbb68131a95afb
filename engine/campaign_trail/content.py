"""Campaign Trail content: states, regions, adjacency, cities, the action and Dirty Politics decks,
politicks, candidates and the debate material — loaded from data/campaign_trail/.

Every file is validated item by item (one broken card never hides the others; the models are in
content_models.py), then everything is cross-checked here: ids unique, every referenced state / region /
city / issue / politick exists, the counts the rules need, and every effect op list against the op
vocabulary (op_specs.py). The vocabulary is documented in docs/content/campaign_trail.md.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.campaign_trail.content_models import (
    AbilityDef, AdjacencyDef, CampaignTrailContent, CandidateDef, CardDef, CityDef, DebateCategoryDef, DebateCityDef,
    DebateIssueDef, DebateTopicDef, DirtyCardDef, PartyDef, PolitickDef, RegionDef, StateDef, neighbours_of,
    reference_ok,
)
from engine.campaign_trail.op_specs import OpChecker
from engine.campaign_trail.vocabulary import PARTIES
from engine.content import load_or_raise, validate_items

BASE = "campaign_trail"

REQUIRED_SPECIAL_PAIRS = [("CA", "HI"), ("AK", "WA"), ("AZ", "CO"), ("NM", "UT"), ("AZ", "UT"), ("CO", "NM"),
                          ("AZ", "NM"), ("CO", "UT"), ("DE", "NJ"), ("DC", "MD"), ("DC", "VA")]


@dataclass
class _Loaded:
    """Every data file's valid items, the problems found so far, and the id sets the cross-checks read."""
    problems: list[str]
    parties: list[PartyDef]
    regions: list[RegionDef]
    states: list[StateDef]
    adjacency: list[AdjacencyDef]
    cities: list[CityDef]
    debate_cities: list[DebateCityDef]
    categories: list[DebateCategoryDef]
    issues: list[DebateIssueDef]
    topics: list[DebateTopicDef]
    politicks: list[PolitickDef]
    cards: list[CardDef]
    dirty: list[DirtyCardDef]
    candidates: list[CandidateDef]
    state_ids: set[str] = field(init=False)
    issue_ids: set[str] = field(init=False)
    by_code: dict[str, StateDef] = field(init=False)
    politick_by_id: dict[str, PolitickDef] = field(init=False)
    nbrs: dict[str, set[str]] = field(init=False)

    def __post_init__(self) -> None:
        self.state_ids = {s.code for s in self.states}
        self.issue_ids = {i.id for i in self.issues}
        self.by_code = {s.code: s for s in self.states}
        self.politick_by_id = {p.id: p for p in self.politicks}
        self.nbrs = neighbours_of(self.adjacency)

    def note(self, file: str, message: str) -> None:
        self.problems.append(f"{BASE}/{file}: {message}")


def collect_problems() -> tuple[CampaignTrailContent | None, list[str]]:
    """The game's content and every problem in its files, all reported at once (no content if any)."""
    x = _load_files()
    for check in (_check_ids, _check_parties, _check_map_states, _check_adjacency, _check_cities, _check_debates,
                  _check_politicks, _check_cards, _check_dirty_cards, _check_candidates):
        check(x)
    if x.problems:
        return None, x.problems
    return _assemble(x), x.problems


@lru_cache(maxsize=1)
def load() -> CampaignTrailContent:
    return load_or_raise(collect_problems)


def _load_files() -> _Loaded:
    """Each file's items, validated one by one: a broken item is a problem and is left out."""
    problems: list[str] = []

    def load(model: type, file: str, key: str) -> list:
        return validate_items(model, f"{BASE}/{file}", key, problems)

    return _Loaded(
        problems=problems,
        parties=load(PartyDef, "parties.yaml", "parties"),
        regions=load(RegionDef, "regions.yaml", "regions"),
        states=load(StateDef, "states.yaml", "states"),
        adjacency=load(AdjacencyDef, "adjacency.yaml", "adjacency"),
        cities=load(CityDef, "cities.yaml", "cities"),
        debate_cities=load(DebateCityDef, "debate_cities.yaml", "debate_cities"),
        categories=load(DebateCategoryDef, "debate_categories.yaml", "debate_categories"),
        issues=load(DebateIssueDef, "debate_issues.yaml", "debate_issues"),
        topics=load(DebateTopicDef, "debate_topics.yaml", "debate_topics"),
        politicks=load(PolitickDef, "politicks.yaml", "politicks"),
        cards=load(CardDef, "cards.yaml", "cards"),
        dirty=load(DirtyCardDef, "dirty_cards.yaml", "dirty_cards"),
        candidates=load(CandidateDef, "candidates.yaml", "candidates"),
    )


def _assemble(x: _Loaded) -> CampaignTrailContent:
    """The checked items, keyed by their ids."""
    return CampaignTrailContent(
        parties={p.id: p for p in x.parties},
        regions={r.id: r for r in x.regions},
        states={s.code: s for s in x.states},
        adjacency=x.adjacency,
        cities={c.id: c for c in x.cities},
        debate_cities={c.id: c for c in x.debate_cities},
        debate_categories={c.id: c for c in x.categories},
        debate_issues={i.id: i for i in x.issues},
        debate_topics={t.id: t for t in x.topics},
        politicks={p.id: p for p in x.politicks},
        cards={c.number: c for c in x.cards},
        dirty_cards={c.number: c for c in x.dirty},
        candidates={c.id: c for c in x.candidates},
    )


def _check_ids(x: _Loaded) -> None:
    """No id (and no card or candidate name) is used twice in its file."""
    for file, ids in [
        ("parties.yaml", [p.id for p in x.parties]), ("regions.yaml", [r.id for r in x.regions]),
        ("states.yaml", [s.code for s in x.states]), ("cities.yaml", [c.id for c in x.cities]),
        ("debate_cities.yaml", [c.id for c in x.debate_cities]),
        ("debate_categories.yaml", [c.id for c in x.categories]),
        ("debate_issues.yaml", [i.id for i in x.issues]), ("debate_topics.yaml", [t.id for t in x.topics]),
        ("politicks.yaml", [p.id for p in x.politicks]), ("cards.yaml", [c.number for c in x.cards]),
        ("dirty_cards.yaml", [c.number for c in x.dirty]), ("candidates.yaml", [c.id for c in x.candidates]),
        ("cards.yaml + dirty_cards.yaml (names)", [c.name for c in x.cards] + [c.name for c in x.dirty]),
        ("candidates.yaml (names)", [c.name for c in x.candidates]),
    ]:
        _unique(file, ids, x.problems)


def _unique(file: str, ids: list[Any], problems: list[str]) -> None:
    for value, n in Counter(ids).items():
        if n > 1:
            problems.append(f"{BASE}/{file}: duplicate id '{value}'")


def _check_parties(x: _Loaded) -> None:
    """The three parties, each with ethically minded states on the map that no other party claims."""
    if sorted(p.id for p in x.parties) != sorted(PARTIES):
        x.note("parties.yaml", "needs exactly DEM, REP and LIB")
    ethics_seen: Counter[str] = Counter()
    for p in x.parties:
        for s in p.ethics:
            ethics_seen[s] += 1
            if s not in x.state_ids:
                x.note("parties.yaml", f"{p.id}: unknown ethically minded state '{s}'")
    for s, n in ethics_seen.items():
        if n > 1:
            x.note("parties.yaml", f"{s} is ethically minded for {n} parties")


def _check_map_states(x: _Loaded) -> None:
    """The 51 states worth 538 electoral votes in nine regions, every region and issue in use."""
    if len(x.states) != 51:
        x.note("states.yaml", f"needs the 50 states and DC, found {len(x.states)}")
    total = sum(s.ev for s in x.states)
    if total != 538:
        x.note("states.yaml", f"electoral votes add up to {total}, not 538")
    if len(x.regions) != 9:
        x.note("regions.yaml", f"needs the nine regions, found {len(x.regions)}")
    region_ids = {r.id for r in x.regions}
    for s in x.states:
        if s.region not in region_ids:
            x.note("states.yaml", f"{s.code}: unknown region '{s.region}'")
        for i in s.issues:
            if i not in x.issue_ids:
                x.note("states.yaml", f"{s.code}: unknown issue '{i}'")
    for r in x.regions:
        if not any(s.region == r.id for s in x.states):
            x.note("regions.yaml", f"region '{r.id}' has no states")
    for i in x.issues:
        if not any(i.id in s.issues for s in x.states):
            x.note("debate_issues.yaml", f"issue '{i.id}' is shown on no state")
    for party in PARTIES:
        if not any(s.tiebreak[0] == party for s in x.states):
            x.note("states.yaml", f"no state has {party} as its primary tiebreaker")


def _check_adjacency(x: _Loaded) -> None:
    """Each adjacency once between two known states, the rulebook's special ones present, the map and each
    region connected."""
    pairs: Counter[frozenset[str]] = Counter()
    for k, a in enumerate(x.adjacency):
        for s in a.states:
            if s not in x.state_ids:
                x.note("adjacency.yaml", f"adjacency[{k}]: unknown state '{s}'")
        if a.states[0] == a.states[1]:
            x.note("adjacency.yaml", f"adjacency[{k}]: a state is not adjacent to itself")
        pairs[frozenset(a.states)] += 1
    for pair, n in pairs.items():
        if n > 1:
            x.note("adjacency.yaml", f"pair {'-'.join(sorted(pair))} is listed {n} times")
    for a, b in REQUIRED_SPECIAL_PAIRS:
        if frozenset((a, b)) not in pairs:
            x.note("adjacency.yaml", f"the rulebook's adjacency {a}-{b} is missing")
    if x.state_ids and not _connected(sorted(x.state_ids), x.nbrs):
        x.note("adjacency.yaml", "the map is not connected")
    for r in x.regions:
        members = [s.code for s in x.states if s.region == r.id]
        if members and not _connected(members, x.nbrs):
            x.note("regions.yaml", f"region '{r.id}' is not connected on the map")


def _connected(states: list[str], nbrs: dict[str, set[str]]) -> bool:
    if not states:
        return True
    want = set(states)
    seen = {states[0]}
    todo = [states[0]]
    while todo:
        for n in nbrs.get(todo.pop(), ()):
            if n in want and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == want


def _check_cities(x: _Loaded) -> None:
    """Ten plane cities and ten debate cities, in known states, none of them both."""
    if len(x.cities) != 10:
        x.note("cities.yaml", f"needs the 10 plane cities, found {len(x.cities)}")
    if len(x.debate_cities) != 10:
        x.note("debate_cities.yaml", f"needs 10 debate cities, found {len(x.debate_cities)}")
    for file, items in (("cities.yaml", x.cities), ("debate_cities.yaml", x.debate_cities)):
        for c in items:
            if c.state not in x.state_ids:
                x.note(file, f"{c.id}: unknown state '{c.state}'")
    for c in x.debate_cities:
        if c.id in {p.id for p in x.cities}:
            x.note("debate_cities.yaml", f"{c.id} is also a plane city")


def _check_debates(x: _Loaded) -> None:
    """Six categories of three issues each, and the 30 topic cards (see _check_topic)."""
    if len(x.categories) != 6:
        x.note("debate_categories.yaml", f"needs 6 categories, found {len(x.categories)}")
    if len(x.issues) != 18:
        x.note("debate_issues.yaml", f"needs 18 debate issues, found {len(x.issues)}")
    category_ids = {c.id for c in x.categories}
    for i in x.issues:
        if i.category not in category_ids:
            x.note("debate_issues.yaml", f"{i.id}: unknown category '{i.category}'")
    for c in x.categories:
        n = sum(1 for i in x.issues if i.category == c.id)
        if n != 3:
            x.note("debate_categories.yaml", f"{c.id} has {n} issues, needs 3")
    if len(x.topics) != 30:
        x.note("debate_topics.yaml", f"needs 30 debate topic cards, found {len(x.topics)}")
    ordered = Counter(tuple(t.categories) for t in x.topics)
    for t in x.topics:
        _check_topic(x, t, category_ids, ordered)


def _check_topic(x: _Loaded, t: DebateTopicDef, category_ids: set[str], ordered: Counter[tuple[str, ...]]) -> None:
    """A topic card: two different known categories, each row exactly its category's issues, its pair once."""
    for cat in t.categories:
        if cat not in category_ids:
            x.note("debate_topics.yaml", f"{t.id}: unknown category '{cat}'")
    if t.categories[0] == t.categories[1]:
        x.note("debate_topics.yaml", f"{t.id}: both rows are the same category")
    for row, cat in ((t.top, t.categories[0]), (t.bottom, t.categories[1])):
        for i in row:
            if i not in x.issue_ids:
                x.note("debate_topics.yaml", f"{t.id}: unknown issue '{i}'")
        want = {i.id for i in x.issues if i.category == cat}
        if set(row) != want:
            x.note("debate_topics.yaml", f"{t.id}: row {row} is not the issues of '{cat}'")
    if ordered[tuple(t.categories)] > 1:
        x.note("debate_topics.yaml", f"{t.id}: category pair {t.categories} used twice")


def _checker(x: _Loaded) -> OpChecker:
    return OpChecker(x.state_ids, {r.id for r in x.regions}, x.issue_ids)


def _check_politicks(x: _Loaded) -> None:
    """Every politick's op lists against the op vocabulary."""
    checker = _checker(x)
    for p in x.politicks:
        x.problems += [f"{BASE}/politicks.yaml: {m}" for m in checker.check(
            p.id, ("requires", p.requires), ("play", p.play), ("effect", p.effect), timing=p.timing)]


def _check_cards(x: _Loaded) -> None:
    """The 105 action cards (15 left out of a 2-player game, 2 home-region campaigns), each card's states,
    issues, politick and reference state, and every standard politick on some card."""
    cards = x.cards
    if len(cards) != 105:
        x.note("cards.yaml", f"needs 105 action cards, found {len(cards)}")
    if cards and sorted(c.number for c in cards) != list(range(1, len(cards) + 1)):
        x.note("cards.yaml", f"card numbers must run 1..{len(cards)} without gaps")
    removed = sum(1 for c in cards if c.remove_in_2p)
    if removed != 15:
        x.note("cards.yaml", f"{removed} cards are marked remove_in_2p, the rules remove 15")
    map_politicks = {p.id for p in x.politicks if "this_card_map" in repr(p.effect) + repr(p.play)}
    for c in cards:
        _check_card(x, c, map_politicks)
    home_region = sum(c.actions.campaign.home_region for c in cards if c.actions.campaign is not None)
    if cards and home_region != 2:
        x.note("cards.yaml", f"{home_region} home-region campaign actions, the rules have 2")
    used = Counter(c.actions.politick for c in cards if c.actions.politick)
    for p in x.politicks:
        if not p.dirty and used[p.id] == 0:
            x.note("politicks.yaml", f"'{p.id}' is on no action card")


def _check_card(x: _Loaded, c: CardDef, map_politicks: set[str]) -> None:
    """One action card: its campaign states connected, its issues known, its politick a standard one that
    finds the map it reads, its reference state allowed."""
    tag = f"{BASE}/cards.yaml: #{c.number} ({c.name})"
    a = c.actions
    if a.campaign is not None:
        _check_listed_states(tag, "campaign", a.campaign.states, x.state_ids, x.nbrs, x.problems)
    for i in (a.advertise or []) + c.debate:
        if i not in x.issue_ids:
            x.problems.append(f"{tag}: unknown issue '{i}'")
    if a.politick is not None:
        p = x.politick_by_id.get(a.politick)
        if p is None:
            x.problems.append(f"{tag}: unknown politick '{a.politick}'")
        elif p.dirty:
            x.problems.append(f"{tag}: '{a.politick}' is a dirty trick; it belongs on a Dirty Politics card")
        elif p.id in map_politicks and a.campaign is None and a.advertise is None:
            x.problems.append(f"{tag}: '{a.politick}' uses the card's map but the card has no campaign or advertise")
    _check_reference(tag, c.reference, x.by_code, x.problems)


def _check_dirty_cards(x: _Loaded) -> None:
    """The 24 Dirty Politics cards, each card's states, issues, dirty trick and reference state, and every
    dirty trick on some card."""
    dirty = x.dirty
    if len(dirty) != 24:
        x.note("dirty_cards.yaml", f"needs 24 Dirty Politics cards, found {len(dirty)}")
    if dirty and sorted(c.number for c in dirty) != list(range(106, 106 + len(dirty))):
        x.note("dirty_cards.yaml", f"card numbers must run 106..{105 + len(dirty)} without gaps")
    for c in dirty:
        _check_dirty_card(x, c)
    tricks = Counter(c.actions.dirty_tricks for c in dirty if c.actions.dirty_tricks is not None)
    for p in x.politicks:
        if p.dirty and tricks[p.id] == 0:
            x.note("politicks.yaml", f"dirty trick '{p.id}' is on no Dirty Politics card")


def _check_dirty_card(x: _Loaded, c: DirtyCardDef) -> None:
    """One Dirty Politics card: its smear states connected, its issues known, its trick a dirty politick,
    its reference state allowed."""
    tag = f"{BASE}/dirty_cards.yaml: #{c.number} ({c.name})"
    a = c.actions
    _check_listed_states(tag, "smear campaign", a.smear_campaign or [], x.state_ids, x.nbrs, x.problems)
    for i in a.mudslinging or []:
        if i not in x.issue_ids:
            x.problems.append(f"{tag}: unknown issue '{i}'")
    if a.dirty_tricks is not None:
        p = x.politick_by_id.get(a.dirty_tricks)
        if p is None:
            x.problems.append(f"{tag}: unknown dirty trick '{a.dirty_tricks}'")
        elif not p.dirty:
            x.problems.append(f"{tag}: '{a.dirty_tricks}' is a standard politick, not a dirty trick")
    _check_reference(tag, c.reference, x.by_code, x.problems)


def _check_candidates(x: _Loaded) -> None:
    """The 12 candidates, each ability's ops against the op vocabulary."""
    if len(x.candidates) != 12:
        x.note("candidates.yaml", f"needs 12 candidates, found {len(x.candidates)}")
    checker = _checker(x)
    for c in x.candidates:
        for side in ("advantage", "disadvantage"):
            ability: AbilityDef = getattr(c, side)
            x.problems += [f"{BASE}/candidates.yaml: {m}" for m in checker.check(
                f"{c.id}.{side}", ("effect", ability.effect), timing=ability.timing)]


def _check_listed_states(tag: str, what: str, listed: list[str], state_ids: set[str], nbrs: dict[str, set[str]],
                         problems: list[str]) -> None:
    unknown = [s for s in listed if s not in state_ids]
    for s in unknown:
        problems.append(f"{tag}: unknown {what} state '{s}'")
    if listed and not unknown and not _connected(listed, nbrs):
        problems.append(f"{tag}: {what} states {listed} are not connected on the map")


def _check_reference(tag: str, code: str, by_code: dict[str, StateDef], problems: list[str]) -> None:
    state = by_code.get(code)
    if state is None:
        problems.append(f"{tag}: unknown reference state '{code}'")
    elif not reference_ok(state):
        problems.append(f"{tag}: {code} cannot be a reference state (CA, TX and states under 7 EV are excluded)")
