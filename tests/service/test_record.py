"""Game records: export → verify for every ruleset through the real manager and SQLite store,
tampering caught and named, the seed commitment posted at the start and revealed at the end, a mid-game
export that holds nothing hidden, `stumpbot demo --export` / `verify` / `replay` on the command line."""
from __future__ import annotations

import copy
import json
import re

import pytest

from bot.policy import record as records
from bot.policy.record_verify import verify_record
from bot.policy import record_log
from bot.cli import main
from bot.tables.local_seats import table_seats
from bot.tables.replay import replay_record
from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.core.ruleset import play
from tests.fakeclock import Clock

SEED = 4242


async def seeded_game(tmp_path, ruleset_name: str, *, seed: int = SEED, players: int | None = None,
                      name: str = "rec.sqlite3") -> tuple[Store, RecordingTable, GameManager, int, dict[str, str]]:
    """A game of the smallest table (or `players`), every seat a distinct user, started."""
    ruleset = registry.get(ruleset_name)
    store = await Store.open(tmp_path / name)
    table = RecordingTable()
    manager = GameManager(store, table, clock=Clock(), render=False)
    seats = table_seats(ruleset, players or ruleset.min_seats, None)
    record = await manager.games.create(ruleset_name, "u0", "Player 0", seat=seats[0], seed=seed, channel_id="c", guild_id="g")
    for i, seat in enumerate(seats[1:], start=1):
        await manager.games.join(record.id, f"u{i}", f"Player {i}", seat=seat)
    await manager.games.start(record.id, "u0")
    users = {s.seat: s.user_id for s in await store.list_seats(record.id)}
    return store, table, manager, record.id, users


async def play_moves(manager: GameManager, game_id: int, rng: Rng, limit: int = 20_000) -> int:
    moves = 0
    while moves < limit:
        owing = await manager.views.owing(game_id)
        if not owing:
            break
        await manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
        moves += 1
    return moves


def other_legal_move(data: dict, index: int) -> str | None:
    """A legal notation for move `index`'s seat in the position before it, other than the recorded one."""
    ruleset = registry.get(data["game"]["ruleset"])
    state = ruleset.setup(data["options"], [s["seat"] for s in data["seats"]], data["seed"])
    for move in data["moves"][:index]:
        state = play(ruleset, state, move["seat"], ruleset.parse(move["notation"])).state
    move = data["moves"][index]
    for option in ruleset.decisions(state, move["seat"]).all_options():
        notation = ruleset.format([option.action])
        if notation != move["notation"]:
            return notation
    return None


