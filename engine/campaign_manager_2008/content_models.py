"""Campaign Manager 2008 content's shapes: the constants, the op vocabulary of effects, and a strict model per file.

Effects are data: a list of ``[op, {params}]`` run in order by an *actor* (the card's player; the
opponent of the player who went negative; a news card's ``chooser``). ``OPS`` is the vocabulary with
each op's parameters, ``PARAM_VALUES`` what each parameter may hold.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from engine.content import ContentModel

BASE = "campaign_manager_2008"
Side = Literal["OBA", "MCC"]
SIDES: tuple[str, ...] = ("OBA", "MCC")
Block = Literal["R", "B", "W"]
ISSUES: tuple[str, ...] = ("defense", "economy")
STARTERS = {"FL", "MI", "MO", "NJ"}
TOTAL_EV = 226
ISSUE_SPACES = 4  # spaces 0–1 point to Defense, 2–3 to Economy


# --------------------------------------------------------------------------- the op vocabulary

# op -> {param: kind}; a kind ending in `?` is optional (an absent `side` means `self`)
OPS: dict[str, dict[str, str]] = {
    "gain": {"issue": "issue", "state": "state", "n": "count", "side": "side?"},
    "shift": {"toward": "toward", "n": "count", "state": "state"},
    "flip_key": {"state": "state"},
    "demo_support": {"group": "group", "side": "side?"},
    "draw": {"n": "count", "side": "side?"},
    "discard": {"n": "count", "side": "side", "pick": "pick"},
}
PARAM_VALUES: dict[str, tuple[Any, ...]] = {
    # defense/economy: that row; major/minor: the row the issue marker points to / not, when the op runs
    "issue": ("defense", "economy", "major", "minor", "choose"),
    "toward": ("defense", "economy", "choose"),
    # choose: a state in play, picked by the actor when the op runs; same: the state the last
    # `choose` of this effect picked; all: each state in play; target: the state a news hits
    "state": ("choose", "same", "all", "target"),
    # self: the actor; opponent: the other seat; OBA/MCC: that seat (news only)
    "side": ("self", "opponent", "OBA", "MCC"),
    # random: at random; discarder: the discarding player picks
    "pick": ("random", "discarder"),
    # 1–3, or `discarded`: as many as the cards discarded to pay a `discard_cost: {any: true}`
    "count": (1, 2, 3, "discarded"),
}
CHOICES = {"issue": "choose", "toward": "choose", "state": "choose"}
Context = Literal["card", "news", "negative"]
Chooser = Literal["none", "active", "trailing"]
ISSUE_WORDS = {"defense": "Defense", "economy": "Economy", "major": "its major issue", "minor": "its minor issue"}


def major_issue(space: int) -> str:
    """The issue the marker on `space` (0 = top) points to."""
    return "defense" if space < ISSUE_SPACES // 2 else "economy"


class Rules(ContentModel):
    start_score: dict[Side, int]
    target: int = Field(ge=1)
    draw_limit: int = Field(ge=1)
    opening_hand: int = Field(ge=0)
    pool_size: int = Field(ge=1)
    draft_look: int = Field(ge=1)
    draft_keep: int = Field(ge=1)
    draft_rounds: int = Field(ge=1)
    deck_size: int = Field(ge=1)
    start_picks: int = Field(ge=1)
    states_in_play: int = Field(ge=1)
    issue_spaces: int = Field(ge=2)
    die_faces: int = Field(ge=2)


class Rows(ContentModel):
    defense: list[Block] = Field(min_length=3, max_length=7)
    economy: list[Block] = Field(min_length=3, max_length=7)

    def row(self, issue: str) -> list[str]:
        return list(self.defense if issue == "defense" else self.economy)


class StateTile(ContentModel):
    code: str = Field(pattern=r"^[A-Z]{2}$")
    name: str = Field(min_length=1)
    ev: int = Field(ge=3, le=55)
    back: Side
    starter: bool
    rows: Rows
    issue_start: int = Field(ge=0, le=ISSUE_SPACES - 1)
    demographics: list[str] = Field(min_length=2, max_length=2)
    key_start: str

    @model_validator(mode="after")
    def _key_is_a_group(self) -> StateTile:
        if self.demographics[0] == self.demographics[1]:
            raise ValueError("the two demographic groups must differ")
        if self.key_start not in self.demographics:
            raise ValueError(f"key_start `{self.key_start}` is not one of the tile's groups {self.demographics}")
        return self

    @property
    def major_start(self) -> str:
        return major_issue(self.issue_start)

    @property
    def other_group(self) -> str:
        return next(g for g in self.demographics if g != self.key_start)


class Group(ContentModel):
    id: str = Field(pattern=r"^[a-z][a-z_]*$")
    name: str = Field(min_length=1)
    lean: Side


class DiscardCost(ContentModel):
    """Other cards the player must discard from hand to play the card: `n` exactly, or `any` number (0 too)."""
    n: int | None = Field(default=None, ge=1, le=3)
    any: Literal[True] | None = None

    @model_validator(mode="after")
    def _one(self) -> DiscardCost:
        if (self.n is None) == (self.any is None):
            raise ValueError("a discard cost is either {n: N} or {any: true}")
        return self


class MediaSupport(ContentModel):
    # choose: while the card is on the table, its owner picks the state in play each Breaking News hits
    news_target: Literal["choose"]


class Card(ContentModel):
    id: str = Field(pattern=r"^[OM][0-9]{2}$")
    side: Side
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    starter: bool
    kind: Literal["normal", "media"]
    going_negative: bool
    discard_cost: DiscardCost | None = None
    effect: list[list[Any]]
    media: MediaSupport | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        if (self.kind == "media") != (self.media is not None):
            raise ValueError("a media card, and only it, has `media: {news_target: …}`")
        if self.id[0] != self.side[0]:
            raise ValueError(f"an {self.side} card's id starts with {self.side[0]}")
        if self.kind == "normal" and not self.effect:
            raise ValueError("a normal card has at least one op")
        return self


class News(ContentModel):
    id: str = Field(pattern=r"^N[0-9]{2}$")
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    # the actor: who makes the news' choices and who `self` is (none: no choices, sides named)
    chooser: Chooser
    effect: list[list[Any]] = Field(min_length=1)


class Negative(ContentModel):
    face: int = Field(ge=1, le=6)
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    effect: list[list[Any]]  # applied by the opponent of the player who rolled; may be empty


class Content(ContentModel):
    rules: Rules
    states: dict[str, StateTile]
    groups: dict[str, Group]
    cards: dict[str, Card]
    news: dict[str, News]
    negative: dict[int, Negative]

    def pool(self, side: str) -> list[Card]:
        return [c for c in self.cards.values() if c.side == side]

    def starter_deck(self, side: str) -> list[Card]:
        return [c for c in self.pool(side) if c.starter]
