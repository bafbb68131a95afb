"""The built-in bot: always one of decisions()'s options (read unworded, from menus.legal), deterministic given its
Rng, and playing like a reasonable human. Everything is judged by one yardstick: the electoral votes it expects to
carry, where a state is worth its electoral votes times a smooth chance of carrying it — a softmax of the candidates'
votes there (a k-way tie is worth 1/k), over a width that shrinks as the end nears (a one-vote lead early
on is nothing; in the last turn of the game it is everything) and is in proportion to the state's
electoral votes (rivals pour money into the big states; a small state's lead is surer, so small states are
settled during the game rather than left tied for the last seat's final turn). From that:

- campaigning spends greedily on the purchase with the best expected gain per $1k — ballots in big states
  it is not on, Sign / Television Campaigns in close states worth winning, airfare to the state where the
  end-of-turn handshake vote counts most — until nothing is worth buying or the money or the cap runs out
  (it saves for a Television Campaign when that is clearly the better buy and the game is not ending);
- free votes, running mates, pots and card choices go where one more vote gains most; stakes come from
  where a vote is missed least;
- a debate is started when its expected swing (own gain plus the rival's loss) is positive;
- home state: the biggest left up to 20 electoral votes (a giant home draws every rival's money);
  Advantage: a fixed order of usefulness; the opening roll's winner plays last (the last word counts).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from engine.core.rng import Rng
from engine.core.types import Action
from engine.presidential_election import menus
from engine.presidential_election.cards import asked_now
from engine.presidential_election.primitives import affordable, c, ev, hook, price
from engine.presidential_election.state import PEState

# Advantages, most useful first (money over the game, then votes, then dice).
ADVANTAGE_ORDER = ("A04", "A02", "A07", "A09", "A11", "A10", "A13", "A15", "A14", "A01", "A05", "A12", "A06",
                   "A03", "A16", "A08")
AVG_ROLL = 3.5
TV_SPREAD = ((-3, 1 / 6), (0, 2 / 3), (3, 1 / 6))  # 6d3 about its mean 12: the same variance, three points
SAVE_FOR_TV = 1.25  # save for a Television Campaign when its gain per $1k beats the best buy by this much
FINAL_AFTER = 1.2  # the last round's width per rival still to move after this seat
WIDE_EV, WIDE_POW, WIDE_MIN, WIDE_MAX = 54.0, 1.0, 0.05, 2.0  # a state's width: the game's times (EV / 54) ** POW, clipped


class Choice(NamedTuple):
    """One of decisions()'s options as the bot reads it: its action, without the words a player is shown."""
    action: Action


def bot_action(state: PEState, seat: str, rng: Rng) -> Action:
    options = [Choice(a) for a in menus.legal(state, seat)]
    if not options:
        raise ValueError(f"{seat} owes no move")
    verbs = {o.action.verb for o in options}
    if "roll" in verbs:
        return Action(verb="roll")
    if "last" in verbs:  # the last word in the last round is worth more than moving first (see the Balance notes)
        return Action(verb="last")
    if state.phase == "home":
        return _best(options, lambda o: _home_score(state, choice_arg(o))).action
    if state.phase == "advantage":
        return min(options, key=lambda o: _adv_rank(o.action.args[0])).action
    b = Board(state, seat)
    if state.tasks:
        return _task(state, seat, b, options)
    if state.turn.buying is not None:
        return _purchase_state(state, seat, b, options)
    return _campaign(state, seat, b, options)


HOME_MAX_EV = 20  # the biggest home worth having: a bigger one draws every rival's Television money


def _home_score(state: PEState, code: str) -> tuple[int, int]:
    """The biggest state up to HOME_MAX_EV first, then the bigger ones smallest first."""
    e = ev(state, code)
    return (e <= HOME_MAX_EV, e if e <= HOME_MAX_EV else -e)


def _adv_rank(card: str) -> tuple[int, str]:
    return (ADVANTAGE_ORDER.index(card) if card in ADVANTAGE_ORDER else len(ADVANTAGE_ORDER), card)


# ---------------------------------------------------------------- the yardstick


