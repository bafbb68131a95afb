"""The bot is a good housemate in a busy server, pinned on one shortened game through SimCord (tests/discord/
housemate.py): Campaign Trail for three, a person against two bot seats, 40 decisions of the person (the bots
answering each at once), then the host abandons it. People take 3 s of the virtual clock per decision.

One test per target:
at most 5 messages to the channel in any 5 s (Discord's per-channel limit); no post pings the person whose
decision it followed; nothing left pinned once the game is over; DMs short enough to read (p95 ≤ 2,000
characters shown); no internal identifiers in DMs; one post per turn (never two channel posts between two
decisions of people).
"""
from __future__ import annotations

import asyncio
import time

import pytest
from housemate import TITLES, Figures, run_title, virtual_now
from simworld import make_bot

TITLE = next(t for t in TITLES if t.ruleset == "campaign_trail" and t.bots == 2)
DECISIONS = 40
SEED = 20261206


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory) -> Figures:
    """The game is played once for the module's tests (outside their event loops: SimCord runs its own)."""
    folder = tmp_path_factory.mktemp("housemate")

    def build(clock):  # noqa: ANN001, ANN202
        return make_bot(folder / "stumpbot.sqlite3", new_seed=lambda: SEED, clock=clock)

    cpu = time.process_time()
    f = asyncio.run(run_title(build, TITLE, seed=SEED, max_moves=DECISIONS))
    assert time.process_time() - cpu < 60, "the housemate game is a short one"
    return f


def test_the_game_was_played(figures: Figures) -> None:
    assert figures.moves == DECISIONS and figures.posts >= DECISIONS // 2
    assert figures.dm_lengths and figures.decisions == {"player0": DECISIONS}
    assert virtual_now  # the harness's clock is SimCord's


def test_at_most_five_messages_per_channel_in_any_five_seconds(figures: Figures) -> None:
    assert figures.peak_window <= 5, f"{figures.peak_window} messages to one channel in 5 s"


def test_no_self_ping(figures: Figures) -> None:
    assert figures.self_pings == 0, f"{figures.self_pings} posts pinged the person who had just moved"


def test_no_pin_left_after_the_end(figures: Figures) -> None:
    assert figures.pins_left == 0, f"{figures.pins_left} messages left pinned"


def test_dm_p95_at_most_2000_characters(figures: Figures) -> None:
    p95 = figures.dm_percentile(0.95)
    assert p95 <= 2000, f"DM p95 {p95} characters (p50 {figures.dm_p50}, max {figures.dm_max})"


def test_no_raw_identifiers_in_dms(figures: Figures) -> None:
    assert not figures.raw_ids, f"raw identifiers in DMs: {figures.raw_ids.most_common(8)}"


def test_one_post_per_turn(figures: Figures) -> None:
    assert figures.two_posts_in_a_turn == 0, (
        f"{figures.two_posts_in_a_turn} times more than one post between two decisions of people "
        f"(most: {max(figures.post_runs)})")
