"""Setup, what each side may do (the single source of legality), applying a step, the outcome."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

from engine.campaign_manager_2008 import prompts
from engine.campaign_manager_2008.cardtext import NEGATIVE_PREFIX
from engine.campaign_manager_2008.content import negative_text
from engine.campaign_manager_2008.effects import Ctx, interpreter
from engine.campaign_manager_2008.primitives import NAMES, Line, c, card_line, draw_cards, new_tile, stamp, tile_text
from engine.campaign_manager_2008.state import SEATS, CMState, Options, Side, Turn
from engine.content import us_regions
from engine.core.errors import IllegalAction
from engine.core.frames import Wait
from engine.core.hidden import Fact, revealed
from engine.core.posting import post_step
from engine.core.rng import Randomness
from engine.core.types import Action, ApplyResult, Decision, Option, Outcome, copy_state, menu_decision

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
        _deal(state, [])
        starters = {"OBA": ["MI", "NJ"], "MCC": ["FL", "MO"]}
        _start_states(state, [code for seat in SEATS for code in starters[seat]], [])
        return state
    for seat in SEATS:
        side = state.sides[seat]
        side.pool = state.randomness.shuffle([card.id for card in content.pool(seat)])
        side.offer, side.pool = side.pool[:content.rules.draft_look], side.pool[content.rules.draft_look:]
    return state


def _deal(state: CMState, events: list[Line]) -> None:
    """The drafted (or starter) decks shuffled, the opening hands drawn."""
    for seat in SEATS:
        side = state.sides[seat]
        side.deck = state.randomness.shuffle(side.kept)
        side.hand, side.deck = side.deck[:c().rules.opening_hand], side.deck[c().rules.opening_hand:]
        events.append(Line(private={seat: "Your opening hand: " + ", ".join(card_line(x) for x in side.hand) + "."}))
    state.phase = "states"


def _start_states(state: CMState, codes: list[str], events: list[Line]) -> None:
    state.in_play = [new_tile(code) for code in codes]
    state.pool = sorted(code for code in c().states if code not in codes)
    state.phase = "play"
    state.turn = Turn(seat=state.first or SEATS[0])
    events.append(Line(public="The campaign opens in " + "; ".join(tile_text(t) for t in state.in_play)
                               + f". {NAMES[state.turn.seat]} ({state.turn.seat}) plays first.", seat=None))


def _salt(state: CMState, seat: str) -> str:
    """A salt no player can predict (it derives from the hidden PRNG state) yet replays exactly."""
    return hashlib.sha256(f"{state.randomness.prng}|{seat}|start".encode()).hexdigest()[:32]


# --------------------------------------------------------------------------- what may be done

def _opt(verb: str, *args: str, label: str, detail: str = "", group: str = "") -> Option:
    return Option(action=Action(verb=verb, args=tuple(args)), label=label, detail=detail, group=group)


def _state_opt(verb: str, code: str, detail: str = "") -> Option:
    """A choice of one state, by name with its electoral votes, headed by its census region (the board has no
    regions of its own), which a long menu of states groups by."""
    info = c().states[code]
    return _opt(verb, code, label=f"{info.name} ({info.ev} EV)", detail=detail, group=us_regions()[code])


def _card_opt(verb: str, card_id: str) -> Option:
    card = c().cards[card_id]
    return _opt(verb, card_id, label=f"{card_id} {card.title}", detail=card.text)


def can_pay(state: CMState, seat: str, card_id: str) -> bool:
    need = _cost_cards(card_id)
    return need == 0 or need < len(state.sides[seat].hand)


@lru_cache(maxsize=None)
def _cost_cards(card_id: str) -> int:
    """How many other cards must be in hand to pay for `card_id` (0 for no cost or an any-number one)."""
    cost = c().cards[card_id].discard_cost
    return 0 if cost is None or cost.any is not None else cost.n or 0


def choices(state: CMState, seat: str) -> tuple[str, list[tuple[str, str]]]:
    """What `seat` may do now, without a word: the decision it faces ("draft", "states", "wait", "cost",
    "cost_any", "action"; "" for none) and each legal step as a (verb, argument) pair ("" for none). The one
    source of legality: `menu` words these, the silent path (silent.py) takes them as they are."""
    if seat not in SEATS or state.phase == "over":
        return "", []
    side = state.sides[seat]
    if state.phase == "draft":
        return ("draft", [("keep", x) for x in side.offer]) if side.offer else ("", [])
    if state.phase == "states":
        if seat in state.sealed.sealed:
            return "", []
        return "states", [("pick", code) for code in _start_choices(seat, tuple(side.picks))]
    if state.wait is not None:
        if state.wait["seat"] != seat:
            return "", []
        verb = VERB_OF_KIND[state.wait["kind"]]
        return "wait", [(verb, x) for x in state.wait["among"]]
    turn = state.turn
    if turn is None or turn.seat != seat:
        return "", []
    if turn.stage == "cost":
        others = [("discard", x) for x in side.hand]
        return ("cost_any", [*others, ("done", "")]) if turn.cost_any else ("cost", others)
    if turn.stage != "action":
        return "", []
    held = len(side.hand)  # a card in hand: can_pay, with the hand counted once
    found = [("play", x) for x in side.hand if _cost_cards(x) < held]
    if len(side.hand) < c().rules.draw_limit and (side.deck or side.discard):
        found.append(("draw", ""))
    return "action", found or [("pass", "")]


@lru_cache(maxsize=None)
def _start_choices(seat: str, picked: tuple[str, ...]) -> tuple[str, ...]:
    """The states with `seat`'s colour on the back it has not picked yet, in code order."""
    return tuple(sorted(code for code, t in c().states.items() if t.back == seat and code not in picked))


