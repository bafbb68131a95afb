"""Plain-text renderings of views, for the console table and text fallbacks."""
from __future__ import annotations

from pydantic import BaseModel


def _effects(card) -> str:
    return ", ".join(f"{issue} {value:+d}" for issue, value in card.effects.items())


def board_text(view: BaseModel) -> str:
    if getattr(view, "ruleset", None) != "electioneer":
        return ""
    lines = [f"Month {min(view.month, 7)} of 7 — {view.phase_label}"]
    for s in view.states:
        issues = " + ".join(i if i else "?" for i in s.issues)
        mark = "▶ " if s.code == view.current_state else "  "
        won = f" won by {s.winner}" if s.winner else ""
        markers = "".join(f" [{m.delta:+d} {m.seat}]" for m in s.markers)
        lines.append(f"{mark}{s.code} {s.name:<15} {s.electors:>2} EV  tie:{s.colour}  {issues}{won}{markers}")
    for seat, cards in view.platforms.items():
        lines.append(f"{seat} platform: " + ("; ".join(c.name for c in cards) or "—"))
    lines.append("Projection: " + ", ".join(f"{k} {v}" for k, v in view.projection.items()) + " of 93 electors")
    if view.winner:
        lines.append(f"WINNER: {view.winner} ({view.final_electors.get('DEM', 0)}–{view.final_electors.get('REP', 0)})")
    return "\n".join(lines)


def hand_text(view: BaseModel) -> str:
    if getattr(view, "ruleset", None) != "electioneer" or view.hand is None:
        return ""
    lines = ["Your policies:"]
    lines += [f"  {c.id} {c.name}: {_effects(c)}" for c in view.hand]
    if view.theatrics:
        lines.append("Your theatrics:")
        lines += [f"  {t.id} {t.name}: {t.text}" for t in view.theatrics]
    for code, issues in view.known_issues.items():
        lines.append(f"You know {code}'s hidden issues: {' + '.join(issues)}")
    return "\n".join(lines)
