"""Campaign Manager 2008 content: everything validates, the rulebook's examples can be set up from
the tiles, the numbers add up, both card pools are equally strong, and a broken copy of the data
reports every problem at once."""
from __future__ import annotations

import csv
from collections import Counter

import pytest

from engine import content
from engine.campaign_manager_2008 import content as cm
from engine.campaign_manager_2008 import content_models as models

SIDES = ("OBA", "MCC")


@pytest.fixture(scope="module")
def c() -> models.Content:
    return cm.load()


def test_all_content_valid() -> None:
    loaded, problems = cm.collect_problems()
    assert not problems, f"{len(problems)} content problems:\n" + "\n".join(problems)
    assert loaded is not None


# ------------------------------------------------------------------------------ states and EV


def test_electoral_votes_are_the_2004_2008_apportionment(c: models.Content) -> None:
    with open(content.DATA_DIR / "us" / "electoral_votes.csv", encoding="utf-8") as f:
        table = {r["abbr"]: int(r["ev_2004_2008"]) for r in csv.DictReader(f)}
    assert {code: s.ev for code, s in c.states.items()} == {code: table[code] for code in c.states}
    assert sum(s.ev for s in c.states.values()) == 226
    assert sum(c.rules.start_score.values()) + 226 == 538 == 2 * 269
    ev = {code: s.ev for code, s in c.states.items()}
    mcc, oba = c.rules.start_score["MCC"], c.rules.start_score["OBA"]
    assert (mcc, oba, c.rules.target) == (155, 157, 270)
    # the rulebook's score examples: OR + IA → 169; VA → 170; 258 + OH → 278
    assert mcc + ev["OR"] + ev["IA"] == 169
    assert oba + ev["VA"] == 170
    assert 258 + ev["OH"] == 278


def test_backs_and_starters(c: models.Content) -> None:
    backs = {side: {code for code, s in c.states.items() if s.back == side} for side in SIDES}
    assert backs["OBA"] == {"MI", "NJ", "PA", "WI", "NM", "NH", "ME", "OR", "IA", "CO"}
    assert backs["MCC"] == {"FL", "MO", "OH", "VA", "NV", "NC", "GA", "IN", "WV", "NE"}
    starters = {side: {code for code, s in c.states.items() if s.starter and s.back == side} for side in SIDES}
    assert starters == {"OBA": {"MI", "NJ"}, "MCC": {"FL", "MO"}}


def test_issue_track_convention() -> None:
    assert [models.major_issue(space) for space in range(4)] == ["defense", "defense", "economy", "economy"]


def test_rulebook_example_states(c: models.Content) -> None:
    nj = c.states["NJ"]
    assert nj.major_start == "economy" and nj.key_start == "clinton_democrats"  # nj_start
    co = c.states["CO"]  # demo_support_seniors: Colorado's key is Seniors, with 3 undecided blocks
    assert co.key_start == "seniors"
    assert co.rows.defense.count("W") + co.rows.economy.count("W") == 3
    assert any("seniors" == s.other_group for s in c.states.values())  # Seniors present but not the key
    # alter_key: College Graduates is the key, Catholics the other group
    assert any(s.key_start == "college_graduates" and s.other_group == "catholics" for s in c.states.values())
    # shift_flips_major: a marker on the Defense space next to the middle
    assert any(s.issue_start == 1 for s in c.states.values())
    assert {"OR", "IA", "VA", "NV", "OH"} <= set(c.states)


def test_printed_blocks_lean_as_the_aid_says(c: models.Content) -> None:
    """Economy rows lean blue, Defense rows red, slightly more red than blue overall; no row starts won."""
    rows = {issue: Counter(b for s in c.states.values() for b in s.rows.row(issue)) for issue in models.ISSUES}
    assert rows["defense"]["R"] > rows["defense"]["B"]
    assert rows["economy"]["B"] > rows["economy"]["R"]
    red, blue = rows["defense"]["R"] + rows["economy"]["R"], rows["defense"]["B"] + rows["economy"]["B"]
    assert blue < red <= blue * 1.1
    for s in c.states.values():
        assert all(3 <= len(s.rows.row(i)) <= 7 for i in models.ISSUES)
        major = s.rows.row(s.major_start)
        assert "W" in major or len(set(major)) > 1, s.code


def test_demographics(c: models.Content) -> None:
    assert 12 <= len(c.groups) <= 14
    assert {"seniors", "college_graduates", "catholics", "clinton_democrats"} <= set(c.groups)
    for s in c.states.values():
        assert {c.groups[g].lean for g in s.demographics} == set(SIDES), s.code
    keys = Counter(c.groups[s.key_start].lean for s in c.states.values())
    assert keys == {"OBA": 10, "MCC": 10}
    undecided = Counter()
    for s in c.states.values():
        undecided[c.groups[s.key_start].lean] += s.rows.defense.count("W") + s.rows.economy.count("W")
    assert abs(undecided["OBA"] - undecided["MCC"]) <= 2, undecided


# ----------------------------------------------------------------------------------- cards


def _power(card: models.Card, *, with_costs: bool = True) -> float:
    """A rough worth in supports: the same yardstick for both pools."""
    value = 0.0
    for name, p in card.effect:
        n = 1 if p.get("n") == "discarded" else p.get("n", 1)
        wide = 3.0 if p.get("state") == "all" else 1.0
        if name == "gain":
            value += n * wide * {"major": 1.2, "minor": 0.8, "choose": 1.1}.get(p["issue"], 1.0)
        elif name == "shift":
            value += 0.8 * n * wide
        elif name == "flip_key":
            value += 0.5
        elif name == "demo_support":
            value += 1.5
        elif name == "draw" or (name == "discard" and p["pick"] == "random"):
            value += 0.8 * n
        elif name == "discard":  # the discarder keeps their best cards
            value += 0.6 * n
    if card.kind == "media":
        value += 0.5
    if with_costs:
        value -= 1.0 if card.going_negative else 0.0
        value -= 0.8 * (card.discard_cost.n or 0) if card.discard_cost else 0.0
    return value


