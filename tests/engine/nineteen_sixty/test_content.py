"""1960: The Making of the President content: everything validates, the numbers add up to the 1960
electoral college, the region table and travel graph are the spec's, the edges and starting cubes follow
their stated rule and set up the rulebook's examples, the deck holds every card the rulebook names doing
what its examples show, and a broken copy of the data reports every problem at once."""
from __future__ import annotations

import csv
from collections import Counter

import pytest

from engine import content
from engine.nineteen_sixty import content as ns
from engine.nineteen_sixty import content_checks, content_ops
from engine.nineteen_sixty import content_models as models
from engine.nineteen_sixty.content_words import describe


@pytest.fixture(scope="module")
def c() -> models.Content:
    return ns.load()


def test_all_content_valid() -> None:
    loaded, problems = ns.collect_problems()
    assert not problems, f"{len(problems)} content problems:\n" + "\n".join(problems)
    assert loaded is not None


# ------------------------------------------------------------------------ states, regions, EV


def test_electoral_votes_are_1960s(c: models.Content) -> None:
    with open(content.DATA_DIR / "us" / "electoral_votes.csv", encoding="utf-8") as f:
        table = {r["abbr"]: int(r["ev_1960"]) for r in csv.DictReader(f)}
    assert set(c.states) == set(table) - {"DC"} and len(c.states) == 50  # DC had no vote in 1960
    assert {code: s.ev for code, s in c.states.items()} == {code: table[code] for code in c.states}
    assert sum(s.ev for s in c.states.values()) == 537 == c.rules.ev_total
    assert c.rules.ev_to_win == 269


def test_region_table(c: models.Content) -> None:
    table = {
        "E": ("ME NH VT MA RI CT NY NJ PA DE MD WV", 153),
        "MW": ("OH MI IN IL WI MN IA MO ND SD NE KS", 153),
        "S": ("VA NC SC GA FL AL MS TN KY AR LA TX OK", 146),
        "W": ("MT WY CO NM AZ UT ID NV WA OR CA AK HI", 85),
    }
    for region, (codes, ev) in table.items():
        assert set(c.region_states(region)) == set(codes.split()), region
        assert set(c.regions[region].states) == set(codes.split()), region
        assert c.regions[region].ev == ev == sum(c.states[s].ev for s in codes.split())
    assert sorted(code for r in c.regions.values() for code in r.states) == sorted(c.states)  # each once


def test_travel_graph(c: models.Content) -> None:
    """Every region borders every other except West–East; AK and HI are pockets off the West."""
    for a in models.REGIONS:
        for b in models.REGIONS:
            if a != b:
                assert (b in c.regions[a].borders) == ({a, b} != {"E", "W"}), (a, b)
                assert (b in c.regions[a].borders) == (a in c.regions[b].borders)
    assert c.pockets == {"AK": "W", "HI": "W"}
    assert c.states["AK"].region == c.states["HI"].region == "W"  # West for everything but travel


def test_edges_are_the_1960_winners(c: models.Content) -> None:
    ev = Counter()
    for s in c.states.values():
        ev[s.edge] += s.ev
        assert s.edge == ("K" if s.margin > 0 else "N"), s.code
    assert ev == {"K": 317, "N": 220}
    # the rulebook's Election Day: empty New Hampshire goes to Nixon, empty West Virginia to Kennedy
    assert c.states["NH"].edge == "N" and c.states["WV"].edge == "K"
    assert c.states["AL"].edge == c.states["MS"].edge == "K"  # Democratic electors, pledged or not
    # the closest states of 1960 have the closest margins
    assert all(abs(c.states[s].margin) < 1 for s in ("HI", "IL", "MO", "CA", "NJ", "NM"))


