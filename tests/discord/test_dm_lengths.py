"""A player's DMs over a whole game of 1960, as Discord shows them: every version of every DM (content, embeds,
buttons' labels, menus' placeholders, entries and their descriptions; tests/discord/housemate.py `shown_text`),
the game played through SimCord by two people (the bench's seed: `python bench/bench_housemate.py --titles 1960`).

95% of them are at most 2,000 characters (what a phone shows without much scrolling) and none holds an internal
identifier. 1960's whole game costs a few seconds of CPU, so it is measured here as the issue defines it; the
other titles are measured over their transcripts' games (tests/local/test_transcripts*.py)."""
from __future__ import annotations

import asyncio
import time

from housemate import TITLES, run_title
from simworld import make_bot

TITLE = next(t for t in TITLES if t.ruleset == "nineteen_sixty")
SEED = 20261206  # the bench's
DM_P95 = 2000


def test_a_whole_game_of_1960_keeps_its_dms_short_and_in_words(tmp_path) -> None:  # noqa: ANN001
    def build(clock):  # noqa: ANN001, ANN202
        return make_bot(tmp_path / "stumpbot.sqlite3", new_seed=lambda: SEED, clock=clock, render=False)

    cpu = time.process_time()
    f = asyncio.run(run_title(build, TITLE, seed=SEED))
    assert time.process_time() - cpu < 30, "a whole game of 1960 is a short one"
    assert f.dms > 50 and len(f.dm_lengths) > f.dms  # the whole game, and its DMs' edits as well
    p95 = f.dm_percentile(0.95)
    assert p95 <= DM_P95, f"DM p95 {p95} characters (p50 {f.dm_p50}, max {f.dm_max})"
    assert not f.raw_ids, f"raw identifiers in DMs: {f.raw_ids.most_common(8)}"