@lru_cache(maxsize=None)
def act(verb: str, arg: str) -> Action:
    """The Action of a (verb, argument) pair, made once: a search asks for the same few thousand again and again."""
    return Action(verb=verb, args=(arg,) if arg else ())


def menu(state: CMState, seat: str) -> tuple[str, list[Option]]:
    where, found = choices(state, seat)
    if not found:
        return "", []
    side = state.sides[seat]
    if where == "draft":
        return (f"Draft pick {len(side.kept) + 1} of {c().rules.deck_size}: keep one of these three campaign cards "
                f"({len(side.kept)} kept so far); the other two leave the game face down.",
                [_card_opt(verb, x) for verb, x in found])
    if where == "states":
        return (f"Secretly pick your starting states: state {len(side.picks) + 1} of {c().rules.start_picks}, among "
                "the states with your colour on the back (both sides' picks are revealed together).",
                [_state_opt(verb, code) for verb, code in found])
    if where == "wait":
        assert state.wait is not None
        return state.wait["prompt"], [_wait_opt(state, state.wait["kind"], x) for _, x in found]
    turn = state.turn
    assert turn is not None
    if where == "cost_any":
        return (prompts.any_cost_prompt(turn.card, len(turn.discarded), len(side.hand)),
                [_card_opt(verb, x) if verb == "discard" else _opt("done", label="Done discarding")
                 for verb, x in found])
    if where == "cost":
        return (prompts.cost_prompt(turn.card, turn.cost_left, len(turn.discarded) + turn.cost_left),
                [_card_opt(verb, x) for verb, x in found])
    return prompts.turn_prompt(len(side.hand), c().rules.draw_limit), [_turn_opt(side, verb, x) for verb, x in found]


def _turn_opt(side: Side, verb: str, arg: str) -> Option:
    if verb == "play":
        return _card_opt(verb, arg)
    if verb == "draw":
        return _opt("draw", label="Draw a card", detail=f"{len(side.deck)} in your deck")
    return _opt("pass", label="Pass", detail="no card to play or draw")


def _wait_opt(state: CMState, kind: str, value: str) -> Option:
    verb = VERB_OF_KIND[kind]
    if kind == "discard":
        return _card_opt(verb, value)
    if kind in ("issue", "toward"):
        return _opt(verb, value, label=value.capitalize())
    tile = state.tile(value)  # a state in play shows its rows: what the choice would change
    return _state_opt(verb, value, detail=tile_text(tile) if tile else "")


def decisions(state: CMState, seat: str) -> Decision:
    return menu_decision(seat, *menu(state, seat), lambda options: deadline_action(state, seat, options))


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
    state = copy_state(state)
    secrets_before = hidden_facts(state)
    lines: list[Line] = []
    changed: list[str] = []
    undoable, hold = step(state, seat, action, lines, changed)
    undoable = undoable and not revealed(secrets_before, hidden_facts(state))
    events = post_step(state, [line.event() for line in lines], changed, hold=hold)
    return ApplyResult(state=state, events=events, undoable=undoable, changed=changed)


