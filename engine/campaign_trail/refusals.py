"""Why Campaign Trail refuses a well-formed move: the rule, in one sentence with the facts.

check_legal asks only when the move is not among the seat's options. The reason is found where decisions()
finds the options: first the moment (setup, a debate, a response window, a card exchange, a politick's choice,
the turn's card, its action's steps), then the verb within it. A verb that belongs to another moment is told
when it belongs and what must be answered first. The action-level checks are in refusal_actions, each the
mirror of the legality it explains. A reason speaks only of what the seat may know: its own hand, its team's,
and the public board.
"""
from __future__ import annotations

from engine.campaign_trail import vocabulary
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail import bans, debates, dirty, rules, solo
from engine.campaign_trail.facts_ask import Choose
from engine.campaign_trail.menus import MENU_MAX, home_choices, legal_actions
from engine.campaign_trail.notation import typed
from engine.campaign_trail.refusal_actions import (
    action_refusal, campaign_vote_refusal, card_name, dirty_step_refusal, issue_refusal, play_refusal,
    travel_refusal, words,
)
from engine.campaign_trail.prompts import step_ask
from engine.campaign_trail.responses import cards_for
from engine.campaign_trail.state import CampaignTrailState, Window
from engine.campaign_trail.turn import EXCHANGE_MAX
from engine.campaign_trail.words_step import choice_labels, question
from engine.core.types import Action
from engine.core.words import plural

CARD_ACTIONS = frozenset((*vocabulary.ACTIONS, *vocabulary.DIRTY_ACTIONS))


def refusal_reason(s: CampaignTrailState, seat: str, action: Action) -> str | None:
    if seat not in s.players:
        return None
    offered = {o.action.verb for o in rules.decisions(s, seat).all_options()}
    reason = _in_this_moment(s, seat, action, offered)
    if reason:
        return reason
    if action.verb not in offered:
        return f"{_when(s, seat, action.verb)}; {_now(s, seat)}"
    return None


# ---------------------------------------------------------------- the verb within the moment


def _in_this_moment(s: CampaignTrailState, seat: str, action: Action, offered: set[str]) -> str | None:
    verb = action.verb
    if s.phase == "candidate" and verb == "candidate":
        c = _c()
        dealt = " and ".join(c.candidates[x].archetype for x in s.players[seat].offer)
        return f"you were dealt {dealt}: keep one of those two"
    if s.phase == "home" and verb == "home":
        return (f"your home state is one of the reference states of the cards in your hand "
                f"({', '.join(home_choices(s, seat))}), and {action.args[0]} is not")
    if s.phase == "debate":
        return _debate(s, seat, action)
    if s.window is not None:  # the seat answers a rival's declaration: only `respond` has arguments to weigh
        return _respond(s, seat, int(action.args[0]), s.window, cards_for(s, seat)) if verb == "respond" else None
    ai_window = (s.solo.window if s.solo else None) or (s.advanced.window if s.advanced else None)
    if ai_window is not None:  # Solo Play: an AI party's direct action waits on Change of Plans
        return _respond(s, seat, int(action.args[0]), ai_window, solo.responses_in_hand(s, seat)) \
            if verb == "respond" else None
    if s.phase != "play" and s.phase != "final":
        return None
    if s.exchange is not None:
        return _exchange(s, seat, action)
    if s.wait is not None:
        return _wait(s, seat, action, offered)
    t = s.turn
    if t is None:
        return _turn_start(s, seat, action)
    if t.action is None:
        if verb in CARD_ACTIONS:
            return action_refusal(s, seat, t.card, verb)
        if verb == "done":
            can = ", ".join(words(a) for a in legal_actions(s, seat, t.card))
            return f"`done` discards the card only when none of its actions can be taken, and {card_name(t.card)} can still {can}"
        return None
    if verb in CARD_ACTIONS:
        return f"this turn's action is already {words(t.action)} with {card_name(t.card)}"
    if t.action in dirty.STEPPED:
        if t.action == "voter_suppression" and not t.strikes and not t.ethics_due and verb in ("to", "fly", "mate"):
            return travel_refusal(s, seat, action, offered)
        return dirty_step_refusal(s, seat, action, offered) if verb in (*dirty.STEP_VERBS, "to", "fly", "mate") else None
    if t.action == "travel" and verb in ("to", "fly", "mate"):
        return travel_refusal(s, seat, action, offered)
    if t.action == "campaign" and verb == "vote":
        return campaign_vote_refusal(s, seat, action.args[0])
    if t.action == "advertise":
        if verb == "issue":
            return issue_refusal(s, seat, action.args[0])
        if verb == "done" and not t.bought:
            return "buy at least one issue before `done`"
    return None


