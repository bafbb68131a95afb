"""Ensemble determinization (Cowling, Ward & Powley, 2012): several determinized worlds of the root for the
searching seat, a plain UCT tree on each (the world is one fixed game of perfect information, its dice included,
so every iteration in it starts from a copy of the same state), and the root's visit counts summed over the worlds.

Iterations go to the worlds in turn, so a time budget spreads evenly over them; the tree walk, rollout and backup
are ISMCTS's (engine/ai/ismcts.py): in one fixed world every child is available whenever its parent is visited,
so availability counts are plain UCT's parent visits.
"""
from __future__ import annotations

from typing import Any

from engine.ai.ismcts import Budget, Node, Result, Searcher, Settings, best_action
from engine.core.rng import Rng
from engine.core.ruleset import Ruleset


def ensemble(ruleset: Ruleset, state: Any, seat: str, settings: Settings, rng: Rng) -> Result:
    """`seat`'s move by ensemble determinization from `state`, read only through `determinize` for `seat`."""
    budget = Budget(settings)  # from the start: the default move's own thinking counts against the budget too
    searcher = Searcher(ruleset, settings, rng)
    game = searcher.game
    worlds = [game.determinize(state, seat, rng)]
    actions = game.legal(worlds[0], seat)
    if not actions:
        raise ValueError(f"{seat} has nothing to do")
    if len(actions) == 1:
        return Result(actions[0], {actions[0]: 0})
    favourite = searcher.aim(worlds[0], seat, actions)
    count = max(1, settings.worlds)
    roots = [Node(None, None)]
    while budget.more():
        w = budget.done % count
        if w == len(worlds):
            worlds.append(game.determinize(state, seat, rng))
            roots.append(Node(None, None))
        searcher.iterate(roots[w], game.clone(worlds[w]), seat, favourite)
        budget.done += 1
    visits = {a: 0 for a in actions}
    totals = {a: 0.0 for a in actions}
    for root in roots:
        for (mover, action), child in root.children.items():
            if mover == seat and action in visits:
                visits[action] += child.visits
                totals[action] += child.total
    return Result(best_action(visits, totals, favourite, settings.confidence), visits, budget.done, totals, favourite)
