"""The US map in words: its alt text in parts (`MapAlt`), which a ruleset may interleave with its own."""
from __future__ import annotations

from dataclasses import dataclass

from render.alttext import Part, and_list, fit, sentence, some
from render.mapview import MapView
from render.usdata import NAMES


def map_title(view: MapView, extra: str = "") -> str:
    parts = [view.game, view.turn, view.to_move, view.deadline]
    if extra:
        parts.insert(0, extra)
    return " — ".join(p for p in parts if p)


@dataclass(frozen=True)
class MapAlt:
    """The map's alt text in parts (render/alttext.py), for a ruleset to put its own between them: each part one
    sentence or more, or its alternatives from the richest to the shortest ("" when it may be left out)."""

    head: str  # "Map of the United States: Campaign Trail — August — round 2 — Democrats to move."
    totals: str  # each party's electoral votes, what wins, who is ahead
    changed: Part  # the states the last move changed (outlined), with their counts now
    states: Part  # the states each party leads (holds), with codes or margins, or only how many
    markers: Part  # candidates, home states, cities …
    regions: Part  # the region borders drawn
    panels: str  # the panels' rows

    def parts(self, extra: Part = "") -> list[Part]:
        """The whole map in reading order (`extra` after the headline)."""
        return [self.head, extra, self.totals, self.changed, self.states, self.panels, self.markers, self.regions]


def _party_words(view: MapView, code: str) -> str:
    """A party's name with its letter, where the letter says something the name does not ("Democrats (D)", but
    "P1", not "P1 (1)")."""
    p = view.party(code)
    plain = any(ch in "0123456789" for ch in p.name) or p.letter not in p.name.upper()
    return p.name if plain else f"{p.name} ({p.letter})"


def _short(view: MapView, code: str) -> str:
    """How a state's counts name a party: its letter ("D3"), or its name when the letter is a digit ("P1 3")."""
    p = view.party(code)
    return p.name + " " if p.letter and all(ch in "0123456789" for ch in p.letter) else p.letter


def _counts_words(view: MapView, abbr: str) -> str:
    """A state's counts as the map shows them: "D3 R2", or its leader and margin ("K+3", "P1 +3", "D=R" tied)."""
    s = view.states.get(abbr)
    if s is None or not any(s.counts.values()):
        return "empty"
    if view.shows_leader(abbr):
        leaders, margin = view.standing(abbr)
        if len(leaders) > 2:
            return f"{len(leaders)}-way tie"
        if len(leaders) > 1:
            return "tied " + "=".join(_short(view, c).strip() for c in leaders)
        return f"{_short(view, leaders[0])}+{margin}"
    return " ".join(f"{_short(view, p.code)}{s.counts[p.code]}" for p in view.parties if s.counts.get(p.code))


def map_alt(view: MapView, kind: str = "Map", solid_word: str = "solid") -> MapAlt:
    """The map in words, in parts. `solid_word`: what a solid fill means in this game ("solid", "carried")."""
    head = map_title(view)
    head = f"{kind} of the United States: {head}." if head else f"{kind} of the United States."
    panels = []
    for p in view.panels:
        rows = ", ".join(f"{k} {v}" for k, v in p.rows)
        panels.append(f"{p.title}: {rows}." if rows else f"{p.title}.")
    return MapAlt(head, _totals_text(view), _changed_part(view), _states_part(view, solid_word),
                  _markers_part(view), _regions_part(view), " ".join(panels))


def _totals_text(view: MapView) -> str:
    """Each party's electoral votes, how many win, and who is ahead."""
    totals = {p.code: view.ev_totals.get(p.code, 0) for p in view.parties}
    ev = ", ".join(f"{_party_words(view, p.code)} {totals[p.code]}" for p in view.parties)
    ranked = sorted(totals.values(), reverse=True)
    top = [view.party(c).name for c, n in totals.items() if n == ranked[0]]
    ahead = ""
    if len(view.parties) > 1 and ranked[0] > 0:
        ahead = (f" Ahead: {top[0]}, by {ranked[0] - ranked[1]}." if len(top) == 1
                 else f" Level at the top: {and_list(top)}, {ranked[0]} each.")
    return f"Electoral votes: {ev}; {view.needed()} of {view.total_ev()} needed to win.{ahead}"


