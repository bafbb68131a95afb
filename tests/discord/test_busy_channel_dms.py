"""A busy channel: a few games in one channel whose people move at the same instant, with the channel budget on
(as the bot runs: at most 5 messages in any 5 s per channel, a game's waiting posts merged and sent once the
channel has room). Each move made from the DM's buttons leaves the mover's DM with the line of what they did,
whether the game's post went out at once or after the wait, and the channel never passes 5 messages in 5 s."""
from __future__ import annotations

import random
import time

import simcord
from housemate import TITLES, Recorder, make_world, open_table, peak_per_window, public_channels, virtual_now
from simworld import make_bot, walk_to_move

TITLE = next(t for t in TITLES if t.ruleset == "electioneer")
GAMES = 3
ROUNDS = 3
SEED = 20261206
THINK = 1.0  # virtual seconds between rounds: quicker than the channel's 5 s, so posts must wait


async def test_moves_at_the_same_instant_in_a_budgeted_channel_keep_the_done_line_and_five_in_five(tmp_path) -> None:
    cpu = time.process_time()
    bot = make_bot(tmp_path / "stumpbot.sqlite3", new_seed=lambda: SEED, clock=virtual_now, render=False,
                   channel_budget=True)
    try:
        async with simcord.run(bot, settle_timeout=45.0) as env:
            rec = Recorder(env)
            w, members = make_world(env, GAMES * 2)
            tables = [await open_table(w, rec, TITLE, members[2 * g:2 * g + 1], members[2 * g + 1:2 * g + 2])
                      for g in range(GAMES)]
            rng = random.Random(SEED)
            for _ in range(ROUNDS):
                for table in tables:
                    if await table.active() and (owing := await table.owing()):
                        rec.act(owing[0].id, table.game_id)
                        # every move from the DM's buttons: walk_to_move checks the mover's DM shows the ✅/✓ line
                        await walk_to_move(w, owing[0], table.game_id, rng)
                        table.moves += 1
                await env.advance_time(THINK)
            await env.settle()
            assert sum(t.moves for t in tables) >= GAMES * 2
            public = public_channels(w)
            times = [s.at for s in rec.sent if s.channel_id in public and s.by_bot and not s.ephemeral
                     and not s.system]
            assert peak_per_window(times) <= 5, sorted(times)
            acted = {a.at for a in rec.actions}
            assert any(t not in acted for t in times), "some post waited for the channel to have room"
    finally:
        if bot.store is not None:
            await bot.store.close()
    assert time.process_time() - cpu < 10
