"""Randomness that lives in the game state: one 64-bit integer, advanced by splitmix64.

No module-level random state anywhere in the engine: the same seed and the same actions
always give byte-identical states, so a journal replays exactly.
"""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
MASK64 = (1 << 64) - 1


def splitmix64(state: int) -> tuple[int, int]:
    """Return (output, next_state)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31), state


class Rng:
    """A cursor over the state's PRNG integer. Read `.state` back into the game state after use."""

    __slots__ = ("state", "draws")

    def __init__(self, state: int) -> None:
        self.state = state & MASK64
        self.draws = 0

    def next_u64(self) -> int:
        value, self.state = splitmix64(self.state)
        self.draws += 1
        return value

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = MASK64 - (MASK64 + 1) % n
        while True:
            value = self.next_u64()
            if value <= limit:
                return value % n

    def roll(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list, Fisher-Yates shuffled."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def salt(self) -> str:
        return f"{self.next_u64():016x}"


def seed_from_text(text: str) -> int:
    """A stable 64-bit seed from any string (game ids, scenario names)."""
    import hashlib

    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
