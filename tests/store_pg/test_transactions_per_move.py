"""A move, its commit and its delivery in a few server transactions (at most 6).

On PostgreSQL each store call is one server transaction (bot/store/postgres.py `_run`: a read runs in one
read-only snapshot, a write in one transaction, and the pool runs no reset of its own on release). A player's move
through the manager, with its channel post, its prompts and the captions' memory, costs two and one per message it
sends: the game's context (one read: record, seats, jobs, clock, settings, followers, and the state when the cache
is behind), the commit (which writes the move's posts already claimed for the mover), and the mark of sent of each
message as it goes out (so a process killed mid-delivery leaves at most one message to repeat). A move that sends
one message costs three. The posts are delivered from the move's own context: no claim and no read of their own.
Only the move that ends the game does more (ratings, the seed's reveal, the followers' last digest)."""
from __future__ import annotations

from collections import Counter

from bot.service import GameManager
from bot.store import PgStore
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats
from tests.fakeclock import Clock

USERS = {"DEM": "u-dem", "REP": "u-rep"}


async def test_a_move_costs_two_server_transactions_and_one_per_message_on_postgres(pg_url) -> None:
    store = await PgStore.open(pg_url)
    calls: list[str] = []
    run = store._run

    async def counted(fn, args, write):  # noqa: ANN001, ANN202 - the store's own signature
        calls.append(fn.__qualname__)
        return await run(fn, args, write)

    store._run = counted  # every server transaction of the store passes here
    try:
        table = RecordingTable()
        manager = GameManager(store, table, clock=Clock(), render=False)
        record = await manager.games.create("electioneer", USERS["DEM"], "Dana", seat="DEM", seed=11,
                                            channel_id="c1", guild_id="g1")
        await manager.games.join(record.id, USERS["REP"], "Remy", seat="REP")
        await manager.games.start(record.id, USERS["DEM"])
        ruleset, rng = registry.get("electioneer"), Rng(5)
        per_move: Counter[int] = Counter()
        shapes: Counter[tuple[str, ...]] = Counter()
        last: list[str] = []
        last_extra = 0
        while True:
            _, state, _ = await manager.views.state(await manager.views.game(record.id))
            owing = owing_seats(ruleset, state)
            if not owing:
                break
            seat = owing[rng.below(len(owing))]
            calls.clear()
            messages = len(table.posts) + len(table.briefs)
            await manager.games.submit(record.id, USERS[seat], [ruleset.bot_action(state, seat, rng)])
            messages = len(table.posts) + len(table.briefs) - messages
            per_move[len(calls) - max(messages, 1)] += 1  # a move that sends nothing still marks its rows once
            shapes[tuple(name.split(".<locals>")[0] for name in calls)] += 1
            last, last_extra = list(calls), len(calls) - max(messages, 1)
        final = per_move.copy()
        final[last_extra] -= 1  # the move that ended the game
        assert sum(per_move.values()) > 30, "a whole game"
        assert set(+final) == {2}, (sorted(per_move.items()), "every move but the last: 2 and 1 per message")
        assert ("ContextOperations.game_context", "PlayOperations.commit_move",
                "DeliveryOperations.mark_claimed_sent") in shapes, shapes
        assert all(shape[:2] == ("ContextOperations.game_context", "PlayOperations.commit_move")
                   and set(shape[2:]) == {"DeliveryOperations.mark_claimed_sent"}
                   for shape in shapes if shape != tuple(n.split(".<locals>")[0] for n in last)), shapes
        assert last[0].startswith("ContextOperations.game_context") and last_extra <= 12, last  # and a mark a message
    finally:
        await store.close()
