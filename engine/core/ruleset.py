"""The contract each ruleset module satisfies, and the checked entry point `play`."""
from __future__ import annotations

import hashlib
from typing import Any, Callable, NamedTuple, Protocol, runtime_checkable

from pydantic import BaseModel

from engine.core.errors import EngineError, GameOver, IllegalAction, NotYourDecision, UnknownAction
from engine.core.notation import Implied
from engine.core.earlier_layouts import EarlierLayout
from engine.core.posting import CarryOn, Posting, post
from engine.core.rng import Rng, randomness_drawn
from engine.core.scenario import DefaultScenarioAdapter, ScenarioAdapter
from engine.core.types import Action, ApplyResult, CardText, Decision, Event, Outcome


class SeatsContract(Protocol):
    """Who plays: a title's names, its seats for a table of players, its options."""

    name: str  # stable id used in the database and on the command line
    title: str  # what players read
    min_seats: int
    max_seats: int

    def seat_names(self, count: int) -> list[str]: ...
    # The final seats for the players a lobby gathered (same order as `joined`, which holds names
    # from `seat_names` of any count): where a seat's name depends on the player count, a lobby's
    # picks are mapped onto the seats of the count that actually started.
    def assign_seats(self, joined: list[str], options: dict[str, Any]) -> list[str]: ...
    def parse_options(self, options: dict[str, Any]) -> BaseModel: ...
    # The party a seat wins or loses with (Campaign Trail's running mates share one); by default its own.
    def party_of(self, seat: str) -> str: ...
    # How many players a game with these options takes, (fewest, most), where options change it (Campaign
    # Trail's Solo Play: one player, two in co-op); by default min_seats to max_seats.
    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]: ...
    # Parties in the race that no seat plays (Solo Play's AI parties); by default none.
    def seatless_parties(self, options: dict[str, Any]) -> list[str]: ...


class PlayContract(Protocol):
    """The game itself: its setup, the decisions it asks, a step applied, what a seat sees, how it ends."""

    def setup(self, options: dict[str, Any], seats: list[str], seed: int) -> BaseModel: ...
    # The game's setup as a step: the state dealt, and the lines said while dealing it with the verdict on whether
    # they wait for the first post (1960's initiative draw); by default `setup`'s state and no line.
    def start(self, options: dict[str, Any], seats: list[str], seed: int) -> ApplyResult: ...
    def load_state(self, data: str) -> BaseModel: ...
    def decisions(self, state: Any, seat: str) -> Decision: ...
    def apply(self, state: Any, seat: str, action: Action) -> ApplyResult: ...
    def view(self, state: Any, seat: str | None) -> BaseModel: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    # A step's events as the table posts them, and the table's posting after it (engine/core/posting.py's `post`,
    # with the title's way of carrying a run of like lines on from the last held one).
    def post(self, posting: Posting, result: ApplyResult) -> tuple[list[Event], Posting]: ...
    # How the title's states were stored while they held the table's posting; None if they never did.
    earlier_layout: EarlierLayout | None
    # What the scenario runner needs beyond the generic (engine/core/scenario.py): a fresh adapter per case.
    scenario_adapter: Callable[[], ScenarioAdapter]


class NotationContract(Protocol):
    """The game in words a player types and reads: moves parsed and written, help, refusals, cards."""

    def parse(self, text: str) -> list[Action]: ...
    def format(self, actions: list[Action]) -> str: ...
    def help_text(self) -> str: ...
    # The rule that refuses `action` (well-formed, not among the seat's options now), in one sentence of the
    # game's own words: "the pawn must be in one of the card's states (KY, VA, WV)". None when no rule of
    # the ruleset's own explains it (check_legal then lists what is legal, without a reason).
    def refusal_reason(self, state: Any, seat: str, action: Action) -> str | None: ...
    # The whole public text of a card, event, politick or news card by the id prompts show for it (`C26`,
    # `N15`, `40`): what `/card` and the local table's `card` show, so a prompt may name a card briefly and keep
    # its whole effect one tap away; by default none.
    def card(self, ref: str) -> CardText | None: ...


