"""Move notation: formatting then parsing any legal action is the identity."""
from __future__ import annotations

from engine.electioneer.ruleset import RULESET as R


def test_round_trip_of_every_legal_option_seen_in_fuzz_games(fuzz_report) -> None:
    # fuzz_report.actions holds every option decisions() offered either seat in every state reached
    assert len(fuzz_report.actions) > 300
    wrong = []
    for action in sorted(fuzz_report.actions, key=str):
        text = R.format([action])
        try:
            back = R.parse(text)
        except Exception as exc:  # noqa: BLE001
            wrong.append(f"{text!r}: {type(exc).__name__}: {exc}")
            continue
        if back != [action]:
            wrong.append(f"{text!r} parses as {back}")
    assert not wrong, "\n".join(wrong[:20])
    verbs = {a.verb for a in fuzz_report.actions}
    assert verbs == {"discard", "campaign", "swap", "keep", "ready", "play"}


def test_round_trip_of_compound_moves(fuzz_report) -> None:
    actions = sorted(fuzz_report.actions, key=str)[:50]
    for a, b in zip(actions, actions[1:]):
        assert R.parse(R.format([a, b])) == [a, b]
