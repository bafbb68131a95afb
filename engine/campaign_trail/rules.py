"""Campaign Trail rules: whose move it is, legality (decisions), apply, deadlines and the invariants.

A turn is a sequence of atomic steps, each offered by decisions() as a short menu:
`play 97` (a card from hand) → `campaign` (one of its four actions) → the action's parameters one at a
time (`vote VA`, `to OH`, `fly NY`, `issue taxes`, `pick MT`) → `done` where the action takes a
variable number of them. Fundraise and register finish at once. Then the card is discarded and the
player draws up to five.

This is the top of the package: it dispatches to setup, menus, turn_steps, turn, responses, debates and dirty, which
build on moves, effects and primitives (see tests/architecture/test_import_cycles.py).
"""
from __future__ import annotations

from collections import Counter

from engine.campaign_trail import advanced_solo, debates, menus, responses, solo
from engine.campaign_trail import facts_ask as fa
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.menus import home_choices, legal_actions, step_actions, step_menu
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail.posting import Log, Picture, Private, SilentLog, Tell, by, step_result
from engine.campaign_trail.prompts import step_ask
from engine.campaign_trail.primitives import HAND, act, play_act, electoral_votes, game_cards, neighbours
from engine.campaign_trail.resolve_action import take_action
from engine.campaign_trail.setup import assign_seats, load_state, seat_names, setup
from engine.campaign_trail.state import CampaignTrailState
from engine.campaign_trail.turn import EXCHANGE_MAX, ai_turns, hidden_facts, outcome
from engine.campaign_trail.turn_steps import turn_step
from engine.core.errors import IllegalAction
from engine.core.hidden import revealed
from engine.core.types import Action, ApplyResult, Decision, Option, PendingKind, copy_state

# the rules' entry points, as ruleset.py, the scenario runner and the tests reach them
__all__ = ["apply", "assign_seats", "current_party", "deadline_action", "decisions", "legal_actions",
           "load_state", "neighbours", "outcome", "owes", "problems", "seat_names", "setup"]


def current_party(s: CampaignTrailState) -> str | None:
    return s.order[s.order_index] if s.phase == "play" else None


def can_start(s: CampaignTrailState, seat: str) -> bool:
    if s.phase != "play" or s.turn is not None or s.exchange is not None:
        return False
    party = s.parties[current_party(s)]
    if s.players[seat].party != party.id:
        return False
    if s.players[seat].role == "BOTH":
        return len(s.taken) < 2
    return seat not in s.taken


def owes(s: CampaignTrailState, seat: str) -> bool:
    if seat not in s.players:
        return False
    p = s.players[seat]
    if s.phase == "candidate":
        return p.candidate is None
    if s.phase == "home":
        return p.home is None
    if s.phase == "play":
        if s.solo is not None and s.solo.window is not None:  # Change of Plans on an AI direct action
            return solo.owes(s, seat)
        if advanced_solo.waiting(s):  # the same, with the Advanced Solo Deck
            return advanced_solo.owes(s, seat)
        if s.window is not None:
            return responses.owes(s, seat)
        if s.wait is not None and s.wait.get("seat"):  # a politick asks one player (Scandal's rivals, Intimidation)
            return s.wait["seat"] == seat
        if s.exchange is not None:
            return s.exchange.seat == seat
        return (s.turn is not None and s.turn.seat == seat) or can_start(s, seat)
    if s.phase == "final":
        return s.final_seat == seat and s.wait is not None
    if s.phase == "debate":
        return debates.current(s) == seat
    return False


def owing(s: CampaignTrailState) -> list[str]:
    """The seats that owe a decision (`owes`), in seat order: found at once where only one can owe it."""
    phase = s.phase
    if phase == "play":
        if s.window is not None or (s.solo is not None and s.solo.window is not None) \
                or (s.advanced is not None and advanced_solo.waiting(s)):
            return [seat for seat in s.seats if owes(s, seat)]  # a response window: each seat asked has its say
        w, t = s.wait, s.turn
        if w is not None and w.get("seat"):
            one = w["seat"]
        elif s.exchange is not None:
            one = s.exchange.seat
        elif t is not None:
            one = t.seat
        else:
            return [seat for seat in s.seats if seat in s.players and can_start(s, seat)]
    elif phase == "final":
        one = s.final_seat if s.wait is not None else None
    elif phase == "debate":
        one = debates.current(s)
    else:
        return [seat for seat in s.seats if owes(s, seat)]
    return [one] if one in s.players and one in s.seats else []


