"""The Advanced Solo Deck's options and seats (`ai_deck=advanced`): what it refuses (the Green party, a third AI
party, Dirty Politics, seat counts that do not fit) with a clear message, how many play it, what it stores, and a
multiplayer lobby started through the real manager (SQLite store)."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.campaign_trail import rules
from engine.campaign_trail.state import Options
from engine.core.errors import IllegalAction
from engine.core.ruleset import seat_range
from tests.fakeclock import Clock

CT = registry.get("campaign_trail")
ADV = {"ai_deck": "advanced"}


@pytest.mark.parametrize("ai", ["GRN", "rep,green", ["DEM", "GRN"]])
def test_the_green_party_is_refused_with_a_clear_message(ai) -> None:
    with pytest.raises(ValidationError) as refused:
        CT.parse_options({**ADV, "ai": ai})
    assert "Green Party expansion" in str(refused.value)


@pytest.mark.parametrize("options", [{**ADV, "ai": ["REP", "REP"]}, {"ai": "rep,REP"}])
def test_the_same_ai_party_twice_is_refused_when_the_options_are_read(options) -> None:
    with pytest.raises(ValidationError) as refused:
        CT.parse_options(options)
    assert "different parties" in str(refused.value)


def test_a_third_ai_party_is_refused() -> None:
    with pytest.raises(ValidationError) as refused:
        CT.parse_options({**ADV, "ai": "DEM,REP,LIB"})
    assert "at most two AI parties" in str(refused.value)


@pytest.mark.parametrize("options,seats,message", [
    ({**ADV}, ["DEM", "REP"], "name them"),
    ({**ADV, "ai": ["REP", "LIB"]}, ["DEM", "REP"], "seats 1 player"),
    ({**ADV, "ai": ["REP"], "coop": True}, ["DEM"], "two players"),
])
def test_setups_it_refuses(options, seats, message) -> None:
    with pytest.raises(IllegalAction) as refused:
        rules.setup(options, seats, 1)
    assert message in refused.value.message


def test_seats_and_seat_ranges() -> None:
    assert seat_range(CT, {**ADV, "ai": ["REP"]}) == (1, 2)  # alone, or beside a second human party
    assert seat_range(CT, {**ADV, "ai": "rep,lib"}) == (1, 1)
    assert seat_range(CT, {**ADV, "ai": ["REP"], "coop": True}) == (2, 2)
    assert rules.seat_names(1, {**ADV, "ai": ["REP"]}) == ["DEM"]
    assert rules.seat_names(1, {**ADV, "ai": ["DEM"], "parties": ["DEM", "LIB"]}) == ["LIB"]
    assert rules.seat_names(2, {**ADV, "ai": ["REP"]}) == ["DEM", "LIB"]
    assert rules.seat_names(2, {**ADV, "ai": ["REP"], "coop": True}) == ["DEM-P", "DEM-VP"]


def test_the_option_reads_in_any_case_and_chooses_the_decks() -> None:
    assert Options.model_validate({"ai": ["REP"]}).ai_deck == "basic"
    assert Options.model_validate({"ai": ["REP"], "ai_deck": "Advanced"}).model_dump()["ai_deck"] == "advanced"
    basic = rules.setup({"ai": ["REP"]}, ["DEM"], 3).model_dump()
    assert basic["advanced"] is None and basic["solo"] is not None
    adv = rules.setup({**ADV, "ai": ["REP"]}, ["DEM"], 3)
    assert adv.solo is None and adv.advanced is not None
    assert rules.load_state(adv.model_dump_json()) == adv


def test_the_decks_are_split_and_secret() -> None:
    s = rules.setup({**ADV, "ai": ["REP", "LIB"]}, ["DEM"], 5)
    for party in ("REP", "LIB"):
        d = s.advanced.decks[party]
        assert [len(m) for m in d.months] == [10, 10, 10] and len(d.debate) == 10 and len(d.boxed) == 10
        assert sorted(sum(d.months, []) + d.debate + d.boxed) == list(range(1, 51))
    again = rules.setup({**ADV, "ai": ["REP", "LIB"]}, ["DEM"], 6)
    assert again.advanced.decks["REP"].months != s.advanced.decks["REP"].months, "shuffled by the seed"
    # the stacks' order, the debate pile and the box are secret: shuffling them changes no view
    hidden = s.model_copy(deep=True)
    d = hidden.advanced.decks["REP"]
    d.months[0].reverse()
    d.debate, d.boxed = d.boxed, d.debate
    for viewer in (None, "DEM"):
        assert CT.view(hidden, viewer) == CT.view(s, viewer)
    assert hidden.advanced != s.advanced


async def test_green_is_refused_and_a_multiplayer_lobby_starts(tmp_path) -> None:
    store = await Store.open(tmp_path / "s.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    with pytest.raises(ManagerError) as green:
        await manager.games.create("campaign_trail", "u1", "Sol", options={**ADV, "ai": "GRN"}, channel_id="c", guild_id="g")
    assert green.value.code == "bad_option" and "Green Party expansion" in green.value.message
    game = await manager.games.create("campaign_trail", "u1", "Ann", options={**ADV, "ai": ["REP"]}, channel_id="c",
                                guild_id="g")
    await manager.games.join(game.id, "u2", "Bob")
    with pytest.raises(ManagerError) as full:
        await manager.games.join(game.id, "u3", "Cy")
    assert full.value.code == "full"
    assert (await manager.games.start(game.id, "u1")).status == "active"
    assert sorted(s.seat for s in await store.list_seats(game.id)) == ["DEM", "LIB"]
    await store.close()