def _turn_start(s: CampaignTrailState, seat: str, action: Action) -> str | None:
    verb = action.verb
    hand = s.players[seat].hand
    if verb == "play":
        return play_refusal(s, seat, int(action.args[0]))
    if verb == "pass":
        return f"you pass your turn only with no cards in hand, and you hold {len(hand)}: play one of them"
    if verb == "responses":
        return "you are already asked in response windows (answering `autopass` in one stops that)"
    if verb in CARD_ACTIONS:
        return f"an action is taken with a card you play: play a card first (`play {hand[0]}`, then `{typed(verb)}`)" \
            if hand else None
    return None


def _debate(s: CampaignTrailState, seat: str, action: Action) -> str | None:
    c = _c()
    d = s.debate
    if d.orator:
        issue = d.orator[0][1]
        if action.verb == "pick":
            return (f"{action.args[0]} does not show {c.debate_issues[issue].name}: the Orator's voter goes to a state "
                    f"showing it ({', '.join(c.issue_states(issue))})")
        return None
    if action.verb != "debate":
        return None
    n = int(action.args[0])
    hand = s.players[seat].hand
    if n not in hand:
        return f"#{n} is not in your hand (you hold {', '.join(card_name(x) for x in hand)})"
    shows = set(c.card(n).debate)
    names = ", ".join(c.debate_issues[i].name for i in c.card(n).debate)
    arena = ", ".join(c.debate_issues[i].name for i in d.markers)
    if shows & set(d.markers):
        return f"your candidate's cards do not move the topic's top-row issues, and {card_name(n)} shows only {names} of those"
    return f"{card_name(n)} shows {names}, and none of them is in the arena ({arena})"


def _respond(s: CampaignTrailState, seat: str, n: int, w: Window, answering: list[int]) -> str:
    c = _c()
    hand = s.players[seat].hand
    if n not in hand:
        return f"#{n} is not in your hand (you hold {', '.join(card_name(x) for x in hand)})"
    fits = " or ".join(c.politicks[p].name for p in w.fits)
    pid = c.card(n).actions.get("politick")
    # a banned politick is refused by its ban (bans.ban, the rule that kept it out of the window)
    what = (bans.ban(s, pid) or f"its politick is {c.politicks[pid].name}") if pid else "it has no politick"
    fitting = ", ".join(card_name(x) for x in answering)
    return f"{w.actor}'s {words(w.action)} can be answered with {fits}, and {card_name(n)} does not answer it ({what})" \
        + (f"; yours that do: {fitting}" if fitting else "")


def _exchange(s: CampaignTrailState, seat: str, action: Action) -> str | None:
    ex = s.exchange
    mate = s.players[ex.partner]
    verb = action.verb
    if ex.give is not None:
        if verb == "take":
            return f"#{action.args[0]} is not in {ex.partner}'s hand ({', '.join(card_name(x) for x in mate.hand)})"
        return f"you are giving {card_name(ex.give)}: take one of {ex.partner}'s cards for it first (`take N`)"
    if verb == "give":
        if ex.swaps >= EXCHANGE_MAX:
            return f"running mates exchange at most {EXCHANGE_MAX} cards, and you have exchanged {ex.swaps}: finish with `done`"
        return f"#{action.args[0]} is not in your hand (you hold {', '.join(card_name(x) for x in s.players[seat].hand)})"
    if verb == "take":
        return "choose the card you give first (`give N`), then the one you take"
    return None


