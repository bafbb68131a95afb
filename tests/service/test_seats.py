"""Seats that change hands: a substitute offered by the host, the built-in bot on a player's
request, the host's or after missed deadlines (civil disorder), and back — on real SQLite files with the
recording table and a fake clock."""
from __future__ import annotations

import pytest

from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.campaign_trail import rules
from engine.core.errors import EngineError, NotYourDecision
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, replay, state_hash
from engine.core.types import PendingKind
from tests.fakeclock import Clock

R = registry.get("electioneer")
CT = registry.get("campaign_trail")
HOUR = 3600


async def electioneer(tmp_path, clock: Clock | None = None, name: str = "s.sqlite3"):
    store = await Store.open(tmp_path / name)
    table = RecordingTable()
    manager = GameManager(store, table, clock=clock or Clock(), render=False)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=5, channel_id="c1", guild_id="g1")
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    return store, table, manager, record.id


async def first_option(manager: GameManager, game_id: int, user: str) -> str:
    _, _, decision = await manager.views.decision(game_id, user)
    assert decision.owes_move
    return decision.options[0].action.notation()


async def holders(store: Store, game_id: int) -> dict[str, tuple[str, str]]:
    return {s.seat: (s.user_id, s.controller) for s in await store.list_seats(game_id)}


async def assert_replays(store: Store, game_id: int, ruleset=R) -> None:
    record = await store.get_game(game_id)
    journal = await store.load_journal(game_id)
    seats = [s.seat for s in await store.list_seats(game_id)]
    rebuilt = replay(ruleset, record.options, seats, record.seed, [(e.seat, e.notation) for e in journal])
    assert state_hash(rebuilt) == (await store.load_snapshot(game_id)).state_hash


async def test_a_substitute_takes_a_seat_mid_decision_and_the_old_player_is_refused(tmp_path) -> None:
    store, table, manager, gid = await electioneer(tmp_path)
    snap = (await store.load_snapshot(gid)).state_hash
    assert "REP" in await manager.views.owing(gid)  # REP owes its opening choice

    with pytest.raises(ManagerError) as refused:  # only the host (or an admin) offers seats
        await manager.seats.offer_seat(gid, "u-rep", "REP", "u-sub", "Sam")
    assert refused.value.code == "not_host"
    with pytest.raises(ManagerError) as seated:  # nobody holds two seats
        await manager.seats.offer_seat(gid, "u-dem", "REP", "u-dem", "Dana")
    assert seated.value.code == "already_seated"
    with pytest.raises(ManagerError) as nothing:
        await manager.seats.accept_seat(gid, "u-sub", "Sam")
    assert nothing.value.code == "no_offer"

    await manager.seats.offer_seat(gid, "u-dem", "rep", "u-sub", "Sam")
    assert [(o.seat, o.user_id) for o in await manager.seats.offers(gid)] == [("REP", "u-sub")]
    briefs_before = len(table.briefs)
    seat = await manager.seats.accept_seat(gid, "u-sub", "Sam")
    assert (seat.seat, seat.user_id, seat.display_name, seat.controller) == ("REP", "u-sub", "Sam", "human")
    assert await manager.seats.offers(gid) == []
    assert (await store.load_snapshot(gid)).state_hash == snap  # the game itself did not change
    assert "REP" in await manager.views.owing(gid)  # the pending decision stays pending

    # The substitute got REP's hand and the current decision by DM; the channel was told.
    new = table.briefs[briefs_before:]
    assert [b.user_id for b in new] == ["u-sub"] and new[0].seat == "REP"
    assert new[0].decision.owes_move and new[0].view.hand and "You now play **REP**" in new[0].text
    assert any("REP in game #1 is now played by Sam, replacing Remy" in p.text for p in table.posts)

    # The old player lost access at once: no moves, no hand, no choices.
    move = await first_option(manager, gid, "u-sub")
    with pytest.raises(NotYourDecision):
        await manager.games.submit(gid, "u-rep", move)
    with pytest.raises(NotYourDecision):
        await manager.views.brief(gid, "u-rep")
    with pytest.raises(ManagerError):
        await manager.views.game_here(gid, guild_id=None, user_id="u-rep")  # by DM: not seated any more
    assert len(await store.load_journal(gid)) == 0

    result = await manager.games.submit(gid, "u-sub", move)
    assert (await store.load_journal(gid))[-1].actor == "u-sub" and result.seq == 1
    assert not any(b.user_id == "u-rep" for b in table.briefs[briefs_before:])
    await store.close()


