"""Campaign Trail Solo Play and co-op keep time as every other game (docs/admins.md: "hours per move"): each decision a
player owes gets its own deadline, and a missed wait is one missed deadline toward civil disorder.

The AI parties are not seats: their turns run inside the player's last step, so the player owes again at once
and the hand-off never shows in who owes. Without a fresh wait after each of the player's moves, a player
moving every 3 hours saw one wait count down over the whole game (45 h, 42 h … 0, -36 h), and once it passed,
every sweep played a default step — all counted as one missed deadline, so the bot never took over.

Through the GameManager on a real SQLite file with the fake clock, over whole games alone and in co-op:
- a player who moves every 3 hours never gets a default, and after each move their deadline is a full wait
  ahead (48 h for a turn, 12 h for a response window), in their brief too;
- a player who stops gets one default step per missed wait (a sweep at the same moment plays nothing more),
  each counted once, and at the game's threshold (3) the bot takes the seat over and plays it to the end.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameManager
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine.core.rng import Rng
from engine.core.types import Action, PendingKind
from engine.registry import get
from tests.service.table_games import table_of

CT = get("campaign_trail")
H = 3600
STEP = 3 * H  # how often the diligent player moves
TURN, WINDOW = 48 * H, 12 * H  # the default waits: a turn's, a response window's
MOVES = 2000  # more steps than any of these games takes

GAMES = {  # name -> (seats, options); seed 11 (table_of's default)
    "solo": (["DEM"], {"ai": "REP"}),
    "coop": (["DEM-P", "DEM-VP"], {"ai": "REP,LIB", "coop": "on"}),
}


@dataclass
class Game:
    store: Store
    table: RecordingTable
    manager: GameManager
    gid: int
    users: dict[str, str]  # seat -> its player
    autopass: bool  # the players answer `autopass` in their first response window (never asked again)

    def now(self) -> int:
        return int(self.manager.ctx.now())

    def tick(self, seconds: int) -> None:
        self.manager.ctx.clock.t += seconds  # tests/fakeclock.py's Clock

    async def active(self) -> bool:
        return (await self.manager.views.game(self.gid)).status == "active"

    async def deadline(self, seat: str) -> int:
        return next(j.due_at for j in await self.store.jobs_for_game(self.gid)
                    if j.kind == "deadline" and j.seat == seat)

    async def missed(self, seat: str) -> int:
        return next(s.missed_deadlines for s in await self.store.list_seats(self.gid) if s.seat == seat)

    async def controller(self, seat: str) -> str:
        return next(s.controller for s in await self.store.list_seats(self.gid) if s.seat == seat)

    async def defaults(self, seat: str | None = None) -> list[int]:
        """The moves a deadline played (of `seat`, if named)."""
        return [e.seq for e in await self.store.load_journal(self.gid)
                if e.actor == "deadline" and seat in (None, e.seat)]

    async def state(self) -> Any:
        return CT.load_state((await self.store.load_snapshot(self.gid)).state)

    async def move(self, seat: str, rng: Rng) -> None:
        """The seat's player makes the built-in bot's choice (or `autopass`), as a person's move (not the bot's)."""
        state = await self.state()
        action = CT.bot_action(state, seat, rng)
        if self.autopass and any(o.action.verb == "autopass" for o in CT.decisions(state, seat).options):
            action = Action(verb="autopass")
        await self.manager.games.submit(self.gid, self.users[seat], [action])

    async def play(self, seats: list[str], rng: Rng) -> list[str]:
        """Each of `seats` that owes a decision moves once (in seat order); returns those that moved."""
        moved: list[str] = []
        for seat in seats:
            if seat in await self.manager.views.owing(self.gid):
                await self.move(seat, rng)
                moved.append(seat)
        return moved


async def open_game(tmp_path: Path, name: str, *, autopass: bool) -> Game:
    seats, options = GAMES[name]
    store, table, manager, gid = await table_of(tmp_path, "campaign_trail", seats, options=options)
    users = {s.seat: s.user_id for s in await store.list_seats(gid)}
    return Game(store, table, manager, gid, users, autopass)


def wait_of(kind: PendingKind | None) -> int:
    return WINDOW if kind == PendingKind.RESPONSE else TURN


async def assert_full_wait_ahead(game: Game, seat: str) -> None:
    """The seat's deadline, in its brief as in the jobs, is a whole wait from now."""
    brief = await game.manager.views.brief(game.gid, game.users[seat])
    assert brief.decision is not None and brief.decision.owes_move
    ahead = brief.game.deadline_at[seat] - game.now()
    assert ahead == wait_of(brief.decision.kind), f"{seat}'s deadline {ahead / H:g} h ahead after its move"


