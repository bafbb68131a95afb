"""Seats changing hands at random moments, for every ruleset: seeded games through the manager
where the players' seats go to substitutes, to the bot (a player leaving, the host, civil disorder after
missed deadlines) and back, the host pausing and resuming and players declaring vacations, with the clock
jumping, deadlines swept and one restart. After every step a
seat the bot plays owes nothing; a seat's former holder is refused; at the end every journal replays to
the stored state, and each move was played by whoever held its seat then: that person, the bot or the
deadline default."""
from __future__ import annotations

import pytest

from bot.service import GameManager
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.errors import EngineError, NotYourDecision
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, replay, state_hash
from tests.fakeclock import Clock

H = 3600
STEPS = 140


async def _open(tmp_path, clock: Clock) -> tuple[Store, GameManager]:
    store = await Store.open(tmp_path / "seats-fuzz.sqlite3")
    return store, GameManager(store, RecordingTable(), clock=clock, render=False)


async def _holder_at(store: Store, game_id: int) -> dict[str, list[tuple[int, str, str]]]:
    """seat → [(from_seq, user, controller)], oldest first (the seat's holder for moves after from_seq)."""
    history: dict[str, list[tuple[int, str, str]]] = {}
    for h in await store.seat_history(game_id):
        history.setdefault(h.seat, []).append((h.from_seq, h.user_id, h.controller))
    for s in await store.list_seats(game_id):
        history.setdefault(s.seat, [(0, s.user_id, s.controller)])
    return history


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("ruleset_name", sorted(registry.RULESETS))
async def test_seats_change_hands_at_random_moments_and_every_journal_replays(tmp_path, ruleset_name, seed) -> None:
    ruleset = registry.get(ruleset_name)
    clock = Clock()
    store, manager = await _open(tmp_path, clock)
    seats = ruleset.seat_names(ruleset.min_seats)
    record = await manager.games.create(ruleset_name, "u0", "P0", seat=seats[0], seed=seed, deadline_hours=6)
    for i, seat in enumerate(seats[1:], 1):
        await manager.games.join(record.id, f"u{i}", f"P{i}", seat=seat)
    await manager.games.start(record.id, "u0")
    gid = record.id
    seats = [s.seat for s in await store.list_seats(gid)]
    await manager.seats.set_civil_disorder(gid, "u0", 2 + seed)
    rng = Rng(100 * seed + len(ruleset_name))
    newcomers = 0
    changes = pauses = vacations = 0
    former: set[tuple[str, str]] = set()  # (user, seat) pairs that lost the seat to someone else
    restarted = False
    # the game, its seats and (while it is active) its state as the last step left them, read once a step
    record = await manager.views.game(gid)
    listed = await store.list_seats(gid)
    state = ruleset.load_state((await store.load_snapshot(gid)).state)
    for step in range(STEPS):
        if record.status != "active":
            break
        if step == STEPS // 2 and not restarted:
            await store.close()
            store, manager = await _open(tmp_path, clock)
            restarted = True
        held = {s.seat: s for s in listed}
        seat = seats[rng.below(len(seats))]
        people = sum(s.controller == "human" for s in held.values())  # a table of bots only plays to the end at once
        roll = {2: 4, 4: 5}.get(step, rng.below(14))  # every game pauses (4) and takes a vacation (5) early on
        try:
            if roll == 0 and held[seat].controller == "human" and people > 1:
                await manager.seats.leave(gid, held[seat].user_id)
                changes += 1
            elif roll == 1 and held[seat].controller == "human" and people > 1:
                await manager.seats.bot_seat(gid, "u0", seat)
                changes += 1
            elif roll == 2 and held[seat].controller == "bot":
                await manager.seats.take_seat(gid, held[seat].user_id, held[seat].display_name, seat)
                changes += 1
            elif roll == 3:  # a substitute (the host's own seat too), for a person's seat or the bot's
                newcomers += 1
                user = f"sub{newcomers}"
                await manager.seats.offer_seat(gid, "u0", seat, user, f"Sub {newcomers}")
                taken = await (manager.seats.accept_seat(gid, user, f"Sub {newcomers}") if rng.below(2)
                               else manager.seats.take_seat(gid, user, f"Sub {newcomers}", seat))
                assert taken.user_id == user and taken.controller == "human"
                former.add((held[seat].user_id, seat))
                changes += 1
            elif roll == 4:  # the host pauses, or resumes a paused game
                paused = (await manager.clock.game_clock(await manager.views.game(gid))).paused
                await (manager.clock.resume(gid, "u0") if paused else manager.clock.pause(gid, "u0"))
                pauses += 1
            elif roll == 5 and (away := [s for s in held.values() if s.controller == "human"]):
                await manager.clock.vacation(gid, away[rng.below(len(away))].user_id, 1 + rng.below(2))
                vacations += 1
            elif roll < 8:
                clock.t += rng.below(8) * H
                await manager.sweep.run_due_jobs()
            else:  # a person who holds an owing seat moves (their choice made by the bot's policy)
                people = [s for s in owing_seats(ruleset, state) if held[s].controller == "human"]
                if people:
                    mover = people[rng.below(len(people))]
                    action = ruleset.bot_action(state, mover, rng)
                    await manager.games.submit(gid, held[mover].user_id, [action])
        except EngineError as exc:  # a refusal the rules allow; never a crash
            assert exc.code in ("bot_seat", "not_active", "vacation_allowance"), exc.code
        # After every step: no seat the bot plays holds the table up.
        record = await manager.views.game(gid)
        listed = await store.list_seats(gid)
        if record.status == "active":
            state = ruleset.load_state((await store.load_snapshot(gid)).state)
            bots = {s.seat for s in listed if s.controller == "bot"}
            assert not bots & set(owing_seats(ruleset, state)), (step, bots)
        # A seat's former holder is refused at once.
        now_held = {s.seat: s.user_id for s in listed}
        for user, lost in former:
            if now_held.get(lost) != user and user not in now_held.values() and record.status == "active":
                with pytest.raises(NotYourDecision):
                    await manager.views.decision(gid, user)

    assert pauses and vacations, (pauses, vacations)
    changed = [h for h in await store.seat_history(gid) if h.reason != "start"]
    assert len(changed) >= 3 and changes + len([h for h in changed if h.reason == "civil_disorder"]) == len(changed)
    record = await manager.views.game(gid)
    journal = await store.load_journal(gid)
    assert journal
    final_seats = [s.seat for s in await store.list_seats(gid)]
    rebuilt = replay(ruleset, record.options, final_seats, record.seed, [(e.seat, e.notation) for e in journal])
    assert state_hash(rebuilt) == (await store.load_snapshot(gid)).state_hash == journal[-1].state_hash
    # Each move was played by whoever held its seat at that move.
    history = await _holder_at(store, gid)
    for e in journal:
        _, user, controller = [h for h in history[e.seat] if h[0] < e.seq][-1]
        if e.actor == "deadline":
            continue
        assert (e.actor, controller) in (("bot", "bot"), (user, "human")), (e.seq, e.seat, e.actor, user, controller)
    log = await manager.memory.log_lines(gid, limit=len(journal))
    assert len([line for line in log if " (bot): " in line]) == len([e for e in journal if e.actor == "bot"])
    await store.close()
