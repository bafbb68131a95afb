"""Cross-checks of 1960's data files against each other and against the rulebook: totals, the region map,
the margin rule for starting cubes, the issues track, the deck's mix and each card's text against its event."""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine import content as _content
from engine.nineteen_sixty.content_models import (
    BASE, BORDERS, CARD_COUNT, EDGE_EV, ELECTION_DAY_EVENTS, ISSUES, POCKETS, REGION_EV, REGION_NAMES, REGIONS, SIDES,
    TOTAL_EV, Candidate, Card, Endorsement, IssuesFile, RegionsFile, Rules, State, other,
)
from engine.nineteen_sixty.content_ops import OPS, check_effect
from engine.nineteen_sixty.content_words import describe

# Cards the rulebook names with what it says they do (its examples are built on them); every other card
# the rulebook names must merely exist. Titles are historical; effects are the rulebook's mechanics.
RULEBOOK_EVENTS: dict[str, list[list[Any]]] = {
    "Nixon's Pledge": [["turn_effect", {"who": "K", "hook": "momentum_per_rival_noncampaign"}]],
    "Nixon's Knee": [["turn_effect", {"who": "N", "hook": "campaign_costs_momentum"}],
                     ["move_token", {"who": "N", "state": "MD"}]],
    "New England": [["gain", {"who": "K", "state": "NY", "n": 2}], ["gain", {"who": "K", "state": "MA", "n": 2}],
                    ["gain", {"who": "K", "state": "CT", "n": 1}]],
    "Harry F. Byrd": [["lose", {"who": "K", "state": "MS", "n": 2}], ["lose", {"who": "K", "state": "AL", "n": 1}]],
    "Gaffe": [["lose_momentum", {"who": "opponent", "n": 1}], ["lose", {"who": "opponent", "state": "token", "n": 3}]],
    "Harvard Brain Trust": [["debate_bonus", {"who": "K", "issue": "all", "n": 1}]],
    "Recount": [["checks", {"who": "self", "state": "choose", "n": 3}]],
    "Unpledged Electors": [["unpledged", {"who": "K", "states": ["AL", "LA", "MS"], "below": 4}]],
    "East Harlem Pledge": [["lose_issue", {"who": "N", "issue": "civil_rights", "n": 1}],
                           ["lose_region", {"who": "N", "region": "S", "n": 5}]],
    **{f"Gathering Momentum: {REGION_NAMES[r]}": [["leader", {"region": r}], ["momentum", {"who": "leader", "n": 1}],
                                                  ["fill_empty", {"who": "leader", "region": r}]] for r in REGIONS},
}
RULEBOOK_NAMES = {
    *RULEBOOK_EVENTS, "Late Returns from Cook County", "Lazy Shave", "Dwight D. Eisenhower", "Heartland of America",
    "Southern Revolt", "Puerto Rican Bishops", "Opposition Research", "Give Me a Week", "Peace Without Surrender",
    "Nikita Khrushchev", "Herb Klein", "Kennedy's Peace Corps", "Rising Food Prices", "Profiles in Courage",
    "The Great Seal Bug", "Fifty Stars", "Congressional Summer Session", "Lyndon B. Johnson", "Henry Cabot Lodge",
}



def check_rules(rules: Rules, problems: list[str]) -> None:
    where = f"{BASE}/rules.yaml"
    if not rules.debate_turn < rules.election_turn == rules.turns:
        problems.append(f"{where}: the Debates come before Election Day, the last turn")
    if rules.strategy_cards.before_debates * rules.turns_before_debates != rules.debate_cards:
        problems.append(f"{where}: {rules.strategy_cards.before_debates} card × {rules.turns_before_debates} turns "
                        f"must make the {rules.debate_cards} debate cards")
    if rules.strategy_cards.after_debates * rules.turns_after_debates != rules.election_cards:
        problems.append(f"{where}: {rules.strategy_cards.after_debates} cards × {rules.turns_after_debates} turns "
                        f"must make the {rules.election_cards} Election Day cards")
    if rules.ev_total != TOTAL_EV or rules.ev_to_win != TOTAL_EV // 2 + 1:
        problems.append(f"{where}: {TOTAL_EV} EV in all, {TOTAL_EV // 2 + 1} to win")
    if rules.campaign_cards != CARD_COUNT:
        problems.append(f"{where}: the deck has {CARD_COUNT} campaign cards")
    if sorted(rules.debate_rewards) != rules.debate_rewards:
        problems.append(f"{where}: debate rewards grow with each issue won")
    if not rules.lead < rules.carry:
        problems.append(f"{where}: carrying a state takes more than leading it")
    if set(rules.home) != set(SIDES):
        problems.append(f"{where}: home needs K and N")


