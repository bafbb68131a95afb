"""Any text a player can type meets only our typed errors, for every registered ruleset.

Property-based (hypothesis): arbitrary Unicode, and text built from each ruleset's own vocabulary
mixed with look-alike digits (`²`, `١`, fullwidth `３`), so the parsers' deeper branches are reached.
Rulesets added to the registry later are covered without touching this file.
"""
from __future__ import annotations

import asyncio
import string

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.service import GameManager, ManagerError
from bot.store import Store
from engine import registry
from engine.core.errors import EngineError
from engine.core.ruleset import state_hash

RULESETS = sorted(registry.RULESETS)
PARSERS = RULESETS + sorted(registry.UNDER_CONSTRUCTION)  # rulesets being built have parsers too


def _ruleset(name: str):
    return registry.RULESETS.get(name) or registry.under_construction(name)
LOOKALIKE_DIGITS = ["²", "¹²", "١", "３", "٣", "⁹", "Ⅻ", "0²", "1e3", "-1", "00000000000000000000", "9" * 40]


def _vocabulary(name: str) -> list[str]:
    """Words this ruleset's notation uses: verbs and arguments of the opening decisions, plus help words."""
    ruleset = _ruleset(name)
    seats = ruleset.seat_names(ruleset.min_seats)
    state = ruleset.setup({}, ruleset.assign_seats(seats, {}), 1)
    words: set[str] = set()
    for seat in seats:
        for option in ruleset.decisions(state, seat).all_options():
            words.update(option.action.notation().split())
    return sorted(words) + ["done", "pass", "play", "take", "respond", "campaign", "vote", ";", "#"]


# a code with look-alike digits: two ASCII letters, then one to three of these (`VA٣`, `NY1²`); built from its
# parts, the strings of r"[A-Za-z]{2}[0-9²³¹٣]{1,3}" at a fraction of from_regex's cost per example
CODE_LETTERS = st.text(st.sampled_from(string.ascii_letters), min_size=2, max_size=2)
CODE_DIGITS = st.text(st.sampled_from("0123456789²³¹٣"), min_size=1, max_size=3)


def _hostile(name: str) -> st.SearchStrategy[str]:
    word = st.one_of(st.sampled_from(_vocabulary(name)), st.sampled_from(LOOKALIKE_DIGITS),
                     st.text(max_size=8), st.tuples(CODE_LETTERS, CODE_DIGITS).map("".join))
    glued = st.lists(word, min_size=1, max_size=6).map(" ".join)
    return st.one_of(st.text(max_size=60), glued, st.tuples(glued, glued).map("; ".join))


@pytest.mark.parametrize("name", PARSERS)
def test_parse_raises_only_typed_errors_and_round_trips(name: str) -> None:
    ruleset = _ruleset(name)

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(text=_hostile(name))
    @example(text="take ²")  # texts that once crashed the parser, pinned (each raised ValueError from int())
    @example(text="respond ¹²")
    @example(text="²² campaign")
    @example(text="play T03 GA ²")
    @example(text="play T03 GA ٣ crime")
    @example(text="97 campaign VA٣")
    def check(text: str) -> None:
        try:
            actions = ruleset.parse(text)
        except EngineError:
            return
        # whatever parses, formats back to notation that parses to the same actions
        assert ruleset.parse(ruleset.format(actions)) == actions

    check()


@pytest.mark.parametrize("name", RULESETS)
def test_manager_submit_raises_only_typed_errors_and_changes_nothing_when_it_refuses(name: str, tmp_path) -> None:
    ruleset = registry.get(name)
    seats = ruleset.seat_names(ruleset.min_seats)
    loop = asyncio.new_event_loop()

    async def start() -> tuple[Store, GameManager, int]:
        store = await Store.open(tmp_path / "hostile.sqlite3")
        manager = GameManager(store, None, render=False)
        record = await manager.games.create(name, "u0", "P0", seat=seats[0], seed=3, channel_id="c")
        for i, seat in enumerate(seats[1:], start=1):
            await manager.games.join(record.id, f"u{i}", f"P{i}", seat=seat)
        await manager.games.start(record.id, "u0")
        return store, manager, record.id

    store, manager, game_id = loop.run_until_complete(start())

    async def one(text: str, user: int) -> None:
        before = await store.load_snapshot(game_id)
        try:
            await manager.games.submit(game_id, f"u{user}", text)
        except EngineError:  # ManagerError is one too
            after = await store.load_snapshot(game_id)
            assert (after.seq, after.state_hash) == (before.seq, before.state_hash)

    @settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                      HealthCheck.function_scoped_fixture])
    @given(text=_hostile(name), user=st.integers(min_value=0, max_value=len(seats)))
    def check(text: str, user: int) -> None:
        loop.run_until_complete(one(text, user))  # u{len(seats)} is a stranger to the game

    try:
        check()
        snap = loop.run_until_complete(store.load_snapshot(game_id))
        state = ruleset.load_state(snap.state)
        assert state_hash(state) == snap.state_hash
    finally:
        loop.run_until_complete(store.close())
        loop.close()


def test_a_game_id_beyond_sqlite_integers_is_no_such_game(tmp_path) -> None:
    async def go() -> None:
        store = await Store.open(tmp_path / "ids.sqlite3")
        manager = GameManager(store, None, render=False)
        try:
            for game_id in (2**63, -(2**63) - 1, 10**30):
                with pytest.raises(ManagerError) as info:
                    await manager.views.game(game_id)
                assert info.value.code == "no_game"
                with pytest.raises(ManagerError):
                    await manager.games.submit(game_id, "u0", "pass")
        finally:
            await store.close()

    asyncio.run(go())
