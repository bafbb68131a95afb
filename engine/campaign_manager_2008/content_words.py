"""Campaign Manager 2008 effects in words: ``describe()`` words an effect as a card, a news or the Going Negative
table says it, and every such text must end with those words (content.py checks it)."""
from __future__ import annotations

from typing import Any

from engine.campaign_manager_2008.content_models import ISSUE_WORDS, Content, Context, DiscardCost, Group
from engine.core.words import plural


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


def negative_text(content: Content, face: int, applier: str, roller: str) -> str:
    """A Going Negative result's text with each side named by its seat: "… In a state of OBA's choice, OBA gains
    2 support on its major issue. MCC discards 1 card at random." (the table's words say "you")."""
    result = content.negative[face]
    own = describe(result.effect, content.groups, context="negative")
    return result.text[:len(result.text) - len(own)] + describe(result.effect, content.groups, context="negative",
                                                                  named=(applier, roller))