@pytest.mark.parametrize("autopass", [True, False], ids=["autopass", "answers-windows"])
@pytest.mark.parametrize("name", sorted(GAMES))
async def test_a_player_moving_every_3_hours_always_has_a_full_wait_and_no_default(tmp_path: Path, name: str,
                                                                                   autopass: bool) -> None:
    game = await open_game(tmp_path, name, autopass=autopass)
    rng = Rng(7)
    moves = 0
    while await game.active():
        assert moves < MOVES, "the game never ended"
        game.tick(STEP)
        assert await game.manager.sweep.run_due_jobs() == 0, f"a deadline played a default after {moves} moves"
        moved = await game.play(sorted(game.users), rng)  # every player who owes moves, each every 3 hours
        moves += len(moved)
        for seat in set(moved) & set(await game.manager.views.owing(game.gid)):
            await assert_full_wait_ahead(game, seat)
    assert await game.defaults() == []
    assert moves > 100  # a whole game: the bug showed from about the 27th move


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_a_player_who_stops_gets_one_default_per_missed_wait_then_the_bot(tmp_path: Path, name: str) -> None:
    game = await open_game(tmp_path, name, autopass=True)
    lazy, *diligent = sorted(game.users)
    assert await game.store.civil_disorder_after(game.gid) == 3  # the default threshold
    rng = Rng(5)
    # The player plays (the running mate too) until they have stopped the response windows with `autopass`, as
    # a real player did: from then on, alone, they owe without a break. Then they stop.
    for _ in range(MOVES):
        if lazy in (await game.state()).autopass:
            break
        await game.play(sorted(game.users), rng)
    assert lazy in (await game.state()).autopass
    assert await game.missed(lazy) == 0

    seen = 0
    for _ in range(MOVES):
        if not await game.active() or await game.controller(lazy) == "bot":
            break
        game.tick(STEP)
        await game.manager.sweep.run_due_jobs()
        mine = len(await game.defaults(lazy))
        assert mine - seen <= 1, "a sweep played more than one default step for one missed wait"
        if mine > seen:
            seen = mine
            if await game.controller(lazy) == "human":
                assert await game.missed(lazy) == seen, "each missed wait counts once toward civil disorder"
                await game.manager.sweep.run_due_jobs()  # the clock held: the same wait plays nothing more
                assert len(await game.defaults(lazy)) == seen, "the clock held: another default for the same wait"
                if lazy in await game.manager.views.owing(game.gid):
                    assert await game.deadline(lazy) - game.now() in (TURN, WINDOW), "after a default, a fresh wait"
        await game.play(diligent, rng)  # co-op: the running mate goes on playing every 3 hours

    assert seen == 3 and await game.controller(lazy) == "bot", "three missed waits in a row: civil disorder"
    assert any(f"{lazy} (Player0) missed 3 deadlines in a row" in p.text for p in game.table.posts)
    for _ in range(MOVES):  # the bot plays the seat to the end (the running mate moving as before)
        if not await game.active():
            break
        game.tick(STEP)
        await game.manager.sweep.run_due_jobs()
        await game.play(diligent, rng)
    assert not await game.active() and len(await game.defaults(lazy)) == 3