def choices(s: CampaignTrailState, seat: str) -> tuple[list[Action], list[Action]]:
    """What the seat may do now, without a word: its decision's answers and its plays allowed at any time. The one
    source of legality: decisions() gives them as options with their facts (words_ask.py words them), the silent
    path (silent.py) takes them as they are."""
    if seat not in s.players or not owes(s, seat):
        return [], []
    return owed_choices(s, seat)


def owed_choices(s: CampaignTrailState, seat: str) -> tuple[list[Action], list[Action]]:
    """choices() of a seat that owes a decision (`owes`)."""
    if s.phase == "debate":
        return debates.choices(s, seat), []
    if (s.solo is not None and s.solo.window is not None) or (s.advanced is not None and advanced_solo.waiting(s)):
        return solo.change_of_plans_choices(s, seat), []
    if s.window is not None:
        return responses.choices(s, seat), []
    p = s.players[seat]
    if s.phase == "candidate":
        return [act("candidate", cid) for cid in p.offer], []
    if s.phase == "home":
        return [act("home", code) for code in home_choices(s, seat)], []
    t = s.turn
    if s.exchange is not None:
        ex = s.exchange
        if ex.give is not None:
            return [act("take", str(n)) for n in s.players[ex.partner].hand], []
        gives = [act("give", str(n)) for n in p.hand] if ex.swaps < EXCHANGE_MAX else []
        return [*gives, act("done")], []
    if s.phase == "final" or (t is not None and (t.action is not None or s.wait is not None)):
        return step_actions(s, seat), []
    if t is None:
        playable = menus.playable(s, seat) or list(p.hand)
        plays = [play_act(n) for n in playable] if p.hand else [act("pass")]
        return plays, [act("responses", "ask")] if seat in s.autopass else []
    return [act(a) for a in menus._legal_actions(s, seat, t.card, {})] or [act("done")], []


def owes_move(s: CampaignTrailState, seat: str) -> bool:
    """decisions(s, seat).owes_move, without building the options where they cannot be none: a turn's card to
    play (or `pass`) and an action of it (or `done`). Only the other decisions' choices are listed to tell."""
    if not owes(s, seat):
        return False
    return plain_turn(s) or bool(owed_choices(s, seat)[0])


def plain_turn(s: CampaignTrailState) -> bool:
    """Whether the decision owed is a turn's card to play (or `pass`) or an action of it (or `done`): a choice
    that is never empty."""
    t = s.turn
    return (s.phase == "play" and s.window is None and s.exchange is None and s.wait is None
            and (t is None or t.action is None) and (s.solo is None or s.solo.window is None)
            and (s.advanced is None or not advanced_solo.waiting(s)))


def plain_owing(s: CampaignTrailState) -> list[str] | None:
    """The seats that owe a decision when it is a plain turn's (`plain_turn`), in seat order: the turn's player,
    or those who may start a turn; None when the decision owed is another (`owes` tells who owes it)."""
    if not plain_turn(s):
        return None
    t = s.turn
    if t is not None:
        return [t.seat]
    return [seat for seat in s.seats if seat in s.players and can_start(s, seat)]


def decisions(s: CampaignTrailState, seat: str) -> Decision:
    """The seat's decision: choices() with the question's facts and each option's (words_ask.py words them)."""
    if seat not in s.players or not owes(s, seat):
        return Decision(seat=seat)
    if s.phase == "debate":
        return debates.decision(s, seat)
    if s.solo is not None and s.solo.window is not None:
        return solo.decision(s, seat)
    if advanced_solo.waiting(s):
        return advanced_solo.decision(s, seat)
    if s.window is not None:
        return responses.decision(s, seat)
    actions, extras = choices(s, seat)
    if s.phase == "candidate":
        solo_kind = "basic" if s.solo is not None else "advanced" if s.advanced is not None else ""
        return _ask(seat, fa.CandidateAsk(solo=solo_kind), actions, PendingKind.SIMULTANEOUS)
    if s.phase == "home":
        return _ask(seat, fa.HomeAsk(), actions, PendingKind.SIMULTANEOUS)
    t = s.turn
    if s.exchange is not None:
        ex = s.exchange
        return _ask(seat, fa.ExchangeAsk(partner=ex.partner, swaps=ex.swaps, most=EXCHANGE_MAX, give=ex.give or 0),
                    actions)
    if t is None and s.phase != "final":
        return _ask(seat, fa.PlayAsk(), actions, extras=extras)
    if s.phase != "final" and t.action is None and s.wait is None:
        return _ask(seat, fa.ActionAsk(card=t.card), actions)
    return Decision(seat=seat, kind=PendingKind.CHOICE, options=step_menu(s, seat), facts=step_ask(s))