def test_start_follows_the_margin_rule(c: models.Content) -> None:
    for s in c.states.values():
        cubes = 2 if abs(s.margin) >= 20 else 1 if abs(s.margin) >= 10 else 0
        assert dict(s.start) == ({s.edge: cubes} if cubes else {}), s.code
    assert c.rules.start_rule.cubes(20.7) == 2 and c.rules.start_rule.cubes(-10.0) == 1
    assert c.rules.start_rule.cubes(9.9) == 0
    total = Counter()
    for s in c.states.values():
        for side, n in s.start.items():
            total[side] += n
    assert abs(total["K"] - total["N"]) <= 2, total


def test_start_sets_up_the_rulebook_examples(c: models.Content) -> None:
    st = {code: dict(s.start) for code, s in c.states.items()}
    # sample turn: New England takes Massachusetts 2 → 4 (carried) and New York 0 → 2, then 2 CP there → 4
    assert st["MA"] == {"K": 2} and st["NY"] == {} and st["CT"] == {}
    # Harry F. Byrd takes 2 from Kennedy in Mississippi and 1 in Alabama
    assert st["MS"].get("K", 0) >= 2 and st["AL"].get("K", 0) >= 1
    # Nixon campaigns California +3 and holds exactly 3 there at the Debates
    assert st["CA"] == {}
    # Gathering Momentum in the West then goes to Nixon, who leads more Western states than Kennedy
    west = [st[code] for code in c.region_states("W")]
    assert sum("N" in s for s in west) + 1 > sum("K" in s for s in west)
    # Kennedy's tokens and Nixon's start at home
    assert c.rules.home == {"K": "MA", "N": "CA"}


def test_rules_constants(c: models.Content) -> None:
    r = c.rules
    assert (r.bag_start, r.bag_reseed, r.momentum_start) == (12, 12, 2)
    assert (r.turns, r.debate_turn, r.election_turn, r.activity_phases) == (9, 6, 9, 5)
    assert (r.hand_size.before_debates, r.hand_size.after_debates) == (6, 7)
    assert (r.strategy_cards.before_debates, r.strategy_cards.after_debates) == (1, 2)
    assert (r.debate_cards, r.election_cards, r.election_checks_per_card) == (5, 4, 3)
    assert (r.lead, r.carry, r.preempt_cost, r.trigger_cost, r.candidate_cp) == (1, 4, 2, 1, 5)
    assert (r.position_first_cost, r.position_more_cost, r.travel_cost, r.momentum_cubes) == (1, 2, 1, 2)
    assert r.debate_rewards == [2, 3, 4]
    assert (r.campaign_cards, r.endorsement_cards) == (97, 16)


def test_issues_candidates_endorsements(c: models.Content) -> None:
    assert sorted(c.issues, key=lambda i: c.issues[i].start) == ["defense", "economy", "civil_rights"]
    assert (c.rewards[3].momentum, c.rewards[3].endorsements) == (1, 0)
    assert c.rewards[2].either and not c.rewards[1].either
    assert (c.rewards[1].momentum, c.rewards[1].endorsements) == (1, 1)
    assert {k: (x.home, x.cp) for k, x in c.candidates.items()} == {"K": ("MA", 5), "N": ("CA", 5)}
    assert Counter(e.region for e in c.endorsements.values()) == {"E": 3, "MW": 3, "S": 3, "W": 3, "any": 4}


# ----------------------------------------------------------------------------------- cards


def test_deck(c: models.Content) -> None:
    assert sorted(c.cards) == list(range(1, 98))
    cards = list(c.cards.values())
    assert {card.name for card in cards} >= content_checks.RULEBOOK_NAMES
    gm = {card.gm_region: card for card in cards if card.gm_region}
    assert set(gm) == set(models.REGIONS) and not any(card.strategy_ok for card in gm.values())
    assert {card.vp: card.name for card in cards if card.vp} == {"K": "Lyndon B. Johnson", "N": "Henry Cabot Lodge"}
    stacks = Counter(card.persistent for card in cards)
    assert stacks["prevention"] == 2 and stacks["debate"] >= 2 and 5 <= stacks["election_day"] <= 7
    assert any(op[0] == "refresh" for card in cards for op in card.event)
    used = {op[0] for card in cards for op in card.event}
    assert used == set(content_ops.OPS)  # the vocabulary holds only what the events need
    for card in cards:
        assert card.state in c.states, card.name


