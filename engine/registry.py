"""Every playable ruleset, by its stable name."""
from __future__ import annotations

from engine.campaign_manager_2008.ruleset import RULESET as CAMPAIGN_MANAGER_2008
from engine.campaign_trail.ruleset import RULESET as CAMPAIGN_TRAIL
from engine.core.ruleset import Ruleset
from engine.electioneer.ruleset import RULESET as ELECTIONEER
from engine.nineteen_sixty.ruleset import RULESET as NINETEEN_SIXTY
from engine.presidential_election.ruleset import RULESET as PRESIDENTIAL_ELECTION

RULESETS: dict[str, Ruleset] = {
    ruleset.name: ruleset for ruleset in (ELECTIONEER, CAMPAIGN_TRAIL, PRESIDENTIAL_ELECTION, CAMPAIGN_MANAGER_2008,
                                          NINETEEN_SIXTY)
}


# Other names players use for a ruleset (its year, its box title), accepted wherever a ruleset is named; the
# stable name is what is stored.
ALIASES: dict[str, str] = {"1960": "nineteen_sixty"}


def canonical(name: str) -> str:
    """The stable name for `name` or one of its aliases (an unknown name is returned as it is)."""
    return ALIASES.get(name.strip().lower(), name) if isinstance(name, str) else name


def get(name: str) -> Ruleset:
    try:
        return RULESETS[canonical(name)]
    except KeyError:
        raise KeyError(f"Unknown game `{str(name)[:30]}`. Available: {', '.join(RULESETS)}.") from None


# Rulesets still being built: not offered by the bot (no picture or words yet), but their scenario cases
# run and their tests can load them. name -> module holding RULESET. Registration lives here, in one place.
UNDER_CONSTRUCTION: dict[str, str] = {}


def under_construction(name: str) -> Ruleset | None:
    module = UNDER_CONSTRUCTION.get(canonical(name))
    if module is None:
        return None
    import importlib

    return importlib.import_module(module).RULESET
