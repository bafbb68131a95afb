"""What every renderer returns."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LabelBox:
    """Where one state's label was drawn (for tests and for anyone mapping clicks to states)."""

    abbr: str
    box: tuple[int, int, int, int]  # left, top, right, bottom of everything drawn for the label
    anchor: tuple[int, int]  # the state's label point (pole of inaccessibility), always inside it
    leader: bool  # True when a line joins the anchor to a box placed outside the state (callouts)
    point: tuple[int, int] = (0, 0)  # where the label is pinned: its centre, or the anchor with a leader


@dataclass(frozen=True)
class Rendered:
    png: bytes
    alt: str
    width: int
    height: int
    labels: tuple[LabelBox, ...] = field(default=(), repr=False)
