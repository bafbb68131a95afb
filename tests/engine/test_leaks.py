"""No hidden identifier in any public artifact or in another seat's view (DESIGN §3).

The fuzz games check, after every step: the other seat's hand and deck (ids and names), sealed
salts and the RNG state against the public view, the other seat's view, every public event and
every private event addressed to someone else; face-down issues are None in every view but their peeker's; research
notes appear only in their owner's view.
"""
from __future__ import annotations

import electioneer_fuzz
from engine.core.ruleset import play
from engine.electioneer.ruleset import RULESET as R


def test_no_leaks_in_fuzz_games(fuzz_report) -> None:
    assert not fuzz_report.of("leak"), "leaks:\n" + "\n".join(fuzz_report.of("leak"))


def test_sealed_choices_stay_hidden_until_the_reveal() -> None:
    state = R.setup({}, ["DEM", "REP"], 11)
    dem_card, rep_card = state.players["DEM"].hand[0], state.players["REP"].hand[0]
    state = play(R, state, "DEM", R.parse(f"discard {dem_card}")).state
    state = play(R, state, "REP", R.parse(f"discard {rep_card}")).state
    dem_pick = state.players["DEM"].hand[0]
    result = play(R, state, "DEM", R.parse(f"campaign {dem_pick}"))
    salts = electioneer_fuzz.sealed_salts(result.state)
    assert salts, "the sealed campaign choice keeps a salt"
    for text in (R.view(result.state, None).model_dump_json(), R.view(result.state, "REP").model_dump_json(),
                 *(e.public or "" for e in result.events)):
        assert dem_pick not in text and dem_card not in text
        assert not any(s in text for s in salts)


def test_leak_check_catches_a_planted_leak(monkeypatch) -> None:
    """The checker is not vacuous: a view that shows the opponent's first card is reported."""
    original = R.view

    def leaky(state, seat):
        v = original(state, seat)
        other = "REP" if seat == "DEM" else "DEM"
        return v.model_copy(update={"phase_label": state.players[other].hand[0]})

    monkeypatch.setattr(R, "view", leaky)
    report = electioneer_fuzz.FuzzReport()
    electioneer_fuzz._one_game(5, report, leaks=True, check_mutation=False)
    assert report.of("leak"), "a planted leak went unnoticed"
