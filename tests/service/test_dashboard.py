"""The election-night dashboard (bot/present/dashboard.py, bot/present/tallies/): for every map ruleset, a real
game part-played by its own bot reads into a tally whose electoral votes add up to the map's and agree with what the
game's own public view counts; the tally is the same from every seat's view (it reads nothing private); the
tipping point and the biggest swing are right on crafted maps; and the manager keeps the margin history over a
day of the clock, across a restart."""
from __future__ import annotations

import pytest

from bot.present import dashboard
from bot.service import GameManager
from bot.present.tally import ElectoralTally, StateTally
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats
from tests.fakeclock import Clock

# (players, bot moves to mid-game) per ruleset
MIDGAME = {"electioneer": (2, 16), "campaign_trail": (3, 120), "presidential_election": (4, 250),
           "campaign_manager_2008": (2, 80), "nineteen_sixty": (2, 120)}
TOTALS = {"electioneer": 93, "campaign_trail": 538, "presidential_election": 538, "campaign_manager_2008": 538,
          "nineteen_sixty": 537}
SECTIONS = ("EV — safe", "**Tied**", "**Path to", "**Tipping point:**", "**Biggest swing", "-# Safe:")


def part_played(name: str, seed: int = 3):
    players, moves = MIDGAME[name]
    ruleset = registry.get(name)
    state = ruleset.setup({}, list(ruleset.seat_names(players)), seed)
    rng = Rng(seed)
    for _ in range(moves):
        owing = owing_seats(ruleset, state)
        assert owing and ruleset.outcome(state) is None, f"{name} ended before mid-game"
        seat = owing[rng.below(len(owing))]
        state = ruleset.apply(state, seat, ruleset.bot_action(state, seat, rng)).state
    return ruleset, state


def own_count(view, tally: ElectoralTally) -> dict[str, int]:
    """What the game's public view itself says each side holds now, in the dashboard's terms (safe + lean, and
    the even states the game's tie rule hands to a side where it has one)."""
    name = view.ruleset
    if name == "electioneer":  # the projection counts face-up states only, ties by colour
        return dict(view.projection)
    if name == "campaign_trail":
        return {p: v.ev for p, v in view.parties.items()}
    if name == "presidential_election":
        return {p: v.projected_ev for p, v in view.players.items()}
    if name == "campaign_manager_2008":  # the score counts the states won and the start; add who is ahead in play
        ahead = {}
        for t in view.in_play:
            row = t.defense if t.major == "defense" else t.economy
            ahead[t.code] = "OBA" if row.obama > row.mccain else "MCC" if row.mccain > row.obama else None
        return {s: v.score + sum(t.ev for t in view.in_play if ahead[t.code] == s) for s, v in view.sides.items()}
    assert name == "nineteen_sixty"
    return {s: v.ev_led for s, v in view.sides.items()}


def expected_from_tally(tally: ElectoralTally) -> dict[str, int]:
    """What the dashboard counts for each side: an even state the tie rule gives a side is among its EV."""
    return {c.side: c.total for c in dashboard.side_counts(tally)}


@pytest.mark.parametrize("name", list(MIDGAME))
def test_a_midgame_map_adds_up_and_agrees_with_the_game(name: str) -> None:
    ruleset, state = part_played(name)
    public = ruleset.view(state, None)
    tally = dashboard.tally_of(public)
    assert tally is not None and tally.final is None
    counts = dashboard.side_counts(tally)
    assert sum(c.total for c in counts) + dashboard.tied_ev(tally) == tally.total
    assert tally.total == TOTALS[name]
    assert 2 * tally.to_win > tally.total >= tally.to_win
    assert expected_from_tally(tally) == own_count(public, tally)
    # Mid-game, something is ahead and something is still open.
    assert any(s.standing != "tied" for s in tally.states) and any(not s.decided for s in tally.states)

    text = dashboard.build(tally, title="Mid-game (game #1)")
    assert len(text) <= dashboard.LIMIT
    for section in SECTIONS:
        assert section in text, (name, section)
    for c in counts:
        assert f"**{tally.name(c.side)}** {c.total} EV — safe {c.safe}" in text


@pytest.mark.parametrize("name", list(MIDGAME))
def test_the_tally_reads_nothing_a_seat_holds(name: str) -> None:
    """The same from the public view and from every seat's own view (hands, sealed picks, seen issues differ)."""
    ruleset, state = part_played(name, seed=8)
    public = dashboard.tally_of(ruleset.view(state, None))
    for seat in ruleset.seat_names(MIDGAME[name][0]):
        assert dashboard.tally_of(ruleset.view(state, seat)) == public, seat