async def _campaign_trail_at_a_window(tmp_path):
    """A 3-player Campaign Trail game where one party has just declared a travel: the rivals owe a response."""
    store = await Store.open(tmp_path / "ct.sqlite3")
    table = RecordingTable()
    manager = GameManager(store, table, clock=Clock(), render=False)
    record = await manager.games.create("campaign_trail", "u0", "P0", seat="DEM", seed=11, options={"dirty": True},
                                  channel_id="c", guild_id="g")
    await manager.games.join(record.id, "u1", "P1", seat="REP")
    await manager.games.join(record.id, "u2", "P2", seat="LIB")
    await manager.games.start(record.id, "u0")
    rng = Rng(1)
    while True:
        state = CT.load_state((await store.load_snapshot(record.id)).state)
        if state.phase == "play" and state.turn is None:
            break
        await manager.games.bot_move(record.id, (await manager.views.owing(record.id))[0], rng)
    users = {s.seat: s.user_id for s in await store.list_seats(record.id)}
    seat = rules.current_party(state)
    card = next(n for n in state.players[seat].hand if "travel" in rules.legal_actions(state, seat, n))
    await manager.games.submit(record.id, users[seat], f"play {card}; travel")
    return store, table, manager, record.id, users, seat


async def test_a_substitute_takes_a_seat_mid_response_window(tmp_path) -> None:
    store, table, manager, gid, users, mover = await _campaign_trail_at_a_window(tmp_path)
    rivals = await manager.views.owing(gid)
    assert rivals and mover not in rivals
    rival = rivals[0]
    _, _, decision = await manager.views.decision(gid, users[rival])
    assert decision.kind == PendingKind.RESPONSE
    snap = (await store.load_snapshot(gid)).state_hash

    await manager.seats.offer_seat(gid, "u0", rival, "u-sub", "Sam")
    briefs_before = len(table.briefs)
    await manager.seats.accept_seat(gid, "u-sub", "Sam", seat=rival)
    assert (await store.load_snapshot(gid)).state_hash == snap
    assert await manager.views.owing(gid) == rivals  # the window is still open on the same seats
    got = [b for b in table.briefs[briefs_before:] if b.user_id == "u-sub"]
    assert got and got[0].seat == rival and got[0].decision.kind == PendingKind.RESPONSE

    with pytest.raises(NotYourDecision):
        await manager.games.submit(gid, users[rival], "pass")
    await manager.games.submit(gid, "u-sub", "pass")
    assert (await store.load_journal(gid))[-1].actor == "u-sub"
    for other in rivals[1:]:
        await manager.games.submit(gid, users[other], "pass")
    assert mover in await manager.views.owing(gid)  # the window closed: the mover goes on
    await assert_replays(store, gid, CT)
    await store.close()


async def _miss_rep_deadline(manager: GameManager, store: Store, clock: Clock, gid: int) -> None:
    """DEM moves whenever it owes; then time runs past REP's deadline and the sweep plays REP's default."""
    for _ in range(4):
        owing = await manager.views.owing(gid)
        if "DEM" in owing and (await store.list_seats(gid))[0].controller == "human":
            await manager.games.submit(gid, "u-dem", await first_option(manager, gid, "u-dem"))
            continue
        break
    assert "REP" in await manager.views.owing(gid)
    due = next(j.due_at for j in await store.jobs_for_game(gid) if j.kind == "deadline" and j.seat == "REP")
    clock.t = max(clock.t, due + 1)
    assert await manager.sweep.run_due_jobs() >= 1


NS = registry.get("nineteen_sixty")
NS_USERS = {"KEN": "u-ken", "NIX": "u-nix"}


async def nineteen_sixty(tmp_path, clock: Clock):
    """1960: the candidates mostly take turns, so each turn of a seat starts a fresh wait."""
    store = await Store.open(tmp_path / "ns.sqlite3")
    table = RecordingTable()
    manager = GameManager(store, table, clock=clock, render=False)
    record = await manager.games.create("nineteen_sixty", "u-ken", "Kay", seat="KEN", seed=3, channel_id="c", guild_id="g")
    await manager.games.join(record.id, "u-nix", "Nick", seat="NIX")
    await manager.games.start(record.id, "u-ken")
    return store, table, manager, record.id


