"""Campaign Manager 2008 content (data/campaign_manager_2008/): cross-checks and a cached loader.

States, demographic groups, constants, the two 45-card Campaign Strategy pools, the Breaking News
and the Going Negative table are validated item by item by the models of content_models.py, then
cross-checked against each other and against data/us/electoral_votes.csv (2004–2008 apportionment).
Every card, news and Going Negative text must end with the words ``describe()`` gives its ops
(content_words.py), so a text always says exactly what its ops do (docs/content/campaign_manager_2008.md
has the table).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from engine import content as _content
from engine.campaign_manager_2008.content_models import (
    BASE, CHOICES, ISSUE_SPACES, ISSUES, OPS, PARAM_VALUES, SIDES, STARTERS, TOTAL_EV, Card, Content, Context,
    Group, Negative, News, Rules, StateTile,
)
from engine.campaign_manager_2008.content_words import describe
from engine.content import load_or_raise, validate, validate_items

# ----------------------------------------------------------------------------- effects: checks


def check_effect(where: str, ops: list[Any], problems: list[str], *, context: Context,
                 chooser: str = "none", any_cost: bool = False, groups: dict[str, Group] | None = None) -> None:
    """Every op known, with exactly its parameters and values allowed in this context."""
    chosen_state = False
    for i, op in enumerate(ops):
        at = f"{where}[{i}]"
        shaped = _content.op_shape(at, op, OPS, problems)
        if shaped is None:
            continue
        name, params = shaped
        spec = OPS[name]
        for param, value in params.items():
            kind = spec[param].rstrip("?")
            if kind == "group":
                if groups is not None and value not in groups:
                    problems.append(f"{at}: `{name}` names unknown demographic group `{value}`")
                continue
            allowed = PARAM_VALUES[kind]
            if isinstance(value, bool) or value not in allowed:
                problems.append(f"{at}: `{name}` {param} `{value}` is not one of {list(allowed)}")
        if params.get("state") == "target" and context != "news":
            problems.append(f"{at}: state `target` (the state a news hits) is for Breaking News only")
        if params.get("state") == "same" and not chosen_state:
            problems.append(f"{at}: state `same` needs an earlier op of this effect with state `choose`")
        if params.get("state") == "all" and "choose" in (params.get("issue"), params.get("toward")):
            problems.append(f"{at}: with state `all`, name the issue (no `choose`)")
        if params.get("n") == "discarded" and not any_cost:
            problems.append(f"{at}: n `discarded` needs the card's discard_cost {{any: true}}")
        side = params.get("side", "self")
        if side in ("OBA", "MCC") and context != "news":
            problems.append(f"{at}: side `{side}` is for Breaking News; cards say self or opponent")
        if context == "news" and chooser == "none":
            if any(params.get(p) == v for p, v in CHOICES.items()):
                problems.append(f"{at}: a choice needs a chooser; this news has chooser `none`")
            if name in ("gain", "demo_support", "draw", "discard") and side not in ("OBA", "MCC"):
                problems.append(f"{at}: with chooser `none`, `{name}` names its side (OBA or MCC)")
        if params.get("state") == "choose":
            chosen_state = True



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
    if dupes := _content.duplicates(codes):
        problems.append(f"{where}: duplicate codes {', '.join(dupes)}")
    if len(states) != 20:
        problems.append(f"{where}: 20 tiles expected, found {len(states)}")
    ev = _content.electoral_votes("ev_2004_2008", problems)
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


def _check_text(where: str, text: str, words: str, problems: list[str]) -> None:
    if not text.strip():
        problems.append(f"{where}: empty text")
    elif not text.endswith(words):
        problems.append(f"{where}: the text must end with what the ops do: \"{words}\"")


def _check_cards(cards: list[Card], groups: dict[str, Group], rules: Rules | None, problems: list[str]) -> None:
    where = f"{BASE}/cards.yaml"
    ids = [c.id for c in cards]
    if dupes := _content.duplicates(ids):
        problems.append(f"{where}: duplicate ids {', '.join(dupes)}")
    pool = rules.pool_size if rules else 45
    deck = rules.deck_size if rules else 15
    for side in SIDES:
        mine = [c for c in cards if c.side == side]
        expected = {f"{side[0]}{i:02d}" for i in range(1, pool + 1)}
        if missing := sorted(expected - {c.id for c in mine}):
            problems.append(f"{where}: {side} misses {', '.join(missing)}")
        if extra := sorted({c.id for c in mine} - expected):
            problems.append(f"{where}: {side} has ids outside {side[0]}01–{side[0]}{pool}: {', '.join(extra)}")
        if (starters := sum(c.starter for c in mine)) != deck:
            problems.append(f"{where}: {side} needs {deck} starter cards, has {starters}")
    titles = [c.title for c in cards]
    if dupes := _content.duplicates(titles):
        problems.append(f"{where}: duplicate titles {', '.join(dupes)}")
    for c in cards:
        at = f"{where}: {c.id}"
        count = len(problems)
        any_cost = c.discard_cost is not None and c.discard_cost.any is True
        check_effect(f"{at}.effect", c.effect, problems, context="card", any_cost=any_cost, groups=groups)
        if any(op[1].get("n") == "discarded" for op in c.effect if isinstance(op, list) and len(op) == 2
               and isinstance(op[1], dict)) != any_cost:
            problems.append(f"{at}: an any-number discard cost and an op counting the discarded cards go together")
        if len(problems) == count:
            _check_text(at, c.text, describe(c.effect, groups, cost=c.discard_cost, media=c.kind == "media",
                                             going_negative=c.going_negative), problems)


def _check_news(news: list[News], groups: dict[str, Group], problems: list[str]) -> None:
    where = f"{BASE}/news.yaml"
    if dupes := _content.duplicates([n.id for n in news]):
        problems.append(f"{where}: duplicate ids {', '.join(dupes)}")
    if len(news) != 20:
        problems.append(f"{where}: 20 Breaking News expected, found {len(news)}")
    for n in news:
        count = len(problems)
        check_effect(f"{where}: {n.id}.effect", n.effect, problems, context="news", chooser=n.chooser, groups=groups)
        if len(problems) == count:
            _check_text(f"{where}: {n.id}", n.text, describe(n.effect, groups, context="news", chooser=n.chooser),
                        problems)


def _check_negative(faces: list[Negative], groups: dict[str, Group], rules: Rules | None,
                    problems: list[str]) -> None:
    where = f"{BASE}/negative.yaml"
    die = rules.die_faces if rules else 6
    if sorted(f.face for f in faces) != list(range(1, die + 1)):
        problems.append(f"{where}: faces 1–{die} once each, found {sorted(f.face for f in faces)}")
    for f in faces:
        count = len(problems)
        check_effect(f"{where}: face {f.face}.effect", f.effect, problems, context="negative", groups=groups)
        if len(problems) == count:
            _check_text(f"{where}: face {f.face}", f.text, describe(f.effect, groups, context="negative"), problems)


def collect_problems() -> tuple[Content | None, list[str]]:
    problems: list[str] = []
    rules = validate(Rules, f"{BASE}/rules.yaml", problems)
    states = validate_items(StateTile, f"{BASE}/states.yaml", "states", problems)
    group_list = validate_items(Group, f"{BASE}/demographics.yaml", "groups", problems)
    cards = validate_items(Card, f"{BASE}/cards.yaml", "cards", problems)
    news = validate_items(News, f"{BASE}/news.yaml", "news", problems)
    faces = validate_items(Negative, f"{BASE}/negative.yaml", "results", problems)
    if dupes := _content.duplicates([g.id for g in group_list]):
        problems.append(f"{BASE}/demographics.yaml: duplicate ids {', '.join(dupes)}")
    groups = {g.id: g for g in group_list}
    if rules:
        _check_rules(rules, problems)
    _check_states(states, groups, problems)
    _check_cards(cards, groups, rules, problems)
    _check_news(news, groups, problems)
    _check_negative(faces, groups, rules, problems)
    if problems or rules is None:
        return None, problems
    return Content(rules=rules, states={s.code: s for s in states}, groups=groups, cards={c.id: c for c in cards},
                   news={n.id: n for n in news}, negative={f.face: f for f in faces}), problems


@lru_cache(maxsize=1)
def load() -> Content:
    return load_or_raise(collect_problems)
