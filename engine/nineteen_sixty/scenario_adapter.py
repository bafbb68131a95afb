"""1960's part of the scenario runner (engine/core/scenario.py): fix-ups after `setup:` and the invariants as
the lint.

Fix-ups, each skipped when the case set that detail itself (docs/scenarios.md):

- cards: a card the case placed somewhere (a hand, a Campaign Strategy stack, the discard, the removed pile,
  a persistent stack, a VP slot) leaves every place the case did not set — the deck above all, or the other
  side's hand where setup dealt it; a card the case displaced (no longer anywhere) goes to the deck's bottom.
  A `deck:` the case sets is the deck's top: every card it leaves unplaced follows, in the old order — or, when
  the case sets `discard:` too, goes to the discard pile after the case's cards (a short deck);
- endorsements: an `endorsement_deck:` the case sets is that deck's top, the other endorsement cards not in
  `endorsement_used` follow;
- cubes: each side's supply is whatever of its 85 cubes is not in the bag, its rest zone or on the board, so a
  case may write `support.NY: 4` or `bag.counts.K: 3` and nothing else.
"""
from __future__ import annotations

from typing import Any

from engine.core.scenario import DefaultScenarioAdapter, Touched, touched_under
from engine.nineteen_sixty.invariants import CUBES, invariant_problems
from engine.nineteen_sixty.primitives import count

SIDES = ("K", "N")
STACKS = ("debate_events", "election_events", "prevention")


def _zones(data: dict[str, Any]) -> dict[tuple[str, ...], list[int]]:
    """Every place a campaign card can be, by the dotted path a case would set."""
    zones: dict[tuple[str, ...], list[int]] = {
        ("deck",): list(data["deck"]), ("discard",): list(data["discard"]), ("removed",): list(data["removed"])}
    for side in SIDES:
        me = data["sides"][side]
        zones[("sides", side, "hand")] = list(me["hand"])
        zones[("sides", side, "strategy")] = list(me["strategy"])
        zones[("sides", side, "vp_card")] = [me["vp_card"]] if me["vp_card"] is not None else []
    for stack in STACKS:
        zones[(stack,)] = [e["card"] for e in data[stack]]
    return zones


def _off_zone(data: dict[str, Any]) -> set[int]:
    """Cards held by the play in progress or lying on the debate board."""
    out: set[int] = set()
    play = data.get("play")
    if play and play.get("card") is not None and play.get("action") not in ("event", "triggered"):
        out.add(play["card"])
    if data.get("debate"):
        for issue in data["debate"]["issues"]:
            out |= set(issue["cards"]["K"]) | set(issue["cards"]["N"])
        out |= set(data["debate"]["revealed"].values())
    return out


def _fix_cards(before: dict[str, Any], data: dict[str, Any], touched: Touched) -> None:
    zones = _zones(data)
    mine = [path for path in zones if touched_under(touched, *path)]
    extra = _off_zone(data)
    if not mine and not (extra and (touched_under(touched, "play") or touched_under(touched, "debate"))):
        return
    placed = {x for path in mine for x in zones[path]} | extra
    for path in zones:
        if path in mine:
            continue
        kept = [x for x in zones[path] if x not in placed]
        if kept == zones[path]:
            continue
        if path == ("deck",) or path == ("discard",) or path == ("removed",):
            data[path[0]] = kept
        elif path[0] == "sides":
            if path[2] == "vp_card":
                data["sides"][path[1]]["vp_card"] = kept[0] if kept else None
            else:
                data["sides"][path[1]][path[2]] = kept
        else:
            data[path[0]] = [e for e in data[path[0]] if e["card"] not in placed]
    everywhere = {x for xs in _zones(data).values() for x in xs} | extra
    old = list(before["deck"]) + [x for path, xs in _zones(before).items() if path != ("deck",) for x in xs]
    left = [x for x in old if x not in everywhere]
    if touched_under(touched, "deck") and touched_under(touched, "discard"):
        data["discard"] = list(data["discard"]) + left  # the case wrote the whole deck: the rest is discarded
    else:
        data["deck"] = list(data["deck"]) + left


def _fix_endorsements(before: dict[str, Any], data: dict[str, Any], touched: Touched) -> None:
    if not (touched_under(touched, "endorsement_deck") or touched_under(touched, "endorsement_used")):
        return
    placed = set(data["endorsement_deck"]) | set(data["endorsement_used"])
    if not touched_under(touched, "endorsement_used"):
        data["endorsement_used"] = [x for x in before["endorsement_used"] if x not in set(data["endorsement_deck"])]
        placed |= set(data["endorsement_used"])
    old = list(before["endorsement_deck"]) + list(before["endorsement_used"])
    data["endorsement_deck"] = list(data["endorsement_deck"]) + [x for x in old if x not in placed]


def _fix_supply(data: dict[str, Any], touched: Touched) -> None:
    for side in SIDES:
        if touched_under(touched, "sides", side, "supply"):
            continue
        me = data["sides"][side]
        board = sum(count(v, side) for table in ("support", "media", "issues") for v in data[table].values())
        me["supply"] = CUBES - board - data["bag"]["counts"].get(side, 0) - me["rest"]


class NSScenarioAdapter(DefaultScenarioAdapter):
    def fix_up(self, before: dict[str, Any], data: dict[str, Any], touched: Touched) -> dict[str, Any]:
        _fix_cards(before, data, touched)
        _fix_endorsements(before, data, touched)
        _fix_supply(data, touched)
        return data

    def lint(self, state: Any) -> list[str]:
        return invariant_problems(state)