class Board:
    """Per-state votes for `seat` and its best rival, the electoral votes, and the curve's width."""

    def __init__(self, state: PEState, seat: str) -> None:
        self.state, self.seat = state, seat
        self.me = state.players[seat].votes
        others = [p.votes for s, p in state.players.items() if s != seat]
        self.ev, sizes = _era(state.options.era)
        width = _width(state, seat)
        self.width = width
        # the best rival's votes; the state's width (rivals pour their money into the big states, so a
        # lead there is less sure than the same lead in a small state nobody else bothers with); and the
        # rivals' weight relative to the best of them (a rival off the ballot counts as 0 votes: it
        # could still get on), for the multi-candidate chance below
        self.rival, self.w, self.rest = {}, {}, {}
        exp = math.exp
        for code, size in sizes.items():
            votes = [v.get(code, 0) for v in others]
            top = max(votes, default=0)
            w = width * size
            self.rival[code], self.w[code] = top, w
            self.rest[code] = sum(exp((v - top) / w) for v in votes)

    def p(self, code: str, mine: int) -> float:
        """Chance of carrying `code` with `mine` votes there (0 off its ballot): a softmax of the votes
        over the width, so a k-way tie is worth 1/k and two players get the logistic of the margin."""
        if mine <= 0:
            return 0.0
        return _share(mine - self.rival[code], self.rest[code], self.w[code])

    def gain(self, code: str, n: int) -> float:
        """Expected electoral votes gained by n more votes in `code` (none off its ballot)."""
        m = self.me.get(code, 0)
        if m <= 0:
            return 0.0
        return self.ev[code] * (self.p(code, m + n) - self.p(code, m))

    def loss(self, code: str) -> float:
        m = self.me.get(code, 0)
        return self.ev[code] * (self.p(code, m) - self.p(code, m - 1))

    def ballot_gain(self, code: str) -> float:
        """A ballot: its one vote, plus the right to campaign there later while there is time."""
        later = 0.5 * self.ev[code] * min(1.0, self.width / 8) if self.width > 1 else 0.0
        return max(self.ev[code] * self.p(code, 1), later)

    def sign_gain(self, code: str) -> float:
        bonus = hook(self.state.players[self.seat], "sign_bonus")
        dice = c().rules.sign_dice
        lo, hi = dice + bonus, 3 * dice + bonus
        return sum(self.gain(code, k) for k in range(lo, hi + 1)) / (hi - lo + 1)

    def tv_gain(self, code: str) -> float:
        mean = 2 * c().rules.tv_dice + hook(self.state.players[self.seat], "tv_bonus")
        return sum(w * self.gain(code, max(1, mean + d)) for d, w in TV_SPREAD)


@lru_cache(maxsize=8)
def _era(era: int) -> tuple[dict[str, int], dict[str, float]]:
    """Each state's electoral votes in `era`, and its width factor: sqrt(EV / WIDE_EV), clipped."""
    evs = {code: info.ev[era] for code, info in sorted(c().states.items())}
    return evs, {code: min(WIDE_MAX, max(WIDE_MIN, (e / WIDE_EV) ** WIDE_POW)) for code, e in evs.items()}


def _share(lead: float, rest: float, width: float) -> float:
    """exp(mine) / (exp(mine) + sum of the rivals' exp), given the lead over the best rival and the
    rivals' sum relative to that best one."""
    x = -lead / width
    if x > 50:
        return 0.0
    return 1.0 / (1.0 + rest * math.exp(x))


def _width(state: PEState, seat: str) -> float:
    """How uncertain a state's final margin still is, in votes: wide early, narrow at the end, nothing
    once nobody moves after this seat. Near the end it is blended with the final turn's by the chance
    that a rival still to move this round reaches Election Day and makes this the last round."""
    after = len(state.order) - 1 - state.order.index(seat) if seat in state.order else 0
    final = 0.3 + FINAL_AFTER * after
    if state.last_round:
        return final
    lead = max(p.trail for p in state.players.values())
    rounds = max(1.0, (len(c().track) - lead) / AVG_ROLL)
    q = _ends_this_round(state, seat)
    return q * final + (1 - q) * (1.5 + 1.5 * rounds)


