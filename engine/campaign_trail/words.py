"""Campaign Trail in words: its decisions' prompts and labels (words_ask.py) and its events' lines (words_tell.py),
made from the facts its rules state. The ruleset contract runs these after the rules (engine/core/ruleset.py,
`Words`); the rules, and the silent path a search takes, never import this module."""
from __future__ import annotations

from engine.campaign_trail.words_ask import ask
from engine.campaign_trail.words_tell import tell

__all__ = ["ask", "tell"]