def _wait(s: CampaignTrailState, seat: str, action: Action, offered: set[str]) -> str | None:
    """A politick's (or an ability's) choice: the states, cards, options or voters it offers."""
    c = _c()
    w = s.wait
    verb = action.verb
    kind = w["kind"]
    spots = [x[0] for x in w["among"]] if kind == "strike" else list(w["among"])
    needs_region = kind in ("vote", "pick", "strike") and len(w["among"]) + bool(w.get("optional")) > MENU_MAX \
        and not w.get("region")
    if verb == "region":
        if not needs_region:
            chosen = w.get("region")
            return (f"you have chosen the {c.regions[chosen].name} region: choose there" if chosen
                    else "this choice is short enough to list whole: no region first")
        regions = sorted({c.states[x].region for x in spots})
        return (f"no state this choice allows lies in the {c.regions[action.args[0]].name} region "
                f"(regions that have one: {', '.join(regions)})")
    if verb == "done":
        return f"this choice is not optional: {_lower(_question(s))}" if not w.get("optional") else None
    want = {"vote": "vote", "pick": "pick", "card": "card", "option": "option", "strike": "remove"}[kind]
    if verb != want:
        return None
    if needs_region:
        return f"there are more than {MENU_MAX} states to choose from: choose a region first (`region …`)"
    if kind == "option":
        step = step_ask(s).step
        if not isinstance(step, Choose):
            return None
        labels = "; ".join(f"{i + 1}: {label}" for i, label in zip(step.among, choice_labels(step)))
        return f"the options are numbered {labels}"
    if kind == "card":
        among = ", ".join(card_name(int(x)) for x in w["among"])
        if w.get("putback") is not None:
            return f"#{action.args[0]} is not one of the cards you just drew ({among})"
        return f"#{action.args[0]} is not one of the cards this choice allows ({among})"
    code = action.args[0]
    region = w.get("region")
    if region and code in spots and c.states[code].region != region:
        return f"{code} is not in the {c.regions[region].name} region you chose"
    if kind == "strike":
        victims = [f"{x} {p}" for x, p in w["among"]]
        return f"there is no such voter you may remove: the choices are {', '.join(victims[:12])}"
    listed = ", ".join(sorted(spots)[:14]) + (" …" if len(spots) > 14 else "")
    return f"{code} is not one of the states this choice allows ({listed})"


# ---------------------------------------------------------------- the verb belongs to another moment