def test_rulebook_cards_do_what_its_examples_show(c: models.Content) -> None:
    knee = c.card_named("Nixon's Knee")
    assert knee.duration == "turn" and ["move_token", {"who": "N", "state": "MD"}] in knee.event
    assert c.card_named("Nixon's Pledge").duration == "turn"
    assert c.card_named("Harvard Brain Trust").persistent == "debate"
    assert c.card_named("Recount").persistent == c.card_named("Unpledged Electors").persistent == "election_day"
    assert c.card_named("Late Returns from Cook County").persistent == "election_day"
    ike = c.card_named("Dwight D. Eisenhower")
    assert ike.persistent == "prevention" and c.card_named("Give Me a Week").id in ike.prevents
    assert c.card_named("New England").icons == ["K"] and c.card_named("Harry F. Byrd").icons == ["N"]
    assert sorted(c.card_named("Gaffe").icons) == ["K", "N"]


def test_balance_of_the_mix(c: models.Content) -> None:
    cards = list(c.cards.values())
    by_icon = {k: [x for x in cards if x.icons == [k]] for k in models.SIDES}
    assert abs(len(by_icon["K"]) - len(by_icon["N"])) <= 1
    assert abs(sum(x.cp for x in by_icon["K"]) - sum(x.cp for x in by_icon["N"])) <= 3
    assert sum(x.rest for x in by_icon["K"]) == sum(x.rest for x in by_icon["N"])
    issues = Counter(x.debate_issue for x in cards)
    assert max(issues.values()) - min(issues.values()) <= 2, issues
    assert set(Counter(x.cp for x in cards)) == {1, 2, 3, 4} and set(Counter(x.rest for x in cards)) == {0, 1, 2}


def test_published_values_are_not_copied(c: models.Content) -> None:
    """The few published card values the rulebook shows are not reused (spec §2): each card differs."""
    shown = {
        "Unpledged Electors": {"id": 33, "cp": 4, "rest": 0, "icons": ["N"], "debate_issue": "economy", "state": "CA"},
        "New England": {"cp": 3, "rest": 1}, "Heartland of America": {"cp": 3, "rest": 1},
        "Southern Revolt": {"cp": 3, "rest": 1}, "Harry F. Byrd": {"cp": 2, "rest": 2},
        "Puerto Rican Bishops": {"cp": 3, "rest": 1}, "Gathering Momentum: West": {"cp": 4},
        "Harvard Brain Trust": {"cp": 4},
        "Fifty Stars": {"icons": ["K", "N"], "debate_issue": "defense"},
        "Nixon's Pledge": {"icons": ["K"], "debate_issue": "defense"},
        "Peace Without Surrender": {"icons": ["N"], "debate_issue": "defense"},
        "Nikita Khrushchev": {"icons": ["K", "N"], "debate_issue": "economy"},
        "The Great Seal Bug": {"icons": ["N"], "debate_issue": "economy"},
        "Congressional Summer Session": {"icons": ["N"], "debate_issue": "defense"},
        "Give Me a Week": {"icons": ["K"], "debate_issue": "economy"},
        "Opposition Research": {"icons": ["N"], "debate_issue": "defense"},
        "Herb Klein": {"icons": ["N"], "debate_issue": "civil_rights"},
        "Rising Food Prices": {"icons": ["N"], "debate_issue": "civil_rights"},
        "Kennedy's Peace Corps": {"icons": ["K"], "debate_issue": "civil_rights"},
        "Profiles in Courage": {"icons": ["K"], "debate_issue": "civil_rights"},
    }
    for name, fields in shown.items():
        card = c.card_named(name).model_dump()
        assert any(card[k] != v for k, v in fields.items()), name


