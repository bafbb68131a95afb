"""Data shared by every ruleset: actions, decisions, events, outcomes."""
from __future__ import annotations

from enum import Enum
from typing import Any, Callable, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny, model_validator


class Strict(BaseModel):
    """The base of a game's state and its parts: no field but its own. A field is set as pydantic sets it for a model
    without validation on assignment (the value stored, the field marked set), in one call instead of pydantic's
    two, since the rules set state fields many times a step. A subclass that freezes itself or a field, or validates
    on assignment, keeps pydantic's own setting."""

    model_config = ConfigDict(extra="forbid", frozen=False)

    def __setattr__(self, name: str, value: Any) -> None:
        fields = self.__dict__  # a model's fields, and nothing else (extra fields are forbidden)
        if name in fields:
            fields[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        config = cls.model_config
        if (config.get("frozen") or config.get("validate_assignment")
                or any(field.frozen for field in cls.model_fields.values())):
            cls.__setattr__ = BaseModel.__setattr__  # type: ignore[method-assign,assignment]


class PendingKind(str, Enum):
    CHOICE = "choice"  # one seat must act
    SIMULTANEOUS = "simultaneous"  # every listed seat commits a secret choice
    RESPONSE = "response"  # out-of-turn response window


class Action(BaseModel):
    """One atomic step, e.g. `campaign D07`. Compound moves are lists of these."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    verb: str
    args: tuple[str, ...] = ()

    def notation(self) -> str:
        return " ".join((self.verb, *self.args))

    def __str__(self) -> str:
        return self.notation()


class Facts(BaseModel):
    """What one event, option or decision states, typed and without a word: a title's rules fill one (a small model
    per kind, e.g. engine/electioneer/facts.py) and its words module phrases it. `kind` is the model's short,
    stable name ("month_won"); every field is plain data (ids, seats, numbers), never text a player reads."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: ClassVar[str] = ""


class Option(BaseModel):
    """A legal action plus the words a player sees on its button. A title with a words module has its rules give
    the action and the `facts` its label needs (none where the action says it all), and its words the label."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    action: Action
    label: str = ""
    detail: str = ""
    group: str = ""  # a heading a long menu may list this choice under (a state's region)
    facts: SerializeAsAny[Facts] | None = None


def word(option: Option, label: str, detail: str = "", group: str = "") -> Option:
    """Give `option`, fresh from a title's rules, the label, detail and (where given) menu heading its words module
    made for it: in place, before anyone else holds it (an Option is frozen for everyone after). A menu is worded at
    every decision, and building each option a second time would cost more than its words."""
    fields = option.__dict__
    fields["label"], fields["detail"] = label, detail
    option.__pydantic_fields_set__.update(("label", "detail"))
    if group:
        fields["group"] = group
        option.__pydantic_fields_set__.add("group")
    return option


class Decision(BaseModel):
    """What one seat may do now. This is the single source of legality.

    `options` are the answers to the seat's pending decision (empty when it owes nothing);
    `extras` are plays allowed at any time that do not settle the pending decision. A title with a words module
    has its rules state the question as `facts` and its words make the prompt and `deadline_default` from them.
    """

    model_config = ConfigDict(extra="forbid")
    seat: str
    kind: PendingKind | None = None
    prompt: str = ""
    options: list[Option] = Field(default_factory=list)
    extras: list[Option] = Field(default_factory=list)
    deadline_default: str = ""
    facts: SerializeAsAny[Facts] | None = None

    @property
    def owes_move(self) -> bool:
        return bool(self.options)

    def all_options(self) -> list[Option]:
        return [*self.options, *self.extras]


def menu_decision(seat: str, prompt: str, options: list[Option], default: Callable[[list[Option]], Action]) -> Decision:
    """The Decision for a ruleset that lists a seat's options as a menu: none owed when the menu is empty,
    else a choice among them with what the deadline would play (`default(options)`)."""
    if not options:
        return Decision(seat=seat)
    return Decision(seat=seat, kind=PendingKind.CHOICE, prompt=prompt, options=options,
                    deadline_default=default(options).notation())


class CardText(BaseModel):
    """A card's public words, whole: what a prompt that names it may point to (`Ruleset.card`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str  # as prompts show it: "C26", "N15", "40"
    name: str
    text: str  # the whole effect, never shortened
    kind: str = "card"  # "card", "event", "politick", "news card"…: how a player would call it