async def ken_moves_until_nix_owes(manager: GameManager, gid: int) -> None:
    for _ in range(200):
        owing = await manager.views.owing(gid)
        if "NIX" in owing or not owing:
            return
        await manager.games.submit(gid, "u-ken", await first_option(manager, gid, "u-ken"))
    raise AssertionError("NIX never owed a move")


async def nix_misses_a_deadline(manager: GameManager, store: Store, clock: Clock, gid: int) -> None:
    """KEN moves whenever it owes; NIX's wait runs out, and the sweeps play its defaults until it owes nothing."""
    await ken_moves_until_nix_owes(manager, gid)
    due = next(j.due_at for j in await store.jobs_for_game(gid) if j.kind == "deadline" and j.seat == "NIX")
    clock.t = max(clock.t, due + 1)
    for _ in range(200):
        await manager.sweep.run_due_jobs()
        if "NIX" not in await manager.views.owing(gid):
            return
    raise AssertionError("NIX's defaults never ended")


async def test_civil_disorder_after_missed_deadlines_in_a_row_and_the_player_takes_the_seat_back(tmp_path) -> None:
    clock = Clock()
    store, table, manager, gid = await nineteen_sixty(tmp_path, clock)
    assert await store.civil_disorder_after(gid) == 3  # the default
    with pytest.raises(ManagerError):
        await manager.seats.set_civil_disorder(gid, "u-nix", 1)
    await manager.seats.set_civil_disorder(gid, "u-ken", 2)

    await nix_misses_a_deadline(manager, store, clock, gid)
    journal = await store.load_journal(gid)
    chain = [e for e in journal if e.actor == "deadline"]
    assert chain and {e.seat for e in chain} == {"NIX"}
    assert (await store.list_seats(gid))[1].missed_deadlines == 1  # one wait: one missed deadline, however many steps
    # NIX moves once: the count starts again.
    await ken_moves_until_nix_owes(manager, gid)
    await manager.games.submit(gid, "u-nix", await first_option(manager, gid, "u-nix"))
    assert (await store.list_seats(gid))[1].missed_deadlines == 0

    await nix_misses_a_deadline(manager, store, clock, gid)
    assert (await holders(store, gid))["NIX"] == ("u-nix", "human")
    await nix_misses_a_deadline(manager, store, clock, gid)
    assert (await holders(store, gid))["NIX"] == ("u-nix", "bot")  # two in a row: civil disorder
    assert any("NIX (Nick) missed 2 deadlines in a row" in p.text and "civil disorder" in p.text for p in table.posts)
    assert [u for u, _ in table.notices] == ["u-nix"]  # Nick is told privately too, and how to come back
    assert "You missed 2 deadlines in a row" in table.notices[0][1] and "`/seat take seat:NIX`" in table.notices[0][1]

    # The bot plays NIX whenever it owes, so the table is never held up by NIX.
    journal_before = len(await store.load_journal(gid))
    for _ in range(30):
        owing = await manager.views.owing(gid)
        assert "NIX" not in owing
        if not owing:
            break
        await manager.games.submit(gid, "u-ken", await first_option(manager, gid, "u-ken"))
    journal = await store.load_journal(gid)
    assert {e.actor for e in journal[journal_before:] if e.seat == "NIX"} == {"bot"}
    with pytest.raises(ManagerError) as refused:
        await manager.games.submit(gid, "u-nix", "pass")
    assert refused.value.code == "bot_seat"

    with pytest.raises(ManagerError):
        await manager.seats.take_seat(gid, "u-stranger", "Stranger", "NIX")  # not theirs, not offered
    briefs_before = len(table.briefs)
    seat = await manager.seats.take_seat(gid, "u-nix", "Nick", "nix")
    assert seat.controller == "human" and seat.missed_deadlines == 0
    assert any("Nick takes NIX back from the bot" in p.text for p in table.posts)
    back = [b for b in table.briefs[briefs_before:] if b.seat == "NIX"]
    assert back and back[0].user_id == "u-nix" and "You play **NIX** again" in back[0].text
    await ken_moves_until_nix_owes(manager, gid)
    assert "NIX" in await manager.views.owing(gid)  # the bot no longer answers for NIX
    await manager.games.submit(gid, "u-nix", await first_option(manager, gid, "u-nix"))
    assert (await store.load_journal(gid))[-1].actor == "u-nix"
    await assert_replays(store, gid, NS)
    await store.close()


