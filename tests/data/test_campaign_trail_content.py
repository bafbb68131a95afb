"""Campaign Trail content: everything validates, and the counts and distributions the rules and
docs/content/campaign_trail.md promise hold."""
from __future__ import annotations

import csv
import itertools
import re
from collections import Counter
from pathlib import Path

import pytest

from engine.campaign_trail import content as ct
from engine.campaign_trail.content_models import CampaignTrailContent
from engine.campaign_trail.op_specs import COND_SPECS, OP_SPECS
from engine.campaign_trail.vocabulary import ACTIONS, DIRTY_ACTIONS

ROOT = Path(__file__).resolve().parents[2]
SHARED_US = ROOT.parent / "shared" / "data" / "us"


@pytest.fixture(scope="module")
def c() -> CampaignTrailContent:
    return ct.load()


def test_all_content_valid() -> None:
    loaded, problems = ct.collect_problems()
    assert not problems, f"{len(problems)} content problems:\n" + "\n".join(problems)
    assert loaded is not None


# ------------------------------------------------------------------------------------- the map


def test_states_and_electoral_votes(c: CampaignTrailContent) -> None:
    assert len(c.states) == 51
    assert sum(s.ev for s in c.states.values()) == 538
    ev = {code: s.ev for code, s in c.states.items()}
    assert (ev["CA"], ev["TX"], ev["FL"], ev["NY"], ev["WY"], ev["DC"]) == (55, 38, 29, 29, 3, 3)
    if (SHARED_US / "electoral_votes.csv").exists():
        with open(SHARED_US / "electoral_votes.csv", encoding="utf-8") as f:
            assert ev == {r["abbr"]: int(r["ev_2012_2020"]) for r in csv.DictReader(f)}


def test_regions(c: CampaignTrailContent) -> None:
    assert sorted(r.name for r in c.regions.values()) == [
        "Appalachian", "Great Lakes", "Great Plains", "Gulf Coast", "Mid-Atlantic", "Mountain", "Northeast",
        "Pacific", "Southeast"]
    sizes = {r: len(c.region_states(r)) for r in c.regions}
    assert sum(sizes.values()) == 51 and min(sizes.values()) >= 4 and max(sizes.values()) <= 8, sizes
    # spot checks of the geography-based membership
    assert c.states["HI"].region == c.states["AK"].region == "pacific"
    assert c.states["DC"].region == "mid_atlantic"
    assert {c.states[s].region for s in ("AZ", "CO", "NM", "UT")} == {"mountain"}


def test_adjacency(c: CampaignTrailContent) -> None:
    pairs = {frozenset(a.states) for a in c.adjacency}
    assert len(c.adjacency) == len(pairs) == 114
    assert Counter(a.kind for a in c.adjacency) == {"land": 107, "point": 2, "water": 3, "arrow": 2}
    corners = ("AZ", "CO", "NM", "UT")
    for a, b in [("CA", "HI"), ("AK", "WA"), ("DE", "NJ"), ("DC", "MD"), ("DC", "VA"),
                 *itertools.combinations(corners, 2)]:
        assert frozenset((a, b)) in pairs, (a, b)
    nbrs = c.neighbours()
    assert nbrs["DC"] == {"MD", "VA"} and nbrs["HI"] == {"CA"} and nbrs["AK"] == {"WA"}
    if (SHARED_US / "state_adjacency.csv").exists():
        with open(SHARED_US / "state_adjacency.csv", encoding="utf-8") as f:
            shared = {frozenset((r["state_a"], r["state_b"])) for r in csv.DictReader(f)}
        assert pairs - shared == {frozenset(("CA", "HI")), frozenset(("AK", "WA"))}


def test_tiebreakers(c: CampaignTrailContent) -> None:
    primary = Counter(s.tiebreak[0] for s in c.states.values())
    ev = Counter()
    for s in c.states.values():
        ev[s.tiebreak[0]] += s.ev
    assert primary == {"REP": 17, "DEM": 16, "LIB": 18}
    assert ev == {"DEM": 196, "REP": 167, "LIB": 175}
    libertarian = {"AZ", "FL", "GA", "MI", "MN", "NC", "NH", "PA",  # battlegrounds
                   "AK", "KS", "MT", "ND", "SD", "WY", "CO", "NM", "OR", "WA"}  # for balance (docs/content)
    assert {s.code for s in c.states.values() if s.tiebreak[0] == "LIB"} == libertarian
    for s in c.states.values():
        if s.tiebreak[0] == "LIB":
            assert s.tiebreak[1] in ("DEM", "REP")
    assert c.states["CA"].tiebreak == ["DEM", "LIB"] and c.states["NM"].tiebreak == ["LIB", "DEM"]
    assert c.states["TX"].tiebreak == ["REP", "LIB"] and c.states["ND"].tiebreak == ["LIB", "REP"]