@pytest.mark.parametrize("name", list(MIDGAME))
def test_a_finished_game_shows_the_result(name: str) -> None:
    ruleset = registry.get(name)
    players = MIDGAME[name][0]
    state = ruleset.setup({}, list(ruleset.seat_names(players)), 5)
    rng = Rng(5)
    for _ in range(6000):
        owing = owing_seats(ruleset, state)
        if not owing or ruleset.outcome(state) is not None:
            break
        seat = owing[rng.below(len(owing))]
        state = ruleset.apply(state, seat, ruleset.bot_action(state, seat, rng)).state
    outcome = ruleset.outcome(state)
    assert outcome is not None
    tally = dashboard.tally_of(ruleset.view(state, None))
    assert tally.final is not None and sum(tally.final.values()) <= tally.total
    text = dashboard.build(tally)
    assert text.startswith("🗳️ **Final map") and "**Result:**" in text and len(text) <= dashboard.LIMIT


# ---------------------------------------------------------------- crafted maps


def crafted(states: list[StateTally], *, to_win: int = 10, banked: dict[str, int] | None = None) -> ElectoralTally:
    return ElectoralTally(sides=("A", "B"), names={"A": "Alpha", "B": "Beta"}, states=tuple(states), to_win=to_win,
                          unit="votes", rule="Safe: 3+.", banked=banked or {})


def test_the_tipping_point_is_the_state_that_carries_the_leader_past_the_number() -> None:
    # Alpha's states by lead: W (won for good) 4, X +5 3, Y +1 2, then even Z 4, then Beta's V +2 5 and U +6 1.
    states = [StateTally("Y", 2, "A", 1), StateTally("U", 1, "B", 6, safe=True), StateTally("X", 3, "A", 5, safe=True),
              StateTally("Z", 4, None), StateTally("W", 4, "A", decided=True), StateTally("V", 5, "B", 2)]
    tally = crafted(states, to_win=10)
    assert dashboard.leader(tally) == "A"  # 9 against 6
    assert dashboard.tipping_point(tally, "A").code == "Z"  # 4 + 3 + 2 = 9, the even Z makes 13
    assert dashboard.tipping_point(crafted(states, to_win=7), "A").code == "X"  # 4 + 3
    assert dashboard.tipping_point(crafted(states, to_win=14), "A").code == "V"  # must flip Beta's narrower state
    assert dashboard.tipping_point(crafted(states, to_win=10), "B").code == "Z"  # Beta: U 1, V 5, then Z
    assert dashboard.tipping_point(crafted(states, to_win=10, banked={"A": 12}), "A") is None
    text = dashboard.build(crafted(states, to_win=10))
    assert "**Tipping point:** Z (4 EV) — even; Alpha must win it to pass 10." in text
    assert "**Alpha** 9 EV — safe 7 · lean 2" in text and "**Beta** 6 EV — safe 1 · lean 5" in text
    assert "**Tied** 4 EV in 1 state" in text
    assert "Alpha leads with 9 and still needs 1." in text
    assert "W (4 EV), won for good by Alpha: Alpha is past 4 already." in dashboard.build(crafted(states, to_win=4))
    lost = crafted([StateTally("X", 6, "A", 1), StateTally("Y", 5, "B", decided=True)], to_win=7)
    assert "Y (5 EV), won for good by Beta: Alpha can no longer reach 7." in dashboard.build(lost)
    flip = dashboard.build(crafted(states, to_win=14))
    assert "V (5 EV) — Beta leads by 2 votes; Alpha must flip it to pass 14." in flip


def test_nobody_leads_an_even_map() -> None:
    tally = crafted([StateTally("X", 3, "A", 1), StateTally("Y", 3, "B", 1), StateTally("Z", 5, None)])
    assert dashboard.leader(tally) is None
    assert "**Tipping point:** none while nobody is ahead." in dashboard.build(tally)


def test_the_biggest_swing_over_the_last_day() -> None:
    hour, day = 3600, 24 * 3600
    t0 = 1_800_000_000

    def snap(at: int, leads: dict[str, tuple[str | None, int]]) -> dashboard.Snapshot:
        return dashboard.Snapshot(at, leads)

    history: list[dashboard.Snapshot] = []
    history = dashboard.remember(history, snap(t0, {"X": ("A", 1), "Y": ("B", 2), "Z": (None, 0)}))  # the start
    history = dashboard.remember(history, snap(t0 + 60, {"X": ("A", 9), "Y": ("B", 2), "Z": (None, 0)}))
    history = dashboard.remember(history, snap(t0 + 120, {"X": ("A", 2), "Y": ("B", 2), "Z": (None, 0)}))
    assert [s.at for s in history] == [t0, t0 + 120]  # the start, then the last of that hour
    history = dashboard.remember(history, snap(t0 + 2 * hour, {"X": ("A", 2), "Y": ("A", 1), "Z": (None, 0)}))
    history = dashboard.remember(history, snap(t0 + day + 3 * hour, {"X": ("A", 3), "Y": ("A", 1), "Z": ("B", 1)}))
    # More than a day on: of the older snapshots only the newest a day back is kept, as the baseline.
    assert [s.at for s in history] == [t0 + 2 * hour, t0 + day + 3 * hour]
    base = dashboard.baseline(history, t0 + day + 3 * hour)
    assert base.at == t0 + 2 * hour
    swing = dashboard.biggest_swing(base, history[-1])
    # X and Z both moved 1 (Y flipped from Beta +2 to Alpha +1 before the baseline: not this day's); X leads wider.
    assert (swing.code, swing.side, swing.amount, swing.gained) == ("X", "A", 1, True)
    # Against the start instead, Y moved 3 toward Alpha: the biggest.
    whole = dashboard.biggest_swing(snap(t0, {"X": ("A", 1), "Y": ("B", 2), "Z": (None, 0)}), history[-1])
    assert (whole.code, whole.side, whole.amount, whole.gained) == ("Y", "A", 3, True)

    states = [StateTally("X", 3, "A", 3, safe=True), StateTally("Y", 3, "A", 1), StateTally("Z", 5, "B", 1)]
    text = dashboard.build(crafted(states), history=history[:-1], now=t0 + day + 3 * hour)
    assert "**Biggest swing (last 24 h):** " in text
    young = dashboard.build(crafted(states), history=[snap(t0, {"X": ("A", 1), "Y": ("B", 2), "Z": (None, 0)})],
                            now=t0 + 5 * hour)
    assert "**Biggest swing (last 5 h):** Y moved 3 votes toward Alpha (Beta +2 → Alpha +1)." in young
    shrink = dashboard.biggest_swing(snap(t0, {"X": ("A", 5)}), snap(t0 + 1, {"X": ("A", 1)}))
    assert (shrink.side, shrink.amount, shrink.gained) == ("A", 4, False)
    assert dashboard.load_history(dashboard.dump_history(history)) == history
    assert dashboard.load_history("not json") == []


