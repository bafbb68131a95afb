"""Randomness that lives in the game state: one 64-bit integer, advanced by splitmix64.

No module-level random state anywhere in the engine: the same seed and the same actions
always give byte-identical states, so a journal replays exactly.

One way in for a game's own randomness: `Randomness`, a pydantic model every title's state embeds, with shuffles,
dice (`roll`), bags (`draw` from a `Bag`), a counter of everything drawn (a step that drew ends undo: core `play`
checks it) and queues of forced results for tests (scenario `force:`).

`Rng` is a cursor over a bare PRNG integer that no state keeps: the randomness of whoever is choosing, not of the
game (a bot's and a search's own choices, a determinized world's redraw, a local table's seeds), and the engine
under `Randomness`'s `below` and `shuffle`, which advance the integer exactly as `Rng`'s do.
"""
from __future__ import annotations

from functools import lru_cache
import types
from typing import Annotated, Any, Iterable, Mapping, Sequence, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, field_validator

from engine.core.types import Strict, copy_state

T = TypeVar("T")
MASK64 = (1 << 64) - 1


def splitmix64(state: int) -> tuple[int, int]:
    """Return (output, next_state)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31), state


def _below(state: int, n: int) -> tuple[int, int]:
    """(a uniform integer in [0, n), the generator's next state) from splitmix64 `state`: the outputs above the
    largest multiple of n are drawn again (no modulo bias). splitmix64 written out, as the games' every shuffle
    and draw runs through here."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = MASK64 - (MASK64 + 1) % n
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        if z <= limit:
            return z % n, state


def _shuffled(state: int, items: Iterable[T]) -> tuple[list[T], int]:
    """(a new list of `items`, Fisher-Yates shuffled, the generator's next state): `_below` for each place."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = _below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, state


class Rng:
    """A cursor over a PRNG integer of its own (`.state`), for choices that are not the game's (module docstring)."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next_u64(self) -> int:
        value, self.state = splitmix64(self.state)
        return value

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias (rejection sampling)."""
        value, self.state = _below(self.state, n)
        return value

    def roll(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list, Fisher-Yates shuffled."""
        out, self.state = _shuffled(self.state, items)
        return out

    def salt(self) -> str:
        return f"{self.next_u64():016x}"


def seed_from_text(text: str) -> int:
    """A stable 64-bit seed from any string (game ids, scenario names)."""
    import hashlib

    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# ---------------------------------------------------------------- Randomness: dice and bags in the state


_DREW = ("prng", "draws")


class ForcedValueError(ValueError):
    """A forced die face or bag draw that cannot happen (a 7 on a d6, a colour the bag lacks).
    Only tests force values, so this is the test's mistake, not a player's: never an EngineError."""


class DiceRoll(BaseModel):
    """The faces of one roll of several identical dice."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    sides: int
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def text(self) -> str:
        """For the game log, ASCII only: `rolled 5+3 = 8`, or `rolled 4` for one die."""
        if len(self.faces) == 1:
            return f"rolled {self.faces[0]}"
        return f"rolled {'+'.join(map(str, self.faces))} = {self.total}"


class Bag(Strict):
    """Items by kind (colour, token type) drawn without replacement. A kind whose count reached 0
    stays listed, so the bag still knows what it can hold."""

    counts: dict[str, int] = Field(default_factory=dict)

    @field_validator("counts")
    @classmethod
    def _no_negative_counts(cls, counts: dict[str, int]) -> dict[str, int]:
        bad = [k for k, n in counts.items() if n < 0]
        if bad:
            raise ValueError(f"a bag cannot hold fewer than 0 of {', '.join(bad)}")
        return counts

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def describe(self) -> str:
        return ", ".join(f"{kind} {n}" for kind, n in sorted(self.counts.items()) if n) or "nothing"

    def put(self, items: Iterable[str]) -> None:
        """Return drawn items (or add new ones)."""
        for kind in items:
            self.counts[kind] = self.counts.get(kind, 0) + 1

    def refill(self, counts: Mapping[str, int]) -> None:
        """Reseed the bag: its contents become exactly `counts`."""
        self.counts = {**dict.fromkeys(self.counts, 0), **self._no_negative_counts(dict(counts))}

    def kind_at(self, index: int) -> str:
        """The item at `index` counting through the kinds in sorted order (independent of insertion order)."""
        counts = self.counts
        for kind in sorted(counts):
            n = counts[kind]
            if index < n:
                return kind
            index -= n
        raise IndexError(index)


class Randomness(Strict):
    """The PRNG a state embeds, with everything drawn counted and, for tests only, forced results.

        state.randomness = Randomness.seeded(seed)          # in setup
        roll = state.randomness.roll(2, sides=6)            # in apply, on the state's copy
        events.append(Event(public=f"{seat} {roll.text}"))  # "A rolled 5+3 = 8"
        drawn = state.randomness.draw(state.bag, 2)         # ["blue", "red"], taken out of state.bag

    Forced values (`forced_dice`, `forced_draws`) are used first, one per die or item, in order.
    """

    prng: int  # splitmix64 state
    draws: int = 0  # dice rolled + items drawn + shuffles: a step that changed it cannot be undone
    forced_dice: list[int] = Field(default_factory=list)
    forced_draws: list[str] = Field(default_factory=list)

    @classmethod
    def seeded(cls, seed: int) -> "Randomness":
        return cls(prng=seed & MASK64)

    def reseed(self, seed: int) -> None:
        """A new PRNG state; the counter and any forced values are kept."""
        self.prng = seed & MASK64

    def below(self, n: int) -> int:
        """Uniform integer in [0, n). Counts as one draw."""
        fields = self.__dict__  # both fields set as an assignment sets them, at once: every die and draw comes here
        value, fields["prng"] = _below(fields["prng"], n)
        fields["draws"] += 1
        self.__pydantic_fields_set__.update(_DREW)
        return value

    def roll(self, count: int = 1, sides: int = 6) -> DiceRoll:
        if count < 1 or sides < 1:
            raise ValueError("roll() needs at least one die of at least one side")
        faces = []
        for _ in range(count):
            if self.forced_dice:
                face = self.forced_dice.pop(0)
                if not 1 <= face <= sides:
                    raise ForcedValueError(f"forced die face {face} cannot come up on a {sides}-sided die")
                self.draws += 1
            else:
                face = self.below(sides) + 1
            faces.append(face)
        return DiceRoll(sides=sides, faces=tuple(faces))

    def draw(self, bag: Bag, n: int = 1) -> list[str]:
        """Take `n` items out of `bag` (changed in place), in the order drawn."""
        counts = bag.counts
        size = sum(counts.values())
        if n > size:
            raise ValueError(f"cannot draw {n} from a bag of {size} ({bag.describe()})")
        drawn = []
        for _ in range(n):
            if self.forced_draws:
                kind = self.forced_draws.pop(0)
                if bag.counts.get(kind, 0) < 1:
                    raise ForcedValueError(f"forced draw {kind!r} but the bag holds none (it holds {bag.describe()})")
                self.draws += 1
            else:
                kind = bag.kind_at(self.below(size))
            counts[kind] -= 1
            size -= 1
            drawn.append(kind)
        return drawn

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list, Fisher-Yates shuffled. Counts as one draw."""
        fields = self.__dict__
        out, fields["prng"] = _shuffled(fields["prng"], items)
        fields["draws"] += 1
        self.__pydantic_fields_set__.update(_DREW)
        return out


def _from_stored(value: Any) -> Any:
    return {"prng": value} if isinstance(value, int) else value


def _stored(randomness: Randomness) -> Any:
    if not randomness.forced_dice and not randomness.forced_draws:
        return randomness.prng
    return randomness.model_dump(mode="json", exclude={"draws"})


# A state's Randomness stored as its generator's bare integer (the forced results beside it only when there are
# any), the form Electioneer's and Campaign Trail's stored games hold, so their states hash as they always did. The
# count of draws is not stored: a loaded state counts from 0, and undo compares counts within a step only.
BareRandomness = Annotated[Randomness, BeforeValidator(_from_stored), PlainSerializer(_stored, when_used="json")]


@lru_cache(maxsize=None)
def randomness_path(model: type) -> tuple[str, ...] | None:
    """Where a state model keeps its `Randomness` (field names from the top), found from the field
    types so that nobody has to name it; None if it has none. Nested models (and `X | None` fields)
    are searched too; randomness inside lists or mappings is not a state's own."""
    return _find_randomness(model, frozenset())


def _find_randomness(model: type, seen: frozenset[type]) -> tuple[str, ...] | None:
    if not (isinstance(model, type) and issubclass(model, BaseModel)) or model in seen:
        return None
    for name, field in model.model_fields.items():
        annotation = field.annotation
        kinds = get_args(annotation) if get_origin(annotation) in (Union, types.UnionType) else (annotation,)
        for kind in kinds:
            if isinstance(kind, type) and issubclass(kind, Randomness):
                return (name,)
            inner = _find_randomness(kind, seen | {model}) if isinstance(kind, type) else None
            if inner is not None:
                return (name, *inner)
    return None


def randomness_of(state: BaseModel) -> Randomness | None:
    path = randomness_path(type(state))
    node: Any = state
    for name in path or ():
        node = getattr(node, name, None)
    return node if path is not None and isinstance(node, Randomness) else None


def randomness_drawn(before: BaseModel, after: BaseModel) -> bool:
    """Did going from `before` to `after` draw randomness? (Then the step cannot be undone.)"""
    old, new = randomness_of(before), randomness_of(after)
    return old is not None and new is not None and new.draws != old.draws


def forced_copy(state: BaseModel, dice: Sequence[int], draws: Sequence[str]) -> BaseModel:
    """A copy of `state` whose Randomness will give `dice` faces and `draws` items next (tests only)."""
    bad_faces = [d for d in dice if isinstance(d, bool) or not isinstance(d, int) or d < 1]
    if bad_faces:
        raise ForcedValueError(f"a forced die face is a whole number from 1 up, not {bad_faces[0]!r}")
    bad_draws = [d for d in draws if not isinstance(d, str) or not d]
    if bad_draws:
        raise ForcedValueError(f"a forced draw names a kind of item, not {bad_draws[0]!r}")
    copy = copy_state(state)
    randomness = randomness_of(copy)
    if randomness is None:
        raise ForcedValueError(f"{type(state).__name__} holds no Randomness to force")
    randomness.forced_dice.extend(dice)
    randomness.forced_draws.extend(draws)
    return copy
