"""A long menu of states on Discord: one select per census region, each named with its count and holding its states
A to Z with what decides each (EV, votes); a region of more than 25 split in two; today's paged list when the
regions and the other rows would pass Discord's five rows; menus of other things as before."""
from __future__ import annotations

import random

from simworld import World, custom_ids, game_state, journal_len, latest_prompt, move_by_manager, open_lobby, private

from bot.discord import limits, ui
from engine.content import us_regions
from engine.core.types import Action, Decision, Option
from engine.presidential_election import content as pe_content

REGIONS = ["Midwest", "Northeast", "South", "West"]


def _rows(view) -> list[list[dict]]:  # noqa: ANN001 — a discord.ui.View
    return [row["components"] for row in view.to_components()]


def _selects(view) -> list[dict]:  # noqa: ANN001
    return [c for row in _rows(view) for c in row if c["type"] == 3]


def _state(code: str, verb: str = "state", group: str | None = None) -> Option:
    name = pe_content.load().states[code].name
    return Option(action=Action(verb=verb, args=(code,)), label=name, detail=f"{len(name)} EV",
                  group=us_regions()[code] if group is None else group)


async def test_a_home_state_is_picked_from_its_regions_select(world: World) -> None:
    w = world
    game_id = await open_lobby(w, "presidential_election", [w.alice, w.bob])
    rng = random.Random(5)
    members = {str(m.id): m for m in (w.alice, w.bob)}
    while True:  # the opening roll and first-or-last, by the manager, up to the pick of a home state
        owing = [(m, d) for u, m in members.items() if (d := (await w.manager.views.decision(game_id, u))[2]).owes_move]
        chooser, decision = owing[0]
        if (await game_state(w, game_id)).phase == "home":
            break
        await move_by_manager(w, chooser, game_id, rng)
    seat = decision.seat
    assert len(decision.options) == 51 and all(o.action.verb == "home" for o in decision.options)

    message = latest_prompt(w, chooser, game_id)
    assert message is not None
    rows = message.components
    assert len(rows) <= limits.COMPONENT_ROWS
    selects = [c for c in custom_ids(message) if c["type"] == 3]
    assert [s["placeholder"].split(" — ")[0] for s in selects] == REGIONS, [s["placeholder"] for s in selects]
    names = {code: s.name for code, s in pe_content.load().states.items()}
    for select in selects:
        region = select["placeholder"].split(" — ")[0]
        labels = [o["label"] for o in select["options"]]
        assert select["placeholder"] == f"{region} — {len(labels)} choices"
        assert 1 <= len(labels) <= limits.SELECT_OPTIONS
        assert labels == sorted(labels), f"{region}: A to Z"
        assert {us_regions()[code] for code in (o["value"] for o in select["options"])} == {region}
        assert all(o["label"] == names[o["value"]] and o["description"].endswith("EV") for o in select["options"])
    shown = [o["value"] for s in selects for o in s["options"]]
    assert sorted(shown) == sorted(o.action.args[0] for o in decision.options), "every state exactly once"

    west = next(s for s in selects if s["placeholder"].startswith("West"))
    pick = next(o["value"] for o in west["options"] if o["label"] == "Colorado")
    before = await journal_len(w, game_id)
    r = w.record(await chooser.user.select(message, [pick], custom_id=west["custom_id"]))
    assert r.acknowledged and private(r)
    assert await journal_len(w, game_id) == before + 1
    assert (await game_state(w, game_id)).players[seat].home == "CO"


def test_a_later_step_of_states_keeps_a_row_for_back() -> None:
    """Airfare after "A state …": four regions and the Back button, five rows."""
    codes = sorted(us_regions())
    decision = Decision(seat="P1", options=[*[_state(c) for c in codes], Option(action=Action(verb="cancel"), label="Cancel")])
    view, note = ui.choices_view(3, 9, decision, prefix=("state",), back=True)
    assert not note and len(_rows(view)) == limits.COMPONENT_ROWS
    assert [s["placeholder"] for s in _selects(view)] == [
        "Midwest — 12 choices", "Northeast — 9 choices", "South — 17 choices", "West — 13 choices"]
    assert _rows(view)[-1][0]["label"] == ui.BACK


