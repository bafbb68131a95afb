"""No hidden identifier in any public artifact or in another seat's view.

The fuzz games check, after every step: the other seat's hand and deck (ids and names), sealed
salts and the RNG state against the public view, the other seat's view, every public event and
every private event addressed to someone else; face-down issues are None in every view but their peeker's; research
notes appear only in their owner's view.
"""
from __future__ import annotations

import electioneer_fuzz
from engine.core.ruleset import play
from engine.electioneer import content
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


def test_a_peek_is_seen_by_the_peeker_only_until_the_reveal() -> None:
    """Internal Polling shows REP a face-down state: REP's view keeps it at every prompt; DEM's view, the public
    view and the public events never hold those issues (nor the note) until the state is revealed."""
    state = R.setup({}, ["DEM", "REP"], 4)
    state.players["REP"].theatrics = ["T09"]
    code = state.order[2]  # revealed in month 3
    seen = list(state.boards[code].issues)
    result = play(R, state, "REP", R.parse(f"play T09 {code}"))
    public_events = [e.public for e in result.events if e.public]
    state = result.state
    while state.boards[code].revealed is False:
        mine = next(s for s in R.view(state, "REP").states if s.code == code)
        assert mine.issues == seen and mine.peeked and R.view(state, "REP").known_issues == {code: seen}
        for other in (R.view(state, "DEM"), R.view(state, None)):
            card = next(s for s in other.states if s.code == code)
            assert card.issues == [None, None] and not card.peeked and other.known_issues == {}
        seat = sorted(x for x in ("DEM", "REP") if R.decisions(state, x).options)[0]
        result = play(R, state, seat, [R.deadline_action(state, seat)])
        public_events += [e.public for e in result.events if e.public]
        state = result.state
    names = " + ".join(content.load().issues[i].name for i in seen)
    assert not any(names in e for e in public_events[:-1])  # only the reveal itself names them
