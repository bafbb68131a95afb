"""The Advanced Solo Deck (supplement) loaded from data/campaign_trail/advanced_solo_cards.yaml.

A 50-card deck for each AI party (DEM, REP, LIB; the Green party's needs an expansion we do not have) and the
five register-track cards. A card is a basic Solo Play card (solo_content: the register diagram, or none when
its direct action happens automatically, and the direct action) plus a debate section: checks on the debate
topic card's 2x3 grid of issues, and a rabbit-trail row of issue icons with how many of them the AI activates.
Every card is validated on its own, then cross-checked (numbers, names, states, issues, deck sizes, the
track's spaces), and every problem is reported at once.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import Field, ValidationError, field_validator, model_validator

from engine.campaign_trail.solo_content import SPACE_SIZE, TRACK_SPACES, DirectSection, RegisterSection
from engine.content import ContentModel, duplicates, load_or_raise, read_data

FILE = "campaign_trail/advanced_solo_cards.yaml"
DECK_SIZE = 50
PARTIES = ("DEM", "REP", "LIB")  # the decks we have (the Green party's comes with its expansion)
TRACK_CARDS = 5
ROWS, COLUMNS = 2, 3  # the debate topic card's grid: top row, bottom row


class TrailSection(ContentModel):
    count: int = Field(ge=0, le=6)  # rabbit trails the AI activates (the number under the first icon)
    issues: list[str] = Field(min_length=3, max_length=6)  # the icons, evaluated left to right

    @model_validator(mode="after")
    def _count_fits(self) -> "TrailSection":
        if self.count > len(self.issues):
            raise ValueError(f"{self.count} rabbit trails from {len(self.issues)} icons")
        return self


class DebateSection(ContentModel):
    topics: list[list[int]]  # checks per cell of the topic card's grid (0, 1 or 2)
    trails: TrailSection

    @field_validator("topics")
    @classmethod
    def _grid(cls, value: list[list[int]]) -> list[list[int]]:
        if len(value) != ROWS or any(len(row) != COLUMNS for row in value):
            raise ValueError(f"the topic grid is {ROWS} rows of {COLUMNS}, not {value}")
        if any(not 0 <= n <= 2 for row in value for n in row):
            raise ValueError(f"a grid cell holds 0 to 2 checks: {value}")
        if not any(n for row in value for n in row):
            raise ValueError("the topic grid needs at least one check")
        return value


class AdvancedCardDef(ContentModel):
    number: int = Field(ge=1, le=DECK_SIZE)
    name: str = Field(min_length=1)
    register_: RegisterSection | None = Field(alias="register")  # None: the direct action happens automatically
    direct: DirectSection
    debate: DebateSection

    @property
    def automatic(self) -> bool:
        return self.register_ is None


class TrackCardDef(ContentModel):
    number: int = Field(ge=1, le=TRACK_CARDS)
    name: str = Field(min_length=1)
    spaces: list[int] = Field(min_length=1)  # the track spaces printed on it


class AdvancedContent(ContentModel):
    track: dict[int, TrackCardDef]
    decks: dict[str, dict[int, AdvancedCardDef]]  # party -> number -> card


def collect_problems() -> tuple[AdvancedContent | None, list[str]]:
    try:
        raw = read_data(FILE)
    except Exception as exc:  # unreadable YAML: one problem, reported with the file
        return None, [f"{FILE}: cannot read: {exc}"]
    return check_raw(raw)


def _validate(model: Any, item: Any, where: str, problems: list[str]) -> Any:
    try:
        return model.model_validate(item)
    except ValidationError as exc:
        for err in exc.errors():
            loc = ".".join(str(p) for p in err["loc"])
            problems.append(f"{FILE}: {where}: {loc}: {err['msg']}")
        return None


def check_raw(raw: Any) -> tuple[AdvancedContent | None, list[str]]:
    """Validate and cross-check the whole file (the content test feeds it broken copies)."""
    from engine.campaign_trail import content as ct  # the map and the issues the cards name

    problems: list[str] = []
    if not isinstance(raw, dict):
        return None, [f"{FILE}: expected a mapping with register_track and decks"]
    track = [t for i, item in enumerate(raw.get("register_track") or [])
             if (t := _validate(TrackCardDef, item, f"register_track[{i}]", problems)) is not None]
    for dup in duplicates([t.number for t in track]):
        problems.append(f"{FILE}: register-track card {dup} is used twice")
    spaces = [n for t in sorted(track, key=lambda t: t.number) for n in t.spaces]
    if len(track) != TRACK_CARDS or spaces != list(range(1, TRACK_SPACES + 1)):
        problems.append(f"{FILE}: the {TRACK_CARDS} register-track cards, in number order, must show spaces "
                        f"1..{TRACK_SPACES} once each; found {spaces}")
    try:
        c = ct.load()
        known_states, known_issues = set(c.states), set(c.debate_issues)
    except Exception as exc:  # the base content's own problems are reported by its own test
        problems.append(f"{FILE}: cannot cross-check: the base content does not load ({str(exc)[:80]})")
        known_states, known_issues = set(), set()
    decks: dict[str, dict[int, AdvancedCardDef]] = {}
    raw_decks = raw.get("decks") or {}
    for party in raw_decks:
        if party not in PARTIES:
            problems.append(f"{FILE}: deck {party!r} is not a party we have ({', '.join(PARTIES)})")
    for party in PARTIES:
        items = raw_decks.get(party)
        if not isinstance(items, list):
            problems.append(f"{FILE}: no deck for {party}")
            continue
        cards = [card for i, item in enumerate(items)
                 if (card := _validate(AdvancedCardDef, item, f"decks.{party}[{i}]", problems)) is not None]
        for dup in duplicates([card.number for card in cards]):
            problems.append(f"{FILE}: {party} card number {dup} is used twice")
        for dup in duplicates([card.name for card in cards]):
            problems.append(f"{FILE}: {party} card name {dup!r} is used twice")
        if len(items) != DECK_SIZE:
            problems.append(f"{FILE}: the {party} deck has {DECK_SIZE} cards, found {len(items)}")
        for card in cards:
            where = f"{FILE}: {party} card {card.number} ({card.name})"
            bad = [code for code in card.direct.states if known_states and code not in known_states]
            if bad:
                problems.append(f"{where}: unknown state(s) {bad}")
            bad = [i for i in card.debate.trails.issues if known_issues and i not in known_issues]
            if bad:
                problems.append(f"{where}: unknown issue(s) {bad}")
            if card.register_ is not None and card.register_.count > TRACK_SPACES * SPACE_SIZE:
                problems.append(f"{where}: registers more than the track holds")
        if cards and not any(card.automatic for card in cards):
            problems.append(f"{FILE}: the {party} deck needs some 'direct action happens automatically' cards")
        decks[party] = {card.number: card for card in cards}
    if problems:
        return None, problems
    return AdvancedContent(track={t.number: t for t in track}, decks=decks), problems


@lru_cache(maxsize=1)
def load() -> AdvancedContent:
    return load_or_raise(collect_problems)
