"""The default move of the `hard` level (the ruleset's `search_favourite`): the rule-of-thumb player's move (bot.py),
except where the title's fitted evaluation (evaluate.py) can read the board better.

- A turn's card and action: each card of the hand with each of its actions that places voters or gathers the means
  to (campaign, advertise, politick, register, fundraise), its turn played out on a copy with every later step of
  it the one the evaluation scores best. The turn kept is the one that raises the chance of winning most, counting
  the voters the party could still afford to place (registered voters, and the money to place them at PRICE each)
  at a share (SHARE) of what one more voter in the best states would add. The rule of thumb picks its action at
  random, weighted by kind; the plan places voters where they move the electoral college and keeps the means to.
- A later step of the seat's own turn, an event's question, a debate, a response: the answer the evaluation scores
  best one step ahead on a copy; the rule of thumb's where it cannot tell the answers apart (a travel's step, a
  card given, most debates and responses).

It is always handed a determinized state (a sample of what the seat knows) and reads nothing but that state.
"""
from __future__ import annotations

from engine.campaign_trail import rules
from engine.campaign_trail.bot import bot_action
from engine.campaign_trail.evaluate import evaluate, voter_gains
from engine.campaign_trail.state import CampaignTrailState
from engine.core.rng import Rng
from engine.core.types import Action, copy_state

# what a voter the party can still place is worth, as a share of one more voter in its best states (TOP of them):
# measured against the rule of thumb over 100 games (seeds 1-50, both seats): 0 won 92%, 0.15 98%, 0.3 95%, 0.6
# 69%, 1.0 about half (the plan then hoards)
SHARE = 0.15
TOP = 8
PRICE = 8.0  # $M a placed voter costs, about: a campaign's $60M for 6, an advertise's $20M for 3 or 4
PLANNED = ("campaign", "advertise", "politick", "register", "fundraise")  # a travel's worth the evaluation cannot see
MAX_STEPS = 14  # the steps of a turn played out at most (a campaign's six voters, a politick's picks)
TIE = 1e-9  # below this, the evaluation cannot tell the answers apart


def favourite(state: CampaignTrailState, seat: str, rng: Rng) -> Action:
    """The default move of `hard` (see the module's docstring): always one of `seat`'s legal actions,
    deterministic for a given state and stream."""
    if state.phase in ("candidate", "home"):
        return bot_action(state, seat, rng)
    options, extras = rules.choices(state, seat)
    actions = [*options, *extras]
    if len(actions) < 2:
        return bot_action(state, seat, rng)
    t = state.turn
    if state.phase == "play" and rules.plain_turn(state) and (t is None or t.seat == seat):
        choice = plan_turn(state, seat)
        return choice if choice is not None and choice in actions else bot_action(state, seat, rng)
    scores = _one_step(state, seat, actions)
    if max(scores) - min(scores) < TIE:
        return bot_action(state, seat, rng)
    return actions[scores.index(max(scores))]


def plan_turn(state: CampaignTrailState, seat: str) -> Action | None:
    """The card to play (or, the card played, its action) whose turn, played out on a copy, scores best (`worth`);
    None where no card offers a planned action (a travel alone: the rule of thumb's)."""
    base = worth(state, seat, 0.0)
    scale = SHARE * _voter_worth(state, seat)
    firsts: list[Action | None] = [a for a in rules.choices(state, seat)[0] if a.verb == "play"] \
        if state.turn is None else [None]
    best, choice = -1.0, None
    for first in firsts:
        played = state
        if first is not None:
            played = copy_state(state)
            rules.advance(played, seat, first)
            if not _own_turn(played, seat) or played.turn.action is not None:
                continue
        for action in rules.choices(played, seat)[0]:
            if action.verb not in PLANNED:
                continue
            after = copy_state(played)
            rules.advance(after, seat, action)
            finish_turn(after, seat)
            score = worth(after, seat, scale) - base - scale * _means(state, seat)
            if choice is None or score > best:
                best, choice = score, first or action
    return choice


def worth(state: CampaignTrailState, seat: str, scale: float) -> float:
    """The seat's chance of winning, and its means to place voters at `scale` each."""
    return evaluate(state)[seat] + scale * _means(state, seat)


def _means(state: CampaignTrailState, seat: str) -> float:
    """The voters the party could place with what it holds: its registered voters, as far as its money pays."""
    party = state.parties[state.players[seat].party]
    return min(party.registered, party.money / PRICE)


def _voter_worth(state: CampaignTrailState, seat: str) -> float:
    """What one more voter of the seat's party adds to its chance of winning, averaged over its TOP best states."""
    gains = sorted(voter_gains(state, state.players[seat].party).values(), reverse=True)[:TOP]
    return sum(gains) / len(gains)


def _own_turn(state: CampaignTrailState, seat: str) -> bool:
    """Whether the seat's own turn goes on with a decision of its own (no rival's response awaited)."""
    t = state.turn
    return state.phase == "play" and t is not None and t.seat == seat and rules.owing(state) == [seat]


def finish_turn(state: CampaignTrailState, seat: str) -> None:
    """Play the rest of the seat's turn on `state` itself: a campaign's voters where one more raises the chance of
    winning most, every other step the one the evaluation scores best (`done`, else the first listed, where it
    cannot tell)."""
    for _ in range(MAX_STEPS):
        if not _own_turn(state, seat):
            return
        actions = rules.choices(state, seat)[0]
        if not actions:
            return
        if len(actions) > 1 and state.turn.action == "campaign" and state.wait is None:
            votes = [a for a in actions if a.verb == "vote"]
            gains = voter_gains(state, state.players[seat].party)
            if votes and max(gains[a.args[0]] for a in votes) > TIE:
                rules.advance(state, seat, max(votes, key=lambda a: gains[a.args[0]]))
                continue
        if len(actions) == 1:
            rules.advance(state, seat, actions[0])
            continue
        scores = _one_step(state, seat, actions)
        if max(scores) - min(scores) < TIE:
            done = [a for a in actions if a.verb == "done"]
            rules.advance(state, seat, done[0] if done else actions[0])
        else:
            rules.advance(state, seat, actions[scores.index(max(scores))])


def _one_step(state: CampaignTrailState, seat: str, actions: list[Action]) -> list[float]:
    """The evaluation's score for the seat after each action, one step ahead on a copy."""
    scores = []
    for action in actions:
        after = copy_state(state)
        rules.advance(after, seat, action)
        scores.append(evaluate(after)[seat])
    return scores
