"""Find a step that stays legal after it is made (a campaign's `vote VA`, say), by letting bots play on."""
from __future__ import annotations

from bot.service import GameManager
from engine import registry
from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.core.ruleset import check_legal


async def advance_to_twice_legal(manager: GameManager, game_id: int, rng: Rng, max_moves: int = 2000) -> tuple[str, str]:
    """(seat, notation) of a step legal now and again right after it; bots move the game on until there is one."""
    record = await manager.views.game(game_id)
    ruleset = registry.get(record.ruleset)
    for _ in range(max_moves):
        state = ruleset.load_state((await manager.store.load_snapshot(game_id)).state)
        for seat in await manager.views.owing(game_id):
            for option in ruleset.decisions(state, seat).options:
                after = ruleset.apply(state, seat, option.action).state
                try:
                    check_legal(ruleset, after, seat, option.action)
                except EngineError:
                    continue
                return seat, option.action.notation()
        owing = await manager.views.owing(game_id)
        await manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
    raise AssertionError("no step legal twice in a row was found")
