"""Campaign Manager 2008 content (data/campaign_manager_2008/): strict models, cross-checks, a cached loader.

States, demographic groups, constants, the two 45-card Campaign Strategy pools, the Breaking News
and the Going Negative table are validated item by item, then cross-checked against each other and
against data/us/electoral_votes.csv (2004–2008 apportionment).

Effects are data: a list of ``[op, {params}]`` run in order by an *actor* (the card's player; the
opponent of the player who went negative; a news card's ``chooser``). ``OPS`` is the vocabulary with
each op's parameters, ``PARAM_VALUES`` what each parameter may hold. ``describe()`` words an effect;
every card, news and Going Negative text must end with those words, so a text always says exactly
what its ops do (docs/content/campaign_manager_2008.md has the table).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Literal

from pydantic import Field, model_validator

from engine import content as _content
from engine.content import ContentModel, load_or_raise, validate, validate_items
from engine.core.words import plural

BASE = "campaign_manager_2008"
Side = Literal["OBA", "MCC"]
SIDES: tuple[str, ...] = ("OBA", "MCC")
Block = Literal["R", "B", "W"]
ISSUES: tuple[str, ...] = ("defense", "economy")
STARTERS = {"FL", "MI", "MO", "NJ"}
TOTAL_EV = 226
ISSUE_SPACES = 4  # spaces 0–1 point to Defense, 2–3 to Economy


# --------------------------------------------------------------------------- the op vocabulary

# op -> {param: kind}; a kind ending in `?` is optional (an absent `side` means `self`)
OPS: dict[str, dict[str, str]] = {
    "gain": {"issue": "issue", "state": "state", "n": "count", "side": "side?"},
    "shift": {"toward": "toward", "n": "count", "state": "state"},
    "flip_key": {"state": "state"},
    "demo_support": {"group": "group", "side": "side?"},
    "draw": {"n": "count", "side": "side?"},
    "discard": {"n": "count", "side": "side", "pick": "pick"},
}
PARAM_VALUES: dict[str, tuple[Any, ...]] = {
    # defense/economy: that row; major/minor: the row the issue marker points to / not, when the op runs
    "issue": ("defense", "economy", "major", "minor", "choose"),
    "toward": ("defense", "economy", "choose"),
    # choose: a state in play, picked by the actor when the op runs; same: the state the last
    # `choose` of this effect picked; all: each state in play; target: the state a news hits
    "state": ("choose", "same", "all", "target"),
    # self: the actor; opponent: the other seat; OBA/MCC: that seat (news only)
    "side": ("self", "opponent", "OBA", "MCC"),
    # random: at random; discarder: the discarding player picks
    "pick": ("random", "discarder"),
    # 1–3, or `discarded`: as many as the cards discarded to pay a `discard_cost: {any: true}`
    "count": (1, 2, 3, "discarded"),
}
CHOICES = {"issue": "choose", "toward": "choose", "state": "choose"}
Context = Literal["card", "news", "negative"]
Chooser = Literal["none", "active", "trailing"]
ISSUE_WORDS = {"defense": "Defense", "economy": "Economy", "major": "its major issue", "minor": "its minor issue"}


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


class DiscardCost(ContentModel):
    """Other cards the player must discard from hand to play the card: `n` exactly, or `any` number (0 too)."""
    n: int | None = Field(default=None, ge=1, le=3)
    any: Literal[True] | None = None

    @model_validator(mode="after")
    def _one(self) -> DiscardCost:
        if (self.n is None) == (self.any is None):
            raise ValueError("a discard cost is either {n: N} or {any: true}")
        return self


class MediaSupport(ContentModel):
    # choose: while the card is on the table, its owner picks the state in play each Breaking News hits
    news_target: Literal["choose"]


class Card(ContentModel):
    id: str = Field(pattern=r"^[OM][0-9]{2}$")
    side: Side
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    starter: bool
    kind: Literal["normal", "media"]
    going_negative: bool
    discard_cost: DiscardCost | None = None
    effect: list[list[Any]]
    media: MediaSupport | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        if (self.kind == "media") != (self.media is not None):
            raise ValueError("a media card, and only it, has `media: {news_target: …}`")
        if self.id[0] != self.side[0]:
            raise ValueError(f"an {self.side} card's id starts with {self.side[0]}")
        if self.kind == "normal" and not self.effect:
            raise ValueError("a normal card has at least one op")
        return self


class News(ContentModel):
    id: str = Field(pattern=r"^N[0-9]{2}$")
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    # the actor: who makes the news' choices and who `self` is (none: no choices, sides named)
    chooser: Chooser
    effect: list[list[Any]] = Field(min_length=1)


class Negative(ContentModel):
    face: int = Field(ge=1, le=6)
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    effect: list[list[Any]]  # applied by the opponent of the player who rolled; may be empty


class Content(ContentModel):
    rules: Rules
    states: dict[str, StateTile]
    groups: dict[str, Group]
    cards: dict[str, Card]
    news: dict[str, News]
    negative: dict[int, Negative]

    def pool(self, side: str) -> list[Card]:
        return [c for c in self.cards.values() if c.side == side]

    def starter_deck(self, side: str) -> list[Card]:
        return [c for c in self.pool(side) if c.starter]


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


# ---------------------------------------------------------------------------- effects: words


class _Actor:
    """How a text names the actor and the others, in one context."""

    def __init__(self, context: str, chooser: str = "none") -> None:
        self.context = context
        self.chooser = {"active": "the active player", "trailing": "the trailing candidate"}.get(chooser, "")

    def subject(self, side: str) -> tuple[str, bool, str]:
        """(subject, third person, possessive) for `side`; an empty subject is the imperative."""
        if side in ("OBA", "MCC"):
            return ("Obama" if side == "OBA" else "McCain"), True, "their"
        if self.context == "card":
            return ("", False, "your") if side == "self" else ("your opponent", True, "their")
        if self.context == "negative":
            return ("your opponent", True, "their") if side == "self" else ("you", False, "your")
        return (self.chooser, True, "their") if side == "self" else ("the other candidate", True, "their")

    def choice(self) -> str:
        who = {"card": "your", "negative": "your opponent's"}.get(self.context, f"{self.chooser}'s")
        return f"{who} choice"

    def clause(self, side: str, verb: str, rest: str) -> str:
        subject, third, _ = self.subject(side)
        if not subject:
            return f"{verb} {rest}"
        return f"{subject} {verb + ('es' if verb.endswith('s') else 's') if third else verb} {rest}"


class _Named(_Actor):
    """A Going Negative result as the channel reads it: each side by its seat (the applier for "self", the roller
    for "opponent"), never "you" or "your opponent"."""

    def __init__(self, applier: str, roller: str) -> None:
        super().__init__("negative")
        self.names = {"self": applier, "opponent": roller}

    def subject(self, side: str) -> tuple[str, bool, str]:
        if side in ("OBA", "MCC"):
            return super().subject(side)
        name = self.names["self" if side == "self" else "opponent"]
        return name, True, f"{name}'s"

    def choice(self) -> str:
        return f"{self.names['self']}'s choice"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def describe_op(op: list[Any], actor: _Actor, groups: dict[str, Group]) -> str:
    name, p = op
    state = {"choose": f"a state of {actor.choice()}", "same": "that state", "all": "each state in play",
             "target": "the state this news hits"}.get(p.get("state", ""), "")
    side = p.get("side", "self")
    if name == "gain":
        issue = ISSUE_WORDS.get(p["issue"], f"an issue of {actor.choice()}")
        amount = (f"1 support on {issue} per card discarded" if p["n"] == "discarded"
                  else f"{p['n']} support on {issue}")
        return f"In {state}, {actor.clause(side, 'gain', amount)}."
    if name == "shift":
        toward = {"defense": "Defense", "economy": "Economy"}.get(p["toward"], f"an issue of {actor.choice()}")
        spaces = "1 space per card discarded" if p["n"] == "discarded" else plural(p["n"], "space")
        return f"Shift {state} {spaces} toward {toward}."
    if name == "flip_key":
        return f"Alter the key demographic of {state}."
    if name == "demo_support":
        group = groups[p["group"]].name if p["group"] in groups else p["group"]
        rest = f"every undecided block, in both rows, of each state in play whose key demographic is {group}"
        return f"Demographic Support ({group}): {actor.clause(side, 'take', rest)}."
    if name == "draw":
        cards = "1 card per card discarded" if p["n"] == "discarded" else plural(p["n"], "card")
        return _cap(actor.clause(side, "draw", cards)) + "."
    if name == "discard":
        _, _, poss = actor.subject(side)
        how = "at random" if p["pick"] == "random" else f"of {poss} choice"
        return _cap(actor.clause(side, "discard", f"{plural(p['n'], 'card')} {how}")) + "."
    raise ValueError(f"unknown op {name}")


def describe(effect: list[Any], groups: dict[str, Group], *, context: Context = "card", chooser: str = "none",
             cost: DiscardCost | None = None, media: bool = False, going_negative: bool = False,
             named: tuple[str, str] | None = None) -> str:
    """The exact words for an effect (and, for a card, its cost, Media Support and Going Negative); `named`:
    a Going Negative result's (applier, roller) seats, for the channel's line."""
    actor = _Named(*named) if named else _Actor(context, chooser)
    parts = []
    if cost is not None:
        parts.append("To play this card, discard any number of other cards (none is required)." if cost.any
                     else f"To play this card, discard {plural(cost.n, 'other card')}.")
    parts += [describe_op(op, actor, groups) for op in effect]
    if media:
        parts.append("Media Support: this card stays on the table until another Media Support card replaces it; "
                     "meanwhile you choose which state in play each Breaking News hits.")
    if going_negative:
        parts.append("Going Negative: at the end of your turn roll the die; your opponent applies the result.")
    return " ".join(parts) if parts else "No effect."


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


def negative_text(content: Content, face: int, applier: str, roller: str) -> str:
    """A Going Negative result's text with each side named by its seat: "… In a state of OBA's choice, OBA gains
    2 support on its major issue. MCC discards 1 card at random." (the table's words say "you")."""
    result = content.negative[face]
    own = describe(result.effect, content.groups, context="negative")
    return result.text[:len(result.text) - len(own)] + describe(result.effect, content.groups, context="negative",
                                                                  named=(applier, roller))
