"""Ratings end to end on real SQLite files: games played through the manager with the
test-only toy_podium ruleset, whose places each test writes down in advance, rated by the manager as
they end — checked against the OpenSkill library run directly on the same places."""
from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest
from openskill.models import BradleyTerryFull

from bot.policy import ratings
from bot.service import GameManager
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.ruleset import play as engine_play
from engine.core.ruleset import state_hash
from tests.fakeclock import Clock
from toy_podium import RULESET as PODIUM

GUILD = "g1"
NAMES = {"a": "Ada", "b": "Bo", "c": "Cy", "d": "Di", "e": "Ed", "f": "Flo"}
LIB = BradleyTerryFull()  # the model docs/players/README.md names, run directly


@pytest.fixture(autouse=True)
def podium(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, "toy_podium", PODIUM)


async def open_manager(path, clock: Clock | None = None) -> tuple[Store, RecordingTable, GameManager]:
    store = await Store.open(path)
    table = RecordingTable()
    return store, table, GameManager(store, table, clock=clock or Clock(), render=False)


async def start(manager: GameManager, users: list[str], *, guild: str | None = GUILD) -> int:
    record = await manager.games.create("toy_podium", users[0], NAMES[users[0]], seat="P1", guild_id=guild, channel_id="c1")
    for i, user in enumerate(users[1:], start=2):
        await manager.games.join(record.id, user, NAMES[user], seat=f"P{i}")
    await manager.games.start(record.id, users[0])
    return record.id


async def play(manager: GameManager, users: list[str], moves: list[list[str]], *, guild: str | None = GUILD,
               stop_before_last: bool = False) -> int:
    """A game of toy_podium: `moves[i]` are seat P<i+1>'s moves in order, each in notation, prefixed
    `bot:` or `deadline:` when the bot or a missed deadline made it, or `concede`."""
    game_id = await start(manager, users, guild=guild)
    queues = {f"P{i}": list(m) for i, m in enumerate(moves, start=1)}
    holder = {f"P{i}": u for i, u in enumerate(users, start=1)}
    while (owing := await manager.views.owing(game_id)):
        (seat,) = owing
        move = queues[seat].pop(0)
        if stop_before_last and not any(queues.values()):
            return game_id
        if move == "concede":
            await manager.seats.concede(game_id, holder[seat])
        elif ":" in move:
            actor, notation = move.split(":")
            await manager.games.submit(game_id, "", notation, actor=actor, seat_override=seat)
        else:
            await manager.games.submit(game_id, holder[seat], move)
    assert not any(queues.values()), queues
    return game_id


class Expected:
    """The same season, rated by the library directly: ranks written by hand, per game."""

    def __init__(self) -> None:
        self.r: dict[str, object] = {}
        self.games: dict[str, int] = {}
        self.wins: dict[str, int] = {}

    def game(self, places: dict[str, int], winners: set[str] = frozenset()) -> None:
        users = list(places)
        teams = [[self.r.get(u) or LIB.rating()] for u in users]
        for u, (new,) in zip(users, LIB.rate(teams, ranks=[places[u] for u in users])):
            self.r[u] = new
            self.games[u] = self.games.get(u, 0) + 1
            self.wins[u] = self.wins.get(u, 0) + (u in winners)

    def ordinal(self, u: str) -> float:
        return self.r[u].ordinal()


