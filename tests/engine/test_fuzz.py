"""Random-legal-move fuzzing of Electioneer US: no crash, no dead end, no runaway
game, invariants after every step, and every journal replays to the same state hash."""
from __future__ import annotations

import electioneer_fuzz


def _fail(report: electioneer_fuzz.FuzzReport, category: str) -> str:
    return f"{category} in {report.games} games:\n" + "\n".join(report.of(category))


def test_every_game_ran(fuzz_report) -> None:
    assert fuzz_report.games == electioneer_fuzz.FUZZ_GAMES
    print(f"\n{fuzz_report.games} games, {fuzz_report.steps} steps in {fuzz_report.seconds:.1f} s "
          f"(longest {fuzz_report.longest} steps); time by part: "
          + ", ".join(f"{k} {v:.1f} s" for k, v in sorted(fuzz_report.phase_seconds.items())))


def test_no_crash(fuzz_report) -> None:
    assert not fuzz_report.of("crash"), _fail(fuzz_report, "crash")


def test_no_dead_end(fuzz_report) -> None:
    assert not fuzz_report.of("dead_end"), _fail(fuzz_report, "dead_end")


def test_bounded_length(fuzz_report) -> None:
    assert not fuzz_report.of("runaway"), _fail(fuzz_report, "runaway")
    # 7 months × 5 steps, ≤ 6 theatrics, and the ready declarations (re-opened by election-day stunts)
    assert fuzz_report.longest <= 7 * 5 + 6 + 2 * 4, fuzz_report.longest


def test_invariants_hold_after_every_step(fuzz_report) -> None:
    assert not fuzz_report.of("invariant"), _fail(fuzz_report, "invariant")


def test_apply_never_mutates_its_input(fuzz_report) -> None:
    assert not fuzz_report.of("mutation"), _fail(fuzz_report, "mutation")


def test_replay_reproduces_the_state_hash(fuzz_report) -> None:
    assert not fuzz_report.of("replay"), _fail(fuzz_report, "replay")


def test_every_game_has_a_winner(fuzz_report) -> None:
    assert sum(fuzz_report.outcomes.values()) == fuzz_report.games
    assert set(fuzz_report.outcomes) == {"DEM", "REP"}  # random play: both sides win some


def test_checks_are_not_vacuous() -> None:
    """A planted invariant break is caught (the harness can fail)."""
    from engine.electioneer import content as content_mod

    report = electioneer_fuzz.FuzzReport()
    options, journal, state = electioneer_fuzz.random_game(3)
    broken = state.model_copy(deep=True)
    broken.players["DEM"].deck.append(broken.players["DEM"].platform[0])
    electioneer_fuzz._invariants(state, broken, None, None, content_mod.load(), report, 3, 99)
    assert any("not conserved" in m for m in report.of("invariant"))
