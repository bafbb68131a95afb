"""Electioneer's part of the scenario runner (engine/core/scenario.py): inline cards, setup fix-ups, lint."""
from __future__ import annotations

from collections import Counter
from contextlib import contextmanager
from typing import Any, Iterator

from engine.core.scenario import DefaultScenarioAdapter, ScenarioFailure, Touched, one_line, short, touched_under
from engine.electioneer import content as cm
from engine.electioneer import viewing


class ElectioneerScenarioAdapter(DefaultScenarioAdapter):
    """Electioneer: inline policies/theatrics/states, fix-ups that keep decks and boards consistent
    with what a case placed, and a lint of the whole state (docs/scenarios.md)."""

    SEATS = ("DEM", "REP")

    def __init__(self) -> None:
        self.inline: set[str] = set()  # ids of this case's inline cards (need not be dealt anywhere)

    @contextmanager
    def content(self, cards: list[Any]) -> Iterator[None]:
        """Install the base content plus inline cards for one case.

        A card with `party` is a policy, one with `kind` a theatric, one with `electors` a
        state (replacing the state with that code: there are always seven). A card whose id
        already exists replaces it. Missing `rationale` defaults to "scenario card".
        """
        if not cards:
            yield
            return
        base = cm.load()
        states, policies, theatrics = dict(base.states), dict(base.policies), dict(base.theatrics)
        if not isinstance(cards, list):
            raise ScenarioFailure("`cards:` is a list of card mappings")
        for raw in cards:
            if not isinstance(raw, dict):
                raise ScenarioFailure("`cards:` is a list of card mappings")
            card = {"rationale": "scenario card", **raw}
            try:
                if "party" in card:
                    p = cm.PolicyDef.model_validate(card)
                    bad = [i for i in p.effects if i not in base.issues]
                    if bad:
                        raise ScenarioFailure(f"cards: {p.id}: unknown issue(s) {', '.join(bad)}")
                    policies[p.id] = p
                elif "kind" in card:
                    t = cm.TheatricDef.model_validate(card)
                    theatrics[t.id] = t
                elif "electors" in card:
                    s = cm.StateDef.model_validate(card)
                    if s.code not in states:
                        raise ScenarioFailure(f"cards: {s.code}: a state card replaces one of the seven ({', '.join(states)})")
                    states[s.code] = s
                else:
                    raise ScenarioFailure(f"cards: {raw.get('id', raw)}: give `party` (policy), `kind` (theatric) or `electors` (state)")
            except ScenarioFailure:
                raise
            except Exception as exc:
                raise ScenarioFailure(f"cards: {raw.get('id') or raw.get('code')}: {short(one_line(str(exc)), 300)}") from None
        self.inline = {str(c.get("id") or c.get("code")) for c in cards}
        custom = cm.ElectioneerContent(states=states, issues=dict(base.issues), policies=policies, theatrics=theatrics)
        with cm.use(custom):  # context-local: a live bot in the same process keeps the base content
            yield

    def fix_up(self, before: dict[str, Any], data: dict[str, Any], touched: Touched) -> dict[str, Any]:
        """Keep an overridden state consistent unless the author took charge of the detail.

        - a party's hand/platform set but not its deck: the deck keeps its order, loses the cards
          now placed elsewhere, and gains the cards displaced from hand/platform at the bottom;
        - board issues set but not `issue_deck`: tiles newly on boards come out of the deck,
          tiles taken off boards go to its bottom;
        - `order`, `month` or `phase` set but no board's `revealed`/`month`: boards are revealed
          exactly up to the current month (all of them on election day).
        """
        for seat in self.SEATS:
            if seat not in data.get("players", {}):
                continue
            if (touched_under(touched, "players", seat, "hand") or touched_under(touched, "players", seat, "platform")) \
                    and not touched_under(touched, "players", seat, "deck"):
                old, new = before["players"][seat], data["players"][seat]
                placed = set(new["hand"]) | set(new["platform"])
                deck = [x for x in old["deck"] if x not in placed]
                displaced = [x for x in old["hand"] + old["platform"] if x not in placed and x not in deck]
                new["deck"] = deck + displaced
        if touched_under(touched, "boards", "*", "issues") and not touched_under(touched, "issue_deck"):
            old_tiles = Counter(t for b in before["boards"].values() for t in b["issues"])
            new_tiles = Counter(t for b in data["boards"].values() for t in b["issues"])
            deck = list(data["issue_deck"])
            for tile, n in (new_tiles - old_tiles).items():
                for _ in range(n):
                    if tile in deck:
                        deck.remove(tile)
            for code in data["order"]:
                for tile in before["boards"][code]["issues"]:
                    if (old_tiles - new_tiles)[tile] > 0:
                        deck.append(tile)
                        old_tiles[tile] -= 1
            data["issue_deck"] = deck
        if (touched_under(touched, "order") or touched_under(touched, "month") or touched_under(touched, "phase")) \
                and not (touched_under(touched, "boards", "*", "revealed") or touched_under(touched, "boards", "*", "month")):
            upto = len(data["order"]) if data["phase"] in ("election", "over") else data["month"]
            for i, code in enumerate(data["order"]):
                board = data["boards"][code]
                board["revealed"] = i < upto
                board["month"] = i + 1 if i < upto else None
        return data

    def lint(self, state: Any) -> list[str]:
        """Structural consistency of an Electioneer state (also run after every step)."""
        c = cm.load()
        problems: list[str] = []
        if sorted(state.order) != sorted(c.states) or sorted(state.boards) != sorted(c.states):
            problems.append(f"order/boards must name the seven states once each ({', '.join(c.states)})")
            return problems
        for seat in self.SEATS:
            p = state.players[seat]
            zones = p.hand + p.deck + p.platform
            for pid in zones:
                if pid not in c.policies:
                    problems.append(f"{seat}: unknown policy {pid}")
                elif c.policies[pid].party != seat:
                    problems.append(f"{seat}: {pid} belongs to {c.policies[pid].party}")
            dupes = sorted(k for k, n in Counter(zones).items() if n > 1)
            if dupes:
                problems.append(f"{seat}: {', '.join(dupes)} in two places (hand/deck/platform)")
            missing = sorted(x.id for x in c.policies.values() if x.party == seat and x.id not in zones
                             and x.id not in self.inline)
            if missing:
                problems.append(f"{seat}: policies missing from hand/deck/platform: {', '.join(missing)}")
            mine = viewing.view(state, seat)  # pending choices as the seat sees them (storage may change)
            for choice in (mine.pending_discard, mine.pending_campaign):
                if choice is not None and choice not in p.hand:
                    problems.append(f"{seat}: pending choice {choice} is not in hand")
            for tid in p.theatrics:
                if tid not in c.theatrics:
                    problems.append(f"{seat}: unknown theatric {tid}")
        held = Counter(t for seat in self.SEATS for t in state.players[seat].theatrics)
        dupes = sorted(t for t, n in held.items() if n > 1)
        if dupes:
            problems.append(f"theatric(s) {', '.join(dupes)} held twice")
        tiles = Counter(t for b in state.boards.values() for t in b.issues) + Counter(state.issue_deck)
        for issue, tile_count in sorted(tiles.items()):
            if issue not in c.issues:
                problems.append(f"unknown issue {issue}")
            elif tile_count != c.issues[issue].copies:
                problems.append(f"{issue}: {tile_count} tiles on boards + deck, issues.yaml has {c.issues[issue].copies}")
        for issue in c.issues:
            if issue not in tiles:
                problems.append(f"{issue}: no tiles left on boards or in the deck")
        for b in state.boards.values():
            if len(b.issues) != 2:
                problems.append(f"{b.code}: a state holds two issues, not {len(b.issues)}")
        upto = len(state.order) if state.phase in ("election", "over") else state.month
        for i, code in enumerate(state.order):
            if state.boards[code].revealed != (i < upto):
                problems.append(f"{code}: revealed={state.boards[code].revealed} but it is {i + 1}. in the order "
                                f"and this is month {state.month} ({state.phase})")
        return problems