def test_state_issue_icons(c: CampaignTrailContent) -> None:
    per_issue = Counter(i for s in c.states.values() for i in s.issues)
    assert set(per_issue) == set(c.debate_issues)
    assert sorted(per_issue.values()) == [3] * 9 + [4] * 9
    assert Counter(len(s.issues) for s in c.states.values()) == {1: 39, 2: 12}


def test_cities(c: CampaignTrailContent) -> None:
    assert {x.name: x.state for x in c.cities.values()} == {
        "Atlanta": "GA", "Baltimore": "MD", "Chicago": "IL", "Cleveland": "OH", "Dallas": "TX",
        "Denver": "CO", "Los Angeles": "CA", "Minneapolis": "MN", "New York": "NY", "Seattle": "WA"}
    assert len(c.debate_cities) == 10
    assert not {d.name for d in c.debate_cities.values()} & {x.name for x in c.cities.values()}


def test_parties_and_ethics(c: CampaignTrailContent) -> None:
    assert {p: set(x.ethics) for p, x in c.parties.items()} == {
        "DEM": {"MD", "MA", "NJ", "CT", "WA"},
        "LIB": {"NC", "VA", "CO", "MN", "OR"},
        "REP": {"GA", "KY", "MO", "AZ", "AL"},
    }


# ---------------------------------------------------------------------------------- action deck


def test_action_card_distribution(c: CampaignTrailContent) -> None:
    cards = list(c.cards.values())
    assert len(cards) == 105 and sorted(c.cards) == list(range(1, 106))
    combos = Counter(tuple(x.actions.present()) for x in cards)
    assert len(combos) == 15 and set(combos.values()) == {7}
    assert Counter(a for x in cards for a in x.actions.present()) == {a: 70 for a in ACTIONS}
    two_player = [x for x in cards if not x.remove_in_2p]
    assert len(two_player) == 90
    assert set(Counter(tuple(x.actions.present()) for x in two_player).values()) == {6}
    assert len(c.deck(players=2)) == 90 and len(c.deck(players=3, dirty=True)) == 129


def test_support_values(c: CampaignTrailContent) -> None:
    for x in c.cards.values():
        a = x.actions
        if a.register_ is not None and a.fundraise is not None:
            assert a.fundraise == 10 * a.register_, x.number
    registers = [x.actions.register_ for x in c.cards.values() if x.actions.register_ is not None]
    assert min(registers) == 6 and max(registers) == 12
    travel = Counter((x.actions.travel.mode, x.actions.travel.states) for x in c.cards.values() if x.actions.travel)
    assert travel == {("steps", 2): 6, ("steps", 3): 14, ("steps", 4): 20, ("steps", 5): 12, ("steps", 6): 4,
                      ("plane", 0): 5, ("plane_plus", 1): 5, ("steps_or_plane", 4): 2, ("steps_or_plane", 5): 2}


def test_direct_actions(c: CampaignTrailContent) -> None:
    cards = list(c.cards.values())
    campaigns = [x.actions.campaign for x in cards if x.actions.campaign]
    assert sum(1 for k in campaigns if k.home_region) == 2
    assert Counter(len(k.states) for k in campaigns if not k.home_region) == {3: 14, 4: 24, 5: 20, 6: 10}
    listed = Counter(s for k in campaigns for s in k.states)
    assert set(listed) == set(c.states) and min(listed.values()) >= 4
    ads = [x.actions.advertise for x in cards if x.actions.advertise]
    assert Counter(len(a) for a in ads) == {2: 20, 3: 30, 4: 20}
    assert sum(1 for a in ads if len(set(a)) < len(a)) == 20  # cards with a doubled icon
    per_issue = Counter(i for a in ads for i in a)
    assert set(per_issue) == set(c.debate_issues) and max(per_issue.values()) - min(per_issue.values()) <= 2
    debate = Counter(i for x in cards for i in x.debate)
    assert Counter(len(x.debate) for x in cards) == {2: 35, 3: 45, 4: 25}
    assert set(debate) == set(c.debate_issues) and max(debate.values()) - min(debate.values()) <= 2


def test_politicks_on_cards(c: CampaignTrailContent) -> None:
    on_cards = Counter(x.actions.politick for x in c.cards.values() if x.actions.politick)
    standard = {p for p, d in c.politicks.items() if not d.dirty}
    assert set(on_cards) == standard and len(standard) == 23
    assert sum(on_cards.values()) == 70 and min(on_cards.values()) >= 2 and max(on_cards.values()) <= 4
    in_2p = Counter(x.actions.politick for x in c.cards.values() if x.actions.politick and not x.remove_in_2p)
    assert set(in_2p) == standard
    removed = [x.actions.politick for x in c.cards.values() if x.remove_in_2p and x.actions.politick]
    assert len(removed) == len(set(removed)) == 10


