"""Electioneer's public lines credit each part to its cause, and a seat's view keeps what it has seen."""
from __future__ import annotations

from engine.core.ruleset import play
from engine.electioneer import content as content_mod
from engine.electioneer.ruleset import RULESET as R
from engine.electioneer.state import ElectioneerState


def _month1() -> ElectioneerState:
    """Seed 4's deal, with DEM holding Rally in the Rain (+2 to this month's total)."""
    state = R.setup({}, ["DEM", "REP"], 4)
    state.players["DEM"].theatrics = ["T01"]
    return state


def _moves(state: ElectioneerState, *moves: tuple[str, str]):  # noqa: ANN202
    result = None
    for seat, move in moves:
        result = play(R, state, seat, R.parse(move))
        state = result.state
    return result


def test_the_reveal_credits_the_policy_and_the_theatric_apart() -> None:
    c = content_mod.load()
    state = _month1()
    dem, rep = state.players["DEM"].hand, state.players["REP"].hand
    issues = state.boards[state.current].issues
    own = sum(c.policies[dem[1]].effects.get(i, 0) for i in issues)
    result = _moves(state, ("DEM", "play T01"), ("DEM", f"discard {dem[0]}"), ("REP", f"discard {rep[0]}"),
                    ("DEM", f"campaign {dem[1]}"), ("REP", f"campaign {rep[1]}"))
    line = "\n".join(e.public for e in result.events if e.public)
    name = c.policies[dem[1]].name
    assert f"DEM reveals {name}: {name} {own:+d}, Rally in the Rain +2, total {own + 2:+d};" in line, line
    assert result.state.boards[state.current].totals["DEM"] == own + 2
    rep_own = sum(c.policies[rep[1]].effects.get(i, 0) for i in issues)
    assert f"REP reveals {c.policies[rep[1]].name}: {rep_own:+d}." in line  # no theatric: the score alone


def test_a_peek_stays_in_the_peekers_view_at_every_prompt_until_the_state_is_revealed() -> None:
    state = R.setup({}, ["DEM", "REP"], 4)
    state.players["REP"].theatrics = ["T09"]
    code = state.order[1]  # contested (revealed) in month 2
    seen = list(state.boards[code].issues)
    state = play(R, state, "REP", R.parse(f"play T09 {code}")).state
    dem, rep = state.players["DEM"].hand, state.players["REP"].hand
    month1 = [("DEM", f"discard {dem[0]}"), ("REP", f"discard {rep[0]}"),
              ("DEM", f"campaign {dem[1]}"), ("REP", f"campaign {rep[1]}")]
    for seat, move in month1:
        state = play(R, state, seat, R.parse(move)).state
        card = next(s for s in R.view(state, "REP").states if s.code == code)
        assert card.issues == seen and card.peeked and not card.revealed, move
    winner = state.month_winner
    state = play(R, state, winner, R.parse("keep")).state  # month 2: the state is revealed to everyone
    for seat in ("DEM", "REP", None):
        card = next(s for s in R.view(state, seat).states if s.code == code)
        assert card.issues == seen and card.revealed and not card.peeked


def test_a_policy_put_under_the_deck_stays_in_its_owners_view_until_drawn() -> None:
    state = R.setup({}, ["DEM", "REP"], 4)
    dem, rep = state.players["DEM"].hand[0], state.players["REP"].hand[0]
    state = _moves(state, ("DEM", f"discard {dem}"), ("REP", f"discard {rep}")).state
    assert [c.id for c in R.view(state, "DEM").deck_bottom] == [dem]
    assert [c.id for c in R.view(state, "REP").deck_bottom] == [rep]
    assert R.view(state, None).deck_bottom is None
    assert dem not in R.view(state, "REP").model_dump_json() and dem not in R.view(state, None).model_dump_json()
    state.players["DEM"].deck.remove(dem)  # drawn again (into the hand): no longer under the deck
    state.players["DEM"].hand.append(dem)
    assert R.view(state, "DEM").deck_bottom == []
