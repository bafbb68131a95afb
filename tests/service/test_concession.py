"""Conceding (rulings in docs/rulings.md "Conceding"): a running mate's concession hands the seat to
the bot and the partner carries on; a party's last person takes the party out; the game ends when one party
is left; a conceded party cannot win at the count. Real SQLite, the recording table, a fake clock."""
from __future__ import annotations

import pytest

from bot.policy import concession
from bot.policy.record_verify import verify_record
from bot.service import ManagerError
from bot.policy.ratings import placings
from bot.store import Store
from engine import registry
from engine.core.types import Outcome
from tests.service.table_games import table_of

CT = registry.get("campaign_trail")
PE = registry.get("presidential_election")


async def seat_holders(store: Store, game_id: int) -> dict[str, str]:
    return {s.seat: s.controller for s in await store.list_seats(game_id)}


async def test_a_running_mate_concedes_and_the_partner_carries_on(tmp_path) -> None:
    store, table, manager, gid = await table_of(tmp_path, "campaign_trail", ["DEM-P", "DEM-VP", "REP-P", "REP-VP"])
    users = {s.seat: s.user_id for s in await store.list_seats(gid)}
    record = await manager.seats.concede(gid, users["DEM-VP"])
    assert record.status == "active", "one running mate can't resign for both"
    assert (await seat_holders(store, gid))["DEM-VP"] == "bot"
    assert await manager.views.conceded_seats(gid) == {"DEM-VP"}
    assert any("DEM-P carries on for DEM" in p.text for p in table.posts)
    with pytest.raises(ManagerError) as final:  # a concession is final for the one who made it
        await manager.seats.take_seat(gid, users["DEM-VP"], "Again", "DEM-VP")
    assert final.value.code == "conceded"
    with pytest.raises(ManagerError) as twice:
        await manager.seats.concede(gid, users["DEM-VP"])
    assert twice.value.code == "conceded"

    # The party's last person concedes: one party is left, the game ends, and the running mate is no winner.
    record = await manager.seats.concede(gid, users["DEM-P"])
    assert record.status == "finished"
    assert sorted(record.result["winners"]) == ["REP-P", "REP-VP"]
    assert record.result["conceded"] == ["DEM-P", "DEM-VP"]
    ranks = placings(record.result, ["DEM-P", "DEM-VP", "REP-P", "REP-VP"])
    assert ranks["REP-P"] == ranks["REP-VP"] == 1 and ranks["DEM-P"] == ranks["DEM-VP"] > 1


async def test_a_substitute_brings_a_conceded_running_mates_seat_back_into_the_race(tmp_path) -> None:
    store, table, manager, gid = await table_of(tmp_path, "campaign_trail", ["DEM-P", "DEM-VP", "REP-P", "REP-VP"])
    users = {s.seat: s.user_id for s in await store.list_seats(gid)}
    await manager.seats.concede(gid, users["DEM-VP"])
    await manager.seats.offer_seat(gid, "u0", "DEM-VP", "u-sub", "Sam")
    await manager.seats.accept_seat(gid, "u-sub", "Sam")
    assert (await seat_holders(store, gid))["DEM-VP"] == "human"
    assert await manager.views.conceded_seats(gid) == set()


async def test_in_a_multi_party_game_the_others_play_on_until_one_party_is_left(tmp_path) -> None:
    store, table, manager, gid = await table_of(tmp_path, "presidential_election", ["P1", "P2", "P3"])
    users = {s.seat: s.user_id for s in await store.list_seats(gid)}
    record = await manager.seats.concede(gid, users["P2"])
    assert record.status == "active"
    assert (await seat_holders(store, gid))["P2"] == "bot"
    assert any("P2 is out of the race" in p.text and "P1, P3 play on" in p.text for p in table.posts)
    with pytest.raises(ManagerError) as out:  # a party out of the race can't be handed to a substitute
        await manager.seats.offer_seat(gid, "u0", "P2", "u-sub", "Sam")
    assert out.value.code == "conceded"

    record = await manager.seats.concede(gid, users["P3"])
    assert record.status == "finished" and record.result["winners"] == ["P1"]
    assert record.result["conceded"] == ["P2", "P3"]


def test_a_conceded_party_cannot_win_the_count() -> None:
    seats = ["P1", "P2", "P3"]
    count = Outcome(winners=["P2"], scores={"P1": 200, "P2": 300, "P3": 250}, reason="P2 has the most electoral votes.")
    out, why = concession.final_outcome(PE, seats, {"P2"}, count)
    assert out.winners == ["P3"] and "P3" in why and "250" in why
    same, nothing = concession.final_outcome(PE, seats, {"P1"}, count)
    assert same == count and nothing == ""
    tie = Outcome(winners=["P2"], scores={"P1": 250, "P2": 300, "P3": 250}, reason="count")
    assert concession.final_outcome(PE, seats, {"P2"}, tie)[0].winners == ["P1", "P3"]
    # Teams: the party's seats share the win, whichever of them the scores name.
    ct = ["DEM-P", "DEM-VP", "REP", "LIB-P", "LIB-VP"]
    ev = Outcome(winners=["DEM-P", "DEM-VP"], scores={"DEM": 280, "REP": 150, "LIB": 108}, reason="count")
    assert concession.final_outcome(CT, ct, {"DEM-P", "DEM-VP"}, ev)[0].winners == ["REP"]


async def test_a_game_played_out_after_a_concession_gives_the_win_to_a_party_still_running(tmp_path) -> None:
    store, table, manager, gid = await table_of(tmp_path, "presidential_election", ["P1", "P2", "P3"])
    users = {s.seat: s.user_id for s in await store.list_seats(gid)}
    await manager.seats.concede(gid, users["P3"])
    for seat in ("P1", "P2"):  # the rest of the game played by the bot, to its count
        await manager.seats.bot_seat(gid, "u0", seat)
    record = await manager.views.game(gid)
    assert record.status == "finished"
    assert "P3" not in record.result["winners"] and record.result["conceded"] == ["P3"]
    exported = await manager.memory.export(gid, "u0")
    verdict = verify_record(exported)
    assert verdict.ok, verdict.problems


async def test_conceding_solo_play_ends_the_game_for_the_ai_parties(tmp_path) -> None:
    """Solo Play: the AI parties are in the race but no seat plays them. Once the last person's party is out, the
    game ends at once and the AI parties win; a co-op running mate first hands the seat to the bot."""
    store, table, manager, gid = await table_of(tmp_path, "campaign_trail", ["DEM-P", "DEM-VP"],
                                                options={"ai": "REP,LIB", "coop": "on"})
    assert (await manager.seats.concede(gid, "u1")).status == "active", "the partner carries on"
    done = await manager.seats.concede(gid, "u0")
    assert done.status == "finished" and done.result["winners"] == ["REP", "LIB"]
    assert any("REP, LIB win game" in p.text for p in table.posts)
    assert placings(done.result, ["DEM-P", "DEM-VP"]) == {}, "nothing to rate: nobody seated placed"
    assert concession.concede(CT, ["DEM"], {"DEM"}, set(), "DEM", ["REP"]).winners == ["REP"]
    # beside people (the Advanced Solo Deck in a multiplayer game) the others play on
    assert concession.concede(CT, ["DEM", "LIB"], {"DEM", "LIB"}, set(), "DEM", ["REP"]).winners == []
    await store.close()
