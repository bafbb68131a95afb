"""The Solo Play deck (Appendix A) loaded from data/campaign_trail/solo_cards.yaml.

Each card has an optional register section (the register-track diagram: the spaces it shows filled, always
from the left; and how many voters a register action adds) and a direct action (its icon, the voters it
puts in each coloured state, and each state's threshold). A card without a register section is one whose
direct action happens automatically. Every card is validated on its own, then cross-checked (numbers,
names, known states), and every problem is reported at once.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field, ValidationError, field_validator

from engine.content import ContentModel, duplicates, load_or_raise, validate_items

FILE = "campaign_trail/solo_cards.yaml"
DECK_SIZE = 63
TRACK_SPACES = 10  # the register track: ten spaces per AI party
SPACE_SIZE = 3  # voters a space holds
DirectType = Literal["advertise", "campaign", "politick"]


class RegisterSection(ContentModel):
    filled: list[int] = Field(min_length=1, max_length=TRACK_SPACES)  # the track spaces the diagram shows filled
    count: int = Field(ge=1, le=TRACK_SPACES * SPACE_SIZE)  # voters a register action adds

    @field_validator("filled")
    @classmethod
    def _from_the_left(cls, value: list[int]) -> list[int]:
        # the track fills from the left, so a diagram is always its first N spaces
        if value != list(range(1, len(value) + 1)):
            raise ValueError(f"the filled spaces must be 1..N from the left, not {value}")
        return value

    @property
    def highest(self) -> int:
        return self.filled[-1]


class DirectSection(ContentModel):
    type: DirectType  # the icon: matters only to the human's politicks that answer an action type
    voters: int = Field(ge=1, le=6)  # voters placed in each state that is under its threshold
    states: dict[str, int] = Field(min_length=1)  # coloured state -> threshold (the lead that suffices)

    @field_validator("states")
    @classmethod
    def _thresholds(cls, value: dict[str, int]) -> dict[str, int]:
        bad = {code: n for code, n in value.items() if not 1 <= n <= 9}
        if bad:
            raise ValueError(f"thresholds are 1 to 9: {bad}")
        return value


class SoloCardDef(ContentModel):
    number: int = Field(ge=1, le=DECK_SIZE)
    name: str = Field(min_length=1)
    register_: RegisterSection | None = Field(alias="register")  # None: the direct action happens automatically
    direct: DirectSection

    @property
    def automatic(self) -> bool:
        return self.register_ is None


class SoloContent(ContentModel):
    cards: dict[int, SoloCardDef]


def collect_problems() -> tuple[SoloContent | None, list[str]]:
    problems: list[str] = []
    cards = validate_items(SoloCardDef, FILE, "solo_cards", problems)
    return check(cards, problems)


def check_raw(raw: dict) -> tuple[SoloContent | None, list[str]]:
    """The same checks on a deck given as data (the content test feeds it broken decks)."""
    problems: list[str] = []
    cards = []
    for index, item in enumerate(raw.get("solo_cards", [])):
        try:
            cards.append(SoloCardDef.model_validate(item))
        except ValidationError as exc:
            for err in exc.errors():
                where = ".".join(str(p) for p in err["loc"])
                problems.append(f"{FILE}: solo_cards[{index}]: {where}: {err['msg']}")
    return check(cards, problems)


def check(cards: list[SoloCardDef], problems: list[str]) -> tuple[SoloContent | None, list[str]]:
    from engine.campaign_trail import content as ct  # the map the cards' states must be on

    for dup in duplicates([c.number for c in cards]):
        problems.append(f"{FILE}: card number {dup} is used twice")
    for dup in duplicates([c.name for c in cards]):
        problems.append(f"{FILE}: card name {dup!r} is used twice")
    if len(cards) != DECK_SIZE:
        problems.append(f"{FILE}: the Solo Play deck has {DECK_SIZE} cards, found {len(cards)}")
    try:
        known = set(ct.load().states)
    except Exception as exc:  # the map's own problems are reported by its own test
        problems.append(f"{FILE}: cannot check states: the map does not load ({str(exc)[:80]})")
        known = set()
    for card in cards:
        unknown = [code for code in card.direct.states if known and code not in known]
        if unknown:
            problems.append(f"{FILE}: card {card.number} ({card.name}): unknown state(s) {unknown}")
    if cards and not any(c.automatic for c in cards):
        problems.append(f"{FILE}: the deck needs some 'direct action happens automatically' cards (register: null)")
    if problems:
        return None, problems
    return SoloContent(cards={c.number: c for c in cards}), problems


@lru_cache(maxsize=1)
def load() -> SoloContent:
    return load_or_raise(collect_problems)