def _changed_part(view: MapView) -> Part:
    """The last move's states, outlined on the map, with their counts now."""
    hl = sorted(a for a, s in view.states.items() if s.highlight)
    if not hl:
        return ""
    named = [f"{NAMES.get(a, a)} ({_counts_words(view, a)})" for a in hl]
    coded = [f"{a} {_counts_words(view, a)}" for a in hl]
    return (sentence(f"Outlined, changed by the last move: {some(named, 8)}"),
            sentence(f"Outlined, changed by the last move: {some(coded, 12)}"),
            sentence(f"Outlined, changed by the last move: {some(hl, 12)}"))


def _holders(view: MapView) -> tuple[dict[str, str], list[str]]:
    """(state -> the party it is drawn for, the tied states)."""
    leader_style = view.count_style == "leader"
    holder: dict[str, str] = {}
    tied: list[str] = []
    for a, s in sorted(view.states.items()):
        if view.shows_leader(a) or (leader_style and any(s.counts.values())):
            leaders, _ = view.standing(a)
            if len(leaders) == 1:
                holder[a] = leaders[0]
            else:
                tied.append(a)
        elif s.strength == "tied":
            tied.append(a)
        elif s.fill is not None and s.strength in ("solid", "lean"):
            holder[a] = s.fill
    return holder, tied


def _state_item(view: MapView, a: str, detail: int) -> str:
    """A state in the list: its code, with its counts or its leader and margin as drawn (detail 2)."""
    if detail < 2:
        return a
    if view.shows_leader(a):
        leaders, margin = view.standing(a)
        return f"{a} " + ("=".join(_short(view, c).strip() for c in leaders) if len(leaders) > 1
                          else f"{_short(view, leaders[0])}+{margin}")
    return f"{a} {_counts_words(view, a)}" if any(view.states[a].counts.values()) else a


def _states_part(view: MapView, solid_word: str) -> Part:
    """The states each party holds: codes (with margins in leader style), else how many."""
    holder, tied = _holders(view)
    groups: list[tuple[str, list[str], int]] = []
    for p in view.parties:
        held = [a for a, c in holder.items() if c == p.code]
        if held:
            groups.append((p.name, held, sum(1 for a in held if view.states[a].strength == "solid")))
    if not (groups or tied):
        return ""

    def group(name: str, held: list[str], solid: int, detail: int) -> str:
        counted = f"{name} {len(held)} ({solid} {solid_word})"
        return f"{counted}: {', '.join(_state_item(view, a, detail) for a in held)}" if detail else counted

    forms = []
    for detail in (2, 1, 0):
        text = "; ".join(group(n, h, k, detail) for n, h, k in groups)
        if tied:
            text += ("; " if text else "") + f"tied {len(tied)}" + (
                f": {', '.join(_state_item(view, a, detail) for a in tied)}" if detail else "")
        forms.append(f"States led: {text}.")
    return tuple(forms)


def _markers_part(view: MapView) -> Part:
    """Markers by kind: the players' (candidates, home states) first, the neutral ones (cities) after."""
    mine: dict[str, dict[str, list[str]]] = {}
    neutral: dict[str, list[str]] = {}
    for a, s in sorted(view.states.items()):
        for m in s.markers:
            if m.party:
                mine.setdefault(m.kind, {}).setdefault(m.party, []).append(a)
            else:
                neutral.setdefault(m.kind, []).append(a)
    players = " ".join(f"{_MARKER_PLURAL[k]}: " + "; ".join(f"{view.party(p.code).name} in {and_list(mine[k][p.code])}"
                                                              for p in view.parties if p.code in mine[k])
                        + "." for k in _MARKER_PLURAL if k in mine)
    others = " ".join(f"{_MARKER_PLURAL[k]}: {', '.join(neutral[k])}." for k in _MARKER_PLURAL if k in neutral)
    if players or others:
        return (" ".join(t for t in (players, others) if t), players, "")
    return ""


def _regions_part(view: MapView) -> Part:
    if not view.regions:
        return ""
    return ("Region borders: " + "; ".join(f"{name} ({', '.join(sorted(m))})"
                                           for name, m in view.regions.items()) + ".",
            f"Thick lines divide the regions: {and_list(list(view.regions))}.", "")


_MARKER_PLURAL = {"pawn": "Candidates", "home": "Home states", "city": "Cities", "star": "Stars", "flag": "Flags",
                  "cross": "Blocked"}


def alt_text(view: MapView, kind: str, extra: str = "") -> str:
    return fit(map_alt(view, kind).parts(extra))
