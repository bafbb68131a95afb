"""1960: The Making of the President content (data/nineteen_sixty/): strict models, cross-checks, a cached loader.

Constants, the four regions and their travel graph, the 50 states (1960 electoral votes read against
data/us/electoral_votes.csv, edges and starting cubes derived from a stated margin rule), the three
issues, the two candidate cards, the 16 endorsement cards and the 97 campaign cards are validated item by
item, then cross-checked against each other. Every problem is reported at once.

Events are data: a list of ``[op, {params}]`` run in order by the player who resolves the event (who
played it, or who triggered it). ``OPS`` is the vocabulary with each op's parameters, ``PARAM_VALUES``
what each parameter may hold. ``describe()`` words a card's rules; every card text must end with those
words, so a text always says exactly what its ops do (docs/content/nineteen_sixty.md has the table).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Literal

from pydantic import Field, model_validator

from engine import content as _content
from engine.content import ContentModel, load_or_raise, validate, validate_items

BASE = "nineteen_sixty"
Side = Literal["K", "N"]
SIDES: tuple[str, ...] = ("K", "N")
NAMES = {"K": "Kennedy", "N": "Nixon"}
Region = Literal["E", "MW", "S", "W"]
REGIONS: tuple[str, ...] = ("E", "MW", "S", "W")
REGION_NAMES = {"E": "East", "MW": "Midwest", "S": "South", "W": "West"}
# the spec's membership table (docs/content/nineteen_sixty.md): every rulebook example fits it
REGION_EV = {"E": 153, "MW": 153, "S": 146, "W": 85}
# every pair of regions borders except West–East (rulebook B1, "Moving the Candidate Token")
BORDERS = {"E": {"MW", "S"}, "MW": {"E", "S", "W"}, "S": {"E", "MW", "W"}, "W": {"MW", "S"}}
POCKETS = {"AK": "W", "HI": "W"}  # travel-only boundaries, each off the West
Issue = Literal["defense", "economy", "civil_rights"]
ISSUES: tuple[str, ...] = ("defense", "economy", "civil_rights")
ISSUE_NAMES = {"defense": "Defense", "economy": "Economy", "civil_rights": "Civil Rights"}
TOTAL_EV = 537
EDGE_EV = {"K": 317, "N": 220}  # the 1960 popular-vote winners, AL and MS counted for Kennedy
CARD_COUNT = 97
ELECTION_DAY_EVENTS = (5, 7)  # "about 6" (spec §2)

# --------------------------------------------------------------------------- the op vocabulary

# op -> {param: kind}; a kind ending in `?` is optional
OPS: dict[str, dict[str, str]] = {
    # state support (checks where campaigning would need them; rule 20), losses capped at what is there
    "gain": {"who": "who", "state": "state", "n": "count"},
    "gain_region": {"who": "who", "region": "region", "n": "count", "per_state": "count"},
    "fill_empty": {"who": "who", "region": "region"},
    "lose": {"who": "who", "state": "state", "n": "count"},
    "lose_region": {"who": "who", "region": "region", "n": "count"},
    # momentum, issues, media, endorsements
    "momentum": {"who": "who", "n": "count"},
    "lose_momentum": {"who": "who", "n": "count"},
    "issue": {"who": "who", "issue": "issue", "n": "count"},
    "lose_issue": {"who": "who", "issue": "issue", "n": "count"},
    "shift_issue": {"issue": "issue", "dir": "dir"},
    "media": {"who": "who", "region": "region", "n": "count"},
    "lose_media": {"who": "who", "region": "region", "n": "count"},
    "endorse": {"who": "who", "region": "endorse_region"},
    # candidate card and token
    "exhaust": {"who": "who"},
    "refresh": {"who": "who"},
    "move_token": {"who": "who", "state": "state"},
    # cubes and cards
    "bag": {"who": "who", "n": "count"},
    "rest": {"who": "who", "n": "count"},
    "draw": {"who": "who", "n": "count"},
    "discard": {"who": "who", "n": "count", "pick": "pick"},
    # conditions: name the `leader` of a region (more states led) or an issue; none → the rest is skipped
    "leader": {"region": "region_fixed?", "issue": "issue_fixed?"},
    # turn-long effects (duration: turn), debate and Election Day effects (persistent stacks)
    "turn_effect": {"who": "who", "hook": "hook"},
    "debate_bonus": {"who": "who", "issue": "debate_issue", "n": "count"},
    "checks": {"who": "who", "state": "state", "n": "count"},
    "unpledged": {"who": "who", "states": "states", "below": "count"},
}
STATE_WORDS = ("choose", "token")  # besides a state code
PARAM_VALUES: dict[str, tuple[Any, ...]] = {
    # K / N: that candidate; self: who resolves the event; opponent: the other; leader: the player the
    # last `leader` op named
    "who": ("K", "N", "self", "opponent", "leader"),
    "count": (1, 2, 3, 4, 5),
    # a state code, or choose: a state of the resolver's choice; token: where `who`'s token stands
    "state": STATE_WORDS,
    "states": (),  # a non-empty list of state codes (checked against states.yaml, not listed here)
    "region": ("E", "MW", "S", "W", "choose"),
    "region_fixed": REGIONS,
    "endorse_region": ("E", "MW", "S", "W", "choose", "draw"),
    "issue": ("defense", "economy", "civil_rights", "choose"),
    "issue_fixed": ISSUES,
    "debate_issue": ("defense", "economy", "civil_rights", "all"),
    "dir": ("up", "down"),
    # random: at random; owner: the discarding player picks
    "pick": ("random", "owner"),
    # the engine's hooks (spec §3.5): card_played, campaign_cost, check_required
    "hook": ("momentum_per_rival_noncampaign", "campaign_costs_momentum", "no_checks"),
}
# which ops help `who` and which hurt him: a one-icon card's event must help its icon's candidate
BENEFIT = {"gain", "gain_region", "fill_empty", "momentum", "issue", "media", "endorse", "refresh", "bag", "rest",
           "draw", "debate_bonus", "checks"}
HARM = {"lose", "lose_region", "lose_momentum", "lose_issue", "lose_media", "exhaust", "move_token", "discard",
        "unpledged"}
HARMFUL_HOOKS = {"campaign_costs_momentum"}
# ops only a persistent stack may hold, and what each stack may hold
DEBATE_OPS = {"debate_bonus"}
ELECTION_DAY_OPS = {"gain", "gain_region", "lose", "checks", "unpledged"}

Persistent = Literal["none", "debate", "election_day", "prevention"]

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



def other(side: str) -> str:
    return "N" if side == "K" else "K"


# ------------------------------------------------------------------------------------ models


class Seats(ContentModel):
    K: str
    N: str


class PerHalf(ContentModel):
    before_debates: int = Field(ge=1)
    after_debates: int = Field(ge=1)


class MarginStep(ContentModel):
    at_least: float = Field(gt=0)
    cubes: int = Field(ge=1, le=4)


class StartRule(ContentModel):
    cubes_by_margin: list[MarginStep] = Field(min_length=1)

    def cubes(self, margin: float) -> int:
        return next((s.cubes for s in sorted(self.cubes_by_margin, key=lambda s: -s.at_least)
                     if abs(margin) >= s.at_least), 0)


class Rules(ContentModel):
    seats: Seats
    turns: int = Field(ge=1)
    debate_turn: int = Field(ge=1)
    election_turn: int = Field(ge=1)
    activity_phases: int = Field(ge=1)
    hand_size: PerHalf
    strategy_cards: PerHalf
    debate_cards: int = Field(ge=1)
    election_cards: int = Field(ge=1)
    election_checks_per_card: int = Field(ge=1)
    bag_start: int = Field(ge=1)
    bag_reseed: int = Field(ge=1)
    momentum_start: int = Field(ge=0)
    momentum_decay_divisor: int = Field(ge=2)
    momentum_cubes: int = Field(ge=1)
    preempt_cost: int = Field(ge=1)
    trigger_cost: int = Field(ge=1)
    candidate_cp: int = Field(ge=1)
    travel_cost: int = Field(ge=1)
    position_first_cost: int = Field(ge=1)
    position_more_cost: int = Field(ge=1)
    lead: int = Field(ge=1)
    carry: int = Field(ge=1)
    debate_rewards: list[int] = Field(min_length=3, max_length=3)
    ev_total: int
    ev_to_win: int
    campaign_cards: int
    endorsement_cards: int
    home: dict[Side, str]
    start_rule: StartRule

    @property
    def turns_before_debates(self) -> int:
        return self.debate_turn - 1

    @property
    def turns_after_debates(self) -> int:
        return self.election_turn - self.debate_turn - 1


class RegionDef(ContentModel):
    id: Region
    name: str = Field(min_length=1)
    borders: list[Region] = Field(min_length=1)
    ev: int = Field(ge=1)
    states: list[str] = Field(min_length=1)


class Pocket(ContentModel):
    state: str = Field(pattern=r"^[A-Z]{2}$")
    via: Region  # the one region it is entered from and left to


class RegionsFile(ContentModel):
    regions: list[RegionDef]
    pockets: list[Pocket]


class State(ContentModel):
    code: str = Field(pattern=r"^[A-Z]{2}$")
    name: str = Field(min_length=1)
    ev: int = Field(ge=3, le=45)
    region: Region
    margin: float = Field(ge=-100, le=100)  # Kennedy's share minus Nixon's, points
    edge: Side
    start: dict[Side, int]

    @model_validator(mode="after")
    def _one_colour(self) -> State:
        if len(self.start) > 1:
            raise ValueError("a state starts with one colour at most")
        if any(n < 1 for n in self.start.values()):
            raise ValueError("write a starting count of at least 1, or leave `start: {}`")
        return self

    @property
    def start_side(self) -> str | None:
        return next(iter(self.start), None)


class IssueDef(ContentModel):
    id: Issue
    name: str = Field(min_length=1)
    start: int = Field(ge=1, le=3)  # slot on the Issues Track, 1 = the top


class Reward(ContentModel):
    slot: int = Field(ge=1, le=3)
    momentum: int = Field(ge=0)
    endorsements: int = Field(ge=0)
    either: bool  # the leader takes one of the two, not both


class IssuesFile(ContentModel):
    issues: list[IssueDef]
    rewards: list[Reward]


class Candidate(ContentModel):
    id: Side
    seat: str
    name: str = Field(min_length=1)
    home: str = Field(pattern=r"^[A-Z]{2}$")
    cp: int = Field(ge=1)
    text: str = Field(min_length=1)
    exhausted_text: str = Field(min_length=1)


class Endorsement(ContentModel):
    id: int = Field(ge=1)
    region: Literal["E", "MW", "S", "W", "any"]
    name: str = Field(min_length=1)


class Requires(ContentModel):
    """When the card may be played as an event (or triggered): a candidate leads an issue, or from a turn on."""
    who: Side | None = None
    leads: Issue | None = None
    turn_from: int | None = Field(default=None, ge=2, le=8)

    @model_validator(mode="after")
    def _one(self) -> Requires:
        lead = self.who is not None and self.leads is not None
        half = (self.who is None) != (self.leads is None)
        if half or lead == (self.turn_from is not None):
            raise ValueError("requires is either {who, leads} or {turn_from}")
        return self


class Card(ContentModel):
    id: int = Field(ge=1)
    name: str = Field(min_length=1)
    cp: int = Field(ge=1, le=4)
    rest: int = Field(ge=0, le=2)
    icons: list[Side] = Field(min_length=1, max_length=2)
    debate_issue: Issue
    state: str = Field(pattern=r"^[A-Z]{2}$")  # the Election Day target of a Campaign Strategy card
    persistent: Persistent
    duration: Literal["instant", "turn"]
    prevents: list[int] = Field(default_factory=list)
    requires: Requires | None = None
    gm_region: Region | None = None
    vp: Side | None = None
    event: list[list[Any]] = Field(min_length=1)
    text: str = Field(min_length=1)
    history: str = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        if len(set(self.icons)) != len(self.icons):
            raise ValueError("an icon is listed twice")
        if (self.persistent == "prevention") != bool(self.prevents):
            raise ValueError("a prevention event, and only it, lists the events it `prevents`")
        if self.persistent != "none" and self.duration != "instant":
            raise ValueError("a persistent event is not turn-long")
        if self.vp is not None and self.icons != [self.vp]:
            raise ValueError("a VP card shows only its own candidate's icon")
        if self.gm_region is not None and (sorted(self.icons) != ["K", "N"] or self.persistent != "none"):
            raise ValueError("a Gathering Momentum card shows both icons and is not persistent")
        return self

    @property
    def strategy_ok(self) -> bool:
        """May be set aside in the Campaign Strategy phase (Gathering Momentum cards may not)."""
        return self.gm_region is None


class Content(ContentModel):
    rules: Rules
    regions: dict[str, RegionDef]
    pockets: dict[str, str]
    states: dict[str, State]
    issues: dict[str, IssueDef]
    rewards: dict[int, Reward]
    candidates: dict[str, Candidate]
    endorsements: dict[int, Endorsement]
    cards: dict[int, Card]

    def region_states(self, region: str) -> list[str]:
        return [code for code, s in self.states.items() if s.region == region]

    def card_named(self, name: str) -> Card:
        return next(c for c in self.cards.values() if c.name == name)


# ----------------------------------------------------------------------------- effects: checks


def _polarity(name: str, params: dict[str, Any]) -> str:
    if name == "turn_effect":
        return "harm" if params.get("hook") in HARMFUL_HOOKS else "benefit"
    return "benefit" if name in BENEFIT else "harm" if name in HARM else "neutral"


def check_effect(where: str, card: Card, states: set[str], problems: list[str]) -> None:
    """Every op known, with exactly its parameters and allowed values, allowed on this kind of card, and
    helping the candidate whose icon a one-icon card shows."""
    led = False
    for i, op in enumerate(card.event):
        at = f"{where}[{i}]"
        shaped = _content.op_shape(at, op, OPS, problems)
        if shaped is None:
            continue
        name, params = shaped
        spec = OPS[name]
        bad = False
        for param, value in params.items():
            kind = spec[param].rstrip("?")
            if kind == "state":
                ok = isinstance(value, str) and (value in STATE_WORDS or value in states)
            elif kind == "states":
                ok = isinstance(value, list) and bool(value) and all(isinstance(v, str) and v in states for v in value)
            else:
                ok = not isinstance(value, bool) and value in PARAM_VALUES[kind]
            if not ok:
                allowed = {"state": f"a state code or one of {list(STATE_WORDS)}",
                           "states": "a list of state codes"}.get(kind, f"one of {list(PARAM_VALUES[kind])}")
                problems.append(f"{at}: `{name}` {param} `{value}` is not {allowed}")
                bad = True
        if bad:
            continue
        if name == "leader":
            if len(params) != 1:
                problems.append(f"{at}: `leader` names exactly one region or issue")
            led = True
        who = params.get("who")
        if who == "leader" and not led:
            problems.append(f"{at}: who `leader` needs an earlier `leader` op")
        if params.get("state") == "token" and who == "leader":
            problems.append(f"{at}: state `token` needs a named candidate, not `leader`")
        if name == "move_token" and params["state"] in STATE_WORDS:
            problems.append(f"{at}: `move_token` names its state")
        if "per_state" in params and params["per_state"] >= params["n"]:
            problems.append(f"{at}: per_state {params['per_state']} must be below n {params['n']} (else use `gain`)")
        _check_stack(at, card, name, problems)
        _check_icons(at, card, name, params, problems)
    if (card.duration == "turn") != any(isinstance(op, list) and op and op[0] == "turn_effect" for op in card.event):
        problems.append(f"{where}: a turn-long card (duration: turn), and only it, has a `turn_effect`")


def _check_stack(at: str, card: Card, name: str, problems: list[str]) -> None:
    if card.persistent == "debate" and name not in DEBATE_OPS:
        problems.append(f"{at}: a Debate event holds only {sorted(DEBATE_OPS)}, not `{name}`")
    elif card.persistent == "election_day" and name not in ELECTION_DAY_OPS:
        problems.append(f"{at}: an Election Day event holds only {sorted(ELECTION_DAY_OPS)}, not `{name}`")
    elif name in DEBATE_OPS and card.persistent != "debate":
        problems.append(f"{at}: `{name}` belongs on a Debate event (persistent: debate)")
    elif name == "unpledged" and card.persistent != "election_day":
        problems.append(f"{at}: `unpledged` belongs on an Election Day event")
    elif name == "turn_effect" and card.persistent != "none":
        problems.append(f"{at}: a turn effect is not persistent")


def _check_icons(at: str, card: Card, name: str, params: dict[str, Any], problems: list[str]) -> None:
    who = params.get("who")
    if who is None or who == "leader":
        return
    if len(card.icons) == 2:
        if who in SIDES:
            problems.append(f"{at}: a two-icon card helps whoever resolves it: who is self or opponent, not {who}")
        return
    if who in ("self", "opponent"):
        problems.append(f"{at}: a one-icon card names its candidates (K or N), not `{who}`")
        return
    icon = card.icons[0]
    polarity = _polarity(name, params)
    if polarity == "benefit" and who != icon:
        problems.append(f"{at}: `{name}` helps {who}, but the card shows only {icon}'s icon")
    elif polarity == "harm" and who == icon:
        problems.append(f"{at}: `{name}` hurts {who}, but the card shows only {icon}'s icon")


# ---------------------------------------------------------------------------- effects: words


def _who(who: str) -> tuple[str, bool, str]:
    """(subject, third person, possessive)."""
    return {"K": ("Kennedy", True, "his"), "N": ("Nixon", True, "his"), "self": ("you", False, "your"),
            "opponent": ("your opponent", True, "his"), "leader": ("that player", True, "his")}[who]


def _owner(who: str) -> str:
    return {"K": "Kennedy's", "N": "Nixon's", "self": "your", "opponent": "your opponent's",
            "leader": "that player's"}[who]


def _rival(who: str) -> str:
    return {"K": "Nixon", "N": "Kennedy", "self": "your opponent", "opponent": "you",
            "leader": "the other player"}[who]


def _clause(who: str, verb: str, rest: str) -> str:
    subject, third, _ = _who(who)
    verb = verb if not third else "has" if verb == "have" else verb + ("es" if verb.endswith(("s", "sh")) else "s")
    return f"{subject[:1].upper()}{subject[1:]} {verb} {rest}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _list(words: list[str], conjunction: str = "or") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {conjunction} {words[-1]}"


def describe_op(op: list[Any], state_names: dict[str, str]) -> str:
    name, p = op
    who = p.get("who", "self")

    def state(code: str) -> str:
        if code == "choose":
            return "a state of your choice"
        if code == "token":
            return f"the state where {_who(who)[2]} candidate token stands"
        return state_names.get(code, code)

    def region(code: str) -> str:
        return "a region of your choice" if code == "choose" else f"the {REGION_NAMES[code]}"

    def issue(code: str) -> str:
        return "an issue of your choice" if code == "choose" else ISSUE_NAMES[code]

    n = p.get("n", 1)
    if name == "gain":
        return _clause(who, "gain", f"{n} support in {state(p['state'])}.")
    if name == "gain_region":
        return _clause(who, "gain", f"{n} support in {region(p['region'])}, at most {p['per_state']} per state.")
    if name == "fill_empty":
        return _clause(who, "gain", f"1 support in each state of {region(p['region'])} that holds no support.")
    if name == "lose":
        return _clause(who, "lose", f"{n} support in {state(p['state'])}.")
    if name == "lose_region":
        return _clause(who, "lose", f"{n} support in {region(p['region'])}, from states of your choice.")
    if name == "momentum":
        return _clause(who, "gain", f"{n} momentum.")
    if name == "lose_momentum":
        return _clause(who, "lose", f"{n} momentum.")
    if name == "issue":
        return _clause(who, "gain", f"{n} support on {issue(p['issue'])}.")
    if name == "lose_issue":
        return _clause(who, "lose", f"{n} support on {issue(p['issue'])}.")
    if name == "shift_issue":
        return f"Move {issue(p['issue'])} one place {p['dir']} the Issues Track."
    if name == "media":
        return _clause(who, "gain", f"{n} media support in {region(p['region'])}.")
    if name == "lose_media":
        return _clause(who, "lose", f"{n} media support in {region(p['region'])}.")
    if name == "endorse":
        if p["region"] == "draw":
            return _clause(who, "draw", "an endorsement card and places its marker.")
        return _clause(who, "place", f"an endorsement marker in {region(p['region'])}.")
    if name == "exhaust":
        return f"{_owner(who)[:1].upper()}{_owner(who)[1:]} candidate card turns to its exhausted side."
    if name == "refresh":
        return f"{_owner(who)[:1].upper()}{_owner(who)[1:]} candidate card turns back to its active side."
    if name == "move_token":
        return f"Move {_owner(who)} candidate token to {state(p['state'])}."
    if name == "bag":
        return _clause(who, "put", f"{_plural(n, 'cube')} from {_who(who)[2]} supply into the bag.")
    if name == "rest":
        return _clause(who, "add", f"{_plural(n, 'cube')} from {_who(who)[2]} supply to {_who(who)[2]} rest zone.")
    if name == "draw":
        return _clause(who, "draw", f"{_plural(n, 'card')}.")
    if name == "discard":
        how = "at random" if p["pick"] == "random" else f"of {_who(who)[2]} choice"
        return _clause(who, "discard", f"{_plural(n, 'card')} {how}.")
    if name == "leader":
        if "region" in p:
            return f"If one player leads more states in {region(p['region'])} than the other:"
        return f"If a player leads {issue(p['issue'])}:"
    if name == "turn_effect":
        text = {"momentum_per_rival_noncampaign": _clause(who, "gain", f"1 momentum each time {_rival(who)} plays a "
                                                          "card for anything but a campaigning action."),
                "campaign_costs_momentum": _clause(who, "pay", "1 momentum to play a card for a campaigning action."),
                "no_checks": _clause(who, "make", "no support checks when campaigning.")}[p["hook"]]
        if who in ("self", "opponent", "leader"):
            text = text[:1].lower() + text[1:]
        return f"For the rest of the turn, {text}"
    if name == "debate_bonus":
        where = "on each issue" if p["issue"] == "all" else f"on {ISSUE_NAMES[p['issue']]}"
        return _clause(who, "add", f"{n} to {_who(who)[2]} CP total {where}.")
    if name == "checks":
        return _clause(who, "make", f"{_plural(n, 'support check')} in {state(p['state'])}.")
    if name == "unpledged":
        names = _list([state_names.get(s, s) for s in p["states"]])
        return (f"If {_who(who)[0]} leads {names} with fewer than {p['below']} support, "
                "nobody receives that state's electoral votes.")
    raise ValueError(f"unknown op {name}")


def describe(card: Card, state_names: dict[str, str], card_names: dict[int, str]) -> str:
    """The exact words for a card's rules: its condition, stack, ops, prevented events and CS ban."""
    parts = []
    r = card.requires
    if r is not None:
        when = (f"while {NAMES[r.who]} leads {ISSUE_NAMES[r.leads]}" if r.who and r.leads
                else f"from turn {r.turn_from} on")
        parts.append(f"This event may be played or triggered only {when}.")
    parts.append({"debate": "Debate event, applied in the Debates:",
                  "election_day": "Election Day event, resolved on Election Day:",
                  "prevention": "Prevention event:", "none": ""}[card.persistent])
    parts += [describe_op(op, state_names) for op in card.event]
    if card.prevents:
        named = _list([f"\"{card_names.get(i, i)}\"" for i in card.prevents], "and")
        parts.append(f"From now on, {named} can no longer be played or triggered as "
                     f"{'events' if len(card.prevents) > 1 else 'an event'}.")
    if card.gm_region is not None:
        parts.append("This card may not be set aside for Campaign Strategy.")
    return " ".join(p for p in parts if p)


