"""Typed, stable errors. Every message is written for the player who caused it:
it says what is wrong and, where it can, what would be legal instead."""
from __future__ import annotations


class EngineError(Exception):
    """Base class. `code` is stable (tests and tables match on it); `message` is for people."""

    code = "engine_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return self.message


class NotYourDecision(EngineError):
    code = "not_your_decision"


class IllegalAction(EngineError):
    """A well-formed action the rules don't allow now. `rule` is the rule that refused it, in the game's own
    words (None when the ruleset could not say) — the message carries it too; tests match on it."""

    code = "illegal"

    def __init__(self, message: str, code: str | None = None, rule: str | None = None) -> None:
        super().__init__(message, code)
        self.rule = rule


class StaleState(EngineError):
    code = "stale"


class UnknownAction(EngineError):
    code = "unknown_action"


class GameOver(EngineError):
    code = "game_over"