async def test_a_season_matches_the_library_and_its_ordering(tmp_path) -> None:
    clock = Clock()
    store, table, m = await open_manager(tmp_path / "season.sqlite3", clock)
    want = Expected()

    async def game(users, moves, places=None, winners=(), **kw):
        clock.t += 600
        gid = await play(m, users, moves, **kw)
        if places is not None:
            want.game(places, set(winners))
        return gid

    # a plain win
    await game(["a", "b"], [["score 10"], ["score 5"]], {"a": 1, "b": 2}, {"a"})
    # a shared win, one behind
    await game(["b", "c", "d"], [["score 7"], ["score 7"], ["score 3"]], {"b": 1, "c": 1, "d": 2}, {"b", "c"})
    # a draw: everyone passed
    await game(["a", "c", "d", "e"], [["pass"]] * 4, {"a": 1, "c": 1, "d": 1, "e": 1})
    # a shared win with two behind, in order of score
    await game(["a", "b", "c", "d"], [["score 9"], ["score 9"], ["score 4"], ["score 2"]],
               {"a": 1, "b": 1, "c": 2, "d": 3}, {"a", "b"})
    # a concession: the conceder ranks last, the others share the win
    await game(["c", "e"], [["warm", "concede"], ["warm"]], {"c": 2, "e": 1}, {"e"})
    # four parties: the others play on while the bot plays the conceded seat (and scores the most, 10), which
    # cannot win: the best of those still running win, and the conceder, though the bot played it, takes the loss
    await game(["a", "b", "d", "e"], [["score 6"], ["concede"], ["score 6"], ["score 2"]],
               {"a": 1, "d": 1, "e": 2, "b": 3}, {"a", "d"})
    # five seats: one winner, a tie for second, then by score
    await game(["a", "b", "c", "d", "e"], [["score 3"], ["score 15"], ["score 8"], ["score 8"], ["score 1"]],
               {"a": 3, "b": 1, "c": 2, "d": 2, "e": 4}, {"b"})
    # the bot played most of b's moves (2 of 3): b is not rated though it won; c's deadline made 1 of 2: rated
    bot_game = await game(["a", "b", "c"], [["warm", "score 10"], ["bot:warm", "bot:warm", "score 12"],
                                             ["deadline:warm", "score 4"]], {"a": 1, "c": 2})
    # the bot played one of two seats: fewer than two rated seats, nobody is rated
    await game(["d", "e"], [["bot:score 3"], ["score 2"]])
    # another server's game and a game outside any server do not touch this server's ratings
    await game(["a", "b"], [["score 1"], ["score 9"]], guild="g2")
    await game(["a", "b"], [["score 1"], ["score 9"]], guild=None)

    # every finished game is marked rated, and nothing is left for a sweep
    assert await store.unrated_games() == []
    assert await m.memory.rate_finished() == 0

    got = {r.user_id: r for r in await store.ruleset_ratings(GUILD, "toy_podium")}
    assert set(got) == set(want.r)
    for u, r in got.items():
        assert (r.mu, r.sigma) == (pytest.approx(want.r[u].mu), pytest.approx(want.r[u].sigma)), u
        assert (r.games, r.wins) == (want.games[u], want.wins[u]), u
        assert r.name == NAMES[u]

    # the leaderboard: those with 3+ games, in the library's own order
    board = await m.memory.leaderboard(GUILD, "toy_podium")
    listed = [u for u in sorted(want.r, key=want.ordinal, reverse=True) if want.games[u] >= ratings.LEADERBOARD_MIN_GAMES]
    assert [s.user_id for s in board] == listed and len(listed) >= 4
    assert [s.place for s in board] == list(range(1, len(listed) + 1))
    assert all(s.rating == round(20 * want.ordinal(s.user_id) + 500) for s in board)

    # the other server has its own table; the game outside any server is nowhere
    other = {r.user_id: (r.games, r.wins) for r in await store.ruleset_ratings("g2", "toy_podium")}
    assert other == {"a": (1, 0), "b": (1, 1)}

    # /stats: games, wins, rating and the last five changes, per ruleset
    (line,) = await m.memory.stats(GUILD, "a")
    assert (line.ruleset, line.games, line.wins) == ("toy_podium", want.games["a"], want.wins["a"])
    assert line.rating == round(20 * want.ordinal("a") + 500)
    assert len(line.trend) == 5 and line.place == listed.index("a") + 1
    history = await store.rating_history(GUILD, "toy_podium", "a", limit=100)
    assert len(history) == want.games["a"]
    assert line.trend == [ratings.display(h.mu_after, h.sigma_after) - ratings.display(h.mu_before, h.sigma_before)
                          for h in history[-5:]]
    assert sum(ratings.display(h.mu_after, h.sigma_after) - ratings.display(h.mu_before, h.sigma_before)
               for h in history) == line.rating - 500

    # the channel was told each rating change with the result; the bot-filled seat is named
    # (the notice goes out in the result's post)
    notices = [p.text for p in table.posts if "\n📈" in p.text and p.final]
    assert len(notices) == 9  # every game rated on this or the other server
    bot_notice = next(p.text for p in table.posts if p.game.id == bot_game and "\n📈" in p.text)
    assert "Not rated" in bot_notice and "P2" in bot_notice and "(Bo)" not in bot_notice
    await store.close()