# -------------------------------------------------------------------------------- cross-checks


def _check_rules(rules: Rules, problems: list[str]) -> None:
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


def _check_regions(regions: RegionsFile, states: list[State], problems: list[str]) -> None:
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


def _check_states(states: list[State], rules: Rules | None, problems: list[str]) -> None:
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


def _check_issues(issues: IssuesFile, problems: list[str]) -> None:
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


def _check_candidates(candidates: list[Candidate], rules: Rules | None, problems: list[str]) -> None:
    where = f"{BASE}/candidates.yaml"
    if sorted(c.id for c in candidates) != list(SIDES):
        problems.append(f"{where}: one candidate card each for K and N")
    for c in candidates:
        if rules is None:
            continue
        if c.home != rules.home.get(c.id) or c.cp != rules.candidate_cp or c.seat != getattr(rules.seats, c.id):
            problems.append(f"{where}: {c.id}: home, CP and seat must match rules.yaml "
                            f"({rules.home.get(c.id)}, {rules.candidate_cp}, {getattr(rules.seats, c.id)})")


def _check_endorsements(endorsements: list[Endorsement], rules: Rules | None, problems: list[str]) -> None:
    where = f"{BASE}/endorsements.yaml"
    count = rules.endorsement_cards if rules else 16
    if sorted(e.id for e in endorsements) != list(range(1, count + 1)):
        problems.append(f"{where}: ids 1–{count} once each")
    regions = Counter(e.region for e in endorsements)
    if regions != {"E": 3, "MW": 3, "S": 3, "W": 3, "any": 4}:
        problems.append(f"{where}: 3 per region and 4 for any region, not {dict(regions)}")
    if dupes := _content.duplicates([e.name for e in endorsements]):
        problems.append(f"{where}: duplicate names {', '.join(dupes)}")


