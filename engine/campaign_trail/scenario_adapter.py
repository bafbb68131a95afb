"""Campaign Trail's part of the scenario runner (engine/core/scenario.py): setup fix-ups and lint."""
from __future__ import annotations

from typing import Any

from engine.campaign_trail import rules
from engine.core.scenario import DefaultScenarioAdapter, Touched, touched_under


class CampaignTrailScenarioAdapter(DefaultScenarioAdapter):
    """Campaign Trail: keeps the voter ledger and the cards consistent after overrides, and lints
    every state with the ruleset's own invariants (conservation, money, 538 EV, hands, turn order)."""

    def fix_up(self, before: dict[str, Any], data: dict[str, Any], touched: Touched) -> dict[str, Any]:
        # Response windows ask every rival on most declarations: a case about something else would have to
        # pass them all, so seats stand on "always pass" unless the case sets `autopass` itself.
        if not touched_under(touched, "autopass"):
            data["autopass"] = list(data["seats"])
        # voters placed or registered by the setup come from the undecided supply
        if (touched_under(touched, "voters") or touched_under(touched, "parties", "*", "registered")) \
                and not touched_under(touched, "parties", "*", "out_of_supply"):
            for p, ps in data["parties"].items():
                ps["out_of_supply"] = ps["registered"] + sum(row.get(p, 0) for row in data["voters"].values())
        # cards placed by the setup (hands, decks, discard, removed) come out of the zones it did not
        # set; cards no longer anywhere go under the discard pile (or out of the game if it was set too)
        zones = [("players", s, "hand") for s in data["players"]] + [("decks",), ("discard",), ("removed",)]
        set_zones = [z for z in zones if touched_under(touched, *z)]
        # politicks the setup put on the table (and cards tucked under them) are placed cards too
        tabled = {n for p in data["players"].values() for tab in p.get("table", [])
                  for n in (tab.get("card"), tab.get("tucked")) if n is not None}
        if set_zones or tabled:
            def get(z):
                return data["players"][z[1]]["hand"] if z[0] == "players" else data[z[0]]

            placed = tabled | {n for z in set_zones for n in (sum(get(z), []) if z == ("decks",) else get(z))}
            for z in zones:
                if z in set_zones:
                    continue
                if z == ("decks",):
                    data["decks"] = [[n for n in d if n not in placed] for d in data["decks"]]
                elif z[0] == "players":
                    data["players"][z[1]]["hand"] = [n for n in get(z) if n not in placed]
                else:
                    data[z[0]] = [n for n in get(z) if n not in placed]
            for z in zones:  # a hand that lost cards to the setup is topped up from the month decks
                if z[0] == "players" and z not in set_zones and ("decks",) not in set_zones:
                    hand, want = data["players"][z[1]]["hand"], len(before["players"][z[1]]["hand"])
                    for deck in data["decks"]:
                        while len(hand) < want and deck:
                            hand.append(deck.pop(0))
            turn_card = [data["turn"]["card"]] if data.get("turn") and data["turn"].get("card") else []
            present = {n for z in zones for n in (sum(get(z), []) if z == ("decks",) else get(z))} | set(turn_card) | tabled
            every = [n for p in before["players"].values() for n in p["hand"]] + sum(before["decks"], []) \
                + before["discard"] + before["removed"]
            missing = [n for n in every if n not in present]
            if ("discard",) not in set_zones:
                data["discard"] = missing + data["discard"]
            else:
                data["removed"] = data["removed"] + missing
        return data

    def lint(self, state: Any) -> list[str]:
        return rules.problems(state)
