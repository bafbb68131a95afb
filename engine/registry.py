"""Every playable ruleset, by its stable name."""
from __future__ import annotations

from engine.core.ruleset import Ruleset
from engine.electioneer.ruleset import RULESET as ELECTIONEER

RULESETS: dict[str, Ruleset] = {ELECTIONEER.name: ELECTIONEER}


def get(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        raise KeyError(f"Unknown game `{name[:30]}`. Available: {', '.join(RULESETS)}.") from None
