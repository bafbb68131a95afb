"""engine/core/posting.py post_step: one step's events as the table gets them — public lines held or posted,
private lines and commit-reveal proofs at once, the proofs never in a public line."""
from __future__ import annotations

from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.registry import get


def test_sealed_starting_states_reach_the_record_and_never_the_channel() -> None:
    """Campaign Manager 2008's starting picks are sealed, then revealed: both steps carry a proof line (the
    record and /game status read them), and no proof is in a posted line."""
    ruleset = get("campaign_manager_2008")
    state = ruleset.setup({}, ruleset.seat_names(2), 5)
    rng = Rng(5)
    proofs: list[str] = []
    public: list[str] = []
    while state.phase != "play":
        seat = owing_seats(ruleset, state)[0]
        result = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)])
        proofs += [e.proof for e in result.events if e.proof]
        public += [e.public for e in result.events if e.public]
        state = result.state
    assert len([p for p in proofs if p.startswith(("OBA seal", "MCC seal"))]) == 2, proofs
    assert any(p.startswith("Starting states:") for p in proofs), proofs
    assert not [line for line in public for p in proofs if p in line]