class PlayersContract(Protocol):
    """Moves made for a seat: by the clock, by the built-in bot, and what a search thinks from."""

    def deadline_action(self, state: Any, seat: str) -> Action: ...
    def bot_action(self, state: Any, seat: str, rng: Rng) -> Action: ...
    # A state that gives `seat` exactly the view `state` does, with everything hidden from it redrawn from `rng`:
    # what a search thinks from (the contract in full: engine/core/search.py, `Determinizer`).
    def determinize(self, state: Any, seat: str, rng: Rng) -> BaseModel: ...
    # The game's own estimate of an unfinished position: each seat's chance of winning, in [0, 1], read from a whole
    # state (a search hands it a determinized one) — what a search scores a rollout it cut short by. None: the
    # ruleset offers no estimate; by default none.
    def evaluate(self, state: Any) -> dict[str, float] | None: ...
    # A search's aids (engine/ai/ismcts.py), each read from a determinized state and only what `seat` sees there:
    # the move the search keeps unless it finds a clearly better one (by default the heuristic's, `bot_action`);
    # the root actions worth its time (by default all); whether a rollout may stop here before its horizon, at a
    # position the estimate reads well (by default never).
    def search_favourite(self, state: Any, seat: str, rng: Rng) -> Action: ...
    def search_candidates(self, state: Any, seat: str, actions: list[Action]) -> list[Action]: ...
    def search_cut(self, state: Any) -> bool: ...
    # The ruleset's own silent path for a search; None: the search answers through decisions() and apply().
    silent: SilentRules | None


@runtime_checkable
class Ruleset(SeatsContract, PlayContract, NotationContract, PlayersContract, Protocol):
    """A title's whole contract, in four parts. The capabilities with a comment "by default" have a default in
    `ModuleRuleset` that a ruleset overrides where its game needs more."""


class SilentRules(Protocol):
    """A ruleset's own silent path: the four questions a search asks (engine/core/search.py), answered without a
    word, an option label or a copy. Each answer is exactly the full path's: `over` is `outcome(state) is not
    None`; `to_move` the seats whose `decisions` owe a move, in seat order; `legal` the actions of the seat's options
    then its any-time plays, duplicates dropped, in the decision's order (nothing for a seat that owes no move); and
    `advance` leaves `state` equal, field for field, to `apply(state, seat, action).state`. `advance` changes the
    state it is given (a search copies once, where a playout starts) and does not check legality."""

    def over(self, state: Any) -> bool: ...

    def to_move(self, state: Any) -> list[str]: ...

    def legal(self, state: Any, seat: str) -> list[Action]: ...

    def advance(self, state: Any, seat: str, action: Action) -> None: ...


class Words(Protocol):
    """A title's words (engine/<title>/words.py): what its rules state as facts (`Event.facts`, `Decision.facts`,
    `Option.facts`), made into what players read. The rules never import it; the contract runs it after them, so
    the silent path a search takes, which never reaches the contract's decisions() or apply(), stays word-free."""

    # Fill each event's public line, private lines and proof from its facts, in place; the events, for chaining.
    def tell(self, events: list[Event]) -> list[Event]: ...

    # Fill the decision's prompt and deadline default from its facts, and each option's label and detail.
    def ask(self, decision: Decision) -> Decision: ...

    # Fill the outcome's reason from its facts (what decided the game), where the rules give them.
    def conclude(self, outcome: Outcome) -> Outcome: ...


def seat_range(ruleset: Ruleset, options: dict[str, Any] | None) -> tuple[int, int]:
    """How many players a game of `ruleset` with `options` takes: (fewest, most)."""
    try:
        return ruleset.seat_range(options or {})
    except Exception:  # noqa: BLE001 — options the ruleset refuses are reported where they are parsed
        return ruleset.min_seats, ruleset.max_seats


def card_text(ruleset: Ruleset, ref: str) -> CardText | None:
    """The card `ref` names in `ruleset` (ids are matched without regard to case or spaces), or None when the
    ruleset has no such card or names none."""
    ref = "".join((ref or "").split())[:40]
    if not ref:
        return None
    for candidate in dict.fromkeys((ref, ref.upper(), ref.lower())):
        found = ruleset.card(candidate)
        if found is not None:
            return found
    return None


def seats_for(ruleset: Ruleset, count: int, options: dict[str, Any] | None) -> list[str]:
    """The seats of a table of `count` players with `options`, as a full lobby's Start would seat them."""
    try:
        picks = ruleset.seat_names(count)
    except EngineError:  # a table only options make (Solo Play's one player): any seats, fitted by the ruleset
        picks = lobby_seat_names(ruleset)[:count]
    return ruleset.assign_seats(picks, options or {})