def _ask(seat: str, question: fa.Ask, actions: list[Action], kind: PendingKind = PendingKind.CHOICE,
         extras: list[Action] = ()) -> Decision:
    """A decision whose options say it all by their actions and the question."""
    return Decision(seat=seat, kind=kind, facts=question, options=[Option(action=a) for a in actions],
                    extras=[Option(action=a) for a in extras])


def apply(state: CampaignTrailState, seat: str, action: Action, *, tell: Tell,
          picture: Picture | None = None) -> ApplyResult:
    """`tell`: the words' (words.py), which word the step's facts before its lines are held; the rules never word
    a line. `picture(state)`: the public view (JSON) pictured where a post ends within the step (solo_posts.py).
    A step that shows something hidden (a card played from a hand, a card drawn) cannot be taken back."""
    result = _apply(state, seat, action, picture, tell)
    if result.undoable and revealed(hidden_facts(state), hidden_facts(result.state)):
        return result.model_copy(update={"undoable": False})
    return result


def _apply(state: CampaignTrailState, seat: str, action: Action, picture: Picture | None, tell: Tell) -> ApplyResult:
    s = copy_state(state)
    log, private, changed = _log(s, seat, Log, picture), {}, []
    undoable = step(s, seat, action, log, private, changed)
    return step_result(s, log, private, undoable, changed, tell)


_SILENT = SilentLog(None)
"""The log of every silent step: it keeps no line, so one serves them all (who made a line and why, which a step's
blocks set and put back, is never read of it)."""


def advance(s: CampaignTrailState, seat: str, action: Action) -> None:
    """apply() on `s` itself, with no copy, no events and no words: the same step, so `s` ends field for field as
    apply()'s new state (the silent path, silent.py). The seats' standing rules read in the step stay kept after it
    (`_standing`): only the steps change a state the search steps, and a step drops them wherever they change."""
    kept = s.__pydantic_private__
    kept["_owed"] = None
    if kept["_standing"] is None:
        kept["_standing"] = {}
    _step(s, seat, action, _SILENT, {}, [])


def _log(s: CampaignTrailState, seat: str, kind: type[Log], picture: Picture | None = None) -> Log:
    """A step's log: who made each line — this seat, and the card of its turn as the turn's cause."""
    return kind(seat, str(s.turn.card) if s.turn is not None and s.turn.seat == seat and s.turn.card else None, picture)


def step(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private,
         changed: list[str]) -> bool:
    """One step, on `s` itself: its public lines into `log`, its private ones into `private`, the states it
    changed into `changed`. Returns whether it may be taken back."""
    kept = s.__pydantic_private__  # what the search found of the position before the step (silent.py), dropped
    kept["_owed"] = None
    kept["_standing"] = {}  # the seats' standing rules, kept through the step where nothing changes them
    try:
        return _step(s, seat, action, log, private, changed)
    finally:
        kept["_standing"] = None  # read afresh after the step: whatever copies or changes the state next


def _step(s: CampaignTrailState, seat: str, action: Action, log: Log, private: Private,
          changed: list[str]) -> bool:
    if s.phase == "debate":  # a debate card reveals a card from hand: no undo
        debates.apply(s, seat, action, log, private)
        ai_turns(s, log, private)  # the Advanced Solo Deck: after the debate the AI parties go first
        return False
    if s.advanced is not None and advanced_solo.waiting(s):  # a human answers before an AI direct action (the Deck)
        if advanced_solo.answer(s, seat, action, log, private):
            ai_turns(s, log, private)
        return False
    if s.solo is not None and s.solo.window is not None:  # a human answers before an AI direct action
        if solo.answer(s, seat, action, log, private):
            ai_turns(s, log, private)
        return False
    if s.window is not None:
        actor = s.window.actor
        goes_ahead = responses.answer(s, seat, action, log)
        if goes_ahead is None:
            return False
        with by(log, actor, str(s.turn.card) if s.turn is not None and s.turn.card else None):  # the action goes ahead
            take_action(s, actor, goes_ahead, log, private, changed)
        return False
    if action.verb == "responses":  # `responses ask`: be asked again in response windows
        s.autopass = [x for x in s.autopass if x != seat]
        if log.keeps:
            log.append(ft.AskedAgain(seat=seat))
        return True
    return turn_step(s, seat, action, log, private, changed)


