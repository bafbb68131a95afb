"""The lines a turn holds for its one post are the table's (engine/core/posting.py), kept in the game's snapshot beside
its state, never in the state: they survive a restart of the bot mid-turn and go out with the turn's post; a step taken
back with undo takes its held lines with it, so the post never says it; and the picture outlines what the last post
changed, wherever the bot reads the board from."""
from __future__ import annotations

from typing import Any

from bot.service import GameManager
from bot.tables.recording import RecordingTable
from engine.core.posting import Posting
from engine.core.rng import Rng
from engine.presidential_election.primitives import off_ballot
from engine.registry import get
from tests.fakeclock import Clock
from tests.service.table_games import table_of

PE = get("presidential_election")


async def _campaigning(tmp_path) -> tuple[Any, RecordingTable, GameManager, int, Any, str]:
    """A 2-player Presidential Election game where a seat may campaign freely with $60k to spend."""
    store, table, manager, game_id = await table_of(tmp_path, "presidential_election", ["P1", "P2"], seed=7)
    rng = Rng(7)
    for _ in range(2000):
        state = (await manager.views.state(await manager.views.game(game_id)))[1]
        seat = state.current
        if seat and state.turn.stage == "campaign" and not state.tasks and not state.effect.waiting \
                and state.turn.buying is None and state.players[seat].money >= 60 and state.turn.spent == 0:
            return store, table, manager, game_id, state, seat
        owing = await manager.views.owing(game_id)
        await manager.games.bot_move(game_id, owing[0], rng)
    raise AssertionError("no seat came to campaign")


def _user(seat: str) -> str:
    return {"P1": "u0", "P2": "u1"}[seat]


async def test_held_lines_survive_a_restart_and_go_out_with_the_turns_post(tmp_path) -> None:
    store, table, manager, game_id, state, seat = await _campaigning(tmp_path)
    codes = off_ballot(state.players[seat])[:2]
    posts, held = len(table.posts), len(Posting.loaded((await store.load_snapshot(game_id)).posting).held)
    await manager.games.submit(game_id, _user(seat), f"buy ballot {codes[0]}")
    snapshot = await store.load_snapshot(game_id)
    assert len(table.posts) == posts  # held for the turn's post
    assert '"unposted"' not in snapshot.state
    assert len(Posting.loaded(snapshot.posting).held) == held + 1

    again = GameManager(store, RecordingTable(), clock=Clock(), render=False)  # the bot restarted mid-turn
    await again.games.submit(game_id, _user(seat), f"buy ballot {codes[1]}")
    await again.games.submit(game_id, _user(seat), "done")
    text = "\n".join(p.text for p in again.table.posts)
    assert f"{seat} buys 2 ballot places in {codes[0]} and {codes[1]}" in text, text


async def test_an_undone_step_takes_its_held_lines_with_it(tmp_path) -> None:
    store, table, manager, game_id, state, seat = await _campaigning(tmp_path)
    codes = off_ballot(state.players[seat])[:2]
    await manager.games.submit(game_id, _user(seat), f"buy ballot {codes[0]}")
    held = Posting.loaded((await store.load_snapshot(game_id)).posting).held
    await manager.games.submit(game_id, _user(seat), f"buy ballot {codes[1]}")
    await manager.games.undo(game_id, _user(seat))
    assert Posting.loaded((await store.load_snapshot(game_id)).posting).held == held
    posts = len(table.posts)
    await manager.games.submit(game_id, _user(seat), "done")
    text = "\n".join(p.text for p in table.posts[posts:])
    assert f"{seat} buys a ballot place in {codes[0]}" in text and codes[1] not in text.split("took back")[-1], text


async def test_the_board_outlines_what_the_last_post_changed_after_a_restart(tmp_path) -> None:
    store, table, manager, game_id, state, seat = await _campaigning(tmp_path)
    code = off_ballot(state.players[seat])[0]
    await manager.games.submit(game_id, _user(seat), f"buy ballot {code}")
    await manager.games.submit(game_id, _user(seat), "done")
    posting = Posting.loaded((await store.load_snapshot(game_id)).posting)
    assert code in posting.last_changed
    again = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    _, view = await again.views.view(game_id, None)
    assert code in view.changed