def lobby_seat_names(ruleset: Ruleset) -> list[str]:
    """Every seat name a lobby accepts: the full table's first, then those only smaller tables use."""
    names = list(ruleset.seat_names(ruleset.max_seats))
    for count in range(ruleset.max_seats - 1, ruleset.min_seats - 1, -1):
        names += [n for n in ruleset.seat_names(count) if n not in names]
    return names


def state_hash(state: BaseModel) -> str:
    return hashlib.sha256(state.model_dump_json().encode()).hexdigest()


def owing_seats(ruleset: Ruleset, state: Any) -> list[str]:
    """Seats that owe a move now. Derived from decisions(), so it can never disagree with legality: in a game not
    over, through the ruleset's silent path where it has one (the same answer, without a word of the options)."""
    silent = ruleset.silent
    if silent is not None and ruleset.outcome(state) is None:
        return silent.to_move(state)
    return [s for s in state.seats if ruleset.decisions(state, s).owes_move]


def check_legal(ruleset: Ruleset, state: Any, seat: str, action: Action) -> None:
    """Raise the precise player-facing error if `action` is not among the seat's options."""
    if ruleset.outcome(state) is not None:
        raise GameOver("This game is over; no more moves can be made.")
    if seat not in state.seats:
        raise NotYourDecision("You are not seated in this game.")
    silent = ruleset.silent
    if silent is not None and action in silent.legal(state, seat):
        return  # among the decision's options or its any-time plays: legal, found without wording them
    decision = ruleset.decisions(state, seat)
    legal = decision.all_options()
    if any(o.action == action for o in legal):
        return
    if not decision.options and action.verb not in {o.action.verb for o in decision.extras}:
        waiting = ", ".join(owing_seats(ruleset, state)) or "nobody"
        also = " You may still play a card that is allowed at any time." if decision.extras else ""
        raise NotYourDecision(f"Nothing to decide for {seat} right now; waiting on {waiting}.{also}")
    rule = _reason(ruleset, state, seat, action)
    because = f": {rule}" if rule else ""
    same_verb = [o.action.notation() for o in legal if o.action.verb == action.verb]
    if same_verb:
        shown = ", ".join(same_verb[:8]) + (" …" if len(same_verb) > 8 else "")
        raise IllegalAction(f"`{action.notation()}` is not legal now{because}. You may: {shown}.",
                            code="illegal_argument", rule=rule)
    verbs = sorted({o.action.verb for o in legal})
    prompt = f" {decision.prompt}" if decision.prompt and not rule else ""
    raise IllegalAction(
        f"`{action.notation()}` is not something you can do now{because}.{prompt} Legal now: {', '.join(verbs)}.",
        code="illegal_verb", rule=rule,
    )


def _reason(ruleset: Ruleset, state: Any, seat: str, action: Action) -> str | None:
    """The ruleset's own reason, if it gives one. A reason is a courtesy: one that fails to compute must not
    turn a refusal into a crash, so anything but a plain sentence counts as none."""
    try:
        rule = ruleset.refusal_reason(state, seat, action)
    except Exception:  # noqa: BLE001 — a broken explanation must never hide the refusal itself
        return None
    if not isinstance(rule, str) or not rule.strip():
        return None
    return rule.strip().rstrip(".")


def play(ruleset: Ruleset, state: Any, seat: str, actions: list[Action]) -> ApplyResult:
    """Apply a compound move step by step, each step checked against decisions().

    All-or-nothing: if any step is illegal the error propagates and the caller keeps its
    original state (every apply returns a new state; nothing is mutated in place).
    A typed move decides no more than it states: a step the notation only implies (`Implied`) is played
    where it is the seat's one option and passed over anywhere else, so the seat is asked there, exactly as
    after the same steps sent one by one.
    """
    return _play(ruleset, state, seat, actions, stop_at_handoff=False, posting=None).result


class Played(NamedTuple):
    """A typed move as `play_until_handoff` left it: its result, the steps it applied (an implied step either
    dropped or written out, so the journal's notation of them replays the same whatever the notation implies),
    the rest kept for later, and the table's posting after it (None when played without one)."""
    result: ApplyResult
    applied: list[Action]
    rest: list[Action]
    posting: Posting | None = None


def play_posted(ruleset: Ruleset, state: Any, posting: Posting, seat: str, actions: list[Action]) -> Played:
    """`play` at a table: each step's events as the table posts them after `posting` (what it held before the
    move), and the posting the move leaves (engine/core/posting.py). Without a table, `play` gives each step's
    events whole, none held."""
    return _play(ruleset, state, seat, actions, stop_at_handoff=False, posting=posting)


