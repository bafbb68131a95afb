"""The words of the prompts that explain themselves: a card's choices, the running mate, debates, stakes and the
Advantage draw. menus.py decides what is legal; this module only says it, naming every card a prompt asks about
with its whole effect (cardtext.py) and every Advantage card that changes a number the prompt shows."""
from __future__ import annotations

from engine.presidential_election.cards import Asked, asked_now
from engine.presidential_election.cardtext import card_line, card_name
from engine.presidential_election.primitives import c, hook
from engine.presidential_election.state import PEState, Player, Task
from engine.core.words import noun

# How a two-player debate is settled (debates.hold_debate), said wherever one is offered.
DEBATE_HOW = "each rolls a d6; the higher takes the difference in votes from the other there, never a last vote"
AMONG = {"ballot": "whose ballot you are on", "ballot_not_home": "whose ballot you are on, not your home state",
         "off_ballot": "whose ballot you are not on yet"}


def votes(n: int, more: str = "") -> str:
    """`1 vote`, `2 more votes`."""
    return f"{n} {more}{'vote' if n == 1 else 'votes'}"


def advantage_note(player: Player, name: str, what: str) -> str:
    """`3 more from Advantage card A11 — Popular Running Mate` (`what` = "{value} more") when the player's
    Advantage has hook `name`, else ""."""
    value = hook(player, name)
    if not value or player.advantage is None:
        return ""
    return f"{what.format(value=value)} from {card_name(player.advantage)}"


def _gets(asked: Asked) -> str:
    r = c().rules
    if asked.use == "votes":
        return f"it gets {votes(asked.n)}"
    if asked.use == "ballot":
        return "you go on its ballot free, with 1 vote"
    if asked.use == "sign":
        return f"a free Sign Campaign there ({r.sign_dice}d3 votes)"
    return f"a free Television Campaign there ({r.tv_dice}d3 votes)"


def effect_prompt(state: PEState, task: Task) -> str:
    """`Card C25 — Get Out The Vote: … Choose a state (2 of 3) whose ballot you are on, other than UT (already
    chosen for this card): it gets 1 vote.`"""
    asked = asked_now(state)
    if asked is None:  # not paused at a choice (cannot happen while an effect task waits): say the card at least
        return f"{card_line(task.cause)} Choose a state."
    which = f" ({asked.index} of {asked.total})" if asked.total > 1 else ""
    # the card's choices are different states: say which ones it took already (those the list leaves out)
    taken = f", other than {', '.join(asked.taken)} (already chosen for this card)" if asked.taken else ""
    return f"{card_line(task.cause)} Choose a state{which} {AMONG[asked.among]}{taken}: {_gets(asked)}."


def space_name(player: Player) -> str:
    """`space 7, Running-Mate Shortlist`: the trail space the player stands on, as the log names it."""
    space = c().track[player.trail]
    return f"space {space.index}, {space.label}"


def vp_prompt(player: Player, task: Task) -> str:
    """Why a running mate, why this many votes, and where they may go."""
    r = c().rules
    base = r.vp_land_votes if task.cause == "land" else r.vp_pass_votes
    how = (f"you landed on {space_name(player)}, a Pick a VP space" if task.cause == "land"
           else "you passed a Pick a VP space on the Campaign Trail")
    other = (f"passing one brings {r.vp_pass_votes}" if task.cause == "land"
             else f"landing on one brings {r.vp_land_votes}")
    bonus = advantage_note(player, "vp_bonus", "{value} more")
    return (f"Running mate: {how}, so you choose a running mate, who brings you {votes(base)} ({other})"
            f"{', and ' + bonus if bonus else ''}. "
            f"Place all {task.n} in one state whose ballot you are on — not your home state, since a running mate "
            f"comes from another state.")


def debate_offer_prompt(player: Player, task: Task) -> str:
    """A debate the initiator may start or decline, and what started it."""
    if task.cause in c().cards:
        why = f"{card_line(task.cause)} Debate a rival who shares a ballot state with you"
    elif task.cause == "token":
        why = f"You landed on the Campaign Trail space where {task.target} stands: debate {task.target}"
    elif task.cause == "flight":
        why = f"You flew to {task.state}, where {task.target}'s map token stands: debate {task.target} there"
    else:
        why = f"You landed on {space_name(player)}, a Debate space: debate a rival who shares a ballot state with you"
    return f"{why} ({DEBATE_HOW}), or decline."


def stake_prompt(task: Task, seat: str) -> str:
    called = f"{card_line(task.cause)} " if task.cause in c().cards else ""
    return (f"{called}National Debate: stake {votes(task.stakes[seat], 'more ')}, one state at a time, never a state's "
            f"last vote; then everyone who staked rolls a d6 and the highest places the whole pot.")


def advantage_prompt(offer: list[str]) -> str:
    # The prompt is public (every view's `pending`) and the draw is private: the cards' names and whole texts
    # go only in the options, which only the drawer is shown.
    return (f"Keep one of the {len(offer)} Advantage cards you drew (each option gives its whole text); its "
            f"ability lasts all game, and the others go back unseen.")

# What each purchase gives, and the Advantage hooks that change its price or votes (with how to say so).
ITEM_HOOKS = {"ballot": (("ballot_discount", "${value}k off"),), "sign": (("sign_bonus", "+{value} vote"),),
              "tv": (("tv_discount", "${value}k off"), ("tv_bonus", "+{value} votes")),
              "fly": (("airfare_discount", "${value}k off"),)}


def item_detail(state: PEState, seat: str, item: str) -> str:
    """An option's detail: what the purchase gives, and which card changes it."""
    r, player = c().rules, state.players[seat]
    what = {"ballot": "get on a new state's ballot, with 1 vote",
            "sign": f"{r.sign_dice}d3 votes in a state whose ballot you are on",
            "tv": f"{r.tv_dice}d3 votes in a state whose ballot you are on",
            "fly": "move your map token to another state, once a turn"}[item]
    notes = [advantage_note(player, name, how) for name, how in ITEM_HOOKS[item]]
    if item == "fly" and state.turn.free_airfare:
        notes.append(f"free this turn from {card_name(state.turn.free_airfare_card or '')}"
                     if state.turn.free_airfare_card else "free this turn")
    notes = [n for n in notes if n]
    return what + (f" ({'; '.join(notes)})" if notes else "")


def cap_note(player: Player) -> str:
    note = advantage_note(player, "cap_plus", "${value}k more")
    return f"; the limit includes {note}" if note else ""


def convention_prompt(player: Player, task: Task) -> str:
    note = advantage_note(player, "convention_plus", "{value} more at each Convention")
    return (f"Party Convention: get on up to {task.n} more {noun(task.n, 'ballot')} free, one at a time, each with 1 vote, "
            f"or `done`{' (' + note + ')' if note else ''}.")


def free_tv_prompt() -> str:
    return (f"Party Convention: you are on every ballot already, so you get a free Television Campaign "
            f"({c().rules.tv_dice}d3 votes) instead. Which state?")
