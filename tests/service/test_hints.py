"""A hint on request through the services, on real SQLite files: the option `hints` (off by default; a server game
with it is not rated), the refusals in words (hints off, not your turn, a spectator, a game over), two hints asked
for at once both recorded, the top three moves worded as the bot shows a move with their shares and a line each, and the hint taken in
the game's record and log — never what it said."""
from __future__ import annotations

import asyncio

import pytest

from bot.policy import record_log
from bot.policy.bot_levels import ThinkSettings
from bot.service import GameManager, ManagerError, hints
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.types import Action
from tests.fakeclock import Clock

QUICK = ThinkSettings(iterations=40)  # a real search, at a test's cost


async def manager_on(path, thinking: ThinkSettings = QUICK, **fixed) -> tuple[Store, GameManager]:
    store = await Store.open(path)
    return store, GameManager(store, RecordingTable(), clock=Clock(), render=False, thinking=thinking, **fixed)


async def electioneer(manager: GameManager, *, options: dict | None = None, guild_id: str | None = None) -> int:
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=5, channel_id="c1",
                                        guild_id=guild_id, options=options)
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    return record.id


async def refusal(manager: GameManager, game_id: int, user_id: str) -> ManagerError:
    with pytest.raises(ManagerError) as caught:
        await manager.hints.hint(game_id, user_id)
    return caught.value


async def test_a_bad_hints_value_is_refused_in_words_and_opens_nothing(tmp_path) -> None:
    store, manager = await manager_on(tmp_path / "s.sqlite3")
    try:
        with pytest.raises(ManagerError) as bad:
            await manager.games.create("electioneer", "u-dem", "Dana", channel_id="c1", guild_id="g1",
                                       options={"hints": "maybe"})
        assert "`hints` takes on or off" in str(bad.value)
        assert await store.list_games() == []
    finally:
        manager.close()
        await store.close()


async def test_a_game_without_the_option_refuses_a_hint_in_words_and_a_server_game_with_it_gives_one(tmp_path) -> None:
    store, manager = await manager_on(tmp_path / "s.sqlite3")
    try:
        off = await electioneer(manager, guild_id="g1")
        said = await refusal(manager, off, "u-dem")
        assert said.code == "hints_off" and "`hints=on`" in str(said)
        assert "hints:taken" not in await store.settings(f"game:{off}")
        on = await electioneer(manager, guild_id="g1", options={"hints": True})
        assert len((await manager.hints.hint(on, "u-dem")).suggestions) == 3
    finally:
        manager.close()
        await store.close()


async def test_two_hints_asked_for_at_once_are_both_in_the_record(tmp_path) -> None:
    store, manager = await manager_on(tmp_path / "s.sqlite3")
    try:
        game_id = await electioneer(manager, options={"hints": True})
        assert await manager.views.owing(game_id) == ["DEM", "REP"]  # a sealed pick: both owe at once
        await asyncio.gather(manager.hints.hint(game_id, "u-dem"), manager.hints.hint(game_id, "u-rep"),
                             manager.hints.hint(game_id, "u-dem"))
        taken = (await manager.memory.export(game_id, "u-dem"))["hints"]
        assert sorted(h["seat"] for h in taken) == ["DEM", "DEM", "REP"]
    finally:
        manager.close()
        await store.close()


async def test_a_server_game_with_hints_is_not_rated_and_one_without_is(tmp_path) -> None:
    store, manager = await manager_on(tmp_path / "s.sqlite3")
    try:
        with_hints = await electioneer(manager, guild_id="g1", options={"hints": True})
        await manager.seats.concede(with_hints, "u-rep")
        assert (await manager.views.game(with_hints)).status == "finished"
        assert await store.player_ratings("g1", "u-dem") == [] and await store.player_ratings("g1", "u-rep") == []
        said = manager.table.public_text()
        assert "This game is not rated: hints were on." in said and "ratings on this server" not in said
        plain = await electioneer(manager, guild_id="g1")
        await manager.seats.concede(plain, "u-rep")
        assert [r.games for r in await store.player_ratings("g1", "u-dem")] == [1]
        assert "Electioneer US ratings on this server" in manager.table.public_text()
    finally:
        manager.close()
        await store.close()


async def test_a_hint_gives_three_moves_the_player_can_type_and_the_record_notes_it(tmp_path) -> None:
    store, manager = await manager_on(tmp_path / "s.sqlite3")
    try:
        game_id = await electioneer(manager, options={"hints": True})
        assert (await store.settings(f"game:{game_id}"))["hints"] == "on"
        assert "hints" not in (await manager.views.game(game_id)).options  # the ruleset never sees it
        hint = await manager.hints.hint(game_id, "u-dem")
        assert hint.seat == "DEM" and len(hint.suggestions) == 3
        rules = registry.get("electioneer")
        _, _, decision = await manager.views.decision(game_id, "u-dem")
        legal = {o.action for o in decision.all_options()}
        for s in hint.suggestions:
            assert s.label and "_" not in s.notation
            assert rules.parse(s.notation)[0] in legal  # what the player sees is what they can type
            assert 0 < s.share <= 1 and "chance of winning" in s.why
        assert sum(s.share for s in hint.suggestions) <= 1.0001
        text = hint.text()
        assert text.count("\n") == 3 and "of the search" in text
        record = await manager.memory.export(game_id, "u-dem")
        assert record["hints"] == [{"seat": "DEM", "after_move": 0}]
        lines, _, _ = await manager.memory.log_page(game_id)
        assert "💡 DEM asked for a hint." in lines
        log = "\n".join(lines)
        assert not any(s.notation in log for s in hint.suggestions)  # nothing of what the hint said
    finally:
        manager.close()
        await store.close()