def play_until_handoff(ruleset: Ruleset, state: Any, seat: str, actions: list[Action], *,
                       posting: Posting | None = None) -> Played:
    """`play` (at a table: `play_posted`, given its `posting`), except that a compound move stops where the decision
    passes to someone else (a response window opens on the declaration, a rival must choose): the steps applied so
    far stand and the rest are returned, for the player to send again when it is their move. A step refused while
    the seat still owes the move refuses the whole move, as in `play`."""
    return _play(ruleset, state, seat, actions, stop_at_handoff=True, posting=posting)


def journal_steps(ruleset: Ruleset, notation: str) -> list[Action]:
    """The steps of a journal entry. An entry names every step it applied (`Played.applied`); an implied step
    can only come from an entry written while a short form's unwritten step was always played, so it is read
    as written."""
    return [a.stated() if isinstance(a, Implied) else a for a in ruleset.parse(notation)]


def _play(ruleset: Ruleset, state: Any, seat: str, actions: list[Action], *,
          stop_at_handoff: bool, posting: Posting | None) -> Played:
    if not actions:
        raise UnknownAction("Empty move: type an action, e.g. the notation shown in /game help.")
    events: list[Event] = []
    changed: list[str] = []
    applied: list[Action] = []
    undoable = True
    current = state
    for i, action in enumerate(actions):
        if isinstance(action, Implied):
            if not _only_option(ruleset, current, seat, action.stated()):
                continue  # more is left to choose: the seat is asked, as after the stated steps alone
            action = action.stated()
        try:
            check_legal(ruleset, current, seat, action)
            result = ruleset.apply(current, seat, action)
        except EngineError as exc:
            if i > 0:  # the refusal speaks of the position after the earlier steps, which were not applied either
                _refused_partway(ruleset, exc, actions, i)
            raise
        # Randomness drawn ends undo, whatever the ruleset's own flag says: taking the
        # step back would let a player re-roll.
        undoable = undoable and result.undoable and not randomness_drawn(current, result.state)
        current = result.state
        applied.append(action)
        if posting is None:
            events.extend(result.events)
        else:
            told, posting = ruleset.post(posting, result)
            events.extend(told)
        changed.extend(c for c in result.changed if c not in changed)
        rest = actions[i + 1:]
        if stop_at_handoff and rest and ruleset.outcome(current) is None \
                and not ruleset.decisions(current, seat).owes_move:
            return Played(ApplyResult(state=current, events=events, undoable=undoable, changed=changed), applied, rest,
                          posting)
    return Played(ApplyResult(state=current, events=events, undoable=undoable, changed=changed), applied, [], posting)


def _only_option(ruleset: Ruleset, state: Any, seat: str, action: Action) -> bool:
    """Whether `action` is all the seat may do now: the game goes on and its decision offers nothing else."""
    if ruleset.outcome(state) is not None:
        return False
    options = ruleset.decisions(state, seat).options
    return len(options) == 1 and options[0].action == action


def _refused_partway(ruleset: Ruleset, exc: EngineError, actions: list[Action], i: int) -> None:
    """Say, in a refusal of step i + 1 of a compound move, that nothing of the move was applied and which steps
    the refusal's "now" comes after (a refused typed move says what state the game is in and whether
    anything was applied)."""
    exc.message = (f"Nothing was applied: the game is as it was before `{ruleset.format(actions)}`, which was "
                   f"refused partway through, at `{actions[i].notation()}` (what follows speaks of the position "
                   f"there): {exc.message} Send it again without what was refused.")
    exc.args = (exc.message,)


def replay(ruleset: Ruleset, options: dict[str, Any], seats: list[str], seed: int, moves: list[tuple[str, str]]) -> Any:
    """Rebuild a state from setup arguments and the journal of (seat, notation) moves."""
    state = ruleset.setup(options, seats, seed)
    for seat, notation in moves:
        state = play(ruleset, state, seat, journal_steps(ruleset, notation)).state
    return state


def commitment(seat: str, choice: str, salt: str) -> str:
    """Commit-reveal: the public hash of a secret choice. Published at commit, checkable at reveal."""
    return hashlib.sha256(f"{seat}|{choice}|{salt}".encode()).hexdigest()[:16]


