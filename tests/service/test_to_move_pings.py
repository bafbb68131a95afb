"""Who the "To move" line under a channel post pings: the DM is a decision's notice, so the line pings only a player
whose DMs could not be delivered or who chose channel pings in /reminders — and never the player who just moved
(in a compound turn the mover owes again at once). The real SQLite store in tmp_path, the recording table (which
asks the manager for the line, as the Discord table does), the players' own moves."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.present.posts import ToMove, pinged, to_move_line
from bot.service import GameManager
from bot.service.table import PublicPost
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.rng import Rng
from tests.fakeclock import Clock

PLAYERS = {"u0": "Dana", "u1": "Remy"}


@dataclass
class LineTable(RecordingTable):
    """The recording table, with each post's "To move" line and the mover of the move it shows."""

    manager: GameManager | None = None
    lines: list[tuple[str | None, list[ToMove]]] = field(default_factory=list)

    async def publish(self, post: PublicPost) -> list[str]:
        if self.manager is not None and post.turn_line and post.game.status == "active":
            last = await self.manager.store.last_journal_entry(post.game.id)
            mover = last.actor if last is not None and last.seq == post.game.seq else None
            self.lines.append((mover, await self.manager.clock.to_move(post.game)))
        return await super().publish(post)


async def game(tmp_path, ruleset: str, seats: list[str], *, channel_pings: tuple[str, ...] = (),
               unreachable: tuple[str, ...] = ()) -> tuple[LineTable, GameManager, int]:
    store = await Store.open(tmp_path / "p.sqlite3")
    table = LineTable(unreachable=set(unreachable))
    manager = GameManager(store, table, clock=Clock(), render=False)
    table.manager = manager
    for user in channel_pings:
        await manager.clock.set_reminders(user, channel_pings=True)
    users = list(PLAYERS)
    record = await manager.games.create(ruleset, users[0], PLAYERS[users[0]], seat=seats[0], seed=5,
                                        channel_id="c1", guild_id="g1")
    await manager.games.join(record.id, users[1], PLAYERS[users[1]], seat=seats[1])
    await manager.games.start(record.id, users[0])
    return table, manager, record.id


async def play(manager: GameManager, game_id: int, moves: int, rng: Rng) -> None:
    """Each move made by the seated player themself (never the bot or a deadline), for whoever owes one."""
    holders = {s.seat: s.user_id for s in await manager.store.list_seats(game_id)}
    for _ in range(moves):
        owing = await manager.views.owing(game_id)
        if not owing:
            return
        seat = owing[rng.below(len(owing))]
        record = await manager.views.game(game_id)
        ruleset, state, _ = await manager.views.state(record)
        await manager.games.submit(game_id, holders[seat], [registry.get(record.ruleset).bot_action(state, seat, rng)])


GAMES = [("electioneer", ["DEM", "REP"]), ("campaign_manager_2008", ["OBA", "MCC"])]


@pytest.mark.parametrize("ruleset,seats", GAMES)
async def test_nobody_whose_dms_work_is_pinged_and_the_line_still_names_them(tmp_path, ruleset, seats) -> None:
    table, manager, game_id = await game(tmp_path, ruleset, seats)
    await play(manager, game_id, 40, Rng(3))
    assert len(table.lines) > 10
    named = [m for _, line in table.lines for m in line]
    assert named and not any(m.ping for m in named)
    for _, line in table.lines:
        text = to_move_line(line)
        assert "<@" not in text
        assert all(f"{m.name} ({m.seat}" in text for m in line)
    await manager.store.close()


@pytest.mark.parametrize("ruleset,seats", GAMES)
async def test_a_player_who_chose_channel_pings_is_pinged_but_never_for_his_own_move(tmp_path, ruleset, seats) -> None:
    table, manager, game_id = await game(tmp_path, ruleset, seats, channel_pings=("u0",))
    await play(manager, game_id, 40, Rng(3))
    owed = [(mover, m) for mover, line in table.lines for m in line if m.user_id == "u0"]
    assert any(mover == "u0" for mover, _ in owed), "the game has a move after which its mover owes again"
    assert all(m.ping == (mover != "u0") for mover, m in owed)
    assert any(m.ping for _, m in owed)
    assert not any(m.ping for _, line in table.lines for m in line if m.user_id == "u1")  # the other did not opt in
    assert (await manager.clock.reminder_settings("u0")).channel_pings
    await manager.store.close()


async def test_a_player_whose_dms_fail_is_pinged_from_the_next_post_on(tmp_path) -> None:
    table, manager, game_id = await game(tmp_path, "electioneer", ["DEM", "REP"], unreachable=("u1",))
    seats = {s.seat: s for s in await manager.store.list_seats(game_id)}
    assert seats["REP"].dm_ok is False and seats["DEM"].dm_ok is True
    first_mover, first = table.lines[0]
    assert not any(m.ping for m in first), "before any DM was tried, nobody is pinged"
    await play(manager, game_id, 30, Rng(8))
    rep = [(mover, m) for mover, line in table.lines[1:] for m in line if m.user_id == "u1"]
    assert rep and all(m.ping == (mover != "u1") for mover, m in rep)
    assert any(m.ping for _, m in rep)
    assert pinged([m for _, m in rep if m.ping]) and all(u == "u1" for u in pinged([m for _, m in rep]))
    assert not any(m.ping for _, line in table.lines for m in line if m.user_id == "u0")
    await manager.store.close()


async def test_the_setting_is_shown_and_alone_changes_no_reminder_times(tmp_path) -> None:
    store = await Store.open(tmp_path / "s.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    before = await manager.clock.set_reminders("u9", before="12h")
    after = await manager.clock.set_reminders("u9", channel_pings=True)
    assert after.offsets == before.offsets and after.channel_pings
    assert await store.settings("user:u9") == {"reminders_before": "43200", "reminders_channel": "1"}
    assert "Channel pings: on" in "\n".join(after.describe())
    off = await manager.clock.set_reminders("u9", channel_pings=False)
    assert not off.channel_pings and "reminders_channel" not in await store.settings("user:u9")
    assert "Channel pings: off" in "\n".join(off.describe())
    await store.close()