async def test_a_shared_win_ahead_of_others_keeps_the_order(tmp_path) -> None:
    """Seats behind a shared win gain less than the winners and more than those behind them. (openskill
    6.2's Plackett-Luce gives the third here the winners' gain, which is why the model is Bradley-Terry.)"""
    store, _, m = await open_manager(tmp_path / "tie.sqlite3")
    await play(m, ["a", "b", "c", "d"], [["score 9"], ["score 9"], ["score 4"], ["score 2"]])
    got = {r.user_id: ratings.display(r.mu, r.sigma) for r in await store.ruleset_ratings(GUILD, "toy_podium")}
    assert got["a"] == got["b"] > got["c"] > got["d"]
    # a draw between newcomers changes neither's mean; between unequal players the stronger gives some up
    await play(m, ["e", "f"], [["pass"], ["pass"]])
    (h,) = await store.rating_history(GUILD, "toy_podium", "e", limit=1)
    assert (h.rank, h.won, h.mu_before, h.mu_after) == (1, False, 25.0, pytest.approx(25.0))
    assert h.sigma_after < h.sigma_before
    await play(m, ["a", "d"], [["pass"], ["pass"]])
    (ha,) = await store.rating_history(GUILD, "toy_podium", "a", limit=1)
    (hd,) = await store.rating_history(GUILD, "toy_podium", "d", limit=1)
    assert ha.mu_after < ha.mu_before and hd.mu_after > hd.mu_before
    await store.close()


async def test_rated_once_across_a_crash_and_a_restart(tmp_path, caplog) -> None:
    path = tmp_path / "restart.sqlite3"
    clock = Clock()
    store, table, m = await open_manager(path, clock)
    await play(m, ["a", "b"], [["score 10"], ["score 5"]])
    # The process dies between a game's last move and its rating: the move is written as submit writes
    # it, but no rating follows (the manager never saw the end).
    gid = await play(m, ["a", "b"], [["score 3"], ["score 8"]], stop_before_last=True)
    record = await m.views.game(gid)
    state = PODIUM.load_state((await store.load_snapshot(gid)).state)
    after = engine_play(PODIUM, state, "P2", PODIUM.parse("score 8")).state
    await store.commit_move(gid, record.version, seat="P2", notation="score 8", actor="b", idem_key=None, undoable=False,
                            state_json=after.model_dump_json(), state_hash=state_hash(after), now=int(clock.t),
                            status="finished", result=PODIUM.outcome(after).model_dump())
    assert await store.unrated_games() == [gid]
    before = {r.user_id: r for r in await store.ruleset_ratings(GUILD, "toy_podium")}
    await store.close()

    # Two processes start on the same file and both sweep: the game is rated once, silently (it ended
    # over an hour ago).
    clock.t += 7200
    (s1, t1, m1), (s2, t2, m2) = await open_manager(path, clock), await open_manager(path, clock)
    with caplog.at_level(logging.WARNING):
        await asyncio.gather(m1.memory.rate_finished(), m2.memory.rate_finished())
    assert not caplog.records  # the second sweep found the game rated: no conflict, no error
    await asyncio.gather(m1.delivery.flush(), m2.delivery.flush())
    assert await s1.unrated_games() == []
    now = {r.user_id: r for r in await s1.ruleset_ratings(GUILD, "toy_podium")}
    assert {u: r.games for u, r in now.items()} == {"a": 2, "b": 2}
    assert {u: r.wins for u, r in now.items()} == {"a": 1, "b": 1}
    want = LIB.rate([[LIB.rating(mu=before[u].mu, sigma=before[u].sigma)] for u in "ab"], ranks=[2, 1])
    assert [(now[u].mu, now[u].sigma) for u in "ab"] == [(pytest.approx(w.mu), pytest.approx(w.sigma)) for (w,) in want]
    assert not any(p.text.startswith("📈") for p in t1.posts + t2.posts)
    await s2.close()

    # A later restart finds nothing to do and changes nothing.
    await m1.memory.rate_finished()
    await s1.close()
    s3, _, m3 = await open_manager(path, clock)
    assert await m3.memory.rate_finished() == 0
    assert {r.user_id: (r.mu, r.sigma, r.games) for r in await s3.ruleset_ratings(GUILD, "toy_podium")} == \
        {u: (r.mu, r.sigma, r.games) for u, r in now.items()}
    await s3.close()
    con = sqlite3.connect(path)
    try:
        assert con.execute("SELECT COUNT(*) FROM rating_history WHERE game_id=?", (gid,)).fetchone()[0] == 2
        assert con.execute("SELECT rated_at IS NOT NULL FROM games WHERE id=?", (gid,)).fetchone()[0] == 1
    finally:
        con.close()


