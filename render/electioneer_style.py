"""Electioneer US's palette, party letters and number words, shared by the table (render/electioneer.py and
render/electioneer_layout.py) and the close-up (render/electioneer_closeup.py)."""
from __future__ import annotations

from engine.electioneer.views import ElectioneerView, PolicyCard
from render import colours as C
from render.canvas import Layout

MONTHS = 7
SEATS = ("DEM", "REP")
NAMES = {"DEM": "Democrats", "REP": "Republicans"}
LETTER = {"DEM": "D", "REP": "R"}
SLOT = {"DEM": "D", "REP": "R"}
# data/electioneer/issues.yaml's seven issues, in its order (render/ reads views, never the engine's content;
# tests/render/test_electioneer.py checks the two agree). The table adds up each side's platform on each.
ISSUES = ("economy", "immigration", "healthcare", "crime", "education", "defense", "environment")

_NAMES = ["paper", "ink", "white", "muted", "card", "now", "D", "Dl", "R", "Rl", "back", "back2", "tile",
          "bar_empty", "rule"]
_LIGHT = ["paper", "white", "card", "now", "Dl", "Rl", "tile", "bar_empty"]
_PAIRS = ([("ink", b) for b in _LIGHT] + [("white", b) for b in ("D", "R", "back", "ink", "muted")]
          + [("ink", b) for b in ("D", "R")]
          + [("muted", b) for b in ("paper", "white", "card", "now", "tile")])
LAYOUT = Layout("electioneer", _NAMES, _PAIRS)

_D, _Dl = C.PARTY_COLOURS["blue"]
_R, _Rl = C.PARTY_COLOURS["red"]
COLOURS: dict[str, C.RGB] = {
    "paper": C.PAPER, "ink": C.INK, "white": C.WHITE, "muted": C.MUTED, "card": (255, 255, 255),
    "now": (255, 244, 206), "D": _D, "Dl": _Dl, "R": _R, "Rl": _Rl, "back": (58, 66, 82), "back2": (84, 94, 114),
    "tile": (241, 239, 233), "bar_empty": (225, 223, 217), "rule": (200, 198, 192),
}
FG = {n: C.text_on(rgb) for n, rgb in COLOURS.items()}


def issue_name(issue: str) -> str:
    return issue.replace("_", " ").capitalize()


def issue_short(issue: str) -> str:
    return issue[:3].upper()


def effects_text(card: PolicyCard) -> str:
    return ", ".join(f"{issue_name(i)} {'+' if v > 0 else '−' if v < 0 else '±'}{abs(v)}"
                     for i, v in card.effects.items())


def signed(v: int) -> str:
    """+2, −1 (a true minus), 0."""
    return f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0"


def plain(v: int) -> str:
    """2, −1 (a true minus), 0: a total, where a plus sign would only take room."""
    return f"−{-v}" if v < 0 else str(v)


def majority(view: ElectioneerView) -> tuple[int, int]:
    """All the states' electors, and how many win."""
    total = sum(s.electors for s in view.states)
    return total, total // 2 + 1