def deadline_action(s: CampaignTrailState, seat: str) -> Action:
    """The documented default for each decision (decisions().deadline_default)."""
    d = decisions(s, seat)
    if not d.options:
        raise IllegalAction(f"{seat} owes no move.", code="nothing_owed")
    verbs = {o.action.verb for o in d.options}
    if s.exchange is not None and "done" in verbs:  # mid-swap (a card given, no `done`): the first card listed
        return Action(verb="done")
    # silence passes a response window (Solo Play's Change of Plans too) and a debate round; a choice with no `pass`
    # in it (the Orator's voters after a debate) falls to the first option listed, as its deadline default says
    if (s.phase == "debate" or s.window is not None or (s.solo is not None and s.solo.window is not None)
            or advanced_solo.waiting(s)) and "pass" in verbs:
        return Action(verb="pass")
    c = _c()
    if s.phase == "home":
        return max((o.action for o in d.options), key=lambda a: (c.states[a.args[0]].ev, a.args[0]))
    if s.phase == "play" and s.turn is not None and s.turn.action is None and s.wait is None:
        verbs = [o.action.verb for o in d.options]
        for v in ("fundraise", "register", "travel", "flip_contributors", "sway_minds", "voter_suppression"):
            if v in verbs:
                return Action(verb=v)
    if s.phase == "play" and s.turn is not None and s.wait is None \
            and s.turn.action in ("travel", "voter_suppression", "smear_campaign", "mudslinging") \
            and any(o.action.verb == "done" for o in d.options):
        return Action(verb="done")  # stop moving; no more removals or issues
    return d.options[0].action


def problems(s: CampaignTrailState) -> list[str]:
    """Structural consistency of a state: conservation of voters and cards, money, EV, hands, turn order."""
    c = _c()
    out: list[str] = []
    for p, ps in s.parties.items():
        board = sum(row.get(p, 0) for row in s.voters.values())
        if board + ps.registered != ps.out_of_supply:
            out.append(f"{p}: voters not conserved: {board} on the board + {ps.registered} registered != "
                       f"{ps.out_of_supply} taken from the undecided supply")
        if ps.money < 0 or ps.registered < 0:
            out.append(f"{p}: negative resources (${ps.money}M, {ps.registered} registered)")
    for code, row in s.voters.items():
        if set(row) != set(s.parties) or any(n < 0 for n in row.values()):
            out.append(f"{code}: voters {row} (parties in play {sorted(s.parties)})")
    if set(s.voters) != set(c.states):
        out.append("the board must hold all 51 states")
        return out
    if sum(electoral_votes(s).values()) != 538:
        out.append(f"electoral votes sum to {sum(electoral_votes(s).values())}, not 538")
    cards = [n for p in s.players.values() for n in p.hand] + [n for d in s.decks for n in d] + s.discard + s.removed + s.reshuffled \
        + [tab.card for p in s.players.values() for tab in p.table] \
        + [tab.tucked for p in s.players.values() for tab in p.table if tab.tucked is not None]
    if s.turn is not None and s.turn.card is not None:
        cards.append(s.turn.card)
    if s.turn is not None:
        cards += s.turn.spent
    every = game_cards(s)
    if sorted(cards) != every:
        extra = sorted((Counter(cards) - Counter(every)).elements())
        missing = sorted((Counter(every) - Counter(cards)).elements())
        out.append(f"cards not conserved: extra {extra[:8]}, missing {missing[:8]}")
    out += debates.problems(s) + responses.problems(s) + solo.problems(s) + advanced_solo.problems(s)
    if sorted(s.order) != sorted(s.parties):
        out.append(f"turn order {s.order} is not the parties in play")
    elif s.phase == "play":
        party = s.order[s.order_index]
        if any(s.players[x].party != party for x in s.taken):
            out.append(f"seats {s.taken} finished turns in {party}'s party turn")
        if s.turn is not None and s.players[s.turn.seat].party != party:
            out.append(f"{s.turn.seat} is playing in {party}'s party turn")
        stock = any(s.decks[s.month:])
        for x, p in s.players.items():
            active = s.turn is not None and s.turn.seat == x
            if len(p.hand) > 3 * HAND:  # drawing politicks may lift a hand above five; refills stop at five
                out.append(f"{x} holds {len(p.hand)} cards")
            if stock and not active and len(p.hand) < HAND and x not in s.responded:
                out.append(f"{x} holds {len(p.hand)} cards between turns while the decks still hold cards")
            if p.pawn not in c.states:
                out.append(f"{x}'s pawn is off the map")
    return out