async def test_one_deadline_counts_once_and_zero_means_never(tmp_path) -> None:
    clock = Clock()
    store, _, manager, gid = await nineteen_sixty(tmp_path, clock)
    await manager.seats.set_civil_disorder(gid, "u-ken", 0)
    for _ in range(3):
        await nix_misses_a_deadline(manager, store, clock, gid)
    seats = await store.list_seats(gid)
    assert seats[1].controller == "human" and seats[1].missed_deadlines == 3
    due = 1_900_000_000
    assert await store.note_missed_deadline(gid, "NIX", due) == 4
    assert await store.note_missed_deadline(gid, "NIX", due) == 4  # the same deadline again (a crash, a chain)
    await store.close()


async def test_leave_mid_game_hands_the_seat_to_the_bot_and_back(tmp_path) -> None:
    store, table, manager, gid = await electioneer(tmp_path)
    briefs_before = len(table.briefs)
    await manager.seats.leave(gid, "u-rep")  # REP owes its opening choice: the bot makes it at once
    assert (await holders(store, gid))["REP"] == ("u-rep", "bot")
    assert "REP" not in await manager.views.owing(gid)
    journal = await store.load_journal(gid)
    assert journal and {(e.seat, e.actor) for e in journal} == {("REP", "bot")}
    assert any("REP (Remy) left game #1: the bot plays REP" in p.text for p in table.posts)
    assert not any(b.user_id == "u-rep" for b in table.briefs[briefs_before:])  # no DMs for the absent player
    with pytest.raises(ManagerError) as again:
        await manager.seats.leave(gid, "u-rep")
    assert again.value.code == "bot_seat"

    for _ in range(5):  # DEM plays; REP never holds the table up
        await manager.games.submit(gid, "u-dem", await first_option(manager, gid, "u-dem"))
        assert await manager.views.owing(gid) == ["DEM"] or not await manager.views.owing(gid)
    assert not any(b.user_id == "u-rep" for b in table.briefs[briefs_before:])

    await manager.seats.take_seat(gid, "u-rep", "Remy", "REP")
    assert (await holders(store, gid))["REP"] == ("u-rep", "human")
    await assert_replays(store, gid)
    await store.close()


async def test_the_host_hands_a_seat_to_the_bot_and_offers_it_to_a_substitute(tmp_path) -> None:
    store, table, manager, gid = await electioneer(tmp_path)
    with pytest.raises(ManagerError) as refused:
        await manager.seats.bot_seat(gid, "u-rep", "DEM")
    assert refused.value.code == "not_host"
    await manager.seats.bot_seat(gid, "u-dem", "REP", name="Dana")
    assert (await holders(store, gid))["REP"] == ("u-rep", "bot")
    assert any("Dana handed REP to the bot" in p.text for p in table.posts)
    with pytest.raises(ManagerError):
        await manager.seats.bot_seat(gid, "u-dem", "REP")  # already the bot's
    # An admin may do it too (Manage Server), even when not the host.
    await manager.seats.offer_seat(gid, "u-admin", "REP", "u-sub", "Sam", admin=True)
    await manager.seats.take_seat(gid, "u-sub", "Sam", "REP")  # takeseat accepts the host's offer
    assert (await holders(store, gid))["REP"] == ("u-sub", "human")
    assert any("REP in game #1 is now played by Sam, replacing the bot" in p.text for p in table.posts)
    history = await store.seat_history(gid)
    assert [(h.user_id, h.controller, h.reason) for h in history if h.seat == "REP"] == [
        ("u-rep", "human", "start"), ("u-rep", "bot", "host"), ("u-sub", "human", "substitute")]
    await store.close()


