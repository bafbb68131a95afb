"""Games stored while a title's randomness was a bare integer `rng` in its state (fixtures/, written by that code
with fixtures/make_bare_rng_game.py): each snapshot loads with the same random state and hashes as stored, the game
goes on (Electioneer's holds a campaign policy sealed, revealed as committed), and once over its record verifies, from
the seed through the moves made before and after (the salts of seals made after loading derive from the same
integer as before)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.policy import record as records
from bot.policy.record_verify import verify_record
from bot.service import GameManager
from bot.service.views import load_position
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.rng import Rng
from tests.fakeclock import Clock

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.mark.parametrize(("title", "more_moves", "journal"), [("campaign_trail", 10, 50), ("electioneer", 12, 31)])
async def test_a_game_stored_with_a_bare_rng_loads_plays_on_and_verifies(tmp_path, title: str, more_moves: int,
                                                                         journal: int) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copy(FIXTURES / f"{title}_bare_rng.sqlite3", path)
    store = await Store.open(path)
    try:
        snap = await store.load_snapshot(1)
        stored = json.loads(snap.state)
        ruleset = registry.get(title)
        state, posting = load_position(ruleset, snap)
        assert state.randomness.prng == stored["rng"] and state.randomness.draws == 0
        assert records.hash_matches(ruleset, state, posting, snap.state_hash)

        manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
        rng = Rng(8)
        for _ in range(more_moves):
            owing = await manager.views.owing(1)
            await manager.games.bot_move(1, owing[rng.below(len(owing))], rng)
        assert len(await store.load_journal(1)) == journal
        await manager.seats.concede(1, "u0")
        data = await manager.memory.export(1, "anyone")
        assert data["complete"] and len(data["moves"]) >= journal
        verdict = verify_record(data)
        assert verdict.ok, verdict.problems
        assert verdict.checked == len(data["moves"])
    finally:
        await store.close()
