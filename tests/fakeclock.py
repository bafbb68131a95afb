"""A clock the tests move by hand (the manager takes any callable returning UNIX seconds)."""
from __future__ import annotations


class Clock:
    def __init__(self, t: float = 1_800_000_000) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t