def tamper_a_move(data: dict) -> tuple[dict, int]:
    """The record with one move (from the middle on) replaced by another legal one; returns its seq."""
    moves = data["moves"]
    for index in range(len(moves) // 2, len(moves)):
        swap = other_legal_move(data, index)
        if swap is not None:
            forged = copy.deepcopy(data)
            forged["moves"][index]["notation"] = swap
            return forged, moves[index]["seq"]
    raise AssertionError("no move had an alternative")


@pytest.mark.parametrize("ruleset_name", list(registry.RULESETS))
async def test_export_then_verify_every_ruleset(tmp_path, ruleset_name) -> None:
    store, table, manager, gid, _ = await seeded_game(tmp_path, ruleset_name)
    await play_moves(manager, gid, Rng(7))
    final = await manager.views.game(gid)
    assert final.status == "finished"
    # after the end anyone may export, seated or not
    data = await manager.memory.export(gid, "a-stranger")
    journal = await store.load_journal(gid)
    snap = await store.load_snapshot(gid)
    assert data["complete"] and data["seed"] == SEED and data["seed_salt"]
    assert [m["notation"] for m in data["moves"]] == [e.notation for e in journal]
    assert data["moves"][-1]["state_hash"] == snap.state_hash
    assert {m["by"] for m in data["moves"]} == {"bot"}
    assert [s["seat"] for s in data["seats"]] == [s.seat for s in await store.list_seats(gid)]

    path = tmp_path / f"{ruleset_name}.json"
    path.write_text(records.dumps(data))
    verdict = verify_record(records.load(path))
    assert verdict.ok, verdict.problems
    assert verdict.checked == len(journal)  # (`stumpbot verify` runs this very check: the command-line test below)

    # one move changed to another legal one: caught, and the message names that move
    forged, seq = tamper_a_move(data)
    verdict = verify_record(forged)
    assert not verdict.ok and verdict.problems[0].startswith(f"move {seq} ("), verdict.problems
    # a line credited to another seat than the one that made it: caught and named
    recredited = copy.deepcopy(data)
    move = next(m for m in recredited["moves"] if m["line_seats"])
    move["line_seats"][0] = "NOBODY"
    verdict = verify_record(recredited)
    assert not verdict.ok and "who made its public lines" in verdict.problems[0], verdict.problems
    await store.close()


async def test_tampered_draws_and_seeds_are_caught(tmp_path, capsys) -> None:
    store, table, manager, gid, _ = await seeded_game(tmp_path, "electioneer")
    await play_moves(manager, gid, Rng(3))
    data = await manager.memory.export(gid, "u0")
    assert verify_record(data).ok

    # another seed: the commitment posted at the start no longer matches
    forged = copy.deepcopy(data)
    forged["seed"] = data["seed"] + 1
    verdict = verify_record(forged)
    assert not verdict.ok and "commitment" in verdict.problems[0]

    # another seed with a commitment forged to match it: every deal and draw differs from the recorded hashes
    forged["seed_commitment"]["digest"] = records.seed_commitment(forged["seed"], forged["seed_salt"])
    verdict = verify_record(forged)
    assert not verdict.ok and verdict.problems[0].startswith("setup:"), verdict.problems

    # a draw's line rewritten (the month's state revealed as another one): the move that drew it is named
    index, line = next((i, ln) for i, m in enumerate(data["moves"]) for ln in m["public"] if "Month 2" in ln)
    forged = copy.deepcopy(data)
    forged["moves"][index]["public"] = [ln.replace(ln, ln + " (and Texas)") for ln in forged["moves"][index]["public"]]
    verdict = verify_record(forged)
    assert not verdict.ok and verdict.problems[0].startswith(f"move {data['moves'][index]['seq']} ("), verdict.problems
    assert "public lines" in verdict.problems[0]

    # a state hash changed (what a forged shuffle leaves behind)
    forged = copy.deepcopy(data)
    forged["moves"][5]["state_hash"] = "0" * 64
    verdict = verify_record(forged)
    assert not verdict.ok and verdict.problems[0].startswith(f"move {data['moves'][5]['seq']} (")

    # a sealed choice rewritten
    forged = copy.deepcopy(data)
    forged["seals"][0]["choice"] = "D01" if forged["seals"][0]["choice"] != "D01" else "D02"
    assert not verify_record(forged).ok

    path = tmp_path / "bad-seed.json"
    bad = copy.deepcopy(data)
    bad["seed"] += 1
    path.write_text(records.dumps(bad))
    assert main(["verify", str(path)]) == 1
    assert "NOT verified" in capsys.readouterr().out
    await store.close()


async def test_seed_commitment_posted_at_start_and_revealed_at_the_end(tmp_path) -> None:
    store, table, manager, gid, _ = await seeded_game(tmp_path, "electioneer", seed=987654321)
    salt = await records.seed_salt(store, gid)
    digest = records.seed_commitment(987654321, salt)
    start = table.posts[0].text
    assert "begins" in start and f"Seed commitment: `{digest}`" in start
    assert "987654321" not in start and salt not in start
    await play_moves(manager, gid, Rng(1), limit=10)
    assert all(salt not in p.text and "987654321" not in p.text for p in table.posts), "nothing revealed mid-game"
    await play_moves(manager, gid, Rng(1))
    assert (await manager.views.game(gid)).status == "finished"
    last = table.posts[-1].text
    assert "wins" in last and f"Seed revealed: 987654321, salt `{salt}`" in last and digest in last
    # the channel reads like a game: no commit-reveal digests in any post (they are in the record)
    record = await manager.memory.export(gid, "u1")
    proofs = [p for m in record["moves"] for p in m["proofs"]]
    assert proofs and all(p.split()[-1].rstrip("]") not in "\n".join(x.text for x in table.posts) for p in proofs)
    assert not any("[seal" in p.text for p in table.posts)
    await store.close()


async def test_a_concession_reveals_the_seed_and_the_record_verifies(tmp_path) -> None:
    store, table, manager, gid, users = await seeded_game(tmp_path, "campaign_manager_2008")
    await play_moves(manager, gid, Rng(2), limit=30)
    await manager.seats.concede(gid, users[registry.get("campaign_manager_2008").seat_names(2)[0]])
    assert "Seed revealed" in table.posts[-1].text
    verdict = verify_record(await manager.memory.export(gid, "anyone"))
    assert verdict.ok and any("conceded" in n for n in verdict.notes), verdict
    await store.close()


def _electioneer_hidden(state) -> set[str]:
    """Policies nobody but their holder may know: hands, decks, a sealed campaign choice not yet revealed."""
    from engine.electioneer import content

    table = content.load().policies
    ids = set()
    for p in state.players.values():
        ids |= set(p.hand) | set(p.deck)
    return ids | {table[i].name for i in ids}


@pytest.mark.parametrize("ruleset_name", list(registry.RULESETS))
async def test_a_mid_game_export_holds_nothing_hidden(tmp_path, ruleset_name) -> None:
    store, table, manager, gid, users = await seeded_game(tmp_path, ruleset_name, seed=7_308_215_449_117)
    await play_moves(manager, gid, Rng(9), limit=25)
    record = await manager.views.game(gid)
    assert record.status == "active"
    seat = next(iter(users))
    data = await manager.memory.export(gid, users[seat])
    text = records.dumps(data)
    assert not data["complete"] and "seed" not in data and "seed_salt" not in data and "seals" not in data
    assert str(record.seed) not in text and await records.seed_salt(store, gid) not in text
    assert all(m["notation"] is None for m in data["moves"]) and len(data["moves"]) == 25
    # every line the record shows is a line the channel showed (a run of one line the channel says once, counted)
    channel = re.sub(r" \(\d+ times\)(?=[.!]?$)", "", "\n".join(p.text for p in table.posts), flags=re.M)
    for move in data["moves"]:
        for line in move["public"] + ([move["note"]] if move["note"] else []):
            assert line in channel, line
    # a stranger may not have it before the end
    with pytest.raises(EngineError):
        await manager.memory.export(gid, "a-stranger")
    if ruleset_name == "electioneer":
        state = registry.get(ruleset_name).load_state((await store.load_snapshot(gid)).state)
        hidden = _electioneer_hidden(state)
        assert hidden and not [h for h in hidden if re.search(rf"\b{re.escape(h)}\b", text)]
    if ruleset_name == "campaign_trail":
        from engine.campaign_trail import content as ct_content
        from tests.engine.campaign_trail.secrets import hidden

        state = registry.get(ruleset_name).load_state((await store.load_snapshot(gid)).state)
        names = {ct_content.load().card(n).name for n in hidden(state, set())}
        assert names and not [n for n in names if n in text and n not in channel]
    # and the mid-game record says so when asked to verify; `stumpbot replay` shows its lines, without pictures
    verdict = verify_record(data)
    assert not verdict.ok and "no seed" in verdict.problems[0]
    path = tmp_path / "so-far.json"
    path.write_text(text)
    lines: list[str] = []
    assert replay_record(path, tmp_path / "pics", ask=lambda _: "", write=lines.append) == 25
    assert not (tmp_path / "pics").exists() and "exported mid-game" in lines[1]
    await store.close()


async def test_log_pages_cover_the_whole_game(tmp_path) -> None:
    store, table, manager, gid, _ = await seeded_game(tmp_path, "campaign_trail", players=3)
    await play_moves(manager, gid, Rng(4), limit=120)
    last, number, pages = await manager.memory.log_page(gid)
    assert pages > 2 and number == pages
    seen = []
    for page in range(1, pages + 1):
        lines, n, total = await manager.memory.log_page(gid, page)
        assert n == page and total == pages and len("\n".join(lines)) <= record_log.PAGE_CHARS
        seen += lines
    assert "game #" in seen[0] and "Seats:" in seen[0]
    heads = [m for m in map(re.compile(r"(\d+)(?:–(\d+))?\. ").match, seen) if m]  # steps joined: `first–last.`
    numbers = [n for m in heads for n in range(int(m.group(1)), int(m.group(2) or m.group(1)) + 1)]
    assert numbers == list(range(1, 121)), "every move, in order, once"
    for page in range(2, pages + 1):  # whole moves on a page: each begins with a move's head
        assert re.match(r"\d+(–\d+)?\. ", (await manager.memory.log_page(gid, page))[0][0])
    assert (await manager.memory.log_page(gid, 10_000))[1] == pages
    await store.close()


async def test_export_before_the_start_is_refused(tmp_path) -> None:
    store = await Store.open(tmp_path / "l.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    record = await manager.games.create("electioneer", "u0", "A", seat="DEM", seed=1)
    with pytest.raises(ManagerError):
        await manager.memory.export(record.id, "u0")
    # the commitment's salt is drawn when the lobby opens, so a start retried (or raced) commits to the same one
    salt = await records.seed_salt(store, record.id)
    assert salt and len(salt) == 32
    await manager.games.join(record.id, "u1", "B", seat="REP")
    await manager.games.start(record.id, "u0")
    assert await records.seed_salt(store, record.id) == salt
    assert records.seed_commitment(1, salt) in (await manager.memory.export(record.id, "u1"))["seed_commitment"]["digest"]
    await store.close()


def test_demo_export_verify_and_replay_on_the_command_line(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("STUMPBOT_DB", str(tmp_path / "db" / "stumpbot.sqlite3"))
    monkeypatch.setenv("STUMPBOT_OUT", str(tmp_path / "out"))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    path = tmp_path / "electioneer.json"
    assert main(["demo", "electioneer", "--seed", "5", "--export", str(path)]) == 0
    data = json.loads(path.read_text())
    assert data["format"] == records.FORMAT and data["complete"] and data["seed"] == 5
    capsys.readouterr()
    assert main(["verify", str(path)]) == 0
    assert "verified" in capsys.readouterr().out

    # replay: Enter steps through every move, one picture per position
    lines: list[str] = []
    shown = replay_record(path, tmp_path / "replay", ask=lambda _: "", write=lines.append)
    assert shown == len(data["moves"])
    out = "\n".join(lines)
    assert data["moves"][0]["public"][0] in out and data["result_text"] in out
    images = sorted((tmp_path / "replay").rglob("*.png"))
    if images:  # the render package draws Electioneer
        assert len(images) == len(data["moves"]) + 1
    # `q` stops
    assert replay_record(path, tmp_path / "r2", ask=lambda _: "q", write=lambda _: None, render=False) == 0

    # a tampered record: non-zero, naming the move
    forged, seq = tamper_a_move(data)
    path.write_text(records.dumps(forged))
    capsys.readouterr()
    assert main(["verify", str(path)]) == 1
    assert f"move {seq} (" in capsys.readouterr().out
    # not a record at all
    junk = tmp_path / "junk.json"
    junk.write_text("{}")
    assert main(["verify", str(junk)]) == 2


async def test_the_log_puts_another_seats_lines_under_that_seats_head(tmp_path) -> None:
    """A line another seat made within a move (Event.seat) stands under that seat's head in `/game log`,
    not under the mover's (whose 🤖 or ⏰ marker would otherwise seem to be the other seat's); the game's own lines
    stay under the move; the record keeps each line's seat and a changed one is caught."""
    store, table, manager, gid, _ = await seeded_game(tmp_path, "campaign_trail", players=3)
    await play_moves(manager, gid, Rng(4), limit=400)
    data = await manager.memory.export(gid, "u0")
    mixed = [m for m in data["moves"] if any(s not in (None, m["seat"]) for s in m["line_seats"])]
    assert mixed, "a move in which another seat made a line"
    for move in mixed:
        text = record_log.move_lines(move)
        for line, seat in zip(move["public"], move["line_seats"]):
            at = next(i for i, ln in enumerate(text) if ln.strip() == line.strip() and ln.endswith(line))
            heads = [ln for ln in text[1:at] if ln.startswith("   ↳ ")]
            if seat not in (None, move["seat"]):
                assert text[at] == f"     {line}" and heads and heads[-1] == f"   ↳ {seat}:", (text, line)
            else:
                assert text[at] == f"   {line}", (text, line)
    assert sum(len(m["line_seats"]) == len(m["public"]) for m in data["moves"]) == len(data["moves"])
    old = copy.deepcopy(mixed[0])
    del old["line_seats"]  # a record made before line seats were kept: every line under the mover, as before
    assert record_log.move_lines(old) == [record_log.move_lines(mixed[0])[0]] + [
        f"   {x}" for x in ([old["note"]] if old.get("note") else []) + old["public"]] + [
        f"   🔏 {p}" for p in old.get("proofs") or []]
    await store.close()


def test_another_seats_lines_in_a_log_entry() -> None:
    move = {"seq": 1, "seat": "DEM", "by": "bot", "public": ["DEM does a thing.", "REP answers."],
            "line_seats": ["DEM", "REP"], "proofs": []}
    assert record_log.move_lines(move) == ["1. 🤖 DEM (bot):  []", "   DEM does a thing.", "   ↳ REP:", "     REP answers."]


def test_a_move_that_said_nothing_public_says_so_in_the_log_until_the_end() -> None:
    """A log entry is never empty: a pass or a hidden choice of a game in progress says that nothing of
    it is public yet; after the end the entry shows the move itself."""
    quiet = {"seq": 9, "seat": "LIB", "by": "bot", "public": [], "line_seats": [], "proofs": [], "notation": None}
    assert record_log.move_lines(quiet)[1:] == [f"   {record_log.NOTHING_PUBLIC}"]
    assert record_log.move_lines({**quiet, "notation": "pass"}) == ["9. 🤖 LIB (bot): pass  []"]
    assert record_log.move_lines({**quiet, "public": ["LIB passes."], "line_seats": ["LIB"]})[1:] == ["   LIB passes."]
    long = "word " * 1000
    (page,) = record_log.paginate([long])
    assert page[0].endswith("word…") and len(page[0]) <= record_log.PAGE_CHARS  # cut at a word, never inside one