async def test_the_log_and_the_channel_say_who_played_each_move(tmp_path) -> None:
    clock = Clock()
    store, table, manager, gid = await electioneer(tmp_path, clock)
    await manager.games.submit(gid, "u-dem", await first_option(manager, gid, "u-dem"))  # a person
    due = next(j.due_at for j in await store.jobs_for_game(gid) if j.kind == "deadline" and j.seat == "REP")
    clock.t = due + 1
    await manager.sweep.run_due_jobs()  # REP's deadline default
    await manager.seats.bot_seat(gid, "u-dem", "DEM")  # the bot plays DEM from now on
    assert "REP" in await manager.views.owing(gid)  # the bot answered for DEM at once
    await manager.games.submit(gid, "u-rep", await first_option(manager, gid, "u-rep"))
    journal = await store.load_journal(gid)
    actors = {e.actor for e in journal}
    assert {"u-dem", "deadline", "bot", "u-rep"} <= actors
    lines = await manager.memory.log_lines(gid)
    by_seq = {e.seq: e for e in journal}
    for line in lines:
        seq = int(line.split(".", 1)[0])
        e = by_seq[seq]
        if e.actor == "bot":
            assert line.startswith(f"{seq}. 🤖 {e.seat} (bot): ")
        elif e.actor == "deadline":
            assert line.startswith(f"{seq}. ⏰ {e.seat} (deadline): ")
        else:
            assert line.startswith(f"{seq}. {e.seat} ({ {'u-dem': 'Dana', 'u-rep': 'Remy'}[e.actor]}): ")
    assert any("🤖 The bot moved for DEM." in p.text.splitlines() for p in table.posts)
    assert any("⏰ REP's deadline passed" in p.text for p in table.posts)
    assert not any("🤖 The bot moved for REP." in p.text for p in table.posts)  # REP was never the bot's
    await store.close()


async def test_a_restart_keeps_seats_offers_counts_and_the_bot_plays_what_it_owes(tmp_path) -> None:
    clock = Clock()
    store, _, manager, gid = await electioneer(tmp_path, clock)
    await manager.seats.set_civil_disorder(gid, "u-dem", 5)
    await _miss_rep_deadline(manager, store, clock, gid)
    await manager.seats.offer_seat(gid, "u-dem", "REP", "u-sub", "Sam")
    await store.close()

    store = await Store.open(tmp_path / "s.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=clock, render=False)
    assert await store.civil_disorder_after(gid) == 5
    assert (await store.list_seats(gid))[1].missed_deadlines == 1
    assert [(o.seat, o.user_id) for o in await manager.seats.offers(gid)] == [("REP", "u-sub")]
    await manager.seats.accept_seat(gid, "u-sub", "Sam")
    # The process dies right after a change of hands to the bot is written, before the bot moved.
    record = await store.get_game(gid)
    owing = await manager.views.owing(gid)
    seat = owing[0]
    holder = next(s for s in await store.list_seats(gid) if s.seat == seat)
    await store.hand_over_seat(gid, record.version, seat, user_id=holder.user_id, display_name=holder.display_name,
                               controller="bot", reason="left", now=int(clock.t))
    await store.close()

    store = await Store.open(tmp_path / "s.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=clock, render=False)
    assert (await holders(store, gid))[seat][1] == "bot"
    assert (await holders(store, gid))["REP"][0] == "u-sub"
    before = len(await store.load_journal(gid))
    await manager.sweep.run_due_jobs()  # the sweep lets the bot catch up
    journal = await store.load_journal(gid)
    assert len(journal) > before and journal[before].actor == "bot" and journal[before].seat == seat
    assert seat not in await manager.views.owing(gid)
    assert [h.reason for h in await store.seat_history(gid) if h.seat == "REP"] == ["start", "substitute"]
    await assert_replays(store, gid)
    await store.close()


async def test_a_game_of_bots_only_plays_to_the_end(tmp_path) -> None:
    store, _, manager, gid = await electioneer(tmp_path)
    await manager.seats.bot_seat(gid, "u-dem", "DEM")
    await manager.seats.leave(gid, "u-rep")
    record = await manager.views.game(gid)
    assert record.status == "finished"
    journal = await store.load_journal(gid)
    assert journal and {e.actor for e in journal} == {"bot"}
    with pytest.raises(EngineError):
        await manager.seats.take_seat(gid, "u-rep", "Remy", "REP")  # over: no more changes of hands
    await assert_replays(store, gid)
    state = R.load_state((await store.load_snapshot(gid)).state)
    assert owing_seats(R, state) == []
    await store.close()
