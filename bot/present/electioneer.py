"""How Electioneer's views read as text: the console board and hand, and a seat's private brief."""
from __future__ import annotations

from bot.present.base import Presenter, Section
from bot.present.changes import MapTally, StateTally
from bot.present.tallies import electioneer as tallies_electioneer
from bot.present.tally import ElectoralTally
from engine.electioneer.cards import card as policy_card
from engine.electioneer.views import ElectioneerView, PolicyCard, StateCard


def _console_effects(card: PolicyCard) -> str:
    return ", ".join(f"{issue} {value:+d}" for issue, value in card.effects.items())


def _brief_effects(effects: dict[str, int]) -> str:
    """With a true minus sign: the brief is read, not typed back."""
    return ", ".join(f"{issue} {'+' if value >= 0 else '−'}{abs(value)}" for issue, value in effects.items())


def _sealed(pid: str) -> str:
    """A policy sealed face down (no longer in the hand), named as the hand names it: `D08` **Student Debt Relief**."""
    found = policy_card(pid)
    return f"`{pid}` **{found.name}**" if found is not None else f"`{pid}`"


class ElectioneerPresenter(Presenter):
    move_example = "campaign D03"
    group_words = {"swap": "Swap an issue"}
    extras_placeholder = "Play a theatric…"

    def extras_note(self, count: int, view: ElectioneerView | None = None) -> str:
        """`count` is the decision's extras: one per theatric and target (a reframe alone offers dozens), so it
        never counts cards. The cards come from the seat's own view; without it the line names no number."""
        if view is None or view.theatrics is None:
            return "You may also play theatrics now: type `t` to list each card with its targets."
        cards = sum(t.playable for t in view.theatrics)
        noun = "theatric" if cards == 1 else "theatrics"
        return f"You may also play {cards} {noun} now: type `t` to list them with their targets."

    def board_text(self, view: ElectioneerView) -> str:
        lines = [f"Month {min(view.month, 7)} of 7 — {view.phase_label}"]
        for s in view.states:
            issues = " + ".join(i if i else "?" for i in s.issues) + (" (seen by you)" if s.peeked else "")
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

    def hand_text(self, view: ElectioneerView) -> str:
        if view.hand is None:
            return ""
        lines = ["Your policies:"]
        lines += [f"  {c.id} {c.name}: {_console_effects(c)}" for c in view.hand]
        if view.theatrics:
            lines.append("Your theatrics:")
            lines += [f"  {t.id} {t.name}: {t.text}{'' if t.playable else ' (nothing to play it on now)'}"
                      for t in view.theatrics]
        for code, issues in view.known_issues.items():
            lines.append(f"You know {code}'s hidden issues: {' + '.join(issues)}")
        if view.deck_bottom:
            lines.append("Under your deck (you put them there): " + ", ".join(f"{c.id} {c.name}" for c in view.deck_bottom))
        return "\n".join(lines)

    def brief_sections(self, view: ElectioneerView, seat: str) -> list[Section]:
        if view.hand is None:
            return []
        sections: list[Section] = []
        if view.phase != "over":
            current = next((s for s in view.states if s.code == view.current_state), None)
            where = f" — {current.name} ({' + '.join(i or '?' for i in current.issues)})" if current else ""
            sections.append(("Now", [f"Month {min(view.month, 7)} of 7{where}", view.phase_label]))
        sections.append((f"Your policies ({len(view.hand)})",
                         [f"`{c.id}` **{c.name}** — {_brief_effects(c.effects)}" for c in view.hand]))
        if view.theatrics is not None:
            sections.append((f"Your theatrics ({len(view.theatrics)})",
                             [f"`{t.id}` **{t.name}** — {t.text}{'' if t.playable else ' *(nothing to play it on now)*'}"
                              for t in view.theatrics]))
        if view.known_issues:
            sections.append(("Face-down issues you have seen",
                             [f"{code}: {' + '.join(issues)}" for code, issues in view.known_issues.items()]))
        if view.deck_bottom:
            sections.append(("Policies you put under your deck",
                             [f"`{c.id}` **{c.name}** — {_brief_effects(c.effects)}" for c in view.deck_bottom]))
        if view.pending_discard or view.pending_campaign:
            sealed = [f"bottom of deck: {_sealed(view.pending_discard)}" if view.pending_discard else "",
                      f"campaign: {_sealed(view.pending_campaign)}" if view.pending_campaign else ""]
            sections.append(("Your sealed choices", [s for s in sealed if s]))
        return sections

    # ---- what a turn changed

    def tally(self, view: ElectioneerView) -> MapTally:
        """Each state as the view counts it now (election-day totals once counted) and who holds it: the same
        `count_now` and `holder` the projection adds up, so a caption's "leads GA" is what the board shows.
        Not a month's contest winner: the month is won with one policy, the state with the whole platform.
        A state a seat peeked at counts as face down: what a caption says is public from any view."""
        def public(s: StateCard) -> StateTally:
            if s.peeked:
                return StateTally(code=s.code, ev=s.electors)
            return StateTally(code=s.code, ev=s.electors, counts={k: v for k, v in s.count_now.items() if v},
                              leader=s.holder)

        # Before election day a state is only projected: the caption says who "leads" it, and "wins" once counted.
        verb = "wins" if view.phase in ("election", "over") else "leads"
        return MapTally(sides=list(view.platforms) or ["DEM", "REP"], verb=verb,
                        states={s.code: public(s) for s in view.states})
    # ------------------------------------------------------------ the election-night dashboard
    def electoral_tally(self, view: ElectioneerView) -> ElectoralTally:
        return tallies_electioneer.tally(view)
