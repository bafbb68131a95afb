"""The month winner's swap menu, pinned by the rule itself rather than by the code that lists it: every revealed
state's every issue slot may take any other issue still in the issue deck, or the winner keeps the issues. A state
whose two issues are the same lists one slot's swaps only (swapping either reads and plays the same). The menu the
decision shows and the search's legal actions come from one list, so only a check from the rule can catch a swap
that list leaves out or lets in."""
from __future__ import annotations

from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, seats_for
from engine.core.search import SearchGame


def _by_the_rule(state) -> set[tuple[str, ...]]:  # noqa: ANN001 — an Electioneer state
    allowed = {("keep",)}
    for code in state.order:
        board = state.boards[code]
        if not board.revealed:
            continue
        for slot, old in enumerate(board.issues, start=1):
            if slot == 2 and board.issues[0] == old:
                continue
            allowed |= {("swap", code, str(slot), new) for new in set(state.issue_deck) if new != old}
    return allowed


def test_every_swap_menu_of_seeded_games_is_the_rules_own() -> None:
    ruleset = registry.get("electioneer")
    game = SearchGame(ruleset)
    menus = 0
    for seed in range(8):
        rng = Rng(seed)
        state = ruleset.setup({}, seats_for(ruleset, 2, {}), seed)
        while ruleset.outcome(state) is None:
            seat = owing_seats(ruleset, state)[0]
            if state.phase == "swap":
                decision = ruleset.decisions(state, seat)
                shown = [(o.action.verb, *o.action.args) for o in decision.options]
                assert len(shown) == len(set(shown)), "a swap listed twice"
                assert set(shown) == _by_the_rule(state), (seed, state.month)
                legal = {(a.verb, *a.args) for a in game.legal(state, seat)}
                assert {m for m in legal if m[0] in ("swap", "keep")} == set(shown)  # then its any-time plays
                menus += 1
            state = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)]).state
    assert menus >= 20, menus
