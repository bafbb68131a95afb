"""Same seed + same actions ⇒ byte-identical state."""
from __future__ import annotations

import electioneer_fuzz
from engine.core.ruleset import play
from engine.electioneer.ruleset import RULESET as R

SEATS = ["DEM", "REP"]


def test_same_seed_same_actions_byte_identical() -> None:
    for seed in range(40):
        options, journal, final = electioneer_fuzz.random_game(seed)
        a = R.setup(options, SEATS, seed)
        b = R.setup(options, SEATS, seed)
        assert a.model_dump_json() == b.model_dump_json()
        for seat, move in journal:
            a = play(R, a, seat, R.parse(move)).state
            b = play(R, b, seat, R.parse(move)).state
            assert a.model_dump_json() == b.model_dump_json(), (seed, seat, move)
        assert a.model_dump_json() == final.model_dump_json()


def test_a_loaded_snapshot_plays_on_identically() -> None:
    options, journal, _ = electioneer_fuzz.random_game(7)
    half = len(journal) // 2
    state = R.setup(options, SEATS, 7)
    for seat, move in journal[:half]:
        state = play(R, state, seat, R.parse(move)).state
    loaded = R.load_state(state.model_dump_json())
    for seat, move in journal[half:]:
        state = play(R, state, seat, R.parse(move)).state
        loaded = play(R, loaded, seat, R.parse(move)).state
    assert loaded.model_dump_json() == state.model_dump_json()


def test_different_seeds_deal_differently() -> None:
    deals = {R.setup({}, SEATS, seed).model_dump_json() for seed in range(20)}
    assert len(deals) == 20
