"""What a concession does, for every ruleset (rulings in docs/rulings.md, "Conceding").

No rulebook has a concession rule, so the bot follows the one rule every rulebook shares: the game ends when
one party is left in the race. A party is the seats that win or lose together (Campaign Trail's running mates
share their party; every other seat is a party of its own — the ruleset's `party_of`).

* A player whose party still has another seat held by a person hands their seat to the bot and the
  party carries on: a running mate cannot resign for their partner.
* A party whose last person concedes is out of the race. If one party is left, the game ends now and that
  party wins. When no seated party is left but parties no seat plays are (Solo Play's AI parties, the
  ruleset's `seatless_parties`), the game ends now and those win. Otherwise the others play on; the bot moves the conceded party's pieces to the end (the map stays
  a map the rules know), and at the end a conceded party cannot win: the win goes to the best-placed party
  still running, by the result's own scores (electoral votes).

Pure functions over seat names, so the manager, the record's verifier and the tests share one reading."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.ruleset import Ruleset
from engine.core.types import Outcome


def party_of(ruleset: Ruleset, seat: str) -> str:
    return ruleset.party_of(seat)


def parties(ruleset: Ruleset, seats: list[str]) -> dict[str, list[str]]:
    """party -> its seats, in table order."""
    out: dict[str, list[str]] = {}
    for seat in seats:
        out.setdefault(party_of(ruleset, seat), []).append(seat)
    return out


@dataclass(frozen=True)
class Concession:
    seat: str
    party: str
    party_out: bool  # the party leaves the race (its last person conceded)
    partners: list[str]  # the party's seats still played by people (the running mate who carries on)
    winners: list[str]  # the game ends now: these seats win (empty: play on)


def seatless(ruleset: Ruleset, options: dict[str, Any] | None) -> list[str]:
    return list(ruleset.seatless_parties(options or {}))


def concede(ruleset: Ruleset, seats: list[str], humans: set[str], conceded: set[str], seat: str,
            unseated: list[str] | None = None) -> Concession:
    """`seat` concedes. `humans`: seats a person plays now; `conceded`: seats that conceded before; `unseated`:
    the parties in the race that no seat plays (they never concede)."""
    by_party = parties(ruleset, seats)
    party = party_of(ruleset, seat)
    partners = [s for s in by_party[party] if s != seat and s in humans and s not in conceded]
    if partners:
        return Concession(seat, party, party_out=False, partners=partners, winners=[])
    out = _parties_out(ruleset, seats, conceded | {seat})
    running = [p for p in by_party if p not in out]
    if not running and unseated:  # nobody seated is left: the game is the unseated parties' (Solo Play)
        return Concession(seat, party, party_out=True, partners=[], winners=list(unseated))
    winners = by_party[running[0]] if len(running) == 1 and not unseated else []
    return Concession(seat, party, party_out=True, partners=[], winners=list(winners))


def _parties_out(ruleset: Ruleset, seats: list[str], conceded: set[str]) -> set[str]:
    """The parties whose every seat conceded (when a party's last person concedes, the manager marks all its
    seats conceded, a seat the bot held for a partner who left included)."""
    return {p for p, members in parties(ruleset, seats).items() if all(s in conceded for s in members)}


def final_outcome(ruleset: Ruleset, seats: list[str], conceded: set[str], outcome: Outcome) -> tuple[Outcome, str]:
    """The rules' outcome with conceded parties out of the running, and a line saying why it changed ('' if not)."""
    out = _parties_out(ruleset, seats, conceded)
    if not out or outcome.draw and not outcome.winners:
        return outcome, ""
    if not any(party_of(ruleset, w) in out for w in outcome.winners):
        return outcome, ""
    by_party = parties(ruleset, seats)
    running = [p for p in by_party if p not in out]
    score = {p: _score(outcome.scores, p, by_party[p]) for p in running}
    if any(v is None for v in score.values()) or not running:
        return Outcome(winners=[], scores=outcome.scores, reason=outcome.reason, draw=True), (
            "The count's winner had conceded, and the rules' scores cannot rank the others: a draw.")
    best = max(v for v in score.values() if v is not None)
    top = [p for p in running if score[p] == best]
    winners = [s for p in top for s in by_party[p]]
    line = (f"The count's winner had conceded, so the win goes to {' and '.join(top)} "
            f"({best}, the most among those still running).")
    return Outcome(winners=winners, scores=outcome.scores, reason=f"{outcome.reason} {line}".strip()), line


def _score(scores: dict[str, int], party: str, members: list[str]) -> int | None:
    if party in scores:
        return scores[party]
    values = [scores[s] for s in members if s in scores]
    return max(values) if values else None
