"""Campaign Trail in words: its decisions' prompts and labels (words_ask.py) and its events' lines (words_tell.py),
made from the facts its rules state, and the outcome's reason from what decided the election. The ruleset contract runs these after the rules (engine/core/ruleset.py,
`Words`); the rules, and the silent path a search takes, never import this module."""
from __future__ import annotations

from engine.campaign_trail import facts_tell as f
from engine.campaign_trail.words_ask import ask
from engine.campaign_trail.words_tell import reason, tell
from engine.core.types import Outcome

__all__ = ["ask", "conclude", "tell"]


def conclude(outcome: Outcome) -> Outcome:
    """The outcome's reason, from what decided the election."""
    assert isinstance(outcome.facts, f.ElectionDay), outcome.facts
    return outcome.model_copy(update={"reason": reason(outcome.facts)})
