"""The contract every ruleset implements, and the pieces they share."""
from engine.core.errors import (
    EngineError,
    GameOver,
    IllegalAction,
    NotYourDecision,
    StaleState,
    UnknownAction,
)
from engine.core.types import Action, ApplyResult, Decision, Event, Outcome, PendingKind

__all__ = [
    "Action",
    "ApplyResult",
    "Decision",
    "EngineError",
    "Event",
    "GameOver",
    "IllegalAction",
    "NotYourDecision",
    "Outcome",
    "PendingKind",
    "StaleState",
    "UnknownAction",
]
