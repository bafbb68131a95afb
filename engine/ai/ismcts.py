"""Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse, 2012) over `SearchGame`.

One tree over the searching seat's information sets. Every iteration starts from a fresh determinization of the
root for that seat (`SearchGame.determinize`), so the search never reads what the seat may not know: it walks the
tree following only the actions legal in that determinization (UCB with availability counts: a child is scored
against the number of times it could have been chosen, not its parent's visits), expands one node, plays a rollout
and backs up each seat's return to the nodes that seat chose. A node is keyed by (seat to move, action).

The rollout policy (`rollout`) is the title's own heuristic (`ruleset.bot_action`, handed the determinized state,
so it too sees only a sample) with probability 1 - epsilon, else a uniformly random legal action; or uniformly
random throughout. A rollout stops at the end of the game or after `horizon` steps, where an evaluation scores the
position: the title's own (`ruleset.evaluate`, each seat's chance of winning), else 0.5 for each seat; with a
horizon, a rollout also stops at the title's first cut point (`ruleset.search_cut`). The root weighs only the
title's short list (`ruleset.search_candidates`) and keeps the title's default move (`ruleset.search_favourite`)
unless the search finds a better one (`best_action`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.core.rng import Rng
from engine.core.ruleset import ModuleRuleset, Ruleset
from engine.core.search import SearchGame
from engine.core.types import Action

Evaluation = Callable[[Any], "dict[str, float] | None"]
_UNIT = float(1 << 64)
ROLLOUTS = ("heuristic", "random")


@dataclass(frozen=True)
class Settings:
    """How long and how a search thinks. It stops after `iterations` or once `clock()` has moved `seconds` past
    its start, whichever comes first (a time budget needs the caller's clock: the engine reads none itself).
    `worlds` is the number of determinized worlds of an ensemble search; ISMCTS ignores it. `rollout` is the
    rollout policy: "heuristic" (the title's, epsilon of its moves uniformly random) or "random". `confidence` is
    how many standard errors the search's pick must beat the heuristic's by to be played instead (`best_action`)."""

    iterations: int | None = 200
    seconds: float | None = None
    clock: Callable[[], float] | None = None
    uct_c: float = 0.7
    epsilon: float = 0.1
    horizon: int | None = None
    evaluate: Evaluation | None = None
    worlds: int = 8
    rollout: str = "heuristic"
    confidence: float = 0.0

    def __post_init__(self) -> None:
        if self.seconds is not None and self.clock is None:
            raise ValueError("a search with a time budget needs a clock")
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search needs an iteration count or a time budget")
        if not 0.0 <= self.epsilon <= 1.0:
            raise ValueError("a rollout's epsilon is a probability, from 0 to 1")
        if self.rollout not in ROLLOUTS:
            raise ValueError(f"no rollout policy called {self.rollout!r}: {', '.join(ROLLOUTS)}")


@dataclass(frozen=True)
class RootMove:
    """One root action as the search saw it: its share of the root's visits (0 to 1), its visits (the iterations
    that began with it) and the searching seat's mean return over them (None where it has none)."""

    action: Action
    share: float
    visits: int
    mean: float | None


@dataclass
class Result:
    """A search's answer: the action it chose, every root action's visits and the sum of the searching seat's
    returns over them (for a hint's shares and results), how many iterations it ran (0: one legal action,
    nothing searched) and the title's default move it weighed the others against (None where nothing was searched)."""

    action: Action
    visits: dict[Action, int] = field(default_factory=dict)
    iterations: int = 0
    totals: dict[Action, float] = field(default_factory=dict)
    favourite: Action | None = None

    def shares(self) -> list[tuple[Action, float]]:
        """Root actions with their share of the search, most visited first."""
        return [(m.action, m.share) for m in self.moves()]

    def moves(self) -> list[RootMove]:
        """Root actions with their share, visits and mean return, most visited first."""
        total = sum(self.visits.values()) or 1
        return sorted((RootMove(a, n / total, n, self.totals.get(a, 0.0) / n if n else None)
                       for a, n in self.visits.items()), key=lambda m: -m.share)


class Node:
    """One (seat, action) edge of the tree and the position after it: visits, the sum of that seat's returns, and
    how many times it was available (legal) when its parent was visited."""

    __slots__ = ("seat", "action", "children", "visits", "total", "available")

    def __init__(self, seat: str | None, action: Action | None) -> None:
        self.seat = seat
        self.action = action
        self.children: dict[tuple[str, Action], Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def root_actions(ruleset: Ruleset, world: Any, seat: str, actions: list[Action], favourite: Action) -> list[Action]:
    """The root actions a search weighs: the title's `search_candidates` among `actions`, always with its
    `favourite`. The title reads only what `seat` sees, so any determinization gives the same list."""
    kept = set(ruleset.search_candidates(world, seat, actions))
    kept.add(favourite)
    return [a for a in actions if a in kept]


class Searcher:
    """What every iteration needs, bound once: the game, its heuristic, the settings and the random stream.
    `root` (when set) limits the searching seat's first move to those actions."""

    __slots__ = ("game", "ruleset", "settings", "rng", "evaluate", "root", "cut")

    def __init__(self, ruleset: Ruleset, settings: Settings, rng: Rng) -> None:
        self.ruleset = ruleset
        self.game = SearchGame(ruleset)
        self.settings = settings
        self.rng = rng
        self.evaluate = settings.evaluate or ruleset.evaluate
        self.root: frozenset[Action] | None = None
        # a title without a cut of its own (the contract's answers "never") costs no call on every rollout step
        own_cut = type(ruleset).search_cut is not ModuleRuleset.search_cut
        self.cut = ruleset.search_cut if settings.horizon is not None and own_cut else None

    def aim(self, world: Any, seat: str, actions: list[Action]) -> Action:
        """The title's default move for `seat` (`search_favourite`), which the root tries first, and the root's
        short list where the title narrows `actions` (`root_actions`); where it keeps them all, `root` stays unset
        and no iteration filters the root's moves for nothing."""
        favourite = self.ruleset.search_favourite(world, seat, self.rng)
        kept = root_actions(self.ruleset, world, seat, actions, favourite)
        self.root = frozenset(kept) if len(kept) < len(actions) else None
        return favourite

    def chance(self) -> float:
        return self.rng.next_u64() / _UNIT

    def iterate(self, root: Node, state: Any, seat: str, favourite: Action | None = None) -> None:
        """One iteration on `state` (a determinization this iteration owns and changes), `seat` moving first; the
        root tries `favourite` (the heuristic's pick) before its other untried actions.

        Seats that owe a decision at the same time pick blind to each other (their picks are sealed): the statistics
        of a later one's pick are kept at the node where they all came to owe it, shared across what the earlier
        ones chose, so the search never lets a rival answer a sealed pick it cannot see. The tree still follows
        each combination of picks to the position after them."""
        game, node, path = self.game, root, [root]
        legal = game.legal(state, seat)
        if self.root is not None:
            legal = [a for a in legal if a in self.root] or legal
        pending: set[str] = set(game.to_move(state))  # the seats that owe the decision `since` came to them
        since = root
        expanded = False
        while legal and not expanded:
            if seat not in pending:
                since, pending = node, set(game.to_move(state))
            pending.discard(seat)
            chooser, action, expanded = self._select(since, seat, legal, favourite if node is root else None)
            path.append(chooser)
            if since is not node:  # a blind pick: its statistics at `since`, the position it leads to under `node`
                key = (seat, action)
                follow = node.children.get(key)
                if follow is None:
                    follow = node.children[key] = Node(None, action)
                    expanded = True
                node = follow
            else:
                node = chooser
            game.advance(state, seat, action)
            movers = game.to_move(state)
            if not movers:
                break
            seat = movers[0]
            legal = game.legal(state, seat)
        scores = self.rollout(state)
        for step in path:
            step.visits += 1
            if step.seat is not None:
                step.total += scores.get(step.seat, 0.0)

    def _select(self, node: Node, seat: str, legal: list[Action], favourite: Action | None = None
                ) -> tuple[Node, Action, bool]:
        """The child to follow among `legal`, its action, and whether it is new: a new one while any legal action
        is untried, else the best by UCB over availability counts."""
        children = node.children
        present: list[tuple[Action, Node]] = []
        untried: list[Action] = []
        for action in legal:
            child = children.get((seat, action))
            if child is None:
                untried.append(action)
            else:
                child.available += 1
                present.append((action, child))
        if untried:
            action = favourite if favourite in untried else untried[self.rng.below(len(untried))]
            child = children[(seat, action)] = Node(seat, action)
            child.available = 1
            return child, action, True
        c = self.settings.uct_c
        best, best_value = present[0], -math.inf
        for pair in present:
            child = pair[1]
            value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = pair, value
        return best[1], best[0], False

    def rollout(self, state: Any) -> dict[str, float]:
        """Play on from `state` (changed in place) by the rollout policy to the end, the horizon or (with a horizon)
        the title's first cut point; the score."""
        game, horizon, cut = self.game, self.settings.horizon, self.cut
        steps = 0
        while horizon is None or steps < horizon:
            if cut is not None and cut(state):
                break
            movers = game.to_move(state)
            if not movers:
                break
            seat = movers[0]
            game.advance(state, seat, self.policy(state, seat))
            steps += 1
        return self.score(state)

    def policy(self, state: Any, seat: str) -> Action:
        """The rollout's move: the heuristic, or with probability epsilon a uniformly random legal action."""
        epsilon = 1.0 if self.settings.rollout == "random" else self.settings.epsilon
        if epsilon >= 1.0 or epsilon > 0.0 and self.chance() < epsilon:
            legal = self.game.legal(state, seat)
            return legal[self.rng.below(len(legal))]
        return self.ruleset.bot_action(state, seat, self.rng)

    def score(self, state: Any) -> dict[str, float]:
        done = self.game.returns(state)
        if done is not None:
            return done
        estimate = self.evaluate(state)
        return estimate if estimate is not None else {s: 0.5 for s in state.seats}


class Budget:
    """Counts iterations against the settings' limits. Under a time budget no iteration is begun that would end past
    it at the mean pace so far, so a search overruns its budget only by an iteration slower than its average."""

    __slots__ = ("settings", "start", "done")

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.start = settings.clock() if settings.clock is not None else 0.0
        self.done = 0

    def more(self) -> bool:
        s = self.settings
        if s.iterations is not None and self.done >= s.iterations:
            return False
        if s.seconds is not None and self.done > 0:
            spent = s.clock() - self.start  # type: ignore[misc]
            if spent + spent / self.done > s.seconds:
                return False
        return True


def best_action(visits: dict[Action, int], totals: dict[Action, float], favourite: Action,
                confidence: float = 0.0) -> Action:
    """The most visited root action; a tie goes to the heuristic's `favourite`, then to the better mean, then to
    the first listed. A search too short to tell the actions apart thus plays as the heuristic would. With
    `confidence` z > 0 the search overrules the favourite only when the most visited action's mean return beats
    the favourite's by z standard errors (each return in [0, 1], so a mean m over n visits has an error of at
    most sqrt(m(1 - m) / n)): among many near-equal actions, noise does not decide."""
    pick = max(visits, key=lambda a: (visits[a], a == favourite, totals[a] / visits[a] if visits[a] else 0.0))
    if confidence <= 0.0 or pick == favourite or favourite not in visits or not visits[favourite]:
        return pick
    n, m = visits[pick], totals[pick] / visits[pick]
    nf, mf = visits[favourite], totals[favourite] / visits[favourite]
    error = math.sqrt(m * (1.0 - m) / n + mf * (1.0 - mf) / nf)
    return pick if m - mf > confidence * max(error, 1e-9) else favourite


def ismcts(ruleset: Ruleset, state: Any, seat: str, settings: Settings, rng: Rng) -> Result:
    """`seat`'s move by ISMCTS from `state`, which the search reads only through `determinize` for `seat`."""
    budget = Budget(settings)  # from the start: the default move's own thinking counts against the budget too
    searcher = Searcher(ruleset, settings, rng)
    game = searcher.game
    world = game.determinize(state, seat, rng)
    actions = game.legal(world, seat)
    if not actions:
        raise ValueError(f"{seat} has nothing to do")
    if len(actions) == 1:
        return Result(actions[0], {actions[0]: 0})
    favourite = searcher.aim(world, seat, actions)
    root = Node(None, None)
    while budget.more():
        if budget.done > 0:
            world = game.determinize(state, seat, rng)
        searcher.iterate(root, world, seat, favourite)
        budget.done += 1
    visits = {a: 0 for a in actions}
    totals = {a: 0.0 for a in actions}
    for (mover, action), child in root.children.items():
        if mover == seat and action in visits:
            visits[action] += child.visits
            totals[action] += child.total
    return Result(best_action(visits, totals, favourite, settings.confidence), visits, budget.done, totals, favourite)
