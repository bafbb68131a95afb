"""Setup, what each side may do (the single source of legality), applying a step (its body: dispatch.py, the
opening phases opening.py), the outcome."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.campaign_manager_2008 import facts as f
from engine.campaign_manager_2008 import stored, waits
from engine.campaign_manager_2008.dispatch import dispatch
from engine.campaign_manager_2008.effects import interpreter
from engine.campaign_manager_2008.opening import deal, start_states
from engine.campaign_manager_2008.primitives import Line, c, said, stamp, tile_rows
from engine.campaign_manager_2008.state import SEATS, CMState, Options, Side
from engine.core.errors import IllegalAction
from engine.core.hidden import Fact, revealed
from engine.core.rng import Randomness
from engine.core.types import (Action, ApplyResult, Decision, Facts, Option, Outcome, copy_state,
                              menu_decision)

VERB_OF_KIND = {"state": "state", "issue": "issue", "toward": "toward", "discard": "discard", "order": "order",
                "enter": "enter", "target": "target"}


# --------------------------------------------------------------------------- setup

def setup(options: dict[str, Any], seats: list[str], seed: int) -> CMState:
    opts = Options.model_validate(options or {})
    content = c()
    state = CMState(seats=list(seats), options=opts, randomness=Randomness.seeded(seed),
                    sides={s: Side(score=content.rules.start_score[s]) for s in SEATS})
    state.news = state.randomness.shuffle(sorted(content.news))
    if opts.deck == "starter":
        for seat in SEATS:
            state.sides[seat].kept = [card.id for card in content.starter_deck(seat)]
        state.first = opts.first if opts.first != "random" else SEATS[state.randomness.below(2)]
        deal(state, [])
        starters = {"OBA": ["MI", "NJ"], "MCC": ["FL", "MO"]}
        start_states(state, [code for seat in SEATS for code in starters[seat]], [])
        return state
    for seat in SEATS:
        side = state.sides[seat]
        side.pool = state.randomness.shuffle([card.id for card in content.pool(seat)])
        side.offer, side.pool = side.pool[:content.rules.draft_look], side.pool[content.rules.draft_look:]
    return state


# --------------------------------------------------------------------------- what may be done

def _opt(verb: str, *args: str, facts: Facts | None = None) -> Option:
    return Option(action=Action(verb=verb, args=tuple(args)), facts=facts)


def can_pay(state: CMState, seat: str, card_id: str) -> bool:
    need = _cost_cards(card_id)
    return need == 0 or need < len(state.sides[seat].hand)


@lru_cache(maxsize=None)
def _cost_cards(card_id: str) -> int:
    """How many other cards must be in hand to pay for `card_id` (0 for no cost or an any-number one)."""
    cost = c().cards[card_id].discard_cost
    return 0 if cost is None or cost.any is not None else cost.n or 0


Offer = tuple[str, str]  # a legal step as (verb, argument), "" for none


def choices(state: CMState, seat: str) -> tuple[str, list[Offer]]:
    """What `seat` may do now, without a word: the decision it faces ("draft", "states", "wait", "cost",
    "cost_any", "action"; "" for none) and each legal step as a (verb, argument) pair ("" for none). The one
    source of legality: `menu` words these, the silent path (silent.py) takes them as they are (`offers`)."""
    where, found = offers(state, seat)
    return where, list(found)


def offers(state: CMState, seat: str) -> tuple[str, tuple[Offer, ...]]:
    """`choices` as a tuple, shared with a cache where it can be: what the silent path reads every step."""
    if seat not in SEATS or state.phase == "over":
        return "", ()
    side = state.sides[seat]
    if state.phase == "draft":
        return ("draft", tuple([("keep", x) for x in side.offer])) if side.offer else ("", ())
    if state.phase == "states":
        if seat in state.sealed.sealed:
            return "", ()
        return "states", tuple([("pick", code) for code in _start_choices(seat, tuple(side.picks))])
    if state.wait is not None:
        if state.wait["seat"] != seat:
            return "", ()
        verb = VERB_OF_KIND[state.wait["kind"]]
        return "wait", tuple([(verb, x) for x in state.wait["among"]])
    turn = state.turn
    if turn is None or turn.seat != seat:
        return "", ()
    if turn.stage == "cost":
        others = tuple([("discard", x) for x in side.hand])
        return ("cost_any", (*others, ("done", ""))) if turn.cost_any else ("cost", others)
    if turn.stage != "action":
        return "", ()
    return "action", _turn_offers(tuple(side.hand), bool(side.deck or side.discard))


@lru_cache(maxsize=1 << 14)
def _turn_offers(hand: tuple[str, ...], cards_to_draw: bool) -> tuple[Offer, ...]:
    """A turn's action: each card of `hand` it can pay for, a draw under the hand limit with a card to draw,
    else a pass."""
    held = len(hand)  # a card in hand: can_pay, with the hand counted once
    found = [("play", x) for x in hand if _cost_cards(x) < held]
    if held < c().rules.draw_limit and cards_to_draw:
        found.append(("draw", ""))
    return tuple(found) or (("pass", ""),)


def owes(state: CMState, seat: str) -> bool:
    """Whether `choices` offers `seat` anything, without making the offers (asked every step of a search, and
    twice a step of apply)."""
    if seat not in SEATS:
        return False
    phase = state.phase
    if phase == "play":
        wait = state.wait
        if wait is not None:
            return wait["seat"] == seat and bool(wait["among"])
        turn = state.turn
        if turn is None or turn.seat != seat:
            return False
        if turn.stage == "cost":
            return turn.cost_any or bool(state.sides[seat].hand)
        return turn.stage == "action"  # an action turn offers a pass at least
    if phase == "draft":
        return bool(state.sides[seat].offer)
    if phase == "states":
        return seat not in state.sealed.sealed and bool(_start_choices(seat, tuple(state.sides[seat].picks)))
    return False


@lru_cache(maxsize=None)
def _start_choices(seat: str, picked: tuple[str, ...]) -> tuple[str, ...]:
    """The states with `seat`'s colour on the back it has not picked yet, in code order."""
    return tuple(sorted(code for code, t in c().states.items() if t.back == seat and code not in picked))


