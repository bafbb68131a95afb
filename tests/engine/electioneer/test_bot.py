"""The Electioneer heuristic scores a swap or a theatric by the board it would leave, read without playing the move:
that reading equals the board the move actually leaves, for every such option of positions across seeded games."""
from __future__ import annotations

from engine import registry
from engine.core.rng import Rng
from engine.core.search import SearchGame
from engine.electioneer import bot, content, rules


def test_a_moves_board_is_read_as_playing_it_would_leave_it() -> None:
    ruleset = registry.get("electioneer")
    game = SearchGame(ruleset)
    checked = set()
    for seed in range(6):
        state = ruleset.setup({}, ["DEM", "REP"], seed)
        rng = Rng(seed)
        while game.returns(state) is None:
            seat = game.to_move(state)[0]
            legal = game.legal(state, seat)
            for action in legal[::3]:
                if action.verb in ("swap", "keep", "play"):
                    after = rules.apply(state, seat, action).state
                    assert bot._after(state, seat, action) == bot._margin_value(after, seat), action
                    checked.add(action.verb if action.verb != "play" else content.load().theatrics[action.args[0]].kind)
            game.advance(state, seat, legal[rng.below(len(legal))])
    assert {"swap", "reframe", "endorse", "scandal"} <= checked