def _ends_this_round(state: PEState, seat: str) -> float:
    """The chance that someone still to move this round after `seat` comes back to Election Day."""
    if seat not in state.order:
        return 0.0
    length = len(c().track)
    stay = 1.0
    for other in state.order[state.order.index(seat) + 1:]:
        need = length - state.players[other].trail
        stay *= 1 - max(0, min(6, 7 - need)) / 6
    return 1 - stay


def _best(options: list[Choice], score) -> Choice:  # noqa: ANN001
    """The option with the highest score; ties to the first in notation order (deterministic)."""
    return max(options, key=lambda o: (score(o), _neg(o.action.notation())))


def _neg(text: str) -> tuple[int, ...]:
    return tuple(-ord(ch) for ch in text)


def choice_arg(o: Choice) -> str:
    return o.action.args[0] if o.action.args else ""


# ---------------------------------------------------------------- campaigning


def last_turn(state: PEState, seat: str) -> bool:
    """This turn may well be the seat's last: no saving up then."""
    return state.last_round or state.players[seat].trail + 6 >= len(c().track) or _ends_this_round(state, seat) > 0.3


def purchase_plan(state: PEState, seat: str, b: Board) -> tuple[float, str, str] | None:
    """The best purchase now as (gain per $1k, item, state), or None when none is worth it."""
    player = state.players[seat]
    candidates: list[tuple[float, str, str]] = []
    on = sorted(player.votes)
    if affordable(state, seat, "ballot"):
        cost = max(price(state, seat, "ballot"), 1)
        for code in c().states:
            if code not in player.votes:
                candidates.append((b.ballot_gain(code) / cost, "ballot", code))
    tv_best = None
    for item in ("sign", "tv"):
        cost = max(price(state, seat, item), 1)
        fn = b.sign_gain if item == "sign" else b.tv_gain
        best = max(((fn(code) / cost, item, code) for code in on), default=None)
        if item == "tv":
            tv_best = best
        if best is not None and affordable(state, seat, item):
            candidates.append(best)
    if not state.turn.flown and affordable(state, seat, "fly") and player.map_at is not None:
        here = b.gain(player.map_at, 1)
        code = max(on, key=lambda s: (b.gain(s, 1), s))
        if code != player.map_at and b.gain(code, 1) > here:
            candidates.append(((b.gain(code, 1) - here) / max(price(state, seat, "fly"), 1), "fly", code))
    if not candidates:
        return None
    best = max(candidates, key=lambda t: (t[0], t[1], _neg(t[2])))
    if best[0] <= 1e-6:
        return None
    if (best[1] == "sign" and tv_best is not None and not affordable(state, seat, "tv")
            and not last_turn(state, seat) and tv_best[0] > SAVE_FOR_TV * best[0]):
        return None  # worth saving up for the Television Campaign
    return best


def _campaign(state: PEState, seat: str, b: Board, options: list[Choice]) -> Action:
    plan = purchase_plan(state, seat, b)
    if plan is None:
        return Action(verb="done")
    _, item, _code = plan
    verb = "fly" if item == "fly" else "buy"
    for o in options:
        if o.action.verb == verb and (verb == "fly" or choice_arg(o) == item):
            return o.action
    return Action(verb="done")


def _purchase_state(state: PEState, seat: str, b: Board, options: list[Choice]) -> Action:
    item = state.turn.buying
    picks = [o for o in options if o.action.verb == "state"]
    if not picks:
        return Action(verb="cancel")
    if item == "fly":
        plan = purchase_plan(state, seat, b)
        if plan is not None and plan[1] == "fly" and any(choice_arg(o) == plan[2] for o in picks):
            return Action(verb="state", args=(plan[2],))
        return _best(picks, lambda o: b.gain(choice_arg(o), 1) if choice_arg(o) in b.me else -1.0).action
    fn = {"ballot": b.ballot_gain, "sign": b.sign_gain, "tv": b.tv_gain}[item or "sign"]
    return _best(picks, lambda o: fn(choice_arg(o))).action


# ---------------------------------------------------------------- tasks


