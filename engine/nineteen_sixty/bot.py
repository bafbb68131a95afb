"""The built-in player (placeholder: a random legal step; replaced below)."""
from __future__ import annotations

from engine.core.rng import Rng
from engine.core.types import Action
from engine.nineteen_sixty.rules import menu
from engine.nineteen_sixty.state import NSState


def bot_action(state: NSState, seat: str, rng: Rng) -> Action:
    options = menu(state, seat)[1]
    return rng.choice(options).action
