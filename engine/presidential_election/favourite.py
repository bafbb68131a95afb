"""The default move of the `hard` level (the ruleset's `search_favourite`): the built-in bot's move (bot.py), except
that it keeps its campaign money for the turns near the end.

A Sign or Television Campaign bought early is answered: the rival has many turns left to buy the state back, so
the votes bought there are spent for little. Money kept is never lost, but a turn may spend at most the cap, so
money kept past what the remaining turns can spend is wasted. The patient player therefore buys the bot's Sign or
Television Campaign only when this turn may be its last, or with money beyond its reserve: SHARE of what the rounds
after this one could spend (the cap each, less the fundraising each brings in). Where the bot's best buy is held
back, the turn ends: the ballots and flights the bot ranks lower are not bought instead, their money kept as well
(a Party Convention gives ballots free). It also makes the biggest state its home, where the bot keeps to a
middling one lest the home draw the rival's money: the home's votes there take several Television Campaigns to
overturn, and money kept for the end is there to answer them. Everything else (the trail, debates, running mates,
conventions, cards) is the bot's move.

SHARE was measured against `normal` over 200 games (seeds 1-100, both seats): keeping all of it won 63%, half 71%,
three tenths 67.5%. Buying the ballots and flights instead of ending the turn won 60.5% at half. Over 400 games
each (seed blocks 1 and 1001, both seats), the biggest home won 75.2% and 70.8% where the bot's home won 64.0% and
65.0%; a home up to 30 electoral votes won 66.0%, up to 40 73.0% (block 1).

The move reads only the state it is given: a search hands it a determinized one.
"""
from __future__ import annotations

from engine.core.rng import Rng
from engine.core.types import Action
from engine.presidential_election import bot, menus
from engine.presidential_election.evaluate import rounds_left
from engine.presidential_election.primitives import c, cap, ev, price
from engine.presidential_election.state import PEState

INCOME = 2.0  # the d3s a turn's fundraising brings in on average, in units of the fundraising unit
SHARE = 0.5  # the share of what later turns could spend that is kept for them
HELD = ("sign", "tv")  # the purchases held back until the end nears


def favourite(state: PEState, seat: str, rng: Rng) -> Action:
    """The patient player's move for `seat`: always one of its legal actions, deterministic for a given state and
    stream."""
    home = biggest_home(state, seat) if state.phase == "home" else None
    if home is not None:
        return home
    if state.phase != "play" or state.tasks or state.turn.stage != "campaign" or state.current != seat:
        return bot.bot_action(state, seat, rng)
    if state.turn.buying not in (None, "fly"):
        return bot.bot_action(state, seat, rng)  # the state of a purchase already chosen: where the bot would
    options = [bot.Choice(a) for a in menus.legal(state, seat)]
    b = bot.Board(state, seat)
    plan = patient_plan(state, seat, b)
    if state.turn.buying == "fly":
        picks = [o for o in options if o.action.verb == "state"]
        if plan is not None and plan[1] == "fly" and any(bot.choice_arg(o) == plan[2] for o in picks):
            return Action(verb="state", args=(plan[2],))
        return bot.bot_action(state, seat, rng)
    if plan is None:
        return Action(verb="done")
    verb = "fly" if plan[1] == "fly" else "buy"
    for o in options:
        if o.action.verb == verb and (verb == "fly" or bot.choice_arg(o) == plan[1]):
            return o.action
    return Action(verb="done")


def biggest_home(state: PEState, seat: str) -> Action | None:
    """The home offered to `seat` with the most electoral votes in the game's era (ties to the first
    alphabetically), or None where no home is offered to it."""
    offered = [a for a in menus.legal(state, seat) if a.verb == "home"]
    return min(offered, key=lambda a: (-ev(state, a.args[0]), a.args[0]), default=None)


def patient_plan(state: PEState, seat: str, b: bot.Board) -> tuple[float, str, str] | None:
    """The bot's best purchase (gain per $1k, item, state), or None — ending the turn — when that purchase is a Sign
    or Television Campaign the money kept for later turns cannot spare. Nothing else is bought instead: a ballot or a
    flight the bot ranks lower is worth less than keeping its money too (a Party Convention gives ballots free)."""
    plan = bot.purchase_plan(state, seat, b)
    if plan is None or plan[1] not in HELD or bot.last_turn(state, seat):
        return plan
    spare = state.players[seat].money - reserve(state, seat)
    return plan if price(state, seat, plan[1]) <= spare else None


def reserve(state: PEState, seat: str) -> float:
    """The money ($1k) worth keeping for later turns: what the rounds after this one can spend (the cap each) less
    the fundraising they bring in."""
    per_turn = cap(state, seat) - INCOME * c().rules.fundraise_unit
    return SHARE * max(0.0, per_turn) * rounds_left(state)
