"""One post per turn: what happens between two decisions of people is one channel post with one board (the bot
seats' moves in a row, a draft's picks), and a busy channel gets at most 5 messages in any 5 s, a game's waiting
posts merged into one, no line lost and each game's lines in order."""
from __future__ import annotations

import re
from pathlib import Path

from bot.present.posts import LINES
from bot.service import GameManager, merging
from bot.store import OutboxRecord, Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.rng import Rng
from tests.fakeclock import Clock
from tests.service.table_games import OPENED, table_of


async def test_the_bots_whole_draft_in_campaign_manager_2008_is_at_most_two_posts(tmp_path) -> None:
    store, table, manager, gid = await table_of(tmp_path, "campaign_manager_2008", ["OBA", "MCC"],
                                                options={"deck": "draft"}, seed=17)
    before = len(table.posts)
    await manager.seats.bot_seat(gid, "u0", "MCC")  # the bot drafts all of MCC's picks at once
    posts = table.posts[before:]
    text = "\n".join(p.text for p in posts)
    picks = [int(n) for n in re.findall(r"MCC drafts a card \((\d+) of 15\)", text)]
    assert picks == list(range(1, 16)), text  # every pick said, in order
    assert len(posts) <= 2, [p.text for p in posts]
    assert sum(p.picture is not None for p in posts) <= 1
    assert text.count("🤖 The bot moved for MCC") == 1  # said once, not before each pick


async def test_campaign_trail_with_two_bot_seats_posts_once_between_two_decisions_of_the_person(tmp_path) -> None:
    store, table, manager, gid = await table_of(tmp_path, "campaign_trail", ["DEM", "REP", "LIB"], seed=5,
                                                render=True)
    await manager.seats.bot_seat(gid, "u0", "REP")
    await manager.seats.bot_seat(gid, "u0", "LIB")
    ruleset, rng = registry.get("campaign_trail"), Rng(3)
    answered = 0
    for _ in range(20):
        if "DEM" not in await manager.views.owing(gid):
            break
        _, state, seq = await manager.views.state(await manager.views.game(gid))
        before = len(table.posts)
        await manager.games.submit(gid, "u0", [ruleset.bot_action(state, "DEM", rng)])
        posts = table.posts[before:]
        assert len(posts) <= 1, [p.text for p in posts]
        assert all(p.picture is not None for p in posts)  # one post, one board
        journal = await store.load_journal(gid)
        answered += any(e.actor == "bot" for e in journal if e.seq > seq + 1)
    assert answered >= 3, "the bots answered the person's moves"


class _StampedTable(RecordingTable):
    """The recording table, noting when (on the test's clock) each channel post went out."""

    def __init__(self, clock: Clock) -> None:
        super().__init__()
        self.clock = clock
        self.times: list[float] = []

    async def publish(self, post):  # noqa: ANN001, ANN201 - the Table's own signature
        self.times.append(self.clock())
        return await super().publish(post)


async def test_a_burst_of_games_in_one_channel_never_passes_five_messages_in_five_seconds(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "s.sqlite3")
    OPENED.append(store)
    clock = Clock()
    table = _StampedTable(clock)
    manager = GameManager(store, table, clock=clock, render=False, channel_budget=True)
    ruleset, rng = registry.get("electioneer"), Rng(9)
    games = []
    for i in range(8):
        record = await manager.games.create("electioneer", f"a{i}", "Ann", seat="DEM", seed=i, channel_id="c1",
                                            guild_id="g1")
        await manager.games.join(record.id, f"b{i}", "Bo", seat="REP")
        await manager.games.start(record.id, f"a{i}")
        games.append(record.id)
    for _ in range(4):  # every game moves at the same moment, four times over
        for gid in games:
            _, state, _ = await manager.views.state(await manager.views.game(gid))
            for seat in await manager.views.owing(gid):
                user = {"DEM": "a", "REP": "b"}[seat] + str(games.index(gid))
                await manager.games.submit(gid, user, [ruleset.bot_action(state, seat, rng)])
    assert len(table.posts) <= 5
    for _ in range(200):  # time passes; the posts that waited go out as the channel has room
        if not await store.pending_outbox():
            break
        clock.t += 1
        await manager.delivery.flush()
    assert not await store.pending_outbox()
    assert all(sum(1 for u in table.times if t <= u < t + 5) <= 5 for t in table.times), table.times
    for gid in games:  # every line of every post the game wrote arrives, in order
        said = [line["text"] for row in await store.outbox_for_game(gid)
                if row.audience == "public" for line in (row.payload.get(LINES) or [])]
        got = [line for p in table.posts if p.game.id == gid for line in p.text.split("\n")]
        it = iter(got)
        assert said and all(any(line == g for g in it) for line in said), (said, got)
    rows = [row for gid in games for row in await store.outbox_for_game(gid) if row.audience == "public"]
    assert len(table.posts) < len(rows) / 2  # merged, not sent late one by one