def test_pools(c: models.Content) -> None:
    for side in SIDES:
        pool = c.pool(side)
        assert [x.id for x in pool] == [f"{side[0]}{i:02d}" for i in range(1, 46)]
        assert len(c.starter_deck(side)) == c.rules.deck_size == 15
        assert all(x.text.strip() and x.title.strip() for x in pool)
        assert any(x.kind == "media" for x in c.starter_deck(side))
        assert any(x.going_negative for x in c.starter_deck(side))


def test_pools_are_equally_strong_and_lean_their_way(c: models.Content) -> None:
    total = {side: sum(_power(x) for x in c.pool(side)) for side in SIDES}
    starter = {side: sum(_power(x) for x in c.starter_deck(side)) for side in SIDES}
    assert abs(total["OBA"] - total["MCC"]) <= 0.02 * total["OBA"], total
    assert abs(starter["OBA"] - starter["MCC"]) <= 0.02 * starter["OBA"], starter
    lean = {side: Counter() for side in SIDES}
    for side in SIDES:
        for card in c.pool(side):
            for name, p in card.effect:
                if name in ("gain", "shift") and isinstance(p["n"], int):
                    lean[side][p.get("issue") or p.get("toward")] += p["n"]
    assert lean["OBA"]["economy"] > lean["OBA"]["defense"]
    assert lean["MCC"]["defense"] > lean["MCC"]["economy"]


def test_costs_sit_on_the_stronger_cards(c: models.Content) -> None:
    for side in SIDES:
        free = [_power(x, with_costs=False) for x in c.pool(side)
                if not x.discard_cost and not x.going_negative and x.kind == "normal"]
        for card in c.pool(side):
            if (card.discard_cost and card.discard_cost.n) or card.going_negative:
                assert _power(card, with_costs=False) > sum(free) / len(free), card.id


def test_starter_decks_reach_the_starter_states(c: models.Content) -> None:
    """Each starter deck's Demographic Support cards target keys of the four starter states."""
    keys = {s.key_start for s in c.states.values() if s.starter}
    for side in SIDES:
        groups = {p["group"] for x in c.starter_deck(side) for name, p in x.effect if name == "demo_support"}
        assert groups and groups <= keys, (side, groups, keys)


def test_every_op_of_the_vocabulary_is_used(c: models.Content) -> None:
    used = {name for x in [*c.cards.values(), *c.news.values(), *c.negative.values()] for name, _ in x.effect}
    assert used == set(models.OPS)


def test_every_parameter_value_is_used(c: models.Content) -> None:
    """No dead vocabulary: each value an op parameter may take is used somewhere (`side: self` is the default)."""
    used = {(models.OPS[name][param].rstrip("?"), value)
            for x in [*c.cards.values(), *c.news.values(), *c.negative.values()]
            for name, params in x.effect for param, value in params.items()}
    unused = [(kind, v) for kind, values in models.PARAM_VALUES.items() for v in values
              if (kind, v) not in used and (kind, v) != ("side", "self")]
    assert not unused


def test_texts_say_what_the_ops_do(c: models.Content) -> None:
    card = c.cards["O14"]
    assert card.text.endswith("To play this card, discard 1 other card. In a state of your choice, gain 2 support on "
                              "Economy. In that state, gain 2 support on Defense.")
    assert c.negative[6].text.endswith("In a state of your opponent's choice, your opponent gains 2 support on its "
                                       "major issue. You discard 1 card at random.")
    assert c.negative[1].effect == [] and c.negative[1].text.endswith("No effect.")
    assert sorted(c.negative) == [1, 2, 3, 4, 5, 6]
    assert len(c.news) == 20


# ---------------------------------------------------------------------- every problem at once


def test_bad_content_reports_every_problem(broken_data) -> None:
    problems = broken_data(models.BASE, [
        ("states.yaml", "ev: 27", "ev: 29"),                                        # wrong EV, total 228
        ("states.yaml", "key_start: clinton_democrats", "key_start: seniors"),      # key not on the tile
        ("states.yaml", "rows: {defense: [R, W, R, B], economy: [B, R, W, B]}",     # NV's major row won
         "rows: {defense: [R, W, R, B], economy: [B, B, B]}"),
        ("cards.yaml", "effect: [[gain, {issue: economy, state: choose, n: 2}]]",
         "effect: [[gian, {issue: economy, state: choose, n: 2}]]"),                # unknown op
        ("cards.yaml", "[[shift, {toward: economy, n: 2, state: choose}]]",
         "[[shift, {toward: economy, n: 2, stat: choose}]]"),                       # wrong parameter
        ("cards.yaml", "demo_support, {group: seniors}", "demo_support, {group: pensioners}"),
        ("cards.yaml", "starter: true", "starter: false"),                          # 14 starters
        ("cards.yaml", "In a state of your choice, gain 2 support on Defense.\"",
         "In a state of your choice, gain 3 support on Defense.\""),               # text lies
        ("news.yaml", "chooser: trailing", "chooser: none"),                        # a choice with no chooser
        ("negative.yaml", "face: 6", "face: 5"),
    ], cm.collect_problems)
    text = "\n".join(problems)
    for expected in ("Florida with 27", "EV, not 226", "key_start `seniors`", "NV: the starting major row",
                     "unknown op `gian`", "stat", "pensioners", "needs 15 starter cards", "must end with",
                     "chooser `none`", "faces 1–6"):
        assert expected in text, (expected, text)
    assert len(problems) >= 11, text