def check_regions(regions: RegionsFile, states: list[State], problems: list[str]) -> None:
    where = f"{BASE}/regions.yaml"
    ids = [r.id for r in regions.regions]
    if sorted(ids) != sorted(REGIONS) or _content.duplicates(ids):
        problems.append(f"{where}: the regions are {list(REGIONS)} once each, not {ids}")
    by_state = {s.code: s for s in states}
    seen: Counter[str] = Counter()
    for r in regions.regions:
        if set(r.borders) != BORDERS.get(r.id, set()):
            problems.append(f"{where}: {r.id} borders {sorted(BORDERS.get(r.id, set()))}, not {sorted(r.borders)}")
        if r.ev != REGION_EV.get(r.id):
            problems.append(f"{where}: {r.id} holds {REGION_EV.get(r.id)} EV, not {r.ev}")
        total = sum(by_state[c].ev for c in r.states if c in by_state)
        if total != r.ev:
            problems.append(f"{where}: {r.id}'s states add up to {total} EV, not {r.ev}")
        for code in r.states:
            seen[code] += 1
            if code not in by_state:
                problems.append(f"{where}: {r.id} lists `{code}`, which is not in states.yaml")
            elif by_state[code].region != r.id:
                problems.append(f"{where}: {r.id} lists {code}, but states.yaml puts it in {by_state[code].region}")
    for code in sorted(by_state):
        if seen[code] != 1:
            problems.append(f"{where}: {code} must be in exactly one region, is in {seen[code]}")
    pockets = {p.state: p.via for p in regions.pockets}
    if pockets != POCKETS or len(regions.pockets) != len(POCKETS):
        problems.append(f"{where}: the travel pockets are AK and HI, each off the West, not {pockets}")


def check_states(states: list[State], rules: Rules | None, problems: list[str]) -> None:
    where = f"{BASE}/states.yaml"
    codes = [s.code for s in states]
    if dupes := _content.duplicates(codes):
        problems.append(f"{where}: duplicate codes {', '.join(dupes)}")
    ev = _content.electoral_votes("ev_1960", problems)
    if ev and set(codes) != set(ev) - {"DC"}:
        missing, extra = sorted(set(ev) - {"DC"} - set(codes)), sorted(set(codes) - (set(ev) - {"DC"}))
        problems.append(f"{where}: the 50 states, DC excluded: missing {missing}, extra {extra}")
    for s in states:
        if ev and s.code in ev and (s.name, s.ev) != ev[s.code]:
            problems.append(f"{where}: {s.code} should be {ev[s.code][0]} with {ev[s.code][1]} EV (1960), "
                            f"not {s.name} with {s.ev}")
        if s.margin == 0:
            problems.append(f"{where}: {s.code}: a margin of exactly 0 gives no edge")
        edge = "K" if s.margin > 0 else "N"
        if s.edge != edge:
            problems.append(f"{where}: {s.code}: margin {s.margin} gives edge {edge}, not {s.edge}")
        if rules is not None:
            n = rules.start_rule.cubes(s.margin)
            expected = {edge: n} if n else {}
            if dict(s.start) != expected:
                problems.append(f"{where}: {s.code}: margin {s.margin} gives start {expected}, not {dict(s.start)}")
    total = sum(s.ev for s in states)
    if total != TOTAL_EV:
        problems.append(f"{where}: the states total {total} EV, not {TOTAL_EV}")
    edges = {side: sum(s.ev for s in states if s.edge == side) for side in SIDES}
    if edges != EDGE_EV:
        problems.append(f"{where}: the edges give {edges} EV, not {EDGE_EV} (1960's popular-vote winners)")
    by_code = {s.code: s for s in states}
    if rules is not None:
        for side, home in rules.home.items():
            if home not in by_code:
                problems.append(f"{BASE}/rules.yaml: home {home} is not a state")
    if "MA" in by_code and dict(by_code["MA"].start) != {"K": 2}:
        problems.append(f"{where}: Massachusetts starts with Kennedy 2 (the rulebook's sample turn takes it 2 → 4)")


def check_issues(issues: IssuesFile, problems: list[str]) -> None:
    where = f"{BASE}/issues.yaml"
    if sorted(i.id for i in issues.issues) != sorted(ISSUES) or len(issues.issues) != 3:
        problems.append(f"{where}: the issues are {list(ISSUES)} once each")
    if sorted(i.start for i in issues.issues) != [1, 2, 3]:
        problems.append(f"{where}: the issues start on slots 1, 2 and 3, one each")
    start = {i.id: i.start for i in issues.issues}
    if start and start != {"defense": 1, "economy": 2, "civil_rights": 3}:
        problems.append(f"{where}: the track starts Defense, Economy, Civil Rights (1st to 3rd), not {start}")
    if sorted(r.slot for r in issues.rewards) != [1, 2, 3]:
        problems.append(f"{where}: one reward per slot 1–3")
    for r in issues.rewards:
        if r.momentum + r.endorsements == 0:
            problems.append(f"{where}: slot {r.slot} pays nothing")
        if r.either and not (r.momentum and r.endorsements):
            problems.append(f"{where}: slot {r.slot}: `either` needs both a momentum and an endorsement to choose from")


def check_candidates(candidates: list[Candidate], rules: Rules | None, problems: list[str]) -> None:
    where = f"{BASE}/candidates.yaml"
    if sorted(c.id for c in candidates) != list(SIDES):
        problems.append(f"{where}: one candidate card each for K and N")
    for c in candidates:
        if rules is None:
            continue
        if c.home != rules.home.get(c.id) or c.cp != rules.candidate_cp or c.seat != getattr(rules.seats, c.id):
            problems.append(f"{where}: {c.id}: home, CP and seat must match rules.yaml "
                            f"({rules.home.get(c.id)}, {rules.candidate_cp}, {getattr(rules.seats, c.id)})")


