"""The game manager end to end on real SQLite files, with the recording table."""
from __future__ import annotations

import pytest

from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.errors import IllegalAction, NotYourDecision, StaleState, UnknownAction
from engine.core.rng import Rng
from engine.core.ruleset import play, replay, state_hash
from tests.fakeclock import Clock

R = registry.get("electioneer")


async def new_game(tmp_path, *, seed: int = 11, render: bool = False, clock: Clock | None = None, name: str = "g.sqlite3"):
    store = await Store.open(tmp_path / name)
    table = RecordingTable()
    manager = GameManager(store, table, clock=clock or Clock(), render=render)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=seed, channel_id="c1", guild_id="g1")
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    return store, table, manager, record.id


USERS = {"DEM": "u-dem", "REP": "u-rep"}


async def journal_len(store: Store, game_id: int) -> int:
    return len(await store.load_journal(game_id))


async def play_out(manager: GameManager, game_id: int, rng: Rng, max_moves: int = 400) -> int:
    moves = 0
    while moves < max_moves:
        owing = await manager.views.owing(game_id)
        if not owing:
            return moves
        seat = owing[rng.below(len(owing))]
        await manager.games.bot_move(game_id, seat, rng)
        moves += 1
    raise AssertionError("game did not finish")


async def test_whole_game_journal_replays(tmp_path) -> None:
    store, table, manager, gid = await new_game(tmp_path)
    await play_out(manager, gid, Rng(5))
    record = await manager.views.game(gid)
    assert record.status == "finished"
    assert record.result["winners"][0] in ("DEM", "REP")
    journal = await store.load_journal(gid)
    snap = await store.load_snapshot(gid)
    seats = [s.seat for s in await store.list_seats(gid)]
    rebuilt = replay(R, record.options, seats, record.seed, [(e.seat, e.notation) for e in journal])
    assert state_hash(rebuilt) == snap.state_hash == journal[-1].state_hash
    # every move posted something public, and the last post names the winner
    assert any(record.result["winners"][0] in p.text and "wins" in p.text for p in table.posts)
    await store.close()


async def test_restart_mid_game_continues_identically(tmp_path) -> None:
    # Uninterrupted reference game.
    store, _, manager, gid = await new_game(tmp_path, name="a.sqlite3")
    await play_out(manager, gid, Rng(9))
    reference = (await store.load_snapshot(gid)).state_hash
    await store.close()
    # The same seed and the same bot choices, with the manager torn down every few moves.
    store, _, manager, gid2 = await new_game(tmp_path, name="b.sqlite3")
    rng = Rng(9)
    while True:
        for _ in range(3):
            owing = await manager.views.owing(gid2)
            if not owing:
                break
            await manager.games.bot_move(gid2, owing[rng.below(len(owing))], rng)
        if not await manager.views.owing(gid2):
            break
        await store.close()
        store = await Store.open(tmp_path / "b.sqlite3")
        manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    assert (await store.load_snapshot(gid2)).state_hash == reference
    await store.close()


async def test_double_submit_applies_once(tmp_path) -> None:
    store, _, manager, gid = await new_game(tmp_path)
    _, _, decision = await manager.views.decision(gid, "u-dem")
    move = decision.options[0].action.notation()
    await manager.games.submit(gid, "u-dem", move, idem_key="interaction-1")
    before = await journal_len(store, gid)
    with pytest.raises(StaleState):
        await manager.games.submit(gid, "u-dem", move, idem_key="interaction-1")
    assert await journal_len(store, gid) == before
    await store.close()


async def test_bad_input_changes_nothing(tmp_path) -> None:
    store, table, manager, gid = await new_game(tmp_path)
    snap = (await store.load_snapshot(gid)).state_hash
    posts = len(table.posts)
    _, view = await manager.views.view(gid, "u-rep")
    rep_card = view.hand[0].id
    cases = [
        ("u-dem", f"campaign {rep_card}", IllegalAction),  # not in DEM's hand, and not the campaign step
        ("u-dem", f"discard {rep_card}", IllegalAction),  # another seat's card
        ("u-dem", "discard ZZ9", UnknownAction),
        ("u-dem", "swap XX 1 crime", UnknownAction),
        ("u-dem", "fly to the moon", UnknownAction),
        ("u-dem", "x" * 10_000, UnknownAction),
        ("u-dem", "ready", IllegalAction),
        ("u-dem", "", UnknownAction),
        ("stranger", "keep", NotYourDecision),
    ]
    for user, move, error in cases:
        with pytest.raises(error) as info:
            await manager.games.submit(gid, user, move)
        assert info.value.message and len(info.value.message) < 400
    with pytest.raises(StaleState):
        _, seq, decision = await manager.views.decision(gid, "u-dem")
        await manager.games.submit(gid, "u-dem", decision.options[0].action.notation(), expected_seq=seq + 5)
    assert (await store.load_snapshot(gid)).state_hash == snap
    assert await journal_len(store, gid) == 0
    assert len(table.posts) == posts
    await store.close()