def _check_cards(cards: list[Card], states: dict[str, State], problems: list[str]) -> None:
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


def collect_problems() -> tuple[Content | None, list[str]]:
    problems: list[str] = []
    rules = validate(Rules, f"{BASE}/rules.yaml", problems)
    regions = validate(RegionsFile, f"{BASE}/regions.yaml", problems)
    states = validate_items(State, f"{BASE}/states.yaml", "states", problems)
    issues = validate(IssuesFile, f"{BASE}/issues.yaml", problems)
    candidates = validate_items(Candidate, f"{BASE}/candidates.yaml", "candidates", problems)
    endorsements = validate_items(Endorsement, f"{BASE}/endorsements.yaml", "endorsements", problems)
    cards = validate_items(Card, f"{BASE}/cards.yaml", "cards", problems)
    if rules:
        _check_rules(rules, problems)
    _check_states(states, rules, problems)
    if regions:
        _check_regions(regions, states, problems)
    if issues:
        _check_issues(issues, problems)
    _check_candidates(candidates, rules, problems)
    _check_endorsements(endorsements, rules, problems)
    state_map = {s.code: s for s in states}
    _check_cards(cards, state_map, problems)
    if problems or rules is None or regions is None or issues is None:
        return None, problems
    return Content(rules=rules, regions={r.id: r for r in regions.regions},
                   pockets={p.state: p.via for p in regions.pockets}, states=state_map,
                   issues={i.id: i for i in issues.issues}, rewards={r.slot: r for r in issues.rewards},
                   candidates={c.id: c for c in candidates}, endorsements={e.id: e for e in endorsements},
                   cards={c.id: c for c in cards}), problems


@lru_cache(maxsize=1)
def load() -> Content:
    return load_or_raise(collect_problems)