def check_endorsements(endorsements: list[Endorsement], rules: Rules | None, problems: list[str]) -> None:
    where = f"{BASE}/endorsements.yaml"
    count = rules.endorsement_cards if rules else 16
    if sorted(e.id for e in endorsements) != list(range(1, count + 1)):
        problems.append(f"{where}: ids 1–{count} once each")
    regions = Counter(e.region for e in endorsements)
    if regions != {"E": 3, "MW": 3, "S": 3, "W": 3, "any": 4}:
        problems.append(f"{where}: 3 per region and 4 for any region, not {dict(regions)}")
    if dupes := _content.duplicates([e.name for e in endorsements]):
        problems.append(f"{where}: duplicate names {', '.join(dupes)}")


def check_cards(cards: list[Card], states: dict[str, State], problems: list[str]) -> None:
    where = f"{BASE}/cards.yaml"
    ids = [c.id for c in cards]
    if dupes := _content.duplicates(ids):
        problems.append(f"{where}: duplicate ids {', '.join(dupes)}")
    if missing := sorted(set(range(1, CARD_COUNT + 1)) - set(ids)):
        problems.append(f"{where}: {CARD_COUNT} cards expected, ids missing: {missing}")
    if extra := sorted(set(ids) - set(range(1, CARD_COUNT + 1))):
        problems.append(f"{where}: ids outside 1–{CARD_COUNT}: {extra}")
    if dupes := _content.duplicates([c.name for c in cards]):
        problems.append(f"{where}: duplicate names {', '.join(dupes)}")
    names = {c.id: c.name for c in cards}
    by_name = {c.name: c for c in cards}
    state_names = {code: s.name for code, s in states.items()}
    for c in cards:
        at = f"{where}: {c.id} ({c.name})"
        count = len(problems)
        if states and c.state not in states:
            problems.append(f"{at}: state {c.state} is not on the board")
        for i in c.prevents:
            if i not in names or i == c.id:
                problems.append(f"{at}: prevents card {i}, which is not another card")
            elif by_name[names[i]].persistent == "prevention":
                problems.append(f"{at}: prevents {names[i]}, another prevention event")
            elif len(c.icons) == 1 and by_name[names[i]].icons != [other(c.icons[0])]:
                problems.append(f"{at}: a {c.icons[0]} prevention event blocks only events that show only "
                                f"{other(c.icons[0])}'s icon, not {names[i]}")
        if c.gm_region is not None and c.event != RULEBOOK_EVENTS[f"Gathering Momentum: {REGION_NAMES[c.gm_region]}"]:
            problems.append(f"{at}: a Gathering Momentum card names the leader of its region, who gains 1 momentum "
                            "and 1 support in each of its empty states")
        check_effect(f"{at}.event", c, set(states), problems)
        if len(problems) == count:
            words = describe(c, state_names, names)
            if not c.text.endswith(words):
                problems.append(f"{at}: the text must end with what the event does: \"{words}\"")
            elif c.text == words:
                problems.append(f"{at}: the text opens with a sentence of its own before the rules")
    _check_mix(cards, by_name, problems)


def _check_mix(cards: list[Card], by_name: dict[str, Card], problems: list[str]) -> None:
    where = f"{BASE}/cards.yaml"
    for name in sorted(RULEBOOK_NAMES - set(by_name)):
        problems.append(f"{where}: the rulebook names \"{name}\"; the deck needs it")
    for name, event in RULEBOOK_EVENTS.items():
        if name in by_name and by_name[name].event != event:
            problems.append(f"{where}: \"{name}\" must do what the rulebook's example shows: {event}")
    gm = sorted(c.gm_region for c in cards if c.gm_region is not None)
    if gm != sorted(REGIONS):
        problems.append(f"{where}: 4 Gathering Momentum cards, one per region, not {gm}")
    vps = sorted(c.vp for c in cards if c.vp is not None)
    if vps != list(SIDES):
        problems.append(f"{where}: one VP card per candidate, not {vps}")
    stacks = Counter(c.persistent for c in cards)
    if stacks["prevention"] != 2:
        problems.append(f"{where}: 2 prevention events, not {stacks['prevention']}")
    if stacks["debate"] < 2:
        problems.append(f"{where}: at least 2 debate events, not {stacks['debate']}")
    low, high = ELECTION_DAY_EVENTS
    if not low <= stacks["election_day"] <= high:
        problems.append(f"{where}: {low}–{high} Election Day events, not {stacks['election_day']}")
    used = {op[0] for c in cards for op in c.event if isinstance(op, list) and op}
    if unused := sorted(set(OPS) - used):
        problems.append(f"{where}: ops no card uses (drop them from OPS): {', '.join(unused)}")
    if "refresh" not in used:
        problems.append(f"{where}: a candidate-refresh event is needed")
