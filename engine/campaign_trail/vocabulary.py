"""Campaign Trail's fixed vocabulary: the parties, the six actions of a card, the six Dirty Politics actions
and the standard action each one counts as, and the names of the moments an ability or a politick fires on.

The content models, the op checker and the rules all speak these words; they depend on nothing else.
"""
from __future__ import annotations

from typing import Literal

Party = Literal["DEM", "REP", "LIB"]
PARTIES: tuple[str, ...] = ("DEM", "REP", "LIB")
ActionName = Literal["travel", "fundraise", "register", "campaign", "advertise", "politick"]
ACTIONS: tuple[str, ...] = ("travel", "fundraise", "register", "campaign", "advertise", "politick")
SUPPORT_ACTIONS = ACTIONS[:3]  # the left side of a card
DIRECT_ACTIONS = ACTIONS[3:]  # they put voters on the board
DirtyActionName = Literal[
    "voter_suppression", "flip_contributors", "sway_minds", "dirty_tricks", "smear_campaign", "mudslinging"
]
# Each Dirty Politics action is a subset of a standard action (it counts as that action for triggers).
DIRTY_SUBSET_OF: dict[str, str] = {
    "voter_suppression": "travel",
    "flip_contributors": "fundraise",
    "sway_minds": "register",
    "dirty_tricks": "politick",
    "smear_campaign": "campaign",
    "mudslinging": "advertise",
}
DIRTY_ACTIONS: tuple[str, ...] = tuple(DIRTY_SUBSET_OF)
# What players may type for a Dirty Politics action besides its id (`108 smear ...`).
DIRTY_SHORT: dict[str, str] = {
    "suppress": "voter_suppression", "flip": "flip_contributors", "sway": "sway_minds",
    "trick": "dirty_tricks", "tricks": "dirty_tricks", "smear": "smear_campaign", "mudsling": "mudslinging",
}


def standard_action(action: str) -> str:
    """The standard action a Dirty Politics action is a subset of (and counts as for politicks)."""
    return DIRTY_SUBSET_OF.get(action, action)


PolitickType = Literal["instant", "ongoing", "response", "end_of_game"]
TravelMode = Literal["steps", "plane", "plane_plus", "steps_or_plane"]
Event = Literal[
    "played",             # an instant politick resolving as the action of the turn
    "passive",            # a standing rule while the card / ability is in effect
    "setup",              # once, when the game is set up
    "turn_start",         # at the start of the owner's (individual) turn
    "first_card_played",  # after the first card of a turn is played, before its action is chosen/resolved
    "action_declared",    # an action is declared, before it is paid for and resolved
    "action_taken",       # an action has been resolved
    "debate_prep",        # step 1 of a debate (ordered by `order`: Unprepared before Debate Prep)
    "debate_end",         # after a debate's voter reaction
    "game_end",           # after the round in which the October deck ran out
]
Trigger = Literal["self", "opponent", "any"]
ActionFilter = Literal[
    "travel", "fundraise", "register", "campaign", "advertise", "politick",
    "voter_suppression", "flip_contributors", "sway_minds", "dirty_tricks", "smear_campaign", "mudslinging",
    "support", "direct", "any",
]
Affects = Literal[
    "travel", "fundraise", "register", "campaign", "advertise", "politick", "setup", "hand", "debate", "scoring",
    "dirty",
]