def _when(s: CampaignTrailState, seat: str, verb: str) -> str:
    """When `verb` is a move, said against where the game is."""
    t = s.turn
    over = s.phase not in ("candidate", "home")
    if verb == "candidate":
        return "candidates are kept during setup" + (", which is over" if over else "")
    if verb == "home":
        return "home states are chosen during setup, after the candidates" + (", and setup is over" if over else "")
    if verb == "play":
        if not over:
            return "cards are played once setup is done"
        if s.phase == "debate":
            return "in a debate a card is played with `debate N`, not `play`"
        if t is not None and t.seat == seat:
            return "a turn plays one card, and this turn's is down"
        return "a card is played at the start of your turn"
    if verb in CARD_ACTIONS:
        if t is not None and t.seat == seat and t.action is not None:
            return f"this turn's action is already {words(t.action)}"
        return f"`{typed(verb)}` is an action of the card you play, chosen right after playing it"
    if verb in ("to", "fly"):
        return "your pawn moves only during a travel or a voter suppression"
    if verb == "mate":
        return "`mate` lets your running mate's pawn make a travel's move, with Frequent Flyer in a team game"
    if verb == "vote":
        return "voters are placed one by one during a campaign, or when a politick asks for them"
    if verb == "issue":
        return "issues are bought during an advertise, or chosen in a mudslinging"
    if verb in ("pick", "card", "option", "region"):
        return f"`{verb}` answers a politick's choice, and none asks you for that now"
    if verb in ("give", "take"):
        return "running mates exchange cards after their party's turns, when both pawns are in one region"
    if verb == "done":
        return "`done` finishes a travel, a campaign, an advertise or an optional choice, and none is under way"
    if verb == "pass":
        return "you pass only when you have no cards on your turn, in a debate round, or in a response window"
    if verb == "debate":
        return "debate cards are played only during a debate"
    if verb in ("respond", "autopass"):
        return f"`{verb}` answers a response window, and none is open for you"
    if verb == "responses":
        return "`responses ask` is for the start of your turn, before you play a card"
    if verb == "pay":
        return "voters from your ethically minded states are paid only for a smear campaign or a mudslinging"
    if verb == "remove":
        return "rival voters are removed only in a smear campaign, a mudslinging, a voter suppression or a politick that asks"
    if verb == "target":
        return "`target` names the rival of a flip contributors or a sway minds"
    return f"`{verb}` is not a move of this moment"


def _now(s: CampaignTrailState, seat: str) -> str:
    """The decision in front of the seat, to be answered first."""
    c = _c()
    t = s.turn
    if s.phase == "candidate":
        return "now keep one of your two dealt candidates first"
    if s.phase == "home":
        return "now choose your home state first"
    if s.phase == "debate":
        d = s.debate
        if d.orator:
            return f"the Orator's voters come first: pick a state showing {c.debate_issues[d.orator[0][1]].name}"
        return (f"debate {d.number} is on (round {d.round} of {debates.ROUNDS}): play a card showing an issue in the arena "
                f"(`debate N`) or `pass` first")
    if s.window is not None:
        w = s.window
        return f"a response window is open on {w.actor}'s {words(w.action)}: respond with a response card or pass first"
    if s.exchange is not None:
        ex = s.exchange
        if ex.give is not None:
            return f"you are exchanging cards with {ex.partner}: take one of theirs for {card_name(ex.give)} first"
        return f"you are exchanging cards with {ex.partner}: `give` a card or finish with `done` first"
    if s.wait is not None:
        if s.wait.get("putback") is not None:
            return "first put one of the cards you drew at the bottom of the deck (`card N`)"
        head = "an end-of-game politick" if s.phase == "final" else "a politick"
        return f"{head} waits for your answer first: {_lower(_question(s))}"
    if t is None:
        return "it is your turn: play a card from your hand first"
    if t.action is None:
        can = ", ".join(words(a) for a in legal_actions(s, seat, t.card)) or "nothing: `done` discards it"
        return f"you have played {card_name(t.card)}: take one of its actions first ({can})"
    if t.action in dirty.STEPPED:
        return f"your {words(t.action)} is under way: {_lower(_question(s))}"
    pawn = s.players[t.mover or seat].pawn
    return {
        "travel": f"your travel is under way (the pawn is in {pawn}): move on, or finish with `done` first",
        "campaign": f"your campaign is under way ({plural(t.placed, 'voter')} placed): place voters, or finish with `done` first",
        "advertise": "your advertise is under way: " + ("buy an issue, or finish with `done` first" if t.bought
                                                         else "buy an issue first (`done` comes after one)"),
    }.get(t.action, f"your {words(t.action)} is under way: finish it first")


def _question(s: CampaignTrailState) -> str:
    """The step's question as its prompt asks it, without what asks it."""
    return question(step_ask(s))


def _lower(text: str) -> str:
    """A prompt continuing a sentence: its first word in lower case, unless it is a name like `REP's`."""
    text = text.strip().rstrip(".")
    return text if text[1:2].isupper() else text[:1].lower() + text[1:]
