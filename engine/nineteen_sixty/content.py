"""1960: The Making of the President content (data/nineteen_sixty/): validation and a cached loader.

The four regions and their travel graph, the 50 states (1960 electoral votes read against
data/us/electoral_votes.csv, edges and starting cubes derived from a stated margin rule), the three
issues, the two candidate cards, the 16 endorsement cards and the 97 campaign cards are validated item by
item (content_models.py), then cross-checked against each other (content_checks.py). Every problem is
reported at once.

Events are data: a list of ``[op, {params}]`` (content_ops.py holds the vocabulary). ``describe()``
(content_words.py) words a card's rules; every card text must end with those words, so a text always says
exactly what its ops do (docs/content/nineteen_sixty.md has the table).
"""
from __future__ import annotations

from functools import lru_cache

from engine.content import load_or_raise, validate, validate_items
from engine.nineteen_sixty.content_checks import (
    check_candidates, check_cards, check_endorsements, check_issues, check_regions, check_rules, check_states,
)
from engine.nineteen_sixty.content_models import (
    BASE, Candidate, Card, Content, Endorsement, IssuesFile, RegionsFile, Rules, State,
)


def collect_problems() -> tuple[Content | None, list[str]]:
    """Every data file validated and cross-checked: the content when nothing is wrong, and every problem found."""
    problems: list[str] = []
    rules = validate(Rules, f"{BASE}/rules.yaml", problems)
    regions = validate(RegionsFile, f"{BASE}/regions.yaml", problems)
    states = validate_items(State, f"{BASE}/states.yaml", "states", problems)
    issues = validate(IssuesFile, f"{BASE}/issues.yaml", problems)
    candidates = validate_items(Candidate, f"{BASE}/candidates.yaml", "candidates", problems)
    endorsements = validate_items(Endorsement, f"{BASE}/endorsements.yaml", "endorsements", problems)
    cards = validate_items(Card, f"{BASE}/cards.yaml", "cards", problems)
    if rules:
        check_rules(rules, problems)
    check_states(states, rules, problems)
    if regions:
        check_regions(regions, states, problems)
    if issues:
        check_issues(issues, problems)
    check_candidates(candidates, rules, problems)
    check_endorsements(endorsements, rules, problems)
    state_map = {s.code: s for s in states}
    check_cards(cards, state_map, problems)
    if problems or rules is None or regions is None or issues is None:
        return None, problems
    return Content(rules=rules, regions={r.id: r for r in regions.regions},
                   pockets={p.state: p.via for p in regions.pockets}, states=state_map,
                   issues={i.id: i for i in issues.issues}, rewards={r.slot: r for r in issues.rewards},
                   candidates={c.id: c for c in candidates}, endorsements={e.id: e for e in endorsements},
                   cards={c.id: c for c in cards}), problems


@lru_cache(maxsize=1)
def load() -> Content:
    """The validated content, read once; a problem in the data raises with every problem listed."""
    return load_or_raise(collect_problems)
