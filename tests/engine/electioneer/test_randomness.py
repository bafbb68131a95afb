"""Electioneer US keeps its randomness in the core `Randomness` (engine/core/rng.py), like every title: the deal
shuffles through it, the game after the deal draws nothing (each secret choice's salt derives from its integer,
drawing nothing), a determinized world holds a fresh seed, and it is stored as the bare integer `rng`."""
from __future__ import annotations

import hashlib
import json

from engine import registry
from engine.core.rng import Rng, forced_copy, randomness_drawn, randomness_of
from engine.core.ruleset import owing_seats, play
from engine.core.types import Action
from engine.electioneer import content

R = registry.get("electioneer")
SEATS = ["DEM", "REP"]


def test_the_deal_is_the_core_shuffle_from_the_seed() -> None:
    state = R.setup({}, SEATS, 11)
    assert state.order == Rng(11).shuffle(list(content.load().states))
    assert state.randomness is randomness_of(state) and state.randomness.draws == 0


def test_no_step_after_the_deal_draws_and_a_seal_salts_from_the_integer() -> None:
    state = R.setup({}, SEATS, 4)
    rng = Rng(12)
    for _ in range(60):
        if R.outcome(state) is not None:
            break
        seat = owing_seats(R, state)[0]
        action = rng.choice(R.decisions(state, seat).all_options()).action
        after = play(R, state, seat, [action]).state
        assert not randomness_drawn(state, after) and after.randomness == state.randomness
        state = after
    fresh = R.setup({}, SEATS, 4)
    seat = owing_seats(R, fresh)[0]
    pid = fresh.players[seat].hand[0]
    sealed = play(R, fresh, seat, [Action(verb="discard", args=(pid,))]).state.discards.sealed[seat]
    text = f"{fresh.randomness.prng}|{seat}|{fresh.month}|discard"
    assert sealed.salt == hashlib.sha256(text.encode()).hexdigest()[:32]


def test_determinize_reseeds_and_keeps_the_count() -> None:
    state = R.setup({}, SEATS, 3)
    world = R.determinize(state, "DEM", Rng(9))
    assert world.randomness.prng != state.randomness.prng and world.randomness.draws == state.randomness.draws


def test_stored_as_the_bare_integer_with_forced_results_kept() -> None:
    state = R.setup({}, SEATS, 3)
    stored = json.loads(state.model_dump_json())
    assert stored["rng"] == state.randomness.prng and "randomness" not in stored
    loaded = R.load_state(state.model_dump_json())
    assert loaded == state and loaded.randomness.draws == 0
    forced = forced_copy(state, [4], ["x"])
    again = R.load_state(forced.model_dump_json())
    assert (again.randomness.forced_dice, again.randomness.forced_draws) == ([4], ["x"])
    assert again.model_dump_json() == forced.model_dump_json()