@lru_cache(maxsize=None)
def act(verb: str, arg: str) -> Action:
    """The Action of a (verb, argument) pair, made once: a search asks for the same few thousand again and again."""
    return Action(verb=verb, args=(arg,) if arg else ())


@lru_cache(maxsize=1 << 14)
def actions(found: tuple[Offer, ...]) -> tuple[Action, ...]:
    """The Actions of `offers`' pairs, made once for each set of them: a search asks the same ones again and again."""
    return tuple(act(verb, arg) for verb, arg in found)


def menu(state: CMState, seat: str) -> tuple[Facts | None, list[Option]]:
    """The question `seat` is asked now and its options, as facts: words.py words them."""
    where, found = choices(state, seat)
    if not found:
        return None, []
    side = state.sides[seat]
    if where == "draft":
        return (f.DraftAsk(pick=len(side.kept) + 1, picks=c().rules.deck_size, kept=len(side.kept)),
                [_opt(verb, x) for verb, x in found])
    if where == "states":
        return (f.StartAsk(pick=len(side.picks) + 1, picks=c().rules.start_picks),
                [_opt(verb, code, facts=_STATE) for verb, code in found])
    if where == "wait":
        assert state.wait is not None
        return waits.ask(state.wait), [_wait_opt(state, state.wait["kind"], x) for _, x in found]
    turn = state.turn
    assert turn is not None
    if where == "cost_any":
        asked: Facts = f.AnyCostAsk(card=turn.card or "", paid=len(turn.discarded), hand=len(side.hand))
    elif where == "cost":
        total = len(turn.discarded) + turn.cost_left
        asked = f.CostAsk(card=turn.card or "", index=total - turn.cost_left + 1, total=total)
    else:
        asked = f.TurnAsk(hand=len(side.hand), limit=c().rules.draw_limit)
    deck = f.DeckSize(cards=len(side.deck))
    return asked, [_opt(verb, *([x] if x else []), facts=deck if verb == "draw" else None) for verb, x in found]


_STATE = f.StateChoice()


def _wait_opt(state: CMState, kind: str, value: str) -> Option:
    verb = VERB_OF_KIND[kind]
    if kind in ("discard", "issue", "toward"):
        return _opt(verb, value)
    tile = state.tile(value)  # a state in play shows its rows: what the choice would change
    return _opt(verb, value, facts=f.StateChoice(tile=tile_rows(tile)) if tile else _STATE)


def decisions(state: CMState, seat: str) -> Decision:
    """The seat's decision as facts: the question and each option's action, with what a label needs beyond it
    (a choice an effect waits on: the facts of its question the wait keeps, waits.py)."""
    asked, options = menu(state, seat)
    decision = menu_decision(seat, "", options, lambda found: deadline_action(state, seat, found))
    if decision.owes_move:
        decision.facts = asked
    return decision


def deadline_action(state: CMState, seat: str, options: list[Option] | None = None) -> Action:
    """The mildest legal step: draw (else the first card) on a turn, stop paying an any-number cost, and
    otherwise the first offered choice."""
    options = options if options is not None else menu(state, seat)[1]
    if not options:
        raise IllegalAction(f"{seat} owes no move.", code="illegal_verb")
    for verb in ("draw", "done", "pass"):
        for o in options:
            if o.action.verb == verb:
                return o.action
    return options[0].action


def owing(state: CMState) -> list[str]:
    return [s for s in SEATS if choices(state, s)[1]]


# --------------------------------------------------------------------------- applying

