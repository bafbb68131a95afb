"""The effect op vocabulary in machine-checked form, and the checker that holds every op list to it.

Effects are data for a small resumable interpreter: an op list is ``[[name, {params}], ...]`` run in
order; ops that need a decision (``choose_*``, ``choose_one``, ``optional``) are the points where the
interpreter pauses for a player. OP_SPECS and COND_SPECS give each op's and condition's parameters and
their kinds; docs/content/campaign_trail.md documents the vocabulary for writers.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from engine.campaign_trail.content_models import TimingDef
from engine.campaign_trail.vocabulary import ACTIONS, DIRTY_ACTIONS, PARTIES

# Parameter kinds (see OpChecker._value). An op spec is (required params, optional params).
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


class OpChecker:
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
        """Checks one parameter against its kind: a plain test of the value, a test that reads the known ids
        and variables, or a nested op list / condition / option list checked in its turn."""
        plain = _PLAIN_KINDS.get(kind)
        if plain is not None:
            bad = not plain(value)
        elif kind in _NESTED_KINDS:
            _NESTED_KINDS[kind](self, value, path, problems, bound, used)
            return
        elif kind in _ID_KINDS:
            bad = not _ID_KINDS[kind](self, value, path, bound, used)
        elif kind in ENUMS:
            bad = value not in ENUMS[kind]
        else:  # pragma: no cover - a spec typo
            problems.append(f"{path}: unknown parameter kind {kind}")
            return
        if bad:
            problems.append(f"{path}: {value!r} is not a valid {kind}")

    def _options(self, value: Any, path: str, problems: list[str], bound: set[str],
                 used: list[tuple[str, str]]) -> None:
        """choose_one's options: at least two, each {label, do[, when]}."""
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

    def _over(self, value: Any, path: str, problems: list[str], bound: set[str], used: list[tuple[str, str]]) -> None:
        """What for_each walks: a fixed collection or a state set."""
        if isinstance(value, str) and value in OVER_FIXED:
            return
        self._stateset(value, path, problems, used)

    def _bind(self, value: Any, path: str, bound: set[str], used: list[tuple[str, str]]) -> bool:
        """A name an op binds its result to (`as:`), remembered so later uses of `$name` check out."""
        if not (isinstance(value, str) and BIND_RE.match(value)):
            return False
        bound.add(value)
        return True

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


def _plain_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _amount(value: Any) -> bool:
    """A count or sum: a whole number, or a resource of the seat's (optionally divided: `war_chest//2`)."""
    return bool((_plain_int(value) and value >= 0) or (isinstance(value, str) and AMOUNT_RE.match(value)))


# Kinds checked by the value alone.
_PLAIN_KINDS: dict[str, Callable[[Any], bool]] = {
    "int": _plain_int,
    "bool": lambda v: isinstance(v, bool),
    "scalar": lambda v: isinstance(v, (int, str, bool)),
    "amount": _amount,
    "modtarget": lambda v: v in MODTARGETS,
    "stat": lambda v: v in STATS,
    "filters": lambda v: bool(isinstance(v, list) and v and all(f in ENUMS["filters"] for f in v)),
}

# Kinds that read the known ids and may use or bind variables.
_ID_KINDS: dict[str, Callable[[OpChecker, Any, str, set[str], list[tuple[str, str]]], bool]] = {
    "bind": OpChecker._bind,
    "state": lambda c, v, path, bound, used: c._state(v, path, used),
    "party": lambda c, v, path, bound, used: c._party(v, path, used),
    "partysel": lambda c, v, path, bound, used: v in ("any", "opponents", "each_opponent") or c._party(v, path, used),
    "regionref": lambda c, v, path, bound, used: v in ("pawn", "home") or v in c.regions or c._var(v, path, used),
    "ref": lambda c, v, path, bound, used: c._var(v, path, used),
}

# Kinds that note their own problems: nested op lists, conditions and options, and state sets.
_NESTED_KINDS: dict[str, Callable[[OpChecker, Any, str, list[str], set[str], list[tuple[str, str]]], None]] = {
    "ops": OpChecker._ops,
    "cond": OpChecker._cond,
    "options": OpChecker._options,
    "over": OpChecker._over,
    "stateset": lambda c, v, path, problems, bound, used: c._stateset(v, path, problems, used),
}