def _post(row_id: int, seq: int, *said: tuple[str | None, str]) -> OutboxRecord:
    """A board post of move `seq`: its lines, each with its seat (None: a note of the bot's, not an engine line)."""
    return OutboxRecord(id=row_id, game_id=1, created_seq=seq, audience="public", kind="board", created_at=0,
                        sent_at=None, payload={"text": "\n".join(t for _, t in said),
                                               LINES: [{"text": t, "seat": s} for s, t in said if s is not None]})


def test_a_merged_post_notes_each_move_of_the_bot_before_its_seats_lines() -> None:
    quiet, noted = "🤖 The bot moved for REP (nothing of that move is public).", "🤖 The bot moved for REP."
    rows = [_post(1, 5, (None, quiet), ("DEM", "DEM plays #12 Town Hall.")),
            _post(2, 6, (None, noted), ("REP", "REP plays #45 Registration Table.")),
            _post(3, 7, (None, noted), ("REP", "REP registers 3 voters.")),
            _post(4, 8, ("DEM", "DEM plays #13 Bus Tour.")),
            _post(5, 9, (None, noted), ("REP", "REP plays #46 Phone Bank."))]
    assert merging.merged(rows)["text"].split("\n") == [
        quiet, "DEM plays #12 Town Hall.",
        noted, "REP plays #45 Registration Table.", "REP registers 3 voters.",  # REP's moves in a row: one note
        "DEM plays #13 Bus Tour.",
        noted, "REP plays #46 Phone Bank."]  # after a person's move, the bot's next move is noted again


def test_a_turn_of_3500_characters_is_planned_as_one_message() -> None:
    """A turn's posts merge whatever their length up to what one message carries (the Discord table puts what does
    not fit its content into embeds of the same message); only a longer run goes out as two."""
    line = "REP campaigns in a state far away, and the crowd is large: " + "a long line of news " * 3
    rows = [_post(i, i, *(("REP", f"{line}({i}, {j})") for j in range(6))) for i in range(1, 6)]
    assert 3300 < len(merging.merged(rows)["text"]) < 4000
    assert merging.plan(rows) == [rows]
    many = [_post(i, i, *(("REP", f"{line}({i}, {j})") for j in range(6))) for i in range(1, 16)]  # ~11,000 characters
    planned = merging.plan(many)
    assert len(planned) == 2 and [r for item in planned for r in item] == many
    assert all(len(merging.merged(item)["text"]) <= merging.MERGED_TEXT for item in planned)


def _brief(row_id: int, seq: int, seat: str, payload: dict) -> OutboxRecord:
    return OutboxRecord(id=row_id, game_id=1, created_seq=seq, audience=f"seat:{seat}", kind="brief", created_at=0,
                        sent_at=None, payload=payload)


def test_a_seats_briefs_of_one_run_are_one_message_where_the_last_stands() -> None:
    """Each brief tells the seat's decision as it is when the run is sent: a person's move the bot answered (its
    news, then the bot's move that asks her again) is one DM, sent after the post of the bot's move."""
    drew = _brief(1, 7, "DEM", {"text": "You draw #48 Early Voting Caravan.", "prompt": False, "ended": True})
    post = _post(2, 8, (None, "🤖 The bot moved for REP."), ("REP", "REP declares advertise."))
    other = _brief(3, 8, "REP", {"text": "", "prompt": False, "ended": True})
    asked = _brief(4, 9, "DEM", {"text": "", "prompt": True})
    reminder = _brief(5, 9, "DEM", {"text": "Reminder: the game is waiting on you.", "prompt": True, "nth": 1})
    assert merging.plan([drew, post, other, asked, reminder]) == [[post], [other], [drew, asked], [reminder]]
    assert merging.merged([drew, asked]) == {"text": "You draw #48 Early Voting Caravan.", "prompt": True,
                                             "ended": True}


async def test_a_game_that_the_bot_seats_end_ends_in_one_post_with_its_result(tmp_path) -> None:
    """The person's last decision, the bot seats' last moves, the result and the ratings: one post."""
    store, table, manager, gid = await table_of(tmp_path, "presidential_election", ["P1", "P2", "P3"], seed=3)
    await manager.seats.bot_seat(gid, "u0", "P2")
    await manager.seats.bot_seat(gid, "u0", "P3")
    ruleset, rng = registry.get("presidential_election"), Rng(7)
    last: list = []
    for _ in range(600):
        owing = await manager.views.owing(gid)
        if "P1" not in owing:
            break
        _, state, _ = await manager.views.state(await manager.views.game(gid))
        before = len(table.posts)
        await manager.games.submit(gid, "u0", [ruleset.bot_action(state, "P1", rng)])
        last = table.posts[before:]
    assert (await manager.views.game(gid)).status == "finished"
    assert len(last) == 1 and last[0].final, [p.text[:200] for p in last]  # the result is in the turn's one post
