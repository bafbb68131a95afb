"""`undo` that finds nothing to take back says why, from what the log shows (issue 18): the move that came
after yours by its number and seat (and 🤖 / ⏰ as the log marks them), never what it was."""
from __future__ import annotations

import pytest

from bot.service import ManagerError
from engine.core.rng import Rng
from tests.service.test_manager import new_game


async def test_a_rivals_later_move_is_named_as_the_log_shows_it(tmp_path) -> None:
    store, _, manager, gid = await new_game(tmp_path)
    _, _, decision = await manager.views.decision(gid, "u-dem")
    mine = decision.options[0].action.notation()
    await manager.games.submit(gid, "u-dem", mine)
    await manager.games.bot_move(gid, "REP", Rng(3))  # the rival's sealed discard, played by the bot
    with pytest.raises(ManagerError) as refused:
        await manager.games.undo(gid, "u-dem")
    message = refused.value.message
    assert refused.value.code == "no_undo"
    assert "Your move 1 can no longer be undone: REP's move 2 (🤖 bot) came after it" in message
    assert "discard" not in message and mine.split()[-1] not in message  # nothing of what either played
    lines, _, _ = await manager.memory.log_page(gid)
    assert any(line.startswith("2. 🤖 REP (bot)") for line in lines)  # what the refusal names, the log shows
    await store.close()


async def test_no_move_yet_and_a_move_the_bot_made_for_you(tmp_path) -> None:
    store, _, manager, gid = await new_game(tmp_path)
    with pytest.raises(ManagerError, match="you have made no move in this game yet"):
        await manager.games.undo(gid, "u-rep")
    await manager.games.bot_move(gid, "DEM", Rng(1))
    with pytest.raises(ManagerError, match=r"your last move \(1\) was the 🤖 bot's"):
        await manager.games.undo(gid, "u-dem")
    await store.close()


async def test_several_later_moves_are_counted(tmp_path) -> None:
    store, _, manager, gid = await new_game(tmp_path)
    rng = Rng(8)
    _, _, decision = await manager.views.decision(gid, "u-dem")
    await manager.games.submit(gid, "u-dem", decision.options[0].action.notation())
    await manager.games.bot_move(gid, "REP", rng)  # REP's discard ends the step: both now choose a campaign policy
    await manager.games.bot_move(gid, "REP", rng)
    with pytest.raises(ManagerError, match=r"REP's move 2 \(🤖 bot\) and 1 more move came after it"):
        await manager.games.undo(gid, "u-dem")
    await store.close()
