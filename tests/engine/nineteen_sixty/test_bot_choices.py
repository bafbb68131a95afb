"""1960's rule-of-thumb player makes the same choice in the same position whatever is done to make it faster: along
seeded games (the player's choice taken three times in four, a uniformly random legal action otherwise, so the games
wander off the player's own lines the way a search's playouts do), every choice the player makes goes into a digest
per game, pinned here. Over 2,000 positions with more than one legal action are asked."""
from __future__ import annotations

import hashlib
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import seats_for
from engine.core.search import SearchGame
from engine.nineteen_sixty.ruleset import RULESET as R

GAMES = [({}, 1, "9be1afb40ec72b4a", 303), ({}, 2, "11f647970b11b144", 304),
         ({"vp": True}, 3, "2cb4817d0313a0d2", 346), ({"restricted": True}, 4, "9bd12595a01e61d7", 304),
         ({"vp": True, "restricted": True}, 5, "20ede6ba9476b8b5", 306), ({}, 6, "419dc49a0c484f70", 299),
         ({}, 7, "873107e475dc46f8", 287), ({"vp": True}, 8, "8d2dd28277593f82", 303)]


def choices_digest(options: dict[str, Any], seed: int) -> tuple[str, int]:
    """The digest of every choice the player makes along the seeded game, and how many positions offered more
    than one legal action."""
    game = SearchGame(R)
    state = R.setup(options, seats_for(R, 2, options), seed)
    wander = Rng(seed * 7 + 1)
    digest = hashlib.sha256()
    asked = 0
    while game.returns(state) is None:
        seat = game.to_move(state)[0]
        legal = game.legal(state, seat)
        action = R.bot_action(state, seat, Rng(seed * 1_000_003 + asked))
        assert action in legal
        digest.update(f"{seat} {action.verb} {' '.join(action.args)};".encode())
        if len(legal) > 1:
            asked += 1
        if wander.below(4) == 0:
            action = legal[wander.below(len(legal))]
        game.advance(state, seat, action)
    return digest.hexdigest()[:16], asked


def test_the_pinned_games_ask_over_two_thousand_positions() -> None:
    assert sum(asked for *_, asked in GAMES) > 2000


@pytest.mark.parametrize(("options", "seed", "digest", "asked"), GAMES)
def test_the_player_chooses_as_pinned(options: dict[str, Any], seed: int, digest: str, asked: int) -> None:
    assert choices_digest(options, seed) == (digest, asked)
