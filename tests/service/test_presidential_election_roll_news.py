"""Presidential Election holds a turn's lines for one channel post at the turn's end; the player whose turn it is
learns each result at once, in the brief that carries the next question: the trail roll, the space landed on
and the card drawn, then what each purchase rolled. The channel's one post keeps the turn's order."""
from __future__ import annotations

from engine.core.rng import Rng
from tests.service.table_games import table_of

SEATS = ["P1", "P2", "P3"]


async def to_trail_roll(manager, game_id: int, rng: Rng) -> str:
    """Bot moves until a seat owes its trail roll; that seat."""
    for _ in range(400):
        owing = await manager.views.owing(game_id)
        for seat in owing:
            decision = (await manager.views.decision(game_id, f"u{SEATS.index(seat)}"))[2]
            if any(o.action.verb == "roll" for o in decision.all_options()) and "trail" in decision.prompt.lower():
                return seat
        await manager.games.bot_move(game_id, owing[0], rng)
    raise AssertionError("no trail roll came")


async def test_the_mover_reads_the_roll_the_space_and_the_card_in_the_next_prompt(tmp_path) -> None:
    _, table, manager, game_id = await table_of(tmp_path, "presidential_election", SEATS, seed=11)
    rng = Rng(11)
    seat = await to_trail_roll(manager, game_id, rng)
    user = f"u{SEATS.index(seat)}"
    posts_before, briefs_before = len(table.posts), {s: len(table.briefs_for(s)) for s in SEATS}
    await manager.games.submit(game_id, user, "roll")
    assert len(table.posts) == posts_before  # the channel hears the turn at its end
    brief = table.briefs_for(seat)[briefs_before[seat]:][-1]
    assert brief.decision is not None and brief.decision.all_options()  # the next question, with the news
    assert f"{seat} rolled " in brief.text and "(d6, trail)." in brief.text
    assert f"{seat} lands on space " in brief.text
    assert f"{seat} draws C" in brief.text
    rolled = brief.text.splitlines()
    for other in SEATS:  # the rivals hear it with the channel, at the turn's end
        if other != seat:
            assert not any("rolled" in b.text for b in table.briefs_for(other)[briefs_before[other]:])
    for _ in range(60):  # the rest of the turn, then its one post holds every line in order
        if seat not in await manager.views.owing(game_id):
            break
        await manager.games.bot_move(game_id, seat, rng)
    post = table.posts[-1].text.splitlines()
    at = [post.index(line) for line in rolled]
    assert at == sorted(at)
