"""A typed compound move that meets a hand-off (a response window opening on its declaration) keeps the steps
made so far and gives the rest back to send again, instead of refusing the whole move."""
from __future__ import annotations

from bot.service import GameManager
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine.campaign_trail import rules
from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.registry import get

CT = get("campaign_trail")


async def _state(store, game_id: int):
    return CT.load_state((await store.load_snapshot(game_id)).state)


async def _game_at_a_turn(tmp_path):
    store = await Store.open(tmp_path / "compound.sqlite3")
    manager = GameManager(store, RecordingTable(), render=False)
    record = await manager.games.create("campaign_trail", "u0", "P0", seat="DEM", seed=11, options={"dirty": True})
    await manager.games.join(record.id, "u1", "P1", seat="REP")
    await manager.games.join(record.id, "u2", "P2", seat="LIB")
    await manager.games.start(record.id, "u0")
    rng = Rng(1)
    while True:  # bots make the setup choices; stop when a player can start a turn
        live = await _state(store, record.id)
        if live.phase == "play" and live.turn is None:
            break
        owing = await manager.views.owing(record.id)
        await manager.games.bot_move(record.id, owing[0], rng)
    users = {s.seat: s.user_id for s in await store.list_seats(record.id)}
    return store, manager, record, users, live


async def test_a_compound_move_stops_at_a_response_window_and_returns_the_rest(tmp_path) -> None:
    store, manager, record, users, state = await _game_at_a_turn(tmp_path)
    seat = rules.current_party(state)  # one seat per party in a 3-player game
    card = next(n for n in state.players[seat].hand if "travel" in rules.legal_actions(state, seat, n))
    pawn = state.players[seat].pawn
    step = rules.neighbours()[pawn][0]
    move = f"play {card}; travel; to {step}; done"

    result = await manager.games.submit(record.id, users[seat], move)
    assert result.notation == f"play {card}; travel"
    assert result.pending == f"to {step}; done"
    journal = await store.load_journal(record.id)
    assert journal[-1].notation == result.notation  # only what was applied is in the journal (replays the same)
    rivals = await manager.views.owing(record.id)
    assert rivals and seat not in rivals  # the rivals are asked whether to respond

    try:  # sending the rest before the window closes is refused, and changes nothing
        await manager.games.submit(record.id, users[seat], result.pending)
        raise AssertionError("accepted while the rivals decide")
    except EngineError as exc:
        assert "waiting on" in exc.message
    assert len(await store.load_journal(record.id)) == len(journal)

    for rival in rivals:  # the last pass closes the window: the rest is played as the player typed it
        await manager.games.submit(record.id, users[rival], "pass")
    resumed = (await store.load_journal(record.id))[-1]
    assert (resumed.seat, resumed.actor, resumed.notation) == (seat, users[seat], result.pending)
    live = await _state(store, record.id)
    assert live.players[seat].pawn == step and live.window is None
    assert (await store.load_journal(record.id))[-1].notation == f"to {step}; done"
    await store.close()


async def test_an_illegal_step_before_any_hand_off_still_refuses_the_whole_move(tmp_path) -> None:
    store, manager, record, users, state = await _game_at_a_turn(tmp_path)
    seat = rules.current_party(state)
    card = state.players[seat].hand[0]
    before = len(await store.load_journal(record.id))
    try:
        await manager.games.submit(record.id, users[seat], f"play {card}; vote ZZ")
        raise AssertionError("a malformed move was accepted")
    except EngineError:
        pass
    assert len(await store.load_journal(record.id)) == before
    await store.close()


async def test_a_short_form_stopped_by_a_window_asks_the_seat_where_the_steps_would(tmp_path) -> None:
    """`12 travel OH` implies its `done` only where nothing is left to choose. Stopped at the response window on
    its declaration, its rest is the stated steps alone: once the window closes they are played and the seat is
    asked, as after the same steps sent one by one, instead of the turn being ended for it."""
    store, manager, record, users, state = await _game_at_a_turn(tmp_path)
    seat = rules.current_party(state)
    card = next(n for n in state.players[seat].hand if "travel" in rules.legal_actions(state, seat, n))
    step = rules.neighbours()[state.players[seat].pawn][0]

    result = await manager.games.submit(record.id, users[seat], f"{card} travel {step}")
    assert (result.notation, result.pending) == (f"play {card}; travel", f"to {step}")
    for rival in await manager.views.owing(record.id):
        await manager.games.submit(record.id, users[rival], "pass")
    live = await _state(store, record.id)
    assert live.players[seat].pawn == step and live.turn is not None and live.turn.seat == seat
    asked = CT.decisions(live, seat)
    assert asked.owes_move and "done" in {o.action.verb for o in asked.options}
    assert (await store.load_journal(record.id))[-1].notation == f"to {step}"
    await store.close()