def test_a_few_states_and_a_way_out_the_way_out_on_its_own_row() -> None:
    codes = ["CA", "OR", "WA", "NV", "TX", "FL", "GA", "NY", "MA", "OH", "MI", "IL"]
    decision = Decision(seat="P1", options=[*[_state(c) for c in codes], Option(action=Action(verb="cancel"), label="Cancel")])
    view, note = ui.choices_view(3, 9, decision)
    assert not note
    assert [s["placeholder"].split(" — ")[0] for s in _selects(view)] == REGIONS
    assert [[c.get("label") for c in row] for row in _rows(view)][-1] == ["Cancel"]
    assert sorted(o["value"].split()[-1] for s in _selects(view) for o in s["options"]) == sorted(codes)


def test_a_region_of_more_than_25_splits_in_two() -> None:
    codes = sorted(us_regions())
    decision = Decision(seat="P1", options=[_state(c, group="South" if us_regions()[c] != "West" else "West") for c in codes])
    view, note = ui.choices_view(3, 9, decision)
    assert not note
    assert [s["placeholder"] for s in _selects(view)] == [
        "South (1 of 2) — 19 choices", "South (2 of 2) — 19 choices", "West — 13 choices"]
    assert sorted(o["value"] for s in _selects(view) for o in s["options"]) == codes


def test_more_regions_than_rows_falls_back_to_pages() -> None:
    """Headings that would need more rows than the message has (nine census divisions, the any-time plays' row):
    the one list, paged as before."""
    divisions = {"New England": "NE1", "Middle Atlantic": "NE2", "East North Central": "MW1", "West North Central": "MW2",
                 "South Atlantic": "S1", "East South Central": "S2", "West South Central": "S3", "Mountain": "W1",
                 "Pacific": "W2"}
    codes = sorted(us_regions())
    by_division = {c: list(divisions)[i % len(divisions)] for i, c in enumerate(codes)}
    decision = Decision(seat="P1", options=[_state(c, group=by_division[c]) for c in codes],
                        extras=[Option(action=Action(verb="play", args=(f"T{i}",)), label=f"Card {i}") for i in range(3)])
    view, note = ui.choices_view(3, 9, decision)
    assert not note and len(_rows(view)) <= limits.COMPONENT_ROWS
    placeholders = [s["placeholder"] for s in _selects(view)]
    assert [p[-5:] for p in placeholders[:3]] == ["(1/3)", "(2/3)", "(3/3)"] and len(placeholders) == 4, placeholders
    assert sorted(o["value"] for s in _selects(view)[:3] for o in s["options"]) == codes



def test_menus_of_other_things_keep_their_layout() -> None:
    decision = Decision(seat="P1", options=[Option(action=Action(verb="pick", args=(f"c{i:02d}",)), label=f"Card {i:02d}")
                                            for i in range(30)])
    view, _ = ui.choices_view(3, 9, decision)
    assert [s["placeholder"] for s in _selects(view)] == ["Choose: Card … (1/2)", "Choose: Card … (2/2)"]


def test_every_state_has_one_of_four_regions_each_fitting_two_selects() -> None:
    """The regions the menus are grouped by (data/us/census_regions.csv): every state of the electoral-vote table and
    DC in exactly one of the four, so a menu of all of them takes four rows and leaves one for Back or the any-time
    plays."""
    from engine.content import electoral_votes

    problems: list[str] = []
    codes = set(electoral_votes("ev_2024_2028", problems))
    assert not problems and len(codes) == 51
    assert set(us_regions()) == codes
    sizes = {region: list(us_regions().values()).count(region) for region in REGIONS}
    assert set(us_regions().values()) == set(REGIONS) and all(n <= limits.SELECT_OPTIONS for n in sizes.values()), sizes