def step(state: CMState, seat: str, action: Action, events: list[Line], changed: list[str]) -> tuple[bool, bool]:
    """Play `action` on `state` itself, its lines into `events` (Events once apply shows them): the body of
    `apply` and of the silent path's `advance`. Returns whether the step may be undone as far as the rules go
    (apply adds that nothing secret showed) and whether its public lines wait for a later post."""
    turn_of = state.turn.seat if state.turn else None
    others = [s for s in state.seats if s != turn_of]  # the mover owing on is never new
    owing_before = [s for s in others if choices(state, s)[1]]
    negative = state.last_negative if state.turn is not None and state.turn.stage == "negative" else None
    undoable = _dispatch(state, seat, action, events, changed)
    _name_the_roll(state, turn_of, events, negative)
    stamp(events, seat)  # who made each line: this seat, unless a line names another or the game
    # One post per turn (engine/core/posting.py): held while the turn goes on, released when it ends,
    # the game ends or someone new must decide (a rival's choice: the turn so far shows why it waits).
    newly = [s for s in others if s not in owing_before and choices(state, s)[1]]
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
    result under way) comes in a later post than the roll: its first line names the roll it follows from ("After
    MCC's Going Negative roll of 6 (“Ad Pulled in Disgrace”): OBA gains …")."""
    if face is None or roller is None:
        return
    first = next((e for e in events if e.public), None)
    if first is None:
        return
    text = first.public if first.public.split(" ", 1)[0].isupper() else first.public[:1].lower() + first.public[1:]
    first.public = f"After {roller}'s Going Negative roll of {face} (“{c().negative[face].title}”): {text}"


def _dispatch(state: CMState, seat: str, action: Action, events: list[Line], changed: list[str]) -> bool:
    """Apply the step; returns whether it may be undone (a draft pick shows new cards: no)."""
    verb, arg = action.verb, action.args[0] if action.args else ""
    side = state.sides[seat]
    if state.phase == "draft":
        side.kept.append(arg)
        side.removed += [x for x in side.offer if x != arg]
        look = c().rules.draft_look
        side.offer, side.pool = side.pool[:look], side.pool[look:]
        events.append(Line(public=f"{seat} drafts a card ({len(side.kept)} of {c().rules.deck_size}).",
                            private={seat: f"You keep {card_line(arg)}."}))
        if not side.offer and state.first is None:
            state.first = seat
            events.append(Line(public=f"{seat} finishes the draft first and will play first.", seat=None))
        if all(not state.sides[s].offer for s in SEATS):
            _deal(state, events)
            events.append(Line(public="Both decks are drafted. Each side now secretly picks two starting states.",
                                seat=None))
        return False
    if state.phase == "states":
        side.picks.append(arg)
        if len(side.picks) < c().rules.start_picks:
            return True
        digest = state.sealed.commit(seat, ",".join(side.picks), _salt(state, seat))
        events.append(Line(public=f"{seat} has sealed its starting states.", proof=f"{seat} seal {digest}"))
        if state.sealed.complete:
            revealed = state.sealed.reveal()
            codes = [code for s in SEATS for code in revealed[s].choice.split(",")]
            events.append(Line(public="Starting states revealed: " + ", ".join(
                f"{s} {revealed[s].choice.replace(',', ' and ')}" for s in SEATS) + ".", proof="Starting states: " + "; ".join(
                f"{s} {revealed[s].choice} [seal {revealed[s].digest}, salt {revealed[s].salt}]" for s in SEATS),
                seat=None))  # both sealed picks at once: the game's own step
            _start_states(state, codes, events)
            changed.extend(codes)
        return False
    ctx = Ctx(state, events, changed)
    if state.wait is not None:
        state.wait = None
        _settle(state, interpreter().resume(state.effect, ctx, arg), ctx)
        return False if state.phase == "over" else True
    turn = state.turn
    assert turn is not None
    if verb == "draw":
        draw_cards(state, seat, 1, events)
        _end_turn(state, events)
        return False
    if verb == "pass":
        events.append(Line(public=f"{seat} has no card to play or draw, and passes."))
        _end_turn(state, events)
        return True
    if verb == "play":
        side.hand.remove(arg)
        turn.card = arg
        card = c().cards[arg]
        events.append(Line(public=f"{seat} plays {card_line(arg)}: {card.text}", cause=arg))
        cost = card.discard_cost
        if cost is not None and (cost.any or cost.n):
            turn.stage, turn.cost_left, turn.cost_any = "cost", cost.n or 0, bool(cost.any)
            if turn.cost_any and not side.hand:
                _start_effect(state, ctx)
            return True
        _start_effect(state, ctx)
        return True
    if verb == "discard":
        side.hand.remove(arg)
        turn.discarded.append(arg)
        events.append(Line(public=f"{seat} discards {card_line(arg)} to pay for it."))
        turn.cost_left -= 1
        if (not turn.cost_any and turn.cost_left <= 0) or (turn.cost_any and not side.hand):
            _start_effect(state, ctx)
        return True
    if verb == "done":  # an any-number cost paid
        _start_effect(state, ctx)
        return True
    raise IllegalAction(f"`{verb}` is not something you can do now.", code="illegal_verb")


def _start_effect(state: CMState, ctx: Ctx) -> None:
    turn = state.turn
    assert turn is not None and turn.card is not None
    card = c().cards[turn.card]
    turn.stage = "effect"
    if card.kind == "media":
        if state.media is not None:
            old = state.media
            state.sides[old["owner"]].discard.append(old["card"])
            ctx.events.append(Line(public=f"{card_line(old['card'])} leaves the table for {old['owner']}'s discard.",
                                    cause=turn.card))
        state.media = {"card": turn.card, "owner": turn.seat}
    wait = interpreter().start(state.effect, turn.card, ctx, actor=turn.seat, discarded=len(turn.discarded))
    _settle(state, wait, ctx)


def _settle(state: CMState, wait: Wait | None, ctx: Ctx) -> None:
    """Run until a real choice is owed (a single candidate is taken without asking) or the turn is over."""
    while state.phase != "over":
        if wait is not None:
            among = list(wait.decision["among"])
            frame = state.effect.frames[-1]
            if len(among) == 1:
                frame.locals.pop("rep", None)
                wait = interpreter().resume(state.effect, ctx, among[0])
                continue
            asker = wait.decision.get("seat") or frame.locals.pop("asker", None) or frame.locals["actor"]
            kind = wait.decision["kind"]
            state.wait = {"kind": kind, "seat": asker, "among": among,
                          "prompt": prompts.settle_wait(state, wait.decision, frame, asker)}
            return
        if state.effect.frames:  # nothing runs on an empty stack; a stale frame would be a bug
            wait = interpreter().run(state.effect, ctx)
            continue
        turn = state.turn
        assert turn is not None
        card = c().cards[turn.card] if turn.card else None
        if turn.stage == "effect" and card is not None and card.going_negative:
            turn.stage = "negative"
            roll = state.randomness.roll(1, c().rules.die_faces)
            face = roll.faces[0]
            state.last_negative = face
            state.last_dice = [f"{turn.seat} rolled {face} (Going Negative)"]
            result = c().negative[face]
            opponent = state.other(turn.seat)
            words = negative_text(c(), face, applier=opponent, roller=turn.seat)
            ctx.events.append(Line(public=f"{turn.seat} goes negative and rolls {face}: “{result.title}” — {words}",
                                    seat=turn.seat, cause=f"{NEGATIVE_PREFIX}{face}"))
            wait = interpreter().start(state.effect, f"neg{face}", ctx, actor=opponent)
            continue
        _end_turn(state, ctx.events)
        return


def _end_turn(state: CMState, events: list[Line]) -> None:
    turn = state.turn
    assert turn is not None
    side = state.sides[turn.seat]
    if turn.card is not None and not (state.media and state.media["card"] == turn.card):
        side.discard.append(turn.card)
    side.discard += turn.discarded
    state.turn = Turn(seat=state.other(turn.seat))


def outcome(state: CMState) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = {s: state.sides[s].score for s in SEATS}
    if state.draw:
        return Outcome(winners=[], scores=scores, reason=state.reason, draw=True)
    return Outcome(winners=[state.winner], scores=scores, reason=state.reason)


def load_state(data: str) -> CMState:
    return CMState.model_validate_json(data)