async def test_lobby_rules(tmp_path) -> None:
    store = await Store.open(tmp_path / "l.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    record = await manager.games.create("electioneer", "host", "Host", channel_id="c")
    with pytest.raises(ManagerError, match="at least 2"):
        await manager.games.start(record.id, "host")
    with pytest.raises(ManagerError, match="already seated"):
        await manager.games.join(record.id, "host", "Host")
    with pytest.raises(ManagerError, match="not a seat"):
        await manager.games.join(record.id, "p2", "P2", seat="GREEN")
    await manager.games.join(record.id, "p2", "P2")
    with pytest.raises(ManagerError, match="full"):
        await manager.games.join(record.id, "p3", "P3")
    with pytest.raises(ManagerError, match="Only the host"):
        await manager.games.start(record.id, "p2")
    with pytest.raises(ManagerError, match="no game"):
        await manager.games.join(9999, "p3", "P3")
    with pytest.raises(ManagerError, match="Unknown game"):
        await manager.games.create("chess", "host", "Host")
    with pytest.raises(ManagerError, match="Bad option"):
        await manager.games.create("electioneer", "host", "Host", options={"theatrics": 7})
    await manager.games.start(record.id, "host")
    with pytest.raises(ManagerError, match="already"):
        await manager.games.join(record.id, "p3", "P3")
    await store.close()


async def test_undo_own_sealed_choice_until_reveal(tmp_path) -> None:
    store, _, manager, gid = await new_game(tmp_path)
    _, _, d = await manager.views.decision(gid, "u-dem")
    await manager.games.submit(gid, "u-dem", d.options[0].action.notation())
    await manager.games.undo(gid, "u-dem")
    assert await journal_len(store, gid) == 0
    _, view = await manager.views.view(gid, "u-dem")
    assert view.pending_discard is None
    # REP cannot undo DEM's move; after both discards the step is final.
    await manager.games.submit(gid, "u-dem", d.options[0].action.notation())
    with pytest.raises(ManagerError, match="no move in this game yet"):
        await manager.games.undo(gid, "u-rep")
    _, _, d2 = await manager.views.decision(gid, "u-rep")
    await manager.games.submit(gid, "u-rep", d2.options[0].action.notation())
    with pytest.raises(ManagerError):
        await manager.games.undo(gid, "u-rep")
    await store.close()


async def test_deadline_takes_the_default_and_survives_restart(tmp_path) -> None:
    clock = Clock()
    store, table, manager, gid = await new_game(tmp_path, clock=clock)
    jobs = await store.jobs_for_game(gid)
    deadlines = sorted((j.seat, j.due_at) for j in jobs if j.kind == "deadline")
    assert [s for s, _ in deadlines] == ["DEM", "REP"]
    # DEM moves; REP's clock keeps running (it is the same wait).
    _, _, d = await manager.views.decision(gid, "u-dem")
    clock.t += 3600
    await manager.games.submit(gid, "u-dem", d.options[0].action.notation())
    rep_due = [j.due_at for j in await store.jobs_for_game(gid) if j.kind == "deadline" and j.seat == "REP"]
    assert rep_due == [deadlines[1][1]]
    await store.close()
    # Restart; then time passes beyond REP's deadline.
    store = await Store.open(tmp_path / "g.sqlite3")
    table = RecordingTable()
    manager = GameManager(store, table, clock=clock, render=False)
    clock.t = rep_due[0] + 1
    moved = await manager.sweep.run_due_jobs()
    assert moved == 1
    journal = await store.load_journal(gid)
    assert journal[-1].actor == "deadline" and journal[-1].seat == "REP"
    assert any("REP's deadline passed: the policy with the lowest total effect" in p.text for p in table.posts)
    assert (await manager.views.decision(gid, "u-rep"))[2].prompt.startswith("Choose a policy to campaign")
    await store.close()


async def test_private_briefs_only_reach_their_seat(tmp_path) -> None:
    store, table, manager, gid = await new_game(tmp_path)
    await play_out(manager, gid, Rng(3))
    for brief in table.briefs:
        if brief.view is None:
            continue
        assert brief.view.viewer == brief.seat
        hand_ids = {p.id for p in brief.view.hand or []}
        other = "REP" if brief.seat == "DEM" else "DEM"
        assert not any(i.startswith(other[0]) for i in hand_ids)
    # Sealed choices' digests and salts stay out of the channel (they are in the record and /game status).
    for post in table.posts:
        for line in post.text.splitlines():
            if not line.startswith(("🔓 Seed revealed", "🔒 Seed commitment")):  # the game's seed, committed and revealed
                assert "seal" not in line and "salt" not in line, line
    assert {b.seat for b in table.briefs} == {"DEM", "REP"}
    await store.close()


async def test_replay_of_stored_journals_matches(tmp_path) -> None:
    """Bug fixes can re-run live games from their journals: every stored journal replays to its hash."""
    store, _, manager, gid = await new_game(tmp_path, seed=77)
    rng = Rng(77)
    for _ in range(12):
        owing = await manager.views.owing(gid)
        await manager.games.bot_move(gid, owing[0], rng)
    record = await manager.views.game(gid)
    journal = await store.load_journal(gid)
    state = R.setup(record.options, ["DEM", "REP"], record.seed)
    for entry in journal:
        state = play(R, state, entry.seat, R.parse(entry.notation)).state
        assert state_hash(state) == entry.state_hash
    await store.close()


async def test_public_posts_and_logs_reveal_nothing_hidden(tmp_path, caplog) -> None:
    """Every card name or id in a public post (text and image alt text) was already public at that
    move: present in the public view after it. Log lines at DEBUG carry no card of any hand."""
    import logging

    from engine.electioneer import content

    caplog.set_level(logging.DEBUG)
    store, table, manager, gid = await new_game(tmp_path, seed=21, render=True)
    await play_out(manager, gid, Rng(21))
    record = await manager.views.game(gid)
    journal = await store.load_journal(gid)
    c = content.load()
    names = {p.id: p.name for p in c.policies.values()} | {t.id: t.name for t in c.theatrics.values()}
    state = R.setup(record.options, ["DEM", "REP"], record.seed)
    public_at = {0: R.view(state, None).model_dump_json()}
    for entry in journal:
        state = play(R, state, entry.seat, R.parse(entry.notation)).state
        public_at[entry.seq] = R.view(state, None).model_dump_json()
    checked = 0
    said = ""
    for post in table.posts:
        text = post.text + (post.picture.alt if post.picture else "")
        said += post.text
        for card_id, name in names.items():
            if name in text or card_id in text.split():
                if card_id.startswith("T"):  # a theatric becomes public when it is played
                    assert f"plays {name}" in said, (post.game.seq, name)
                else:  # a policy becomes public when it is revealed onto a platform
                    assert name in public_at[post.game.seq], (post.game.seq, name)
                checked += 1
    assert checked > 7  # the revealed policies were named
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for card_id, name in names.items():
        assert card_id not in logged.split() and name not in logged
    assert any(p.picture is not None for p in table.posts)
    await store.close()


async def test_many_games_at_once_stay_independent(tmp_path) -> None:
    """Games in different channels and servers, moved concurrently, each replay to their own history."""
    import asyncio

    store = await Store.open(tmp_path / "many.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    ids = []
    for n in range(6):
        record = await manager.games.create("electioneer", f"d{n}", "D", seat="DEM", seed=100 + n,
                                      guild_id=f"g{n % 2}", channel_id=f"c{n}")
        await manager.games.join(record.id, f"r{n}", "R", seat="REP")
        await manager.games.start(record.id, f"d{n}")
        ids.append(record.id)

    async def drive(gid: int, seed: int) -> None:
        rng = Rng(seed)
        while owing := await manager.views.owing(gid):
            await manager.games.bot_move(gid, owing[rng.below(len(owing))], rng)
            await asyncio.sleep(0)  # let the other games interleave

    await asyncio.gather(*(drive(gid, 7 * gid) for gid in ids))
    for gid in ids:
        record = await manager.views.game(gid)
        assert record.status == "finished"
        journal = await store.load_journal(gid)
        rebuilt = replay(R, record.options, ["DEM", "REP"], record.seed, [(e.seat, e.notation) for e in journal])
        assert state_hash(rebuilt) == (await store.load_snapshot(gid)).state_hash
        assert {g.id for g in await store.list_games(channel_id=record.channel_id)} == {gid}
    await store.close()


async def test_a_failing_delivery_holds_back_only_its_own_game(tmp_path) -> None:
    class Flaky(RecordingTable):
        broken: set[int] = set()

        async def publish(self, post) -> None:
            if post.game.id in self.broken:
                raise ConnectionError("channel unreachable")
            await super().publish(post)

    store = await Store.open(tmp_path / "f.sqlite3")
    table = Flaky()
    clock = Clock()
    manager = GameManager(store, table, clock=clock, render=False)
    games = []
    for n in range(2):
        rec = await manager.games.create("electioneer", f"d{n}", "D", seat="DEM", seed=n, channel_id=f"c{n}")
        await manager.games.join(rec.id, f"r{n}", "R", seat="REP")
        games.append(rec.id)
    table.broken = {games[0]}
    for n, gid in enumerate(games):
        await manager.games.start(gid, f"d{n}")
        _, _, d = await manager.views.decision(gid, f"d{n}")
        await manager.games.submit(gid, f"d{n}", d.options[0].action.notation())
    assert {p.game.id for p in table.posts} == {games[1]}  # game 2 was not held back by game 1
    assert len([p for p in table.posts if p.game.id == games[1]]) == 2
    table.broken = set()
    clock.t += 60  # past the failed row's retry backoff
    await manager.delivery.flush()
    first = [p for p in table.posts if p.game.id == games[0]]
    # delivered late, still in order: the posts that waited go out as one, the start's lines before the move's
    said = [r.payload["text"] for r in await store.outbox_for_game(games[0]) if r.audience == "public"]
    assert [p.game.seq for p in first] == [1] and len(said) == 2
    assert first[0].text.index(said[0].split("\n")[0]) < first[0].text.index(said[1].split("\n")[-1])
    await store.close()
