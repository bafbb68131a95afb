"""Campaign Trail content: states, regions, adjacency, cities, the action and Dirty Politics decks,
politicks, candidates and the debate material — loaded from data/campaign_trail/.

Every file is validated item by item (one broken card never hides the others), then everything is
cross-checked: ids unique, every referenced state / region / city / issue / politick exists, the
counts the rules need, and every effect op list against the op vocabulary below.

Effects are data for a small resumable interpreter: an op list is ``[[name, {params}], ...]`` run in
order; ops that need a decision (``choose_*``, ``choose_one``, ``optional``) are the points where the
interpreter pauses for a player. The vocabulary (ops, conditions, selectors) is documented in
docs/content/campaign_trail.md; ``OP_SPECS`` / ``COND_SPECS`` are its machine-checked form.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from engine.content import ContentModel, load_or_raise, validate_items

BASE = "campaign_trail"

Party = Literal["DEM", "REP", "LIB"]
PARTIES: tuple[str, ...] = ("DEM", "REP", "LIB")
ActionName = Literal["travel", "fundraise", "register", "campaign", "advertise", "politick"]
ACTIONS: tuple[str, ...] = ("travel", "fundraise", "register", "campaign", "advertise", "politick")
SUPPORT_ACTIONS = ACTIONS[:3]  # the left side of a card
DIRECT_ACTIONS = ACTIONS[3:]  # they put voters on the board
DirtyActionName = Literal[
    "voter_suppression", "flip_contributors", "sway_minds", "dirty_tricks", "smear_campaign", "mudslinging"
]
# Each Dirty Politics action is a subset of a standard action (it counts as that action for triggers).
DIRTY_SUBSET_OF: dict[str, str] = {
    "voter_suppression": "travel",
    "flip_contributors": "fundraise",
    "sway_minds": "register",
    "dirty_tricks": "politick",
    "smear_campaign": "campaign",
    "mudslinging": "advertise",
}
DIRTY_ACTIONS: tuple[str, ...] = tuple(DIRTY_SUBSET_OF)
# What players may type for a Dirty Politics action besides its id (`108 smear ...`).
DIRTY_SHORT: dict[str, str] = {
    "suppress": "voter_suppression", "flip": "flip_contributors", "sway": "sway_minds",
    "trick": "dirty_tricks", "tricks": "dirty_tricks", "smear": "smear_campaign", "mudsling": "mudslinging",
}


def standard_action(action: str) -> str:
    """The standard action a Dirty Politics action is a subset of (and counts as for politicks)."""
    return DIRTY_SUBSET_OF.get(action, action)
PolitickType = Literal["instant", "ongoing", "response", "end_of_game"]
TravelMode = Literal["steps", "plane", "plane_plus", "steps_or_plane"]
Event = Literal[
    "played",             # an instant politick resolving as the action of the turn
    "passive",            # a standing rule while the card / ability is in effect
    "setup",              # once, when the game is set up
    "turn_start",         # at the start of the owner's (individual) turn
    "first_card_played",  # after the first card of a turn is played, before its action is chosen/resolved
    "action_declared",    # an action is declared, before it is paid for and resolved
    "action_taken",       # an action has been resolved
    "debate_prep",        # step 1 of a debate (ordered by `order`: Unprepared before Debate Prep)
    "debate_end",         # after a debate's voter reaction
    "game_end",           # after the round in which the October deck ran out
]
Trigger = Literal["self", "opponent", "any"]
ActionFilter = Literal[
    "travel", "fundraise", "register", "campaign", "advertise", "politick",
    "voter_suppression", "flip_contributors", "sway_minds", "dirty_tricks", "smear_campaign", "mudslinging",
    "support", "direct", "any",
]
Affects = Literal[
    "travel", "fundraise", "register", "campaign", "advertise", "politick", "setup", "hand", "debate", "scoring",
    "dirty",
]

ID = r"^[a-z][a-z0-9_]*$"
STATE = r"^[A-Z]{2}$"


# ----------------------------------------------------------------------------------------- models


class PartyDef(ContentModel):
    id: Party
    name: str
    colour: str
    ethics: list[str] = Field(min_length=5, max_length=5)
    rationale: str


class RegionDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str
    rationale: str


class StateDef(ContentModel):
    code: str = Field(pattern=STATE)
    name: str
    ev: int = Field(ge=3, le=55)
    region: str = Field(pattern=ID)
    tiebreak: list[Party] = Field(min_length=2, max_length=2)
    issues: list[str] = Field(min_length=1, max_length=2)
    callout: bool = False
    rationale: str

    @model_validator(mode="after")
    def _distinct(self) -> StateDef:
        if self.tiebreak[0] == self.tiebreak[1]:
            raise ValueError("primary and secondary tiebreaker must be different parties")
        if len(set(self.issues)) != len(self.issues):
            raise ValueError("an issue icon is listed twice")
        return self


class AdjacencyDef(ContentModel):
    states: list[str] = Field(min_length=2, max_length=2)
    kind: Literal["land", "point", "water", "arrow"]
    note: str = ""


class CityDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str
    state: str = Field(pattern=STATE)


class DebateCityDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str
    state: str = Field(pattern=STATE)
    venue: str


class DebateCategoryDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str


class DebateIssueDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str
    category: str = Field(pattern=ID)
    rationale: str


class DebateTopicDef(ContentModel):
    id: str = Field(pattern=r"^DT[0-9]{2}$")
    name: str
    categories: list[str] = Field(min_length=2, max_length=2)
    top: list[str] = Field(min_length=3, max_length=3)
    bottom: list[str] = Field(min_length=3, max_length=3)


class TimingDef(ContentModel):
    event: Event
    by: Trigger = "self"
    action: ActionFilter | None = None
    # the action's own dirty subset does not fire this trigger (e.g. Local Funds Dry Up vs smear campaign)
    standard_only: bool = False
    # only when the triggering action's listed states touch this state set (e.g. Intimidation)
    touches: str | None = None
    order: int = Field(default=0, ge=0, le=9)

    @model_validator(mode="after")
    def _consistent(self) -> TimingDef:
        action_events = {"action_declared", "action_taken"}
        if self.event in action_events and self.action is None:
            raise ValueError(f"event {self.event} needs an `action`")
        if self.event not in action_events and (self.action is not None or self.standard_only or self.touches):
            raise ValueError(f"`action`/`standard_only`/`touches` only apply to {sorted(action_events)}")
        return self


class PolitickDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str
    type: PolitickType
    dirty: bool = False
    timing: TimingDef
    requires: list[Any] | None = None
    play: list[Any] = Field(default_factory=list)
    effect: list[Any] = Field(min_length=1)
    text: str
    rationale: str

    @model_validator(mode="after")
    def _type_matches_timing(self) -> PolitickDef:
        e, by = self.timing.event, self.timing.by
        if self.type == "instant" and e != "played":
            raise ValueError("an instant politick resolves when played (timing.event: played)")
        if self.type == "ongoing" and e in ("played", "setup", "game_end"):
            raise ValueError(f"an ongoing politick cannot fire on {e}")
        if self.type == "response" and (by != "opponent" or e not in ("first_card_played", "action_declared", "action_taken")):
            raise ValueError("a response politick answers an opponent's card or action")
        if self.type == "end_of_game" and e != "game_end":
            raise ValueError("an end-of-game politick fires on game_end")
        if self.dirty and self.type not in ("instant", "ongoing"):
            raise ValueError("dirty tricks are instant or ongoing only")
        return self


def _travel_ok(mode: str, states: int) -> None:
    """steps: move 1-6 states; plane: fly to a city; plane_plus: fly and 1 more state (either order);
    steps_or_plane: move 3-6 states OR fly."""
    want = {"steps": range(1, 7), "plane": range(0, 1), "plane_plus": range(1, 2), "steps_or_plane": range(3, 7)}
    if states not in want[mode]:
        raise ValueError(f"travel mode {mode} cannot move {states} states")


class TravelDef(ContentModel):
    mode: TravelMode = "steps"
    states: int = Field(default=0, ge=0, le=6)

    @model_validator(mode="after")
    def _mode(self) -> TravelDef:
        _travel_ok(self.mode, self.states)
        return self

    @property
    def plane(self) -> bool:
        return self.mode != "steps"


class CampaignDef(ContentModel):
    states: list[str] = Field(default_factory=list, max_length=8)
    home_region: bool = False

    @model_validator(mode="after")
    def _one(self) -> CampaignDef:
        if self.home_region == bool(self.states):
            raise ValueError("a campaign action lists 2-8 states or is a home-region campaign, not both")
        if self.states and len(self.states) < 2:
            raise ValueError("a campaign action lists at least 2 states")
        if len(set(self.states)) != len(self.states):
            raise ValueError("a campaign state is listed twice")
        return self


def _icons_ok(icons: list[str], what: str) -> None:
    for issue, n in Counter(icons).items():
        if n > 2:
            raise ValueError(f"{what} icon {issue} appears {n} times (at most twice)")


class ActionsDef(ContentModel):
    travel: TravelDef | None = None
    fundraise: int | None = Field(default=None, ge=30, le=150, multiple_of=10)
    # `register` would shadow BaseModel.register (the ABC hook); the YAML key stays `register`
    register_: int | None = Field(default=None, ge=3, le=15, alias="register")
    campaign: CampaignDef | None = None
    advertise: list[str] | None = Field(default=None, min_length=2, max_length=4)
    politick: str | None = Field(default=None, pattern=ID)

    @model_validator(mode="after")
    def _four(self) -> ActionsDef:
        if len(self.present()) != 4:
            raise ValueError(f"a card shows exactly four of the six actions, this one shows {self.present()}")
        if self.advertise:
            _icons_ok(self.advertise, "advertise")
        return self

    def present(self) -> list[str]:
        return [a for a in ACTIONS if self.get(a) is not None]

    def get(self, action: str) -> Any:
        return getattr(self, "register_" if action == "register" else action, None)


class CardDef(ContentModel):
    number: int = Field(ge=1, le=105)
    name: str
    actions: ActionsDef
    debate: list[str] = Field(min_length=2, max_length=4)
    reference: str = Field(pattern=STATE)
    remove_in_2p: bool = False

    dirty: ClassVar[bool] = False  # an action card (Dirty Politics cards are DirtyCardDef)

    @model_validator(mode="after")
    def _debate(self) -> CardDef:
        _icons_ok(self.debate, "debate")
        return self


class SuppressionDef(ContentModel):
    mode: TravelMode = "steps"
    states: int = Field(default=0, ge=0, le=6)
    remove: int = Field(ge=1, le=5)

    @model_validator(mode="after")
    def _mode(self) -> SuppressionDef:
        _travel_ok(self.mode, self.states)
        return self


class DirtyActionsDef(ContentModel):
    voter_suppression: SuppressionDef | None = None
    flip_contributors: int | None = Field(default=None, ge=10, le=60, multiple_of=10)
    sway_minds: int | None = Field(default=None, ge=1, le=6)
    dirty_tricks: str | None = Field(default=None, pattern=ID)
    smear_campaign: list[str] | None = Field(default=None, min_length=2, max_length=8)
    mudslinging: list[str] | None = Field(default=None, min_length=1, max_length=4)

    @model_validator(mode="after")
    def _four(self) -> DirtyActionsDef:
        if len(self.present()) != 4:
            raise ValueError(f"a Dirty Politics card shows exactly four of its six actions, this one shows {self.present()}")
        if self.smear_campaign and len(set(self.smear_campaign)) != len(self.smear_campaign):
            raise ValueError("a smear campaign state is listed twice")
        if self.mudslinging and len(set(self.mudslinging)) != len(self.mudslinging):
            raise ValueError("a mudslinging issue is listed twice")
        return self

    def present(self) -> list[str]:
        return [a for a in DIRTY_ACTIONS if getattr(self, a) is not None]

    def get(self, action: str) -> Any:
        return getattr(self, action, None)


class DirtyCardDef(ContentModel):
    number: int = Field(ge=106, le=129)
    name: str
    actions: DirtyActionsDef
    reference: str = Field(pattern=STATE)

    # The same reading interface as an action card: no debate icons (a Dirty Politics card cannot be
    # played in a debate) and never removed from a 2-player deck.
    dirty: ClassVar[bool] = True
    remove_in_2p: ClassVar[bool] = False

    @property
    def debate(self) -> list[str]:
        return []


class AbilityDef(ContentModel):
    affects: list[Affects] = Field(min_length=1)
    timing: TimingDef
    effect: list[Any] = Field(min_length=1)
    text: str

    @model_validator(mode="after")
    def _timing(self) -> AbilityDef:
        if self.timing.event == "played":
            raise ValueError("a candidate ability is never `played`; use passive, setup or a trigger")
        return self


class SoloNoteDef(ContentModel):
    """How a candidate changes a Solo Play game's difficulty (Appendix A's candidate notes), shown when choosing."""
    text: str
    basic_only: bool = False  # a note about the debates: Basic Solo Play has none, the Advanced Solo Deck has them


class CandidateDef(ContentModel):
    id: str = Field(pattern=ID)
    archetype: str
    solo_note: SoloNoteDef | None = None
    name: str
    bio: str
    roles: list[Literal["president", "vice_president"]] = Field(min_length=1, max_length=2)
    registered: int = Field(ge=1, le=10)
    war_chest: int = Field(ge=10, le=150, multiple_of=10)
    advantage: AbilityDef
    disadvantage: AbilityDef


class CampaignTrailContent(ContentModel):
    parties: dict[str, PartyDef]
    regions: dict[str, RegionDef]
    states: dict[str, StateDef]
    adjacency: list[AdjacencyDef]
    cities: dict[str, CityDef]
    debate_cities: dict[str, DebateCityDef]
    debate_categories: dict[str, DebateCategoryDef]
    debate_issues: dict[str, DebateIssueDef]
    debate_topics: dict[str, DebateTopicDef]
    politicks: dict[str, PolitickDef]
    cards: dict[int, CardDef]
    dirty_cards: dict[int, DirtyCardDef]
    candidates: dict[str, CandidateDef]

    def neighbours(self) -> dict[str, set[str]]:
        return _neighbours(self.adjacency)

    def region_states(self, region: str) -> list[str]:
        return [s.code for s in self.states.values() if s.region == region]

    def issue_states(self, issue: str) -> list[str]:
        return [s.code for s in self.states.values() if issue in s.issues]

    def ethics_states(self, party: str) -> list[str]:
        return list(self.parties[party].ethics)

    def reference_eligible(self) -> list[str]:
        return [s.code for s in self.states.values() if _reference_ok(s)]

    def card(self, number: int) -> CardDef | DirtyCardDef:
        """An action card or a Dirty Politics card by number (both show a name, four actions, a reference state)."""
        found = self.cards.get(number)
        return found if found is not None else self.dirty_cards[number]

    def is_card(self, number: int) -> bool:
        return number in self.cards or number in self.dirty_cards

    def deck(self, players: int = 3, dirty: bool = False) -> list[int]:
        """Card numbers in a fresh deck: the 2-player game drops the `remove_in_2p` cards."""
        numbers = [n for n, c in self.cards.items() if not (players == 2 and c.remove_in_2p)]
        return numbers + (list(self.dirty_cards) if dirty else [])


# ------------------------------------------------------------------------------- op vocabulary

# Parameter kinds (see _check_value). An op spec is (required params, optional params).
OP_SPECS: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    # flow
    "if": ({"cond": "cond", "then": "ops"}, {"else": "ops"}),
    "for_each": ({"over": "over", "as": "bind", "do": "ops"}, {}),
    "repeat": ({"times": "amount", "do": "ops"}, {"up_to": "bool"}),
    "choose_one": ({"options": "options"}, {"chooser": "party"}),
    "optional": ({"do": "ops"}, {}),
    "any_order": ({"do": "ops"}, {}),
    # decisions (the interpreter pauses here; results are bound to `as`)
    "choose_state": ({"within": "stateset", "as": "bind"}, {"count": "int", "filter": "filters", "distinct_regions": "bool"}),
    "choose_party": ({"among": "parties", "as": "bind"}, {}),
    "choose_card": ({"from": "cardsource", "as": "bind"}, {"party": "party", "random": "bool"}),
    "choose_issue": ({"within": "issueset", "as": "bind"}, {}),
    # resources
    "gain_money": ({"amount": "amount"}, {"party": "party"}),
    "pay_money": ({"amount": "amount"}, {"party": "party"}),
    "transfer_money": ({"from": "party", "to": "party", "amount": "amount"}, {}),
    "gain_registered": ({"count": "amount"}, {"party": "party"}),
    "lose_registered": ({"count": "amount"}, {"party": "party", "up_to": "bool"}),
    "transfer_registered": ({"from": "party", "to": "party", "count": "amount"}, {}),
    # board
    "place_voters": (
        {"count": "amount", "source": "source"},
        {"in": "state", "each": "stateset", "among": "stateset", "up_to": "bool", "max_per_state": "int", "party": "party"},
    ),
    "remove_voters": (
        {"count": "amount", "of": "partysel"},
        {"in": "state", "each": "stateset", "among": "stateset", "up_to": "bool"},
    ),
    "convert_voters": ({"count": "amount"}, {"in": "state", "among": "stateset"}),
    "move_pawn": ({"states": "amount"}, {"who": "who", "plane": "bool"}),
    # cards
    "draw_cards": ({"count": "amount"}, {"party": "party"}),
    "discard_cards": ({"count": "amount"}, {"party": "party", "random": "bool"}),
    "take_from_discard": ({"as": "bind"}, {}),
    "tuck_card": ({"card": "ref"}, {}),
    "play_card": ({"card": "ref"}, {}),
    "discard_in_play": ({"card": "ref"}, {}),
    "discard_this": ({}, {}),
    "force_other_action": ({"party": "party"}, {}),
    # rules: a standing modifier under a `passive` timing, or a change to the pending action when run
    # from an action_declared / first_card_played trigger
    "modify": ({"action": "modtarget", "stat": "stat"}, {"set": "scalar", "add": "int", "order": "order", "party": "modparty"}),
    "forbid": ({"action": "modtarget"}, {"feature": "feature"}),
    "restrict": ({"action": "modtarget", "to": "stateset"}, {"must_include": "state"}),
}

COND_SPECS: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "team_game": ({}, {}),
    "discard_pile_not_empty": ({}, {}),
    "leads_region": ({"region": "regionref"}, {}),
    "state_in": ({"state": "state", "set": "stateset"}, {}),
    "holds_majority": ({"state": "state", "party": "party"}, {}),
    "not": ({"cond": "cond"}, {}),
}

STATESET_FIXED = {
    "all", "cities", "region_of_pawn", "home_region", "adjacent_to_pawn", "pawn_and_adjacent", "starting_states",
    "this_card_map", "trigger_card_map", "travel_path",
}
STATE_FIXED = {"pawn", "home", "tucked_reference"}
PARTY_FIXED = {"self", "actor", "leading_rival"}
OVER_FIXED = {"regions", "opponents", "issues_on_own_track"}
AMOUNT_RE = re.compile(r"^(war_chest|registered|trigger_distance)(//[1-9][0-9]*)?$")
VAR_RE = re.compile(r"^\$[a-z][a-z0-9_]*$")
BIND_RE = re.compile(r"^[a-z][a-z0-9_]*$")
MODTARGETS = set(ACTIONS) | set(DIRTY_ACTIONS) | {"any", "hand", "scoring", "debate", "dirty"}
STATS = {
    "cost", "cost_per_issue", "cost_per_voter", "amount", "distance", "mover", "max_voters", "max_per_state",
    "max_remove", "ethics_cost", "free_voters", "free_extra_issues", "extra_issues", "size", "draw_extra", "tiebreak",
}
ENUMS = {
    "parties": {"opponents", "all"},
    "cardsource": {"hand", "opponent_table"},
    "issueset": {"all", "not_on_card"},
    "source": {"registered", "undecided"},
    "who": {"self", "running_mate"},
    "order": {"base", "normal", "last"},
    "modparty": {"self", "opponents"},
    "feature": {"plane", "top_row"},
    "filters": {"has_own_voters", "has_opponent_voters", "not_own_majority"},
}


class _OpChecker:
    """Checks op lists against OP_SPECS and the known ids; collects every problem."""

    def __init__(self, states: set[str], regions: set[str], issues: set[str]) -> None:
        self.states, self.regions, self.issues = states, regions, issues

    def check(self, where: str, *phases: Any, timing: TimingDef | None = None) -> list[str]:
        problems: list[str] = []
        bound: set[str] = set()
        used: list[tuple[str, str]] = []
        for phase_name, ops in phases:
            if ops is None:
                continue
            if phase_name == "requires":
                self._cond(ops, f"{where}.requires", problems, bound, used)
            else:
                self._ops(ops, f"{where}.{phase_name}", problems, bound, used)
        for path, var in used:
            if var[1:] not in bound:
                problems.append(f"{path}: variable {var} is never bound by an `as:`")
        if timing is not None and timing.touches is not None:
            self._stateset(timing.touches, f"{where}.timing.touches", problems, used)
        return problems

    def _ops(self, ops: Any, path: str, problems: list[str], bound: set[str], used: list[tuple[str, str]]) -> None:
        if not isinstance(ops, list):
            problems.append(f"{path}: expected a list of ops")
            return
        for i, op in enumerate(ops):
            here = f"{path}[{i}]"
            if not (isinstance(op, list) and len(op) == 2 and isinstance(op[0], str) and isinstance(op[1], dict)):
                problems.append(f"{here}: an op is [name, {{params}}], got {op!r}")
                continue
            name, params = op
            spec = OP_SPECS.get(name)
            if spec is None:
                problems.append(f"{here}: unknown op '{name}'")
                continue
            self._params(name, params, spec, f"{here} ({name})", problems, bound, used)
            if name in ("place_voters", "remove_voters", "convert_voters"):
                where_keys = [k for k in ("in", "each", "among") if k in params]
                if len(where_keys) != 1:
                    problems.append(f"{here} ({name}): needs exactly one of in / each / among, got {where_keys}")
            if name == "modify" and ("set" in params) == ("add" in params):
                problems.append(f"{here} (modify): needs exactly one of set / add")

    def _cond(self, cond: Any, path: str, problems: list[str], bound: set[str], used: list[tuple[str, str]]) -> None:
        if not (isinstance(cond, list) and len(cond) == 2 and isinstance(cond[0], str) and isinstance(cond[1], dict)):
            problems.append(f"{path}: a condition is [name, {{params}}], got {cond!r}")
            return
        spec = COND_SPECS.get(cond[0])
        if spec is None:
            problems.append(f"{path}: unknown condition '{cond[0]}'")
            return
        self._params(cond[0], cond[1], spec, f"{path} ({cond[0]})", problems, bound, used)

    def _params(self, name: str, params: dict[str, Any], spec: tuple[dict[str, str], dict[str, str]], path: str,
                problems: list[str], bound: set[str], used: list[tuple[str, str]]) -> None:
        required, optional = spec
        for key in required:
            if key not in params:
                problems.append(f"{path}: missing param '{key}'")
        for key, value in params.items():
            kind = required.get(key) or optional.get(key)
            if kind is None:
                problems.append(f"{path}: unknown param '{key}'")
                continue
            self._value(kind, value, f"{path}.{key}", problems, bound, used)

    def _value(self, kind: str, value: Any, path: str, problems: list[str], bound: set[str],
               used: list[tuple[str, str]]) -> None:
        bad = False
        if kind == "ops":
            self._ops(value, path, problems, bound, used)
        elif kind == "cond":
            self._cond(value, path, problems, bound, used)
        elif kind == "options":
            if not isinstance(value, list) or len(value) < 2:
                problems.append(f"{path}: choose_one needs a list of at least two options")
                return
            for i, opt in enumerate(value):
                if not isinstance(opt, dict) or not {"label", "do"} <= set(opt) or set(opt) - {"label", "do", "when"}:
                    problems.append(f"{path}[{i}]: an option is {{label, do[, when]}}")
                    continue
                if not isinstance(opt["label"], str):
                    problems.append(f"{path}[{i}].label: expected text")
                self._ops(opt["do"], f"{path}[{i}].do", problems, bound, used)
                if "when" in opt:
                    self._cond(opt["when"], f"{path}[{i}].when", problems, bound, used)
        elif kind == "bind":
            bad = not (isinstance(value, str) and BIND_RE.match(value))
            if not bad:
                bound.add(value)
        elif kind == "int":
            bad = not (isinstance(value, int) and not isinstance(value, bool))
        elif kind == "bool":
            bad = not isinstance(value, bool)
        elif kind == "scalar":
            bad = not isinstance(value, (int, str, bool))
        elif kind == "amount":
            bad = not ((isinstance(value, int) and not isinstance(value, bool) and value >= 0)
                       or (isinstance(value, str) and AMOUNT_RE.match(value)))
        elif kind == "state":
            bad = not self._state(value, path, used)
        elif kind == "stateset":
            self._stateset(value, path, problems, used)
        elif kind == "party":
            bad = not self._party(value, path, used)
        elif kind == "partysel":
            bad = not (value in ("any", "opponents", "each_opponent") or self._party(value, path, used))
        elif kind == "over":
            if isinstance(value, str) and value in OVER_FIXED:
                return
            self._stateset(value, path, problems, used)
        elif kind == "regionref":
            bad = not (value in ("pawn", "home") or value in self.regions or self._var(value, path, used))
        elif kind == "ref":
            bad = not self._var(value, path, used)
        elif kind == "modtarget":
            bad = value not in MODTARGETS
        elif kind == "stat":
            bad = value not in STATS
        elif kind == "filters":
            bad = not (isinstance(value, list) and value and all(v in ENUMS["filters"] for v in value))
        elif kind in ENUMS:
            bad = value not in ENUMS[kind]
        else:  # pragma: no cover - a spec typo
            problems.append(f"{path}: unknown parameter kind {kind}")
        if bad:
            problems.append(f"{path}: {value!r} is not a valid {kind}")

    def _var(self, value: Any, path: str, used: list[tuple[str, str]]) -> bool:
        if isinstance(value, str) and VAR_RE.match(value):
            used.append((path, value))
            return True
        return False

    def _state(self, value: Any, path: str, used: list[tuple[str, str]]) -> bool:
        return isinstance(value, str) and (value in STATE_FIXED or value in self.states or self._var(value, path, used))

    def _party(self, value: Any, path: str, used: list[tuple[str, str]]) -> bool:
        if not isinstance(value, str):
            return False
        if value in PARTY_FIXED or value in PARTIES or self._var(value, path, used):
            return True
        if value.startswith("majority:"):
            return self._state(value.removeprefix("majority:"), path, used)
        return False

    def _stateset(self, value: Any, path: str, problems: list[str], used: list[tuple[str, str]]) -> None:
        ok = False
        if isinstance(value, str):
            if value in STATESET_FIXED or self._var(value, path, used):
                ok = True
            elif value.startswith("region:"):
                rest = value.removeprefix("region:")
                ok = rest in self.regions or self._var(rest, path, used)
            elif value.startswith("issue:"):
                rest = value.removeprefix("issue:")
                ok = rest in self.issues or self._var(rest, path, used)
            elif value.startswith("ethics:"):
                ok = self._party(value.removeprefix("ethics:"), path, used)
        if not ok:
            problems.append(f"{path}: {value!r} is not a valid state set")


# ---------------------------------------------------------------------------------- cross-checks


def _neighbours(adjacency: list[AdjacencyDef]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for pair in adjacency:
        a, b = pair.states
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


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


def _reference_ok(state: StateDef) -> bool:
    # the rulebook keeps CA, TX and every state under 7 electoral votes off the reference corner
    return state.ev >= 7 and state.code not in ("CA", "TX")


def _unique(file: str, ids: list[Any], problems: list[str]) -> None:
    for value, n in Counter(ids).items():
        if n > 1:
            problems.append(f"{BASE}/{file}: duplicate id '{value}'")


REQUIRED_SPECIAL_PAIRS = [("CA", "HI"), ("AK", "WA"), ("AZ", "CO"), ("NM", "UT"), ("AZ", "UT"), ("CO", "NM"),
                          ("AZ", "NM"), ("CO", "UT"), ("DE", "NJ"), ("DC", "MD"), ("DC", "VA")]


def collect_problems() -> tuple[CampaignTrailContent | None, list[str]]:
    problems: list[str] = []

    def load(model: type, file: str, key: str) -> list:
        return validate_items(model, f"{BASE}/{file}", key, problems)

    parties = load(PartyDef, "parties.yaml", "parties")
    regions = load(RegionDef, "regions.yaml", "regions")
    states = load(StateDef, "states.yaml", "states")
    adjacency = load(AdjacencyDef, "adjacency.yaml", "adjacency")
    cities = load(CityDef, "cities.yaml", "cities")
    debate_cities = load(DebateCityDef, "debate_cities.yaml", "debate_cities")
    categories = load(DebateCategoryDef, "debate_categories.yaml", "debate_categories")
    issues = load(DebateIssueDef, "debate_issues.yaml", "debate_issues")
    topics = load(DebateTopicDef, "debate_topics.yaml", "debate_topics")
    politicks = load(PolitickDef, "politicks.yaml", "politicks")
    cards = load(CardDef, "cards.yaml", "cards")
    dirty = load(DirtyCardDef, "dirty_cards.yaml", "dirty_cards")
    candidates = load(CandidateDef, "candidates.yaml", "candidates")

    for file, ids in [
        ("parties.yaml", [p.id for p in parties]), ("regions.yaml", [r.id for r in regions]),
        ("states.yaml", [s.code for s in states]), ("cities.yaml", [c.id for c in cities]),
        ("debate_cities.yaml", [c.id for c in debate_cities]), ("debate_categories.yaml", [c.id for c in categories]),
        ("debate_issues.yaml", [i.id for i in issues]), ("debate_topics.yaml", [t.id for t in topics]),
        ("politicks.yaml", [p.id for p in politicks]), ("cards.yaml", [c.number for c in cards]),
        ("dirty_cards.yaml", [c.number for c in dirty]), ("candidates.yaml", [c.id for c in candidates]),
        ("cards.yaml + dirty_cards.yaml (names)", [c.name for c in cards] + [c.name for c in dirty]),
        ("candidates.yaml (names)", [c.name for c in candidates]),
    ]:
        _unique(file, ids, problems)

    state_ids = {s.code for s in states}
    by_code = {s.code: s for s in states}
    region_ids = {r.id for r in regions}
    issue_ids = {i.id for i in issues}
    category_ids = {c.id for c in categories}
    politick_by_id = {p.id: p for p in politicks}

    # parties and ethically minded states
    if sorted(p.id for p in parties) != sorted(PARTIES):
        problems.append(f"{BASE}/parties.yaml: needs exactly DEM, REP and LIB")
    ethics_seen: Counter[str] = Counter()
    for p in parties:
        for s in p.ethics:
            ethics_seen[s] += 1
            if s not in state_ids:
                problems.append(f"{BASE}/parties.yaml: {p.id}: unknown ethically minded state '{s}'")
    for s, n in ethics_seen.items():
        if n > 1:
            problems.append(f"{BASE}/parties.yaml: {s} is ethically minded for {n} parties")

    # states and regions
    if len(states) != 51:
        problems.append(f"{BASE}/states.yaml: needs the 50 states and DC, found {len(states)}")
    total = sum(s.ev for s in states)
    if total != 538:
        problems.append(f"{BASE}/states.yaml: electoral votes add up to {total}, not 538")
    if len(regions) != 9:
        problems.append(f"{BASE}/regions.yaml: needs the nine regions, found {len(regions)}")
    for s in states:
        if s.region not in region_ids:
            problems.append(f"{BASE}/states.yaml: {s.code}: unknown region '{s.region}'")
        for i in s.issues:
            if i not in issue_ids:
                problems.append(f"{BASE}/states.yaml: {s.code}: unknown issue '{i}'")
    for r in regions:
        if not any(s.region == r.id for s in states):
            problems.append(f"{BASE}/regions.yaml: region '{r.id}' has no states")
    for i in issues:
        if not any(i.id in s.issues for s in states):
            problems.append(f"{BASE}/debate_issues.yaml: issue '{i.id}' is shown on no state")
    for party in PARTIES:
        if not any(s.tiebreak[0] == party for s in states):
            problems.append(f"{BASE}/states.yaml: no state has {party} as its primary tiebreaker")

    # adjacency
    pairs: Counter[frozenset[str]] = Counter()
    for k, a in enumerate(adjacency):
        for s in a.states:
            if s not in state_ids:
                problems.append(f"{BASE}/adjacency.yaml: adjacency[{k}]: unknown state '{s}'")
        if a.states[0] == a.states[1]:
            problems.append(f"{BASE}/adjacency.yaml: adjacency[{k}]: a state is not adjacent to itself")
        pairs[frozenset(a.states)] += 1
    for pair, n in pairs.items():
        if n > 1:
            problems.append(f"{BASE}/adjacency.yaml: pair {'-'.join(sorted(pair))} is listed {n} times")
    for a, b in REQUIRED_SPECIAL_PAIRS:
        if frozenset((a, b)) not in pairs:
            problems.append(f"{BASE}/adjacency.yaml: the rulebook's adjacency {a}-{b} is missing")
    nbrs = _neighbours(adjacency)
    if state_ids and not _connected(sorted(state_ids), nbrs):
        problems.append(f"{BASE}/adjacency.yaml: the map is not connected")
    for r in regions:
        members = [s.code for s in states if s.region == r.id]
        if members and not _connected(members, nbrs):
            problems.append(f"{BASE}/regions.yaml: region '{r.id}' is not connected on the map")

    # cities
    if len(cities) != 10:
        problems.append(f"{BASE}/cities.yaml: needs the 10 plane cities, found {len(cities)}")
    if len(debate_cities) != 10:
        problems.append(f"{BASE}/debate_cities.yaml: needs 10 debate cities, found {len(debate_cities)}")
    for file, items in (("cities.yaml", cities), ("debate_cities.yaml", debate_cities)):
        for c in items:
            if c.state not in state_ids:
                problems.append(f"{BASE}/{file}: {c.id}: unknown state '{c.state}'")
    for c in debate_cities:
        if c.id in {p.id for p in cities}:
            problems.append(f"{BASE}/debate_cities.yaml: {c.id} is also a plane city")

    # debate material
    if len(categories) != 6:
        problems.append(f"{BASE}/debate_categories.yaml: needs 6 categories, found {len(categories)}")
    if len(issues) != 18:
        problems.append(f"{BASE}/debate_issues.yaml: needs 18 debate issues, found {len(issues)}")
    for i in issues:
        if i.category not in category_ids:
            problems.append(f"{BASE}/debate_issues.yaml: {i.id}: unknown category '{i.category}'")
    for c in categories:
        n = sum(1 for i in issues if i.category == c.id)
        if n != 3:
            problems.append(f"{BASE}/debate_categories.yaml: {c.id} has {n} issues, needs 3")
    if len(topics) != 30:
        problems.append(f"{BASE}/debate_topics.yaml: needs 30 debate topic cards, found {len(topics)}")
    ordered = Counter(tuple(t.categories) for t in topics)
    for t in topics:
        for cat in t.categories:
            if cat not in category_ids:
                problems.append(f"{BASE}/debate_topics.yaml: {t.id}: unknown category '{cat}'")
        if t.categories[0] == t.categories[1]:
            problems.append(f"{BASE}/debate_topics.yaml: {t.id}: both rows are the same category")
        for row, cat in ((t.top, t.categories[0]), (t.bottom, t.categories[1])):
            for i in row:
                if i not in issue_ids:
                    problems.append(f"{BASE}/debate_topics.yaml: {t.id}: unknown issue '{i}'")
            want = {i.id for i in issues if i.category == cat}
            if set(row) != want:
                problems.append(f"{BASE}/debate_topics.yaml: {t.id}: row {row} is not the issues of '{cat}'")
        if ordered[tuple(t.categories)] > 1:
            problems.append(f"{BASE}/debate_topics.yaml: {t.id}: category pair {t.categories} used twice")

    # politicks and their ops
    checker = _OpChecker(state_ids, region_ids, issue_ids)
    for p in politicks:
        problems += [f"{BASE}/politicks.yaml: {m}" for m in checker.check(
            p.id, ("requires", p.requires), ("play", p.play), ("effect", p.effect), timing=p.timing)]
    map_politicks = {p.id for p in politicks if "this_card_map" in repr(p.effect) + repr(p.play)}

    # action cards
    if len(cards) != 105:
        problems.append(f"{BASE}/cards.yaml: needs 105 action cards, found {len(cards)}")
    if cards and sorted(c.number for c in cards) != list(range(1, len(cards) + 1)):
        problems.append(f"{BASE}/cards.yaml: card numbers must run 1..{len(cards)} without gaps")
    removed = sum(1 for c in cards if c.remove_in_2p)
    if removed != 15:
        problems.append(f"{BASE}/cards.yaml: {removed} cards are marked remove_in_2p, the rules remove 15")
    home_region = 0
    for c in cards:
        tag = f"{BASE}/cards.yaml: #{c.number} ({c.name})"
        a = c.actions
        if a.campaign is not None:
            home_region += a.campaign.home_region
            _check_states(tag, "campaign", a.campaign.states, state_ids, nbrs, problems)
        for i in (a.advertise or []) + c.debate:
            if i not in issue_ids:
                problems.append(f"{tag}: unknown issue '{i}'")
        if a.politick is not None:
            p = politick_by_id.get(a.politick)
            if p is None:
                problems.append(f"{tag}: unknown politick '{a.politick}'")
            elif p.dirty:
                problems.append(f"{tag}: '{a.politick}' is a dirty trick; it belongs on a Dirty Politics card")
            elif p.id in map_politicks and a.campaign is None and a.advertise is None:
                problems.append(f"{tag}: '{a.politick}' uses the card's map but the card has no campaign or advertise")
        _check_reference(tag, c.reference, by_code, problems)
    if cards and home_region != 2:
        problems.append(f"{BASE}/cards.yaml: {home_region} home-region campaign actions, the rules have 2")
    used = Counter(c.actions.politick for c in cards if c.actions.politick)
    for p in politicks:
        if not p.dirty and used[p.id] == 0:
            problems.append(f"{BASE}/politicks.yaml: '{p.id}' is on no action card")

    # Dirty Politics cards
    if len(dirty) != 24:
        problems.append(f"{BASE}/dirty_cards.yaml: needs 24 Dirty Politics cards, found {len(dirty)}")
    if dirty and sorted(c.number for c in dirty) != list(range(106, 106 + len(dirty))):
        problems.append(f"{BASE}/dirty_cards.yaml: card numbers must run 106..{105 + len(dirty)} without gaps")
    tricks = Counter()
    for c in dirty:
        tag = f"{BASE}/dirty_cards.yaml: #{c.number} ({c.name})"
        a = c.actions
        _check_states(tag, "smear campaign", a.smear_campaign or [], state_ids, nbrs, problems)
        for i in a.mudslinging or []:
            if i not in issue_ids:
                problems.append(f"{tag}: unknown issue '{i}'")
        if a.dirty_tricks is not None:
            tricks[a.dirty_tricks] += 1
            p = politick_by_id.get(a.dirty_tricks)
            if p is None:
                problems.append(f"{tag}: unknown dirty trick '{a.dirty_tricks}'")
            elif not p.dirty:
                problems.append(f"{tag}: '{a.dirty_tricks}' is a standard politick, not a dirty trick")
        _check_reference(tag, c.reference, by_code, problems)
    for p in politicks:
        if p.dirty and tricks[p.id] == 0:
            problems.append(f"{BASE}/politicks.yaml: dirty trick '{p.id}' is on no Dirty Politics card")

    # candidates
    if len(candidates) != 12:
        problems.append(f"{BASE}/candidates.yaml: needs 12 candidates, found {len(candidates)}")
    for c in candidates:
        for side in ("advantage", "disadvantage"):
            ability: AbilityDef = getattr(c, side)
            problems += [f"{BASE}/candidates.yaml: {m}" for m in checker.check(
                f"{c.id}.{side}", ("effect", ability.effect), timing=ability.timing)]

    if problems:
        return None, problems
    content = CampaignTrailContent(
        parties={p.id: p for p in parties},
        regions={r.id: r for r in regions},
        states={s.code: s for s in states},
        adjacency=adjacency,
        cities={c.id: c for c in cities},
        debate_cities={c.id: c for c in debate_cities},
        debate_categories={c.id: c for c in categories},
        debate_issues={i.id: i for i in issues},
        debate_topics={t.id: t for t in topics},
        politicks={p.id: p for p in politicks},
        cards={c.number: c for c in cards},
        dirty_cards={c.number: c for c in dirty},
        candidates={c.id: c for c in candidates},
    )
    return content, problems


def _check_states(tag: str, what: str, listed: list[str], state_ids: set[str], nbrs: dict[str, set[str]],
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
    elif not _reference_ok(state):
        problems.append(f"{tag}: {code} cannot be a reference state (CA, TX and states under 7 EV are excluded)")


@lru_cache(maxsize=1)
def load() -> CampaignTrailContent:
    return load_or_raise(collect_problems)