# ---------------------------------------------------------------- through the manager


async def test_the_manager_keeps_a_day_of_margins_across_a_restart(tmp_path) -> None:
    clock = Clock()
    store = await Store.open(tmp_path / "g.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=clock, render=False)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=4, channel_id="c1", guild_id="g1")
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    assert await dashboard.refresh(manager, record.id) is None  # a lobby has no map yet
    await manager.games.start(record.id, "u-dem")
    first = await dashboard.refresh(manager, record.id)
    assert "**Biggest swing:** none yet" in first
    rng = Rng(4)
    for _ in range(14):
        clock.t += 3 * 3600
        owing = await manager.views.owing(record.id)
        await manager.games.bot_move(record.id, owing[rng.below(len(owing))], rng)
        await dashboard.refresh(manager, record.id)
    await store.close()

    store = await Store.open(tmp_path / "g.sqlite3")  # a restart: a new manager on the same file
    manager = GameManager(store, RecordingTable(), clock=clock, render=False)
    history = dashboard.load_history(await store.get_setting(f"game:{record.id}", dashboard.HISTORY_KEY))
    assert len(history) <= 26 and history[0].at <= clock.t - dashboard.DAY < history[1].at
    text = await dashboard.refresh(manager, record.id, keep=False)
    _, view = await manager.views.view(record.id, None)
    assert text == dashboard.build(dashboard.tally_of(view), title=f"{record.title} (game #{record.id})",
                                   history=history, now=int(clock.t))
    assert "**Biggest swing (last 24 h):**" in text
    await store.close()


def _electioneer_election_day_with_an_even_state():
    """The public view of the first seeded bot game that reaches election day with a state even, and those states."""
    ruleset = registry.get("electioneer")
    for seed in range(1, 200):
        state = ruleset.setup({}, list(ruleset.seat_names(2)), seed)
        rng = Rng(seed)
        while state.phase != "election":
            owing = owing_seats(ruleset, state)
            seat = owing[rng.below(len(owing))]
            state = ruleset.apply(state, seat, ruleset.bot_action(state, seat, rng)).state
        public = ruleset.view(state, None)
        even = [c for c in public.states if len(set(c.count_now.values())) == 1 and c.colour in ("DEM", "REP")]
        if even:
            return ruleset, state, rng, public, even
    pytest.fail("no seeded game reached election day with an even state")


def test_electioneer_election_day_dashboard_agrees_with_the_projection_and_the_count() -> None:
    """On election day an even state goes to its colour (the tie rule): the view's projection counts it so, and the
    dashboard must count the same, credit each even state to that side and name the projection's leader — as the
    count that follows does."""
    ruleset, state, rng, public, even = _electioneer_election_day_with_an_even_state()
    tally = dashboard.tally_of(public)
    assert {c.side: c.total for c in dashboard.side_counts(tally)} == public.projection
    text = dashboard.build(tally)
    for side, total in public.projection.items():
        assert f"**{side}** {total} EV" in text
    (first, a), (second, b) = sorted(public.projection.items(), key=lambda kv: -kv[1])
    if a != b:
        assert dashboard.leader(tally) == first and f"{first} leads" in text and f"{second} leads" not in text
    assert "**Tied** 0 EV · even, counted by the tie rule:" in text
    for card in even:
        assert f"{card.code} ({card.electors} EV) for {card.colour}" in text
    assert "+0" not in text
    while ruleset.outcome(state) is None:  # the count credits each even state as the dashboard did
        seat = owing_seats(ruleset, state)[0]
        state = ruleset.apply(state, seat, ruleset.bot_action(state, seat, rng)).state
    assert ruleset.view(state, None).final_electors == public.projection