class Event(BaseModel):
    """One line of the game log. `public` goes to the channel; `private[seat]` only to that seat.

    `proof` is public too but not posted: a commit-reveal line (a sealed choice's digest, a reveal's salts)
    kept for the game record and `/game status`, so the channel reads like a game.

    `ends_post` splits one step's public lines into several channel posts: the lines before it are one post,
    pictured as the board stood there — this public view (`view(state, None)`, as JSON). A step that plays
    someone else's turns too (Solo Play's AI parties) posts each turn on its own, as people's turns are.

    Who did it (markers, captions and log lines are made from these fields, never from the text):
    `seat` is the seat (or AI party) whose decision, play or card made this line — None for the game's own
    steps (scoring, a round's end, a reveal of everyone's sealed picks); `cause` the id of the card, event,
    politick or news card behind it, as the ruleset's `card(id)` resolves it. A ruleset's apply stamps the
    acting seat on every line of the step whose seat was never given (`stamp`), so a line of the game's own
    is built with `seat=None` said outright, and a line another seat made names that seat.

    What happened, without words: in a title with a words module its rules give `facts` (and `seat`, `cause`)
    and leave the text empty; the words fill `public`, `private` and `proof` from them (`kind` names the facts'
    kind, "" for a line given only in words)."""

    model_config = ConfigDict(extra="forbid")
    public: str | None = None
    private: dict[str, str] = Field(default_factory=dict)
    proof: str | None = None
    ends_post: dict[str, Any] | None = None
    seat: str | None = None
    cause: str | None = None
    facts: SerializeAsAny[Facts] | None = None

    @property
    def kind(self) -> str:
        return self.facts.kind if self.facts is not None else ""


def stamp(events: list[Event], seat: str | None, cause: str | None = None) -> list[Event]:
    """Name `seat` (and `cause`, where none is named) on each of a step's events whose seat was never given —
    not even as None, which marks the game's own lines. Returns `events`, changed in place."""
    for event in events:
        if "seat" not in event.model_fields_set:
            event.seat = seat
            if cause is not None and event.cause is None:
                event.cause = cause
    return events


def cite(events: list[Event], cause: str | None) -> list[Event]:
    """Name `cause` on each of `events` that names none yet (the lines a card's effect made). Returns `events`."""
    for event in events:
        if event.cause is None:
            event.cause = cause
    return events


class ApplyResult(BaseModel):
    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)
    state: BaseModel
    events: list[Event] = Field(default_factory=list)
    # False once information was revealed, randomness drawn or another seat activated:
    # the step can then no longer be taken back (Rally the Troops' undo rule).
    undoable: bool = True
    changed: list[str] = Field(default_factory=list)  # map keys the step touched (for highlights)
    # Whether the step's public lines wait for a later post (engine/core/posting.py): a title's rules that batch
    # their posts give the verdict and leave the lines unheld, and the contract words them, then holds or posts
    # them (`ModuleRuleset.apply`). None: the events are as the table gets them.
    hold: bool | None = Field(default=None, exclude=True)
    # Where the step cut its lines into several posts (`Event.ends_post`): the map keys changed since its last cut,
    # which the step's last post outlines. None: the step's post outlines everything its lines changed.
    tail_changed: list[str] | None = Field(default=None, exclude=True)


class Outcome(BaseModel):
    """How a game ended: its winners (several when they share the win), or a draw that nobody wins
    (Campaign Manager 2008's 269–269; 1960's full tie), with the rule that decided it: in a title with words, its
    rules give what decided it as `facts` and the words make `reason`, the sentence players read, from them."""

    model_config = ConfigDict(extra="forbid")
    winners: list[str]
    scores: dict[str, int] = Field(default_factory=dict)
    reason: str = ""
    draw: bool = False
    facts: SerializeAsAny[Facts] | None = Field(default=None, exclude=True)

    @model_validator(mode="after")
    def _winners_or_draw(self) -> "Outcome":
        if self.draw and self.winners:
            raise ValueError("a draw has no winners")
        if not self.draw and not self.winners:
            raise ValueError("an outcome names its winners, or is a draw")
        return self

    @property
    def headline(self) -> str:
        return result_headline(self.model_dump())


def result_headline(result: dict[str, Any] | None) -> str:
    """One line for any table (Discord, console, demo, log): "Draw — …", "Winner: DEM — …" or
    "Winners: DEM, REP — …". Takes the stored dict, so results saved before `draw` existed read too."""
    if not result:
        return "No result."
    reason = str(result.get("reason") or "").strip()
    tail = f" — {reason}" if reason else ""
    winners = list(result.get("winners") or [])
    if result.get("draw") or not winners:
        return f"Draw{tail}"
    label = "Winner" if len(winners) == 1 else "Winners"
    return f"{label}: {', '.join(winners)}{tail}"


ModelT = TypeVar("ModelT", bound=BaseModel)


def copy_state(state: ModelT) -> ModelT:
    """An independent copy of a state (or any model of plain data), for a step to change. Validating the model's
    dump is 2–7× faster than a deep `model_copy` for the states here, and just as independent: no list, dict or
    model of the state is shared with the original."""
    return type(state).model_validate(state.model_dump())
