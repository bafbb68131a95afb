"""The verb walk: every verb each ruleset offers, sent with a wrong argument and at a moment it is not
offered, is refused with the verb, the rule that refused it, and something that would work."""
from __future__ import annotations

from typing import Any

import pytest
from refusal_walk import walk_ruleset

from engine.registry import RULESETS

# (ruleset, options, seats): each ruleset's default game, plus the option sets and table sizes that bring
# verbs of their own (Dirty Politics' actions, team games' card exchange, 1960's optional rules).
WALKS: list[tuple[str, dict[str, Any], int | None]] = [
    *[(name, {}, None) for name in RULESETS],
    ("campaign_trail", {"dirty": "on"}, None),
    ("campaign_trail", {}, 4),
    ("campaign_trail", {"dirty": "on"}, 3),  # three parties: the rival of a flip or a sway is chosen (`target`)
    ("nineteen_sixty", {"vp": True, "restricted": True}, None),
    # Solo Play (the Change of Plans window before an AI direct action), co-op, the Advanced Solo Deck, and
    # Dirty Politics against AI parties
    ("campaign_trail", {"ai": "REP"}, None),
    ("campaign_trail", {"ai": "REP,LIB", "coop": "on", "dirty": "on"}, None),
    ("campaign_trail", {"ai": "REP", "ai_deck": "advanced", "dirty": "on"}, None),
]


@pytest.mark.parametrize(("name", "options", "seats"), WALKS, ids=[f"{n}-{o}-{s}" for n, o, s in WALKS])
def test_every_refusal_names_verb_rule_and_alternative(name: str, options: dict[str, Any], seats: int | None) -> None:
    walk = walk_ruleset(name, RULESETS[name], range(4), options=options, seats=seats)
    unchecked = sorted(verb for verb in walk.offered if (verb, "not now") not in walk.checked)
    assert not walk.problems, f"{len(walk.problems)} problems:\n" + "\n".join(walk.problems[:60])
    assert not unchecked, f"verbs never refused out of turn: {unchecked}"


def test_the_walk_can_fail() -> None:
    """A ruleset that gives no reasons fails the walk (the harness is not vacuous)."""
    class Mute:
        def __init__(self, inner: Any) -> None:
            self._inner = inner

        def __getattr__(self, attr: str) -> Any:
            if attr == "refusal_reason":
                raise AttributeError(attr)
            return getattr(self._inner, attr)

    name = next(iter(RULESETS))
    walk = walk_ruleset(name, Mute(RULESETS[name]), range(1))
    assert any("names no rule" in p for p in walk.problems)