def apply(state: CMState, seat: str, action: Action) -> ApplyResult:
    """The step on a copy of `state`: its events stating facts, unworded and unheld, with the verdict whether its
    public lines wait for the turn's post (the contract words them, then holds or posts them: engine/core/posting.py)."""
    state = copy_state(state)
    secrets_before = hidden_facts(state)
    lines: list[Line] = []
    changed: list[str] = []
    undoable, hold = step(state, seat, action, lines, changed)
    undoable = undoable and not revealed(secrets_before, hidden_facts(state))
    return ApplyResult(state=state, events=[line.event() for line in lines], undoable=undoable, changed=changed,
                       hold=hold)


def step(state: CMState, seat: str, action: Action, events: list[Line], changed: list[str]) -> tuple[bool, bool]:
    """Play `action` on `state` itself, its lines into `events` (Events once apply shows them): the body of
    `apply` and of the silent path's `advance`. Returns whether the step may be undone as far as the rules go
    (apply adds that nothing secret showed) and whether its public lines wait for a later post."""
    turn_of = state.turn.seat if state.turn else None
    others = [s for s in state.seats if s != turn_of]  # the mover owing on is never new
    owing_before = [s for s in others if owes(state, s)]
    negative = state.last_negative if state.turn is not None and state.turn.stage == "negative" else None
    undoable = dispatch(state, seat, action, events, changed)
    _name_the_roll(state, turn_of, events, negative)
    stamp(events, seat)  # who made each line: this seat, unless a line names another or the game
    # One post per turn (engine/core/posting.py): held while the turn goes on, released when it ends,
    # the game ends or someone new must decide (a rival's choice: the turn so far shows why it waits).
    newly = [s for s in others if s not in owing_before and owes(state, s)]
    hold = state.phase == "play" and state.turn is not None and state.turn.seat == turn_of and not newly \
        and state.turn.stage != "action"
    return undoable and not newly, hold


def hidden_facts(state: CMState) -> list[Fact]:
    """What one side alone may see (its hand, its draft offer and keeps, the cards it put out of the draft, its
    sealed starting picks) and what nobody may (the decks, the draft pools, the Breaking News): a step that
    shows one of them — a card played or paid from a hand, a card drawn — cannot be taken back
    (engine/core/hidden.py)."""
    facts: list[Fact] = [((), ("news", x)) for x in state.news]
    for seat in SEATS:
        side = state.sides[seat]
        facts += [((), ("card", x)) for x in (*side.deck, *side.pool)]
        facts += [((seat,), ("card", x)) for x in (*side.hand, *side.offer, *side.kept, *side.removed)]
        facts += [((seat,), ("pick", x)) for x in side.picks]
    return facts


def _name_the_roll(state: CMState, roller: str | None, events: list[Line], face: int | None) -> None:
    """A Going Negative result that waited for its applier's choice (`face`: the roll, when the step began with the
    result under way) comes in a later post than the roll: its first line is told as following from the roll
    (a mark the words fold into that line, `NegativeResumed`)."""
    if face is None or roller is None or not any(e.public or e.facts for e in events):
        return
    events.insert(0, said(f.NegativeResumed, by=None, roller=roller, face=face))


def advance(state: CMState, seat: str, action: Action) -> None:
    """Play `action` on `state` itself and nothing more: `step` without its lines (none is even made), the states
    they change, its post's hold and its undo verdict (the silent path's step: a search shows no line and undoes
    nothing)."""
    dispatch(state, seat, action, None, None, interpreter(False))


def outcome(state: CMState) -> Outcome | None:
    """The game's end, with what decided it as facts (the words make its reason)."""
    decided_by = decided(state)
    if decided_by is None:
        return None
    scores = {s: state.sides[s].score for s in SEATS}
    if isinstance(decided_by, f.ElectionDrawn):
        return Outcome(winners=[], scores=scores, draw=True, facts=decided_by)
    return Outcome(winners=[decided_by.winner], scores=scores, facts=decided_by)


def decided(state: CMState) -> f.ElectionWon | f.ElectionDrawn | None:
    """What decided a finished game: the winner's score against the target, or the level scores (in seat order)
    once every state is won. None while the game goes on."""
    if state.phase != "over":
        return None
    if state.draw:
        a, b = state.seats
        return f.ElectionDrawn(scores=(state.sides[a].score, state.sides[b].score))
    assert state.winner is not None
    return f.ElectionWon(winner=state.winner, score=state.sides[state.winner].score, target=c().rules.target)


def load_state(data: str) -> CMState:
    """A stored state. One stored while the state kept its outcome's reason and its last roll as text loads with
    neither: the reason is made again from the finished state, and the roll is read back from its text."""
    if '"last_dice":' in data:
        data = stored.without_words(data)
    state = CMState.model_validate_json(data)
    if state.wait is not None and "prompt" in state.wait:
        waits.restate(state, interpreter().procs)
    return state