async def test_a_seat_left_to_the_bot_is_not_rated(tmp_path) -> None:
    """Bo leaves mid-game (a seat changing hands): the bot plays P2 from then on, makes most of its moves and wins it —
    P2 is not rated and Bo's rating is untouched; Ada and Cy are rated in their order."""
    store, table, m = await open_manager(tmp_path / "left.sqlite3")
    gid = await start(m, ["a", "b", "c"])
    await m.games.submit(gid, "a", "warm")
    await m.games.submit(gid, "b", "warm")
    await m.games.submit(gid, "c", "warm")
    await m.seats.leave(gid, "b")  # mid-game: the bot takes P2
    await m.games.submit(gid, "a", "warm")  # the bot warms up for P2
    await m.games.submit(gid, "c", "score 3")
    await m.games.submit(gid, "a", "score 9")  # the bot scores 10 for P2: the game ends on the bot's move
    record = await m.views.game(gid)
    assert record.status == "finished" and record.result["winners"] == ["P2"]
    actors = [e.actor for e in await store.load_journal(gid) if e.seat == "P2"]
    assert actors == ["b", "bot", "bot"]
    got = {r.user_id: r for r in await store.ruleset_ratings(GUILD, "toy_podium")}
    assert set(got) == {"a", "c"} and got["a"].wins == got["c"].wins == 0
    (a, c) = LIB.rate([[LIB.rating()], [LIB.rating()]], ranks=[1, 2])
    assert (got["a"].mu, got["c"].mu) == (pytest.approx(a[0].mu), pytest.approx(c[0].mu))
    notice = next(p.text.split("\n📈", 1)[1] for p in table.posts if "\n📈" in p.text)
    assert "Not rated" in notice and "P2" in notice
    await store.close()


def test_placings_rule() -> None:
    seats = ["A", "B", "C", "D"]
    assert ratings.placings({"winners": ["B"], "scores": {"A": 5, "B": 9, "C": 5, "D": 7}}, seats) == \
        {"B": 1, "D": 2, "A": 3, "C": 3}
    assert ratings.placings({"winners": [], "draw": True, "scores": {"A": 269, "B": 269}}, ["A", "B"]) == {"A": 1, "B": 1}
    assert ratings.placings({"winners": ["A", "C", "D"], "scores": {}, "conceded": "B"}, seats) == \
        {"A": 1, "C": 1, "D": 1, "B": 2}
    assert ratings.placings({"winners": ["A"], "scores": {}}, seats) == {"A": 1, "B": 2, "C": 2, "D": 2}
    assert ratings.placings(None, seats) == {}
    assert ratings.placings({"winners": ["X"], "scores": {}}, seats) == {}
    # an AI party won (Solo Play beside people): the people placed among themselves by their votes
    assert ratings.placings({"winners": ["REP"], "scores": {"DEM": 100, "LIB": 200, "REP": 238}}, ["DEM", "LIB"]) == \
        {"LIB": 1, "DEM": 2}
    assert ratings.placings({"winners": ["REP"], "scores": {"DEM": 100, "LIB": 200, "REP": 238}, "conceded": ["LIB"]},
                            ["DEM", "LIB"]) == {"DEM": 1, "LIB": 2}
    assert ratings.placings({"winners": ["REP"], "scores": {"DEM": 1, "REP": 537}, "conceded": ["DEM"]}, ["DEM"]) == {}
    assert ratings.placings({"winners": [], "reason": "an old draw"}, ["A", "B"]) == {"A": 1, "B": 1}