def test_reference_states(c: CampaignTrailContent) -> None:
    refs = Counter(x.reference for x in c.cards.values())
    assert set(refs) == set(c.reference_eligible())
    assert len(refs) == 27 and set(refs.values()) == {3, 4}
    for code in refs:
        assert c.states[code].ev >= 7 and code not in ("CA", "TX")


# ------------------------------------------------------------------------------------ politicks


def test_politick_types(c: CampaignTrailContent) -> None:
    types = {p.name: p.type for p in c.politicks.values()}
    want = {
        "instant": {"Diverse Strategy", "Grassroots", "Poll Win", "Re-strategize", "Sabotage",
                    "Senator's Endorsement", "Social Media Post", "Stadium Rally", "Bribes", "Scandal"},
        "ongoing": {"Backlash", "Campaign Advisor", "Committed Donors", "Connections", "Debate Prep",
                    "Favorite Son", "Frequent Flyer", "Super PAC", "Travel Costs", "Unprepared",
                    "False News Story", "Intimidation"},
        "response": {"Change of Plans", "Local Funds Dry Up"},
        "end_of_game": {"October Surprise (War Chest)", "October Surprise (Volunteers)", "Recount"},
    }
    assert {t: {n for n, x in types.items() if x == t} for t in want} == want
    assert {p.name for p in c.politicks.values() if p.dirty} == {"Bribes", "False News Story", "Intimidation", "Scandal"}
    assert c.politicks["unprepared"].timing.order < c.politicks["debate_prep"].timing.order


def test_op_vocabulary_is_documented() -> None:
    doc = (ROOT / "docs" / "content" / "campaign_trail.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", doc, flags=re.M))
    missing = (set(OP_SPECS) | set(COND_SPECS)) - documented
    assert not missing, f"ops/conditions missing from the doc's tables: {sorted(missing)}"


# ------------------------------------------------------------------------- Dirty Politics, etc.


def test_dirty_cards(c: CampaignTrailContent) -> None:
    cards = list(c.dirty_cards.values())
    assert len(cards) == 24 and sorted(c.dirty_cards) == list(range(106, 130))
    assert Counter(a for x in cards for a in x.actions.present()) == {a: 16 for a in DIRTY_ACTIONS}
    assert Counter(x.actions.dirty_tricks for x in cards if x.actions.dirty_tricks) == {
        "bribes": 4, "false_news_story": 4, "intimidation": 4, "scandal": 4}
    # smear campaigns reach every region, and no state is on more than three lists (docs/content)
    smeared = Counter(code for x in cards for code in x.actions.smear_campaign or [])
    assert {c.states[code].region for code in smeared} == set(c.regions)
    assert max(smeared.values()) <= 3
    # mudslinging names every issue exactly twice
    assert Counter(i for x in cards for i in x.actions.mudslinging or []) == {i: 2 for i in c.debate_issues}


def test_debate_material(c: CampaignTrailContent) -> None:
    assert len(c.debate_issues) == 18 and len(c.debate_categories) == 6
    assert len(c.debate_topics) == 30
    pairs = {tuple(t.categories) for t in c.debate_topics.values()}
    assert pairs == set(itertools.permutations(c.debate_categories, 2))
    for t in c.debate_topics.values():
        assert len(set(t.top) | set(t.bottom)) == 6


def test_candidates(c: CampaignTrailContent) -> None:
    assert len(c.candidates) == 12
    start = {k: (x.registered, x.war_chest) for k, x in c.candidates.items()}
    # the six candidates whose cards the rulebook shows
    assert {k: start[k] for k in ("incumbent", "newcomer", "experienced", "party_favorite", "wealthy", "populist")} == {
        "incumbent": (6, 60), "newcomer": (3, 30), "experienced": (4, 40), "party_favorite": (6, 70),
        "wealthy": (5, 90), "populist": (7, 50)}
    for x in c.candidates.values():
        assert x.roles == ["president", "vice_president"]


# ---------------------------------------------------------------------- every problem at once


def test_bad_content_reports_every_problem(broken_data) -> None:
    problems = broken_data("campaign_trail", [
        ("politicks.yaml", "[[gain_registered, {count: 3}]]", "[[gain_registerd, {count: 3}]]"),
        ("politicks.yaml", "[[draw_cards, {count: 1}]]", "[[draw_cards, {cnt: 1}]]"),
        ("states.yaml", "ev: 55", "ev: 54"),
        ("candidates.yaml", "stat: size", "stat: sise"),
        ("cards.yaml", "name: \"County Fair Handshakes\"", "nmae: \"County Fair Handshakes\""),
        ("dirty_cards.yaml", "dirty_tricks: scandal", "dirty_tricks: super_pac"),
    ], ct.collect_problems)
    text = "\n".join(problems)
    assert "gain_registerd" in text, text
    assert "cnt" in text, text
    assert "537" in text, text
    assert "sise" in text, text
    assert "nmae" in text, text
    assert "super_pac" in text, text
    assert len(problems) >= 6, text
