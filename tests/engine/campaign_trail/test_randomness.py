"""Campaign Trail keeps its randomness in the core `Randomness` (engine/core/rng.py), like every title: each
random pick the game makes (a discard pile shuffled into a new pile, Unprepared's random cards) is counted, so the
step that made it cannot be undone, and a determinized world draws from a fresh seed."""
from __future__ import annotations

import json

from engine import registry
from engine.campaign_trail import rules
from engine.core.rng import Rng, forced_copy, randomness_drawn, randomness_of
from engine.core.ruleset import owing_seats, play

R = registry.get("campaign_trail")


def _steps_that_drew(options: dict, players: int, seed: int, limit: int = 400) -> list[tuple[int, bool]]:
    """(step, undoable) of every step of a seeded random game that drew randomness."""
    state = R.setup(options, rules.seat_names(players, options), seed)
    rng, found = Rng(seed * 7 + 5), []
    for step in range(1, limit):
        if R.outcome(state) is not None:
            break
        owing = owing_seats(R, state)
        seat = owing[rng.below(len(owing))] if rng.below(3) else owing[0]
        action = (R.bot_action(state, seat, rng) if rng.below(2)
                  else rng.choice(R.decisions(state, seat).all_options()).action)
        result = play(R, state, seat, [action])
        if randomness_of(result.state).prng != randomness_of(state).prng:
            assert randomness_drawn(state, result.state)
            found.append((step, result.undoable))
        else:
            assert not randomness_drawn(state, result.state)
        state = result.state
    return found


def test_a_random_pick_is_counted_and_ends_undo() -> None:
    drawn = _steps_that_drew({"ai": ["REP"], "ai_deck": "advanced"}, 1, 0)
    assert drawn and not any(undoable for _, undoable in drawn), drawn


def test_setup_starts_the_count_at_zero_and_determinize_reseeds() -> None:
    state = R.setup({}, rules.seat_names(2, {}), 3)
    randomness = randomness_of(state)
    assert randomness is state.randomness and randomness.draws == 0 and R.load_state(state.model_dump_json()) == state
    world = R.determinize(state, state.seats[0], Rng(9))
    assert world.randomness.prng != state.randomness.prng and world.randomness.draws == state.randomness.draws


def test_stored_as_the_bare_integer_with_forced_results_kept_until_drawn() -> None:
    state = R.setup({}, rules.seat_names(2, {}), 3)
    stored = json.loads(state.model_dump_json())
    assert stored["rng"] == state.randomness.prng and "randomness" not in stored
    loaded = R.load_state(state.model_dump_json())
    assert loaded.randomness.prng == state.randomness.prng and loaded.randomness.draws == 0
    forced = forced_copy(state, [4], ["x"])
    again = R.load_state(forced.model_dump_json())
    assert (again.randomness.forced_dice, again.randomness.forced_draws) == ([4], ["x"])
    assert again.model_dump_json() == forced.model_dump_json()
