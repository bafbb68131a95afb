"""The Presidential Election picture and words, from real views: seeded games played by the ruleset's own
bot to a midgame and to the end, for two and six players."""
from __future__ import annotations

import io
from functools import lru_cache

import pytest
from PIL import Image

from bot.present import for_view
from bot.present.presidential_election import PresidentialElectionPresenter
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.presidential_election.ruleset import RULESET as R
from engine.presidential_election.state import PEState
from engine.presidential_election.views import PEView
from render import registry
from render.presidential_election import render_presidential_election

MAX_BYTES = 100 * 1024
MIDGAME_ROUND = 4


@lru_cache(maxsize=None)
def _game(players: int, seed: int, until: str) -> tuple[PEState, tuple[str, ...]]:
    """Play a seeded game with the bot until `until`: "mid" (round 4 under way), "advantage" (a seat is
    choosing its Advantage) or "end". Returns the state and the states the last move changed."""
    rng = Rng(seed)
    state = R.setup({}, R.seat_names(players), seed)
    changed: tuple[str, ...] = ()
    for _ in range(20000):
        if R.outcome(state) is not None:
            break
        if until == "mid" and state.phase == "play" and state.round >= MIDGAME_ROUND:
            break
        if until == "advantage" and state.phase == "advantage":
            break
        seat = owing_seats(R, state)[0]
        result = play(R, state, seat, [R.bot_action(state, seat, rng)])
        state, changed = result.state, tuple(result.changed)
    return state, changed


def _public(players: int, until: str) -> tuple[PEView, tuple[str, ...]]:
    state, changed = _game(players, 3 + players, until)
    return R.view(state, None), changed


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("until", ["mid", "end"])
def test_the_picture_of_a_real_game(players: int, until: str) -> None:
    view, changed = _public(players, until)
    assert (view.phase == "over") == (until == "end")
    r = render_presidential_election(view, highlight=changed)
    im = Image.open(io.BytesIO(r.png))
    assert im.format == "PNG" and im.size == (r.width, r.height) == (1600, r.height)
    assert 1000 < r.height < 2000
    if until == "mid":
        assert len(r.png) <= MAX_BYTES, len(r.png)
    scores = view.scores if until == "end" else {s: p.projected_ev for s, p in view.players.items()}
    for seat in view.players:
        assert f"{seat} {scores.get(seat, 0)}" in r.alt  # the EV bar's words ("P1 58", not "P1 (1) 58")
        assert f"{seat}: ${view.players[seat].money:,}k" in r.alt or f"{seat} ${view.players[seat].money:,}k" in r.alt
    assert len(r.alt) <= 1024 and "Advantage no" not in r.alt
    if view.last_round and until == "mid":
        assert "Last round" in r.alt


def test_the_registry_draws_it() -> None:
    view, _ = _public(2, "mid")
    renderer = registry.get(view.ruleset)
    assert renderer is not None and renderer.draw(view).png.startswith(b"\x89PNG")


def test_only_the_public_view_is_drawn() -> None:
    state, _ = _game(2, 5, "mid")
    with pytest.raises(ValueError):
        render_presidential_election(R.view(state, "P1"))
    with pytest.raises(TypeError):
        render_presidential_election(state)


def test_the_ended_game_names_the_winner() -> None:
    view, _ = _public(6, "end")
    r = render_presidential_election(view)
    assert view.winner and f"{view.winner} wins" in r.alt


def _private_words(view: PEView, seat: str) -> str:
    presenter = for_view(view)
    assert isinstance(presenter, PresidentialElectionPresenter)
    sections = presenter.brief_sections(view, seat)
    return presenter.hand_text(view) + "\n" + "\n".join(h + "\n" + "\n".join(lines) for h, lines in sections)


@pytest.mark.parametrize("players", [2, 6])
def test_a_seat_never_reads_another_seats_advantage_offer(players: int) -> None:
    state, _ = _game(players, 11 + players, "advantage")
    offered = {s: p.offer + p.returned for s, p in state.players.items() if p.offer or p.returned}
    chooser = next(s for s, p in state.players.items() if p.offer)
    titles = {a.id: a.title for s in state.players for a in R.view(state, s).me.offer + R.view(state, s).me.returned}
    for seat in state.players:
        words = _private_words(R.view(state, seat), seat)
        for other, cards in offered.items():
            for card in cards:
                if other != seat:
                    assert card not in words and titles[card] not in words, (seat, other, card)
                else:
                    assert titles[card] in words  # its own offer and put-back cards are there
    assert "Advantage offer" in _private_words(R.view(state, chooser), chooser)


def test_the_kept_advantage_and_now_line() -> None:
    state, _ = _game(6, 9, "mid")
    seat = state.current
    view = R.view(state, seat)
    sections = dict(for_view(view).brief_sections(view, seat))
    now = sections["Now"][0]
    assert f"${state.players[seat].money:,}k" in now and "spent" in now
    kept = view.players[seat].advantage
    assert kept is not None and f"Your Advantage: {kept.title}" in sections
    assert for_view(view).brief_sections(R.view(state, None), seat) == []
    board = for_view(view).board_text(R.view(state, None))
    assert all(s in board for s in state.players)