def test_texts_say_what_the_ops_do(c: models.Content) -> None:
    states = {code: s.name for code, s in c.states.items()}
    names = {i: x.name for i, x in c.cards.items()}
    for card in c.cards.values():
        words = describe(card, states, names)
        assert card.text.endswith(words) and len(card.text) > len(words) + 10, card.name
        assert card.history.strip(), card.name
    assert c.card_named("Gaffe").text.endswith(
        "Your opponent loses 1 momentum. Your opponent loses 3 support in the state where his candidate token stands.")


# ------------------------------------------------------------------------------- broken data


def test_bad_content_reports_every_problem(broken_data) -> None:
    problems = broken_data(models.BASE, [
        ("states.yaml", "{code: NH, name: New Hampshire, ev: 4, region: E, margin: -6.8, edge: N",
         "{code: NH, name: New Hampshire, ev: 4, region: E, margin: -6.8, edge: K"),  # edge against margin
        ("states.yaml", "{code: MA, name: Massachusetts, ev: 16, region: E, margin: 20.7, edge: K, start: {K: 2}}",
         "{code: MA, name: Massachusetts, ev: 16, region: E, margin: 20.7, edge: K, start: {K: 3}}"),
        ("states.yaml", "{code: WV, name: West Virginia, ev: 8, region: E",
         "{code: WV, name: West Virginia, ev: 8, region: S"),                         # region moved
        ("regions.yaml", "borders: [MW, S]\n    ev: 153", "borders: [MW, S, W]\n    ev: 153"),  # E–W border
        ("cards.yaml", "[gain, {who: K, state: NY, n: 2}]", "[gain, {who: N, state: NY, n: 2}]"),  # New England
        ("cards.yaml", "[lose, {who: K, state: MS, n: 2}]", "[lsoe, {who: K, state: MS, n: 2}]"),  # unknown op
        ("cards.yaml", "[momentum, {who: K, n: 1}]", "[momentum, {who: K, count: 1}]"),          # wrong param
        ("cards.yaml", "state: AK\n", "state: ZZ\n"),                                            # not a state
        ("cards.yaml", "Kennedy gains 2 support in Michigan.", "Kennedy gains 3 support in Michigan."),
        ("cards.yaml", "name: \"Recount\"", "nmae: \"Recount\""),
        ("endorsements.yaml", "{id: 16, region: any", "{id: 16, region: E"),
        ("cards.yaml", "prevents: [6, 65]", "prevents: [6, 9]"),                  # Eisenhower blocks a Nixon card
        ("cards.yaml", "[debate_bonus, {who: K, issue: economy, n: 2}]", "[momentum, {who: K, n: 2}]"),  # Lazy Shave
        ("cards.yaml", "duration: turn", "duration: instant"),                    # Nixon's Pledge
        ("cards.yaml", "[gain_region, {who: N, region: S, n: 3, per_state: 1}]",
         "[gain_region, {who: N, region: S, n: 3, per_state: 3}]"),
        ("cards.yaml", "[gain, {who: K, state: CT, n: 1}]", "[gain, {who: K, state: DC, n: 1}]"),  # off the board
        ("cards.yaml", "[issue, {who: K, issue: civil_rights, n: 1}]",
         "[issue, {who: K, issue: religion, n: 1}]"),                               # not an issue
    ], ns.collect_problems)
    text = "\n".join(problems)
    for expected in ("NH: margin -6.8 gives edge N", "not {'K': 317, 'N': 220}", "MA: margin 20.7 gives start",
                     "Massachusetts starts with Kennedy 2", "puts it in S", "E borders ['MW', 'S']",
                     "helps N, but the card shows only K", "\"New England\" must do", "unknown op `lsoe`",
                     "`momentum` takes ['n', 'who']", "state ZZ is not on the board", "must end with",
                     "nmae", "the rulebook names \"Recount\"", "3 per region and 4 for any region",
                     "a N prevention event blocks only events that show only K's icon",
                     "a Debate event holds only", "has a `turn_effect`", "per_state 3 must be below n 3",
                     "state `DC` is not a state code", "issue `religion` is not one of"):
        assert expected in text, (expected, text)
    assert len(problems) >= 21, text
