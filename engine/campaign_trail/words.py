"""Campaign Trail in words: what the ruleset contract runs after the rules (engine/core/ruleset.py, `Words`) — the
log lines of a step's events (words_tell.py) and a decision's words. The rules never import this module."""
from __future__ import annotations

from engine.campaign_trail.words_tell import tell
from engine.core.types import Decision

__all__ = ["ask", "tell"]


def ask(decision: Decision) -> Decision:
    """The decision as the rules word it today: it passes as it is."""
    return decision
