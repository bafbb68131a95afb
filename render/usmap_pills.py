"""What a state's count pills and markers say: a pill per party with pieces there ("D3"), or one leader-and-margin
pill ("D+3", a tie "D=R"), and the markers in their parties' colours. The specs are plain tuples, so a label is
cached by what it says."""
from __future__ import annotations

from typing import NamedTuple

from render.canvas import Sprite
from render.mapview import MapView, StateView
from render.usmap_geometry import LAYOUT
from render.usmap_palette import Style
from render.widgets import MARKER, PILL_H, marker, pill

F_PILL = 19

# The leader-and-margin pill is a state's only count, so it may be larger than the state's name: its font
# is LEADER_BOOST px larger than a count pill's (28 px: 7 px at 400 px wide, where "B" and "8" part),
# and LEADER_GROW px taller.
LEADER_BOOST, LEADER_GROW = 9, 6


class PillSpec(NamedTuple):
    text: str
    bg: str
    fg: str
    leader: bool = False  # the leader-and-margin pill: the state's only count pill


def pill_specs(view: MapView, abbr: str, st: Style) -> tuple[PillSpec, ...]:
    s = view.states.get(abbr)
    if s is None:
        return ()
    if view.shows_leader(abbr):
        return (_leader_spec(view, abbr, st),)
    return tuple(PillSpec(count_text(p.letter, s.counts[p.code]), f"p{k}", st.fg[f"p{k}"])
                 for k, p in enumerate(view.parties) if s.counts.get(p.code))


def leader_text(view: MapView, abbr: str) -> str:
    leaders, margin = view.standing(abbr)
    return standing_text([view.party(c).letter for c in leaders], margin)


def standing_text(letters: list[str], margin: int) -> str:
    """"D+3": the leader's letter and lead; "D=R": the tied parties' letters. A digit letter is set apart
    from its margin ("1 +3", not "1+3")."""
    if len(letters) > 1:
        return "=".join(letters)
    sep = " " if _ends_in_digit(letters[0]) else ""
    return f"{letters[0]}{sep}+{margin}"


def _leader_spec(view: MapView, abbr: str, st: Style) -> PillSpec:
    leaders, _ = view.standing(abbr)
    if len(leaders) > 1:  # no one colour: a white pill; the letters and the state's stripes say who
        return PillSpec(leader_text(view, abbr), "white", "ink", True)
    k = view.slot(leaders[0])
    return PillSpec(leader_text(view, abbr), f"p{k}", st.fg[f"p{k}"], True)


def count_pill(spec: PillSpec, size: int = F_PILL, height: int = PILL_H) -> Sprite:
    """A count pill; the leader pill is larger and ringed in ink, because it sits on a face of its own colour."""
    if spec.leader:
        return pill(LAYOUT, spec.text, spec.bg, spec.fg, ring="ink", size=size + LEADER_BOOST,
                    height=height + LEADER_GROW)
    return pill(LAYOUT, spec.text, spec.bg, spec.fg, size=size, height=height)


def _ends_in_digit(letter: str) -> bool:
    """A party letter may be a digit: a number written after it needs setting apart."""
    return letter[-1:] in tuple("0123456789")


def count_text(letter: str, n: int) -> str:
    """A count pill's text: "D3"; after a digit letter set apart, "1·1", not "11"."""
    return f"{letter}·{n}" if _ends_in_digit(letter) else f"{letter}{n}"


def marker_specs(view: MapView, s: StateView | None, st: Style) -> tuple:
    if s is None:
        return ()
    out = []
    for m in s.markers:
        if m.party is not None:
            k = view.slot(m.party)
            fill = f"p{k}"
            text = m.text if m.text is not None else view.parties[k].letter
        else:
            fill, text = "white", (m.text or "")
        out.append((m.kind, fill, st.fg[fill], text))
    return tuple(out)


def count_pills(view: MapView, abbr: str, st: Style, size: int = F_PILL) -> list[Sprite]:
    return [count_pill(spec, size) for spec in pill_specs(view, abbr, st)]


def marker_sprites(view: MapView, s: StateView | None, st: Style, size: int = MARKER) -> list[Sprite]:
    return [marker(LAYOUT, kind, fill, fg, text, size=size) for kind, fill, fg, text in marker_specs(view, s, st)]
