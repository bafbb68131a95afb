"""Which steps showed something hidden, so that undo can refuse them.

Undo may take a step back only where no other seat and no spectator learned anything hidden by it. Each
ruleset lists the hidden facts of a state as `(knowers, fact)` pairs: `knowers` the sorted seats (or
parties) allowed to see the fact, empty for nobody (a card in a deck); `fact` a card, or a choice still
sealed. A step that shows a fact to anyone new takes its pair away: the card leaves the hand for the table,
the deck's top card goes to a hand, a sealed choice is revealed. A fact that only moves among places the same
seats see (a hand to a face-down stack of its own) keeps its pair, and the step can still be taken back.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable

Fact = tuple[tuple[str, ...], Hashable]


def revealed(before: Iterable[Fact], after: Iterable[Fact]) -> bool:
    """Did a step from a state with hidden facts `before` to one with `after` show any of them to someone new?"""
    return bool(Counter(before) - Counter(after))