async def test_a_hint_is_for_a_seated_player_who_owes_a_move_in_a_game_under_way(tmp_path) -> None:
    store, manager = await manager_on(tmp_path / "s.sqlite3")
    try:
        game_id = await electioneer(manager, options={"hints": True})
        said = await refusal(manager, game_id, "u-someone")
        assert said.code == "not_seated" and "not seated" in str(said)
        _, _, decision = await manager.views.decision(game_id, "u-dem")
        await manager.games.submit(game_id, "u-dem", decision.options[0].action.notation())
        assert await manager.views.owing(game_id) == ["REP"]  # DEM's pick is sealed; REP's is owed
        said = await refusal(manager, game_id, "u-dem")
        assert said.code == "not_your_turn" and "not your turn" in str(said)
        await manager.seats.concede(game_id, "u-rep")
        assert (await manager.views.game(game_id)).status == "finished"
        said = await refusal(manager, game_id, "u-dem")
        assert said.code == "not_active" and "is over" in str(said)
    finally:
        manager.close()
        await store.close()


def test_a_move_s_line_says_how_it_moves_the_projection_in_words() -> None:
    def line(before: float | None, after: float | None) -> str:
        return hints.why(hints.Found(Action(verb="discard", args=("D01",)), 0.4, 12, 0.5, before, after))
    assert line(0.42, 0.434) == "Projected: +1 point to your chance of winning (42% now, 43% after it)."
    assert line(0.68, 0.66) == "Projected: −2 points to your chance of winning (68% now, 66% after it)."
    assert line(0.5, 0.501) == "Projected: no change to your chance of winning (50% now, 50% after it)."


def test_where_the_projections_do_not_tell_the_moves_apart_each_line_says_what_the_search_found() -> None:
    def found(code: str, share: float, playouts: int, result: float | None, after: float | None,
              before: float | None = 0.41) -> hints.Found:
        return hints.Found(Action(verb="discard", args=(code,)), share, playouts, result, before, after)
    apart = [found("D01", 0.5, 206, 0.58, 0.44), found("D02", 0.3, 124, 0.52, 0.41)]
    assert hints.whys(apart) == ["Projected: +3 points to your chance of winning (41% now, 44% after it).",
                                 "Projected: no change to your chance of winning (41% now, 41% after it)."]
    tied = [found("D01", 0.5, 412, 0.581, 0.412), found("D02", 0.3, 1, 0.4, 0.409), found("D03", 0.0, 0, None, 0.44)]
    assert hints.whys(tied) == ["The search tried it in 412 playouts, where your chance of winning averaged 58%.",
                                "The search tried it in 1 playout, where your chance of winning came to 40%.",
                                "The search did not try it."]
    unjudged = [found("D01", 0.6, 30, 0.7, None, None), found("D02", 0.4, 20, 0.6, None, None)]
    assert hints.whys(unjudged)[1] == "The search tried it in 20 playouts, where your chance of winning averaged 60%."
    assert hints.whys([found("D01", 1.0, 0, None, None, None)]) == [""]  # a lone move: nothing was searched
    assert hints.whys([found("D01", 1.0, 0, None, 0.41)]) == [
        "Projected: no change to your chance of winning (41% now, 41% after it)."]


async def test_a_hint_at_a_discard_says_something_different_for_each_move(tmp_path) -> None:
    # a search long enough to tell the moves apart, its guesses fixed
    store, manager = await manager_on(tmp_path / "s.sqlite3", ThinkSettings(iterations=300), new_seed=lambda: 7)
    try:
        game_id = await electioneer(manager, options={"hints": True})
        _, state, _ = await manager.views.state(await manager.views.game(game_id))
        assert state.phase == "discard"  # a discard changes nothing the projection sees until later
        hint = await manager.hints.hint(game_id, "u-dem")
        lines = [s.why for s in hint.suggestions]
        assert len(set(lines)) == 3, lines
        assert all(line.startswith("The search tried it in ") and "playouts, where your chance" in line
                   for line in lines), lines
    finally:
        manager.close()
        await store.close()


def test_the_log_puts_each_hint_after_the_moves_made_before_it() -> None:
    data = {"game": {"title": "T", "ruleset_title": "R", "id": 1}, "seats": [], "moves": [
        {"seq": 1, "seat": "DEM", "public": ["a"]}, {"seq": 2, "seat": "REP", "public": ["b"]}],
        "hints": [{"seat": "DEM", "after_move": 0}, {"seat": "REP", "after_move": 1}]}
    entries = record_log.log_entries(data)
    flat = [e[0] for e in entries]
    assert flat[1] == "💡 DEM asked for a hint." and flat[3] == "💡 REP asked for a hint."
    assert flat[2].startswith("1.") and flat[4].startswith("2.")
