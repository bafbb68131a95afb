"""The words for a 1960 card's rules, made from its event's ops: every card text must end with them, so a
text always says exactly what its ops do (content_checks.py holds each card to that)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine.nineteen_sixty.content_models import ISSUE_NAMES, NAMES, REGION_NAMES, Card


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


@dataclass(frozen=True, slots=True)
class _Op:
    """One op's parameters with the words its sentence is built from (whose, which state, region or issue)."""
    p: dict[str, Any]
    state_names: dict[str, str]

    @property
    def who(self) -> str:
        return self.p.get("who", "self")  # type: ignore[no-any-return]

    @property
    def n(self) -> int:
        return self.p.get("n", 1)  # type: ignore[no-any-return]

    @property
    def his(self) -> str:
        return _who(self.who)[2]

    @property
    def owner(self) -> str:
        """Whose, capitalised to open a sentence."""
        owner = _owner(self.who)
        return f"{owner[:1].upper()}{owner[1:]}"

    def says(self, verb: str, rest: str) -> str:
        return _clause(self.who, verb, rest)

    def state(self) -> str:
        code = self.p["state"]
        if code == "choose":
            return "a state of your choice"
        if code == "token":
            return f"the state where {self.his} candidate token stands"
        return self.state_names.get(code, code)

    def region(self) -> str:
        code = self.p["region"]
        return "a region of your choice" if code == "choose" else f"the {REGION_NAMES[code]}"

    def issue(self) -> str:
        code = self.p["issue"]
        return "an issue of your choice" if code == "choose" else ISSUE_NAMES[code]


def _endorse(o: _Op) -> str:
    if o.p["region"] == "draw":
        return o.says("draw", "an endorsement card and places its marker.")
    return o.says("place", f"an endorsement marker in {o.region()}.")


def _discard(o: _Op) -> str:
    how = "at random" if o.p["pick"] == "random" else f"of {o.his} choice"
    return o.says("discard", f"{_plural(o.n, 'card')} {how}.")


def _leader(o: _Op) -> str:
    if "region" in o.p:
        return f"If one player leads more states in {o.region()} than the other:"
    return f"If a player leads {o.issue()}:"


def _turn_effect(o: _Op) -> str:
    text = {"momentum_per_rival_noncampaign": o.says("gain", f"1 momentum each time {_rival(o.who)} plays a card "
                                                     "for anything but a campaigning action."),
            "campaign_costs_momentum": o.says("pay", "1 momentum to play a card for a campaigning action."),
            "no_checks": o.says("make", "no support checks when campaigning.")}[o.p["hook"]]
    if o.who in ("self", "opponent", "leader"):
        text = text[:1].lower() + text[1:]
    return f"For the rest of the turn, {text}"


def _debate_bonus(o: _Op) -> str:
    where = "on each issue" if o.p["issue"] == "all" else f"on {ISSUE_NAMES[o.p['issue']]}"
    return o.says("add", f"{o.n} to {o.his} CP total {where}.")


def _unpledged(o: _Op) -> str:
    names = _list([o.state_names.get(s, s) for s in o.p["states"]])
    return (f"If {_who(o.who)[0]} leads {names} with fewer than {o.p['below']} support, "
            "nobody receives that state's electoral votes.")


# op -> its sentence
_SENTENCES: dict[str, Callable[[_Op], str]] = {
    "gain": lambda o: o.says("gain", f"{o.n} support in {o.state()}."),
    "gain_region": lambda o: o.says("gain", f"{o.n} support in {o.region()}, at most {o.p['per_state']} per state."),
    "fill_empty": lambda o: o.says("gain", f"1 support in each state of {o.region()} that holds no support."),
    "lose": lambda o: o.says("lose", f"{o.n} support in {o.state()}."),
    "lose_region": lambda o: o.says("lose", f"{o.n} support in {o.region()}, from states of your choice."),
    "momentum": lambda o: o.says("gain", f"{o.n} momentum."),
    "lose_momentum": lambda o: o.says("lose", f"{o.n} momentum."),
    "issue": lambda o: o.says("gain", f"{o.n} support on {o.issue()}."),
    "lose_issue": lambda o: o.says("lose", f"{o.n} support on {o.issue()}."),
    "shift_issue": lambda o: f"Move {o.issue()} one place {o.p['dir']} the Issues Track.",
    "media": lambda o: o.says("gain", f"{o.n} media support in {o.region()}."),
    "lose_media": lambda o: o.says("lose", f"{o.n} media support in {o.region()}."),
    "endorse": _endorse,
    "exhaust": lambda o: f"{o.owner} candidate card turns to its exhausted side.",
    "refresh": lambda o: f"{o.owner} candidate card turns back to its active side.",
    "move_token": lambda o: f"Move {_owner(o.who)} candidate token to {o.state()}.",
    "bag": lambda o: o.says("put", f"{_plural(o.n, 'cube')} from {o.his} supply into the bag."),
    "rest": lambda o: o.says("add", f"{_plural(o.n, 'cube')} from {o.his} supply to {o.his} rest zone."),
    "draw": lambda o: o.says("draw", f"{_plural(o.n, 'card')}."),
    "discard": _discard,
    "leader": _leader,
    "turn_effect": _turn_effect,
    "debate_bonus": _debate_bonus,
    "checks": lambda o: o.says("make", f"{_plural(o.n, 'support check')} in {o.state()}."),
    "unpledged": _unpledged,
}


def describe_op(op: list[Any], state_names: dict[str, str]) -> str:
    """The sentence for one op, as a card's text says it."""
    name, p = op
    sentence = _SENTENCES.get(name)
    if sentence is None:
        raise ValueError(f"unknown op {name}")
    return sentence(_Op(p, state_names))


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

