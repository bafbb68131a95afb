"""Electioneer's presenter says only what the board shows: a caption's "leads GA" (before election day) or
"wins GA" (once counted) is a state the public view holds for that side after the post, and the any-time line counts theatric cards, not card-and-target plays."""
from __future__ import annotations

import re

from bot.present.electioneer import ElectioneerPresenter
from engine.core.ruleset import play
from engine.electioneer.ruleset import RULESET as R
from engine.electioneer.views import ElectioneerView, StateCard
from tests.present.test_change_summary import _posts as posts

SEEDS = range(16)
WINS = re.compile(r"(?:wins|leads) ((?:[A-Z]{2} \(\d+\)(?:, | and )?)+)")


def held(view: ElectioneerView, card: StateCard) -> str | None:
    """Who holds a state in a public view, worked out here from the view's public facts (not its `holder`):
    counted on election day, its winner; face up, each side's whole platform on its issues plus the markers
    (a tie to its colour), the rule the picture's projection adds up; face down, nobody."""
    if card.carried_by:
        return card.carried_by
    if not all(card.issues):
        return None
    totals = {x: sum(p.effects.get(i, 0) for p in view.platforms[x] for i in card.issues) for x in ("DEM", "REP")}
    for m in card.markers:
        totals[m.seat] += m.delta
    return "DEM" if totals["DEM"] > totals["REP"] else "REP" if totals["REP"] > totals["DEM"] else card.colour


def test_every_caption_win_is_a_state_the_public_view_holds_for_that_side() -> None:
    wins = 0
    for seed in SEEDS:
        for _, _, after, caption in posts("electioneer", seed, limit=10_000):  # every post of a whole game
            cards = {c.code: c for c in after.states}
            projection = {"DEM": 0, "REP": 0}
            for card in after.states:
                if (side := held(after, card)):
                    projection[side] += card.electors
            assert projection == after.projection, "the rule above is the picture's projection"
            for clause in caption.split("; "):
                side = clause.split(" ", 1)[0]
                for match in WINS.finditer(clause):
                    for code in re.findall(r"[A-Z]{2}", match.group(1)):
                        wins += 1
                        assert held(after, cards[code]) == side, f"seed {seed}: {caption!r}, but {code} is " \
                                                                 f"{held(after, cards[code])}'s"
    assert wins > 50, "the games' captions name states led and won"


def test_a_caption_says_leads_before_election_day_and_wins_once_counted() -> None:
    verbs = {"leads": 0, "wins": 0}
    for _, _, after, caption in posts("electioneer", 3, limit=10_000):
        for verb in re.findall(r"\b(leads|wins) [A-Z]{2} \(", caption):
            assert verb == ("wins" if after.phase in ("election", "over") else "leads"), (after.phase, caption)
            verbs[verb] += 1
    assert verbs["leads"] > 3 and verbs["wins"] > 0, verbs


def _with_theatrics(theatrics: list[str]):  # noqa: ANN202
    state = R.setup({}, ["DEM", "REP"], 4)
    state.players["REP"].theatrics = theatrics
    return state


def test_the_any_time_line_counts_theatric_cards_not_plays() -> None:
    # Change the Subject (a swap in the revealed state: many plays), Internal Polling (one per face-down state),
    # Fact Check (nothing to remove yet: not playable)
    state = _with_theatrics(["T03", "T09", "T11"])
    decision, view = R.decisions(state, "REP"), R.view(state, "REP")
    assert len(decision.extras) > 3
    assert [t.playable for t in view.theatrics] == [True, True, False]
    line = ElectioneerPresenter().extras_note(len(decision.extras), view)
    assert "2 theatrics" in line and str(len(decision.extras)) not in line
    state = _with_theatrics(["T01", "T05", "T09"])
    decision, view = R.decisions(state, "REP"), R.view(state, "REP")
    assert "3 theatrics" in ElectioneerPresenter().extras_note(len(decision.extras), view)
    # without the view (a caller passing the count alone) the line names no number rather than a wrong one
    alone = ElectioneerPresenter().extras_note(len(decision.extras))
    assert not re.search(r"\d", alone) and "theatric" in alone


def test_a_peeked_state_reads_as_seen_on_the_peekers_board_only() -> None:
    state = _with_theatrics(["T09"])
    code = state.order[2]
    state = play(R, state, "REP", R.parse(f"play T09 {code}")).state
    presenter = ElectioneerPresenter()
    issues = " + ".join(state.boards[code].issues)
    assert f"{issues} (seen by you)" in presenter.board_text(R.view(state, "REP"))
    for other in (R.view(state, "DEM"), R.view(state, None)):
        assert issues not in presenter.board_text(other) and "seen by you" not in presenter.board_text(other)
