"""The op vocabulary of 1960's events and the checks of one card's event against it.

Events are data: a list of ``[op, {params}]`` run in order by the player who resolves the event (who
played it, or who triggered it). ``OPS`` is the vocabulary with each op's parameters, ``PARAM_VALUES``
what each parameter may hold; ``check_effect`` holds a card's event to them, to the stack the card goes
on and to the icons it shows.
"""
from __future__ import annotations

from typing import Any

from engine import content as _content
from engine.nineteen_sixty.content_models import ISSUES, REGIONS, SIDES, Card

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

