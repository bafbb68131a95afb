"""The bot of a whole-game Discord test: seeded, and drawing each post's pictures only in the games of the test
that check them.

Drawing is most of a whole game's CPU (a board takes 50–70 ms, a game posts 100–150 of them). A test that plays one
game per option checks the pictures in one of them: each post carrying its board with alt text is the Discord
table's business, the same whatever the options. The other games still play every step through Discord and check
everything else; their boards are drawn, over a whole game with the same options, by the transcript tests
(tests/local/test_transcripts*.py, docs/transcripts/settings.yaml)."""
from __future__ import annotations

import pytest
from simworld import RENDER, make_bot


def seeded_bot(seed: int, *, drawn: str):  # noqa: ANN201 — a pytest fixture
    """A `simcord_bot` fixture whose games all get `seed` (as simworld.seeded_bot), whose bot draws pictures only
    in the parametrized game whose id is `drawn` (and only where the render package is installed): the test reads
    `w.bot.render`."""
    @pytest.fixture
    async def simcord_bot(db_path, request):  # noqa: ANN001, ANN202
        bot = make_bot(db_path, new_seed=lambda: seed, render=RENDER and request.node.callspec.id == drawn)
        yield bot
        if bot.store is not None:
            await bot.store.close()
    return simcord_bot