def _task(state: PEState, seat: str, b: Board, options: list[Choice]) -> Action:
    task = state.tasks[0]
    picks = [o for o in options if o.action.verb not in ("decline", "done", "cancel")]
    if task.kind == "stake":
        return _best(picks, lambda o: -b.loss(choice_arg(o))).action
    if task.kind == "vp":
        return _best(picks, lambda o: b.gain(choice_arg(o), task.n)).action
    if task.kind == "place":
        return _best(picks, lambda o: b.gain(choice_arg(o), 1)).action
    if task.kind == "convention":
        return _best(picks, lambda o: b.ballot_gain(choice_arg(o))).action if picks else Action(verb="done")
    if task.kind == "free_tv":
        return _best(picks, lambda o: b.tv_gain(choice_arg(o))).action
    if task.kind == "effect":
        asked = asked_now(state)
        use, n = (asked.use, asked.n) if asked else ("votes", 1)
        fn = {"ballot": b.ballot_gain, "sign": b.sign_gain, "tv": b.tv_gain}.get(use, lambda s: b.gain(s, n))
        return _best(picks, lambda o: fn(choice_arg(o)) if choice_arg(o) in b.me or use == "ballot" else 0.0).action
    return _debate(state, seat, task, b, options)


def _debate(state: PEState, seat: str, task, b: Board, options: list[Choice]) -> Action:  # noqa: ANN001
    """Go ahead only when the expected swing is positive; name the state where it is best."""
    if not task.accepted:
        best: tuple[float, str] = (0.0, "")
        for o in options:
            if o.action.verb != "debate":
                continue
            rival = choice_arg(o)
            where = [task.state] if task.state else _common(state, seat, rival)
            value = max((_swing(state, seat, rival, code, b) for code in where), default=0.0)
            if value > best[0] + 1e-9:
                best = (value, rival)
        if best[1]:
            return Action(verb="debate", args=(best[1],))
        return Action(verb="decline")
    assert task.target is not None
    picks = [o for o in options if o.action.verb == "state"]
    if not picks:
        return Action(verb="decline")
    top = _best(picks, lambda o: _swing(state, seat, task.target, choice_arg(o), b))
    if _swing(state, seat, task.target, choice_arg(top), b) <= 0:
        return Action(verb="decline")
    return top.action


def _common(state: PEState, a: str, b: str) -> list[str]:
    return sorted(set(state.players[a].votes) & set(state.players[b].votes))


@lru_cache(maxsize=64)
def _diffs(bonus: int) -> tuple[tuple[int, float], ...]:
    """The debate's signed die difference (mine minus the rival's, bonuses in) and its chance."""
    out: dict[int, float] = {}
    for x in range(1, 7):
        for y in range(1, 7):
            out[x - y + bonus] = out.get(x - y + bonus, 0.0) + 1 / 36
    return tuple(sorted(out.items()))


def _swing(state: PEState, seat: str, rival: str, code: str, b: Board) -> float:
    """Expected (own electoral-vote gain + the rival's loss, halved beyond two players) of debating
    `rival` in `code`."""
    me, them = state.players[seat].votes.get(code, 0), state.players[rival].votes.get(code, 0)
    if me < 1 or them < 1:
        return 0.0
    floor = min(me, them) - 1
    if floor <= 0:
        return 0.0
    bonus = hook(state.players[seat], "debate_bonus") - hook(state.players[rival], "debate_bonus")
    weight = 1.0 if len(state.players) == 2 else 0.5
    e = b.ev[code]

    others = [p.votes.get(code, 0) for s, p in state.players.items() if s not in (seat, rival)]
    w = b.w[code]

    def chance(mine: int, other: int) -> float:
        top = max([other, *others])
        rest = sum(math.exp((v - top) / w) for v in (other, *others))
        return _share(mine - top, rest, w)

    base_me, base_them = chance(me, them), chance(them, me)
    total = 0.0
    for d, w in _diffs(bonus):
        n = min(abs(d), floor) * (1 if d > 0 else -1 if d < 0 else 0)
        total += w * (e * (chance(me + n, them - n) - base_me) - weight * e * (chance(them - n, me + n) - base_them))
    return total