class ModuleRuleset:
    """The one base of every ruleset: the contract wired to a ruleset's own modules, with a default for each
    capability. A ruleset subclasses it and sets `rules` (setup, load_state, decisions, apply, outcome,
    deadline_action), `notation` (parse, format), `bot` (bot_action), `view_fn(state, seat)`, `determinizer`
    (`determinize(state, seat, rng)`), optionally `refusals` (`refusal_reason`), `evaluator` (`evaluate`) and `words`
    (`Words`: where given, decisions() and apply() run the rules, then the words; a step whose rules give a `hold`
    verdict is held or posted after its words), its
    names, seats, options model and help; it overrides a method only where its game needs more (seats fitted to the table, options that
    change the player count, running mates, cards to show)."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    seats: tuple[str, ...] = ()
    options_model: type[BaseModel]
    help: str
    rules: Any
    notation: Any
    bot: Any
    view_fn: Any
    determinizer: Any
    refusals: Any = None  # optional module with `refusal_reason(state, seat, action)`
    evaluator: Any = None  # optional module with `evaluate(state)`
    scenario_adapter: Callable[[], ScenarioAdapter] = DefaultScenarioAdapter
    silent: SilentRules | None = None
    words: Words | None = None
    # How the title's states were stored while they held the table's posting (engine/core/earlier_layouts.py), so a
    # record made then still verifies; None for a title whose states never held it.
    earlier_layout: EarlierLayout | None = None
    # Where a title says a run of like lines as one: the step's worded events with its first lines merged into the
    # last line held for the turn's post, run before the post holds them (engine/core/posting.py's `CarryOn`).
    carry_on: CarryOn | None = None

    def seat_names(self, count: int) -> list[str]:
        return list(self.seats)[:count]

    def assign_seats(self, joined: list[str], options: dict[str, Any]) -> list[str]:
        return list(joined)

    def parse_options(self, options: dict[str, Any]) -> BaseModel:
        return self.options_model.model_validate(options or {})

    def setup(self, options: dict[str, Any], seats: list[str], seed: int) -> BaseModel:
        return self.rules.setup(options, seats, seed)

    def start(self, options: dict[str, Any], seats: list[str], seed: int) -> ApplyResult:
        return ApplyResult(state=self.setup(options, seats, seed))

    def post(self, posting: Posting, result: ApplyResult) -> tuple[list[Event], Posting]:
        return post(posting, result, self.carry_on)

    def load_state(self, data: str) -> BaseModel:
        return self.rules.load_state(data)

    def decisions(self, state: Any, seat: str) -> Decision:
        decision = self.rules.decisions(state, seat)
        return decision if self.words is None else self.words.ask(decision)

    def apply(self, state: Any, seat: str, action: Action) -> ApplyResult:
        """The rules' step, then its words; where the rules batch their posts, the step's verdict (`hold`) stays
        with it for the table's `post`."""
        result = self.rules.apply(state, seat, action)
        if self.words is not None:
            result.events = self.words.tell(result.events)
        return result

    def view(self, state: Any, seat: str | None) -> BaseModel:
        return self.view_fn(state, seat)

    def outcome(self, state: Any) -> Outcome | None:
        outcome = self.rules.outcome(state)
        if outcome is None or outcome.facts is None or self.words is None:
            return outcome
        return self.words.conclude(outcome)

    def parse(self, text: str) -> list[Action]:
        return self.notation.parse(text)

    def format(self, actions: list[Action]) -> str:
        return self.notation.format(actions)

    def deadline_action(self, state: Any, seat: str) -> Action:
        return self.rules.deadline_action(state, seat)

    def bot_action(self, state: Any, seat: str, rng: Rng) -> Action:
        return self.bot.bot_action(state, seat, rng)

    def help_text(self) -> str:
        return self.help

    def refusal_reason(self, state: Any, seat: str, action: Action) -> str | None:
        return self.refusals.refusal_reason(state, seat, action) if self.refusals is not None else None

    def determinize(self, state: Any, seat: str, rng: Rng) -> BaseModel:
        return self.determinizer.determinize(state, seat, rng)

    def party_of(self, seat: str) -> str:
        return seat

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return self.min_seats, self.max_seats

    def seatless_parties(self, options: dict[str, Any]) -> list[str]:
        return []

    def card(self, ref: str) -> CardText | None:
        return None

    def evaluate(self, state: Any) -> dict[str, float] | None:
        return self.evaluator.evaluate(state) if self.evaluator is not None else None

    def search_favourite(self, state: Any, seat: str, rng: Rng) -> Action:
        return self.bot_action(state, seat, rng)

    def search_candidates(self, state: Any, seat: str, actions: list[Action]) -> list[Action]:
        return actions

    def search_cut(self, state: Any) -> bool:
        return False
