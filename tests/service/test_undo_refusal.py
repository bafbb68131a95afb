"""`undo` that finds nothing to take back says why, from what the log shows: the move that came
after yours by its number and seat (and 🤖 / ⏰ as the log marks them), never what it was. A move of your own
that showed the table something hidden (a card played from the hand) is refused in words that say so."""
from __future__ import annotations

import pytest

from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine.core.rng import Rng
from tests.fakeclock import Clock
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


async def _nineteen_sixty(tmp_path):
    store = await Store.open(tmp_path / "ns.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock())
    record = await manager.games.create("nineteen_sixty", "u-ken", "Kay", seat="KEN", seed=3, channel_id="c1",
                                        guild_id="g1")
    await manager.games.join(record.id, "u-nix", "Nat", seat="NIX")
    await manager.games.start(record.id, "u-ken")
    return store, manager, record.id


async def _to_a_play(manager: GameManager, gid: int) -> tuple[str, list[str]]:
    """Step the game on (first options) until a seat may play a card from its hand; that seat's user and plays."""
    users = {"KEN": "u-ken", "NIX": "u-nix"}
    for _ in range(20):
        seat = (await manager.views.owing(gid))[0]
        _, _, decision = await manager.views.decision(gid, users[seat])
        moves = [o.action.notation() for o in decision.options]
        plays = [m for m in moves if m.split()[0] == "play"]
        if plays:
            return users[seat], plays
        await manager.games.submit(gid, users[seat], moves[0])
    raise AssertionError("no card play came up")


async def test_a_card_the_table_has_seen_cannot_be_taken_back(tmp_path) -> None:
    """1960: a card played from the hand for its CP lies face up; undo says the others have seen it."""
    store, manager, gid = await _nineteen_sixty(tmp_path)
    user, plays = await _to_a_play(manager, gid)
    card = next(m for m in plays if m.endswith(" campaign") and m.split()[1].isdigit())
    await manager.games.submit(gid, user, card)
    with pytest.raises(ManagerError) as refused:
        await manager.games.undo(gid, user)
    assert refused.value.code == "no_undo"
    assert refused.value.message.startswith("That move can't be undone: the other players have already seen what it "
                                            "showed (a card played from a hand")
    await store.close()


async def test_the_candidate_card_played_can_be_taken_back(tmp_path) -> None:
    """1960: the candidate card was never hidden, so playing it shows nothing and undo takes it back."""
    store, manager, gid = await _nineteen_sixty(tmp_path)
    user, plays = await _to_a_play(manager, gid)
    candidate = next(m for m in plays if m.endswith(" campaign") and not m.split()[1].isdigit())
    seq = (await manager.games.submit(gid, user, candidate)).seq
    assert await manager.games.undo(gid, user) == seq
    await store.close()
