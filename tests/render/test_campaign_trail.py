"""The Campaign Trail board picture, from hand-built views (stable) and from real engine games."""
from __future__ import annotations

import functools
import io

import pytest
from PIL import Image

from engine.campaign_trail.views import CampaignTrailView
from render import campaign_trail_states as board
from render.campaign_trail import layout, map_view, panel_rows, regions, render_campaign_trail, strength
from render.campaign_trail_states import W
from tests.render.test_closeup import MIN_TEXT_PX, PHONE_W
from render.tools.samples import busy_map_view, campaign_trail_midgame, campaign_trail_teams

MIN_HEAD_PX = 10  # a state box's code and EV at 400 px wide: smaller than the counts (they say which state)
MAX_RATIO = 1.45  # the full board's height to its width, for the largest tables


@pytest.fixture(scope="module")
def midgame() -> CampaignTrailView:
    return campaign_trail_midgame()


@pytest.mark.parametrize("kind", ["map", "tiles", "closeup"])
def test_every_kind_is_a_small_png_with_every_partys_ev(midgame, kind) -> None:
    r = render_campaign_trail(midgame, kind, states=["OH", "PA"] if kind == "closeup" else None)
    im = Image.open(io.BytesIO(r.png))
    assert im.size == (r.width, r.height) and (r.width == W if kind == "map" else r.width <= 1600)
    assert r.height <= (MAX_RATIO * W if kind == "map" else 1000)
    assert len(r.png) <= 100 * 1024, len(r.png)
    for code, name, letter in (("DEM", "Democrats", "D"), ("REP", "Republicans", "R"), ("LIB", "Libertarians", "L")):
        assert f"{name} ({letter}) {midgame.ev[code]}" in r.alt
    assert "270 of 538 needed to win" in r.alt
    assert "Campaign Trail — September — round 4 — Republicans to move" in r.alt
    assert "PA to D" in r.alt and len(r.alt) <= 1024  # the rest (voters, cities) where they fit


def test_the_map_view_follows_the_rules_of_the_picture(midgame) -> None:
    mv = map_view(midgame)
    assert [p.code for p in mv.parties] == ["DEM", "REP", "LIB"]
    assert [(p.colour, p.letter) for p in mv.parties] == [("blue", "D"), ("red", "R"), ("gold", "L")]
    assert mv.total_ev() == 538 and mv.needed() == 270
    by = {s.code: s for s in midgame.states}
    for code, sv in mv.states.items():
        voters = by[code].voters
        assert sv.counts == {p: n for p, n in voters.items() if n}
        assert sv.ev == by[code].ev
        assert sv.strength == strength(voters)
        assert sv.fill == (None if sv.strength == "empty" else by[code].majority)
    assert mv.states["VT"].strength == "empty" and mv.states["VT"].fill is None
    # pawns, homes and cities
    oh = [(m.kind, m.party) for m in mv.states["OH"].markers]
    assert oh == [("pawn", "DEM"), ("pawn", "REP"), ("city", None)]
    assert ("home", "REP") in [(m.kind, m.party) for m in mv.states["TX"].markers]
    cities = {a for a, s in mv.states.items() if any(m.kind == "city" for m in s.markers)}
    assert cities == {"CA", "WA", "CO", "MN", "IL", "TX", "OH", "GA", "MD", "NY"}
    panels = {p.title: dict(p.rows) for p in mv.panels}
    assert panels["Republicans"] == {"Money": "$260M", "Registered": "11", "Cards in hand": "5"}
    assert panels["Cards left in the decks"] == {"August": "0", "September (now)": "17", "October": "30"}


def test_strength_thresholds() -> None:
    assert strength({"DEM": 0, "REP": 0}) == "empty"
    assert strength({"DEM": 2, "REP": 2, "LIB": 1}) == "tied"
    assert strength({"DEM": 3, "REP": 1}) == "lean"
    assert strength({"DEM": 1, "REP": 0}) == "lean"
    assert strength({"DEM": 4, "REP": 1, "LIB": 0}) == "solid"


def test_team_pawns_are_drawn_one_each_and_merged_only_past_six() -> None:
    view = campaign_trail_teams()
    mv = map_view(view)
    assert [(m.kind, m.party, m.text) for m in mv.states["MI"].markers] == [("pawn", "DEM", None)] * 2
    panels = {p.title: dict(p.rows) for p in mv.panels}
    assert panels["Democrats"]["Hands"] == "3 + 5"
    # every seat's pawn and home in Georgia (a city): 6 pawns + 6 homes + city → merged per party
    seats = {s: v.model_copy(update={"pawn": "GA", "home": "GA"}) for s, v in view.seats.items()}
    crowded = map_view(view.model_copy(update={"seats": seats}))
    ga = [(m.kind, m.party, m.text) for m in crowded.states["GA"].markers]
    assert ga == [("pawn", "DEM", "D2"), ("pawn", "REP", "R2"), ("pawn", "LIB", "L2"),
                  ("home", "DEM", "D2"), ("home", "REP", "R2"), ("home", "LIB", "L2")]
    r = render_campaign_trail(view.model_copy(update={"seats": seats}))
    assert len(r.png) <= 100 * 1024


def test_a_seat_view_raises(midgame) -> None:
    with pytest.raises(ValueError):
        render_campaign_trail(campaign_trail_midgame(viewer="DEM"))


def test_anything_else_raises(midgame) -> None:
    with pytest.raises(TypeError):
        render_campaign_trail(midgame.model_dump())
    with pytest.raises(TypeError):
        render_campaign_trail(busy_map_view())
    with pytest.raises(ValueError):
        render_campaign_trail(midgame, "hexes")


def test_game_over_and_setup_titles(midgame) -> None:
    over = midgame.model_copy(update={"phase": "over", "winners": ["DEM"], "current_party": None,
                                      "final_ev": {"DEM": 280, "REP": 158, "LIB": 100}})
    r = render_campaign_trail(over)
    assert "Election Day — Democrats win with 280 EV" in r.alt and "Democrats (D) 280" in r.alt
    setup = midgame.model_copy(update={"phase": "home", "current_party": None, "waiting_on": ["LIB"]})
    assert "setup: choosing home states — waiting on LIB" in render_campaign_trail(setup).alt


# ------------------------------------------------------------------ real engine games


def _random_game(players: int, moves: int, seed: int):
    from engine.campaign_trail.ruleset import RULESET
    from engine.core.rng import Rng
    from engine.core.ruleset import owing_seats, play

    s = RULESET.setup({}, RULESET.seat_names(players), seed)
    rng = Rng(seed)
    views = [RULESET.view(s, None)]
    for _ in range(moves):
        owing = owing_seats(RULESET, s)
        if not owing:
            break
        seat = rng.choice(owing)
        options = RULESET.decisions(s, seat).options
        if not options:
            break
        s = play(RULESET, s, seat, [rng.choice(options).action]).state
        views.append(RULESET.view(s, None))
    return RULESET, s, views


@pytest.mark.parametrize("players", [2, 3, 6])
def test_views_of_real_games_render(players) -> None:
    ruleset, state, views = _random_game(players, 30, seed=players)
    assert len(views) > players, "the game should get past setup"
    for k, view in enumerate(views):
        if k % 5 and k != len(views) - 1:
            continue  # every fifth position and the last one keep the test fast
        r = render_campaign_trail(view)
        assert r.png.startswith(b"\x89PNG") and len(r.png) <= 100 * 1024
        for code in view.parties:
            assert f"({code[0]}) {view.ev[code]}" in r.alt
    last = views[-1]
    assert render_campaign_trail(last, "tiles").png.startswith(b"\x89PNG")
    assert render_campaign_trail(last, "closeup", states=["OH", "PA"]).png.startswith(b"\x89PNG")
    seat = state.seats[0]
    with pytest.raises(ValueError):
        render_campaign_trail(ruleset.view(state, seat))


def test_alt_text_names_politicks_in_play_and_the_ethically_minded_states(midgame) -> None:
    """The picture's panels count cards; the alt text names what is on the table and, with Dirty Politics,
    each party's ethically minded states."""
    from engine.campaign_trail.views import TabledView

    plain = render_campaign_trail(midgame)
    assert "Politicks in play" not in plain.alt and "Ethically minded" not in plain.alt
    seats = {k: v.model_copy() for k, v in midgame.seats.items()}
    dem = next(k for k, v in seats.items() if v.party == "DEM")
    seats[dem] = seats[dem].model_copy(update={"table": [
        TabledView(card=113, politick="intimidation", name="Intimidation", active=True),
        TabledView(card=38, politick="super_pac", name="Super PAC", active=False)]})
    dirty = midgame.model_copy(update={"seats": seats,
                                       "ethics": {"DEM": ["MD", "MA", "NJ", "CT", "WA"], "REP": ["GA", "KY", "MO", "AZ", "AL"],
                                                  "LIB": ["NC", "VA", "CO", "MN", "OR"]}})
    r = render_campaign_trail(dirty)
    assert "Politicks in play — Democrats: Intimidation, Super PAC." in r.alt
    assert "Ethically minded states: Democrats MD MA NJ CT WA; Republicans GA KY MO AZ AL; Libertarians NC VA CO MN OR." in r.alt
    assert {p.title for p in map_view(dirty).panels} == {p.title for p in map_view(midgame).panels}  # no panel is crowded out


def test_party_panels_count_politicks_in_play_while_every_panel_fits(midgame) -> None:
    from engine.campaign_trail.views import TabledView

    def with_tabled(view, counts):
        seats = {}
        for k, v in view.seats.items():
            n = counts.get(v.party, 0) if k == next(x for x, s in view.seats.items() if s.party == v.party) else 0
            seats[k] = v.model_copy(update={"table": [TabledView(card=i, politick="backlash", name="Backlash", active=True)
                                                      for i in range(n)]})
        return view.model_copy(update={"seats": seats})

    busy = with_tabled(midgame, {"DEM": 2, "REP": 1, "LIB": 3})
    for kind in ("map", "tiles"):
        panels = map_view(busy, kind=kind).panels
        assert [p.title for p in panels] == [p.title for p in map_view(midgame, kind=kind).panels]  # nothing crowded out
    rows = {p.title: dict(p.rows) for p in map_view(busy).panels}
    assert rows["Democrats"]["In play"] == "2" and rows["Republicans"]["In play"] == "1" and rows["Libertarians"]["In play"] == "3"
    assert "In play" not in {k for p in map_view(midgame).panels for k, _ in p.rows}
    im = Image.open(io.BytesIO(render_campaign_trail(busy, "tiles").png))
    assert im.size == (1600, 1000)


# ------------------------------------------------------------------ the full board on a phone


def _bot_game(options: dict, players: int, seed: int) -> list[CampaignTrailView]:
    """Every public view of a game the ruleset's own bots play to its end."""
    from engine.campaign_trail.ruleset import RULESET
    from engine.core.rng import Rng
    from engine.core.ruleset import owing_seats, play

    seats = RULESET.seat_names(players) if not options.get("ai") else RULESET.assign_seats(
        RULESET.seat_names(2)[:players], options)
    s = RULESET.setup(options, seats, seed)
    rng = Rng(seed)
    views = []
    while RULESET.outcome(s) is None:
        seat = owing_seats(RULESET, s)[0]
        s = play(RULESET, s, seat, [RULESET.bot_action(s, seat, rng)]).state
        views.append(RULESET.view(s, None))
    return views


@functools.lru_cache(maxsize=None)
def _boards(game: str) -> tuple[CampaignTrailView, CampaignTrailView]:
    """(mid-game, end) of the largest tables: three parties with Dirty Politics (three players, or six, whose pawns
    and home states crowd the boxes), or Solo Play against two AI parties."""
    views = {"dirty3": lambda: _bot_game({"dirty": True}, 3, 5), "dirty6": lambda: _bot_game({"dirty": True}, 6, 7),
             "solo": lambda: _bot_game({"ai": ["REP", "LIB"], "dirty": True}, 1, 3)}[game]()
    return views[len(views) // 2], views[-1]


@pytest.mark.parametrize("when", [0, 1], ids=["mid", "late"])
@pytest.mark.parametrize("game", ["dirty3", "dirty6", "solo"])
def test_every_number_on_the_full_board_is_legible_at_phone_width(game: str, when: int) -> None:
    """Scaled to 400 px wide, every nonzero voter count, every panel number and every register-track space is
    at least MIN_TEXT_PX tall, every state's code and EV at least MIN_HEAD_PX; no two boxes overlap; the board is a
    palette PNG of at most 100 KB, at most MAX_RATIO times as tall as wide, its alt text at most 1,024 characters,
    and drawn the same twice."""
    view = _boards(game)[when]
    r = render_campaign_trail(view, highlight=view.changed)
    im = Image.open(io.BytesIO(r.png))
    assert im.mode == "P" and len(r.png) <= 100 * 1024, len(r.png)
    assert im.size == (W, r.height) and r.height <= MAX_RATIO * r.width, r.height / r.width
    assert len(r.alt) <= 1024
    assert render_campaign_trail(view, highlight=view.changed).png == r.png
    drawn = {lb.abbr: lb.box for lb in r.labels}
    want = {f"{st.code}:{p}" for st in view.states for p, n in st.voters.items() if n}
    assert {a for a in drawn if a[:2].isupper() and ":" in a and not a.startswith("panel")} == want
    rows = layout(view, map_view(view))[1]  # a crowded board may leave out its decks' row
    panel = {f"panel:{row.title}:{label}" for row in rows for label, _ in row.fields}
    assert panel <= set(drawn) and len(panel) >= 3 * len(view.parties)
    if view.solo is not None:
        assert any(a.startswith("track:") for a in drawn)
    scale = PHONE_W / im.width
    phone = im.convert("RGB").resize((PHONE_W, round(im.height * scale)), Image.LANCZOS)
    small = {a: h for a, box in drawn.items() if ":" in a and not a.startswith(("code:", "ev:"))
             for h in [_count_height(phone, tuple(v * scale for v in box))] if h < MIN_TEXT_PX}
    assert not small, small
    heads = {a: _text_height(phone, tuple(v * scale for v in box)) for a, box in drawn.items()
             if a.startswith(("code:", "ev:"))}
    assert len(heads) == 2 * len(view.states)
    small = {a: h for a, h in heads.items() if h < MIN_HEAD_PX}
    assert not small, small
    boxes = sorted(box for a, box in drawn.items() if a in {st.code for st in view.states})
    assert len(boxes) == len(view.states)
    overlaps = [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]
    assert not overlaps, overlaps


def _count_height(im: Image.Image, box: tuple[float, float, float, float]) -> int:
    """Rows of ink in a count's box (a chip's inside, its ring left out; a value's place on a white row): pixels far
    from the box's most common colour, 1 px in from its edge (the ring's blur)."""
    left, top, right, bottom = box
    return _text_height(im, (left + 1, top + 1, right - 1, bottom - 1))


def _text_height(im: Image.Image, box: tuple[float, float, float, float]) -> int:
    """Rows of ink in a line of type on a plain ground: pixels far from the ground (the box's most common colour).
    Unlike _ink_height (a pill's digits, its ring cut off by an inset) the box is the type's own band, whole."""
    crop = im.crop(tuple(round(v) for v in box)).convert("RGB")
    bg = max(crop.getcolors(crop.width * crop.height))[1]
    rows = [y for y in range(crop.height)
            if any(max(abs(a - b) for a, b in zip(crop.getpixel((x, y)), bg)) > 80 for x in range(crop.width))]
    return rows[-1] - rows[0] + 1 if rows else 0


def test_the_board_shows_each_states_markers_fill_and_region() -> None:
    """What the map showed per state is still there: each state's box (code and EV), its fill by the majority
    (solid, light, tie stripes, grey), pawns, home states and cities as markers; the regions name their groups."""
    view = _boards("dirty6")[0]
    mv = map_view(view)
    items = board.entries(mv, regions(view))
    boxes = {e.code: e for e in items if not e.region and not e.key}
    assert set(boxes) == {st.code for st in view.states} and len(boxes) == 51
    assert [e.region for e in items if e.region][:2] == ["Pacific", "Mountain"]
    for st in view.states:
        e, sv = boxes[st.code], mv.states[st.code]
        assert e.ev == st.ev and tuple(e.markers) == tuple(sv.markers)
        assert sorted((c.party, c.count) for c in e.chips) == sorted((p, n) for p, n in st.voters.items() if n)
        k = mv.slot(st.majority) if st.majority in view.parties else None
        face = {"empty": "neutral", "tied": "tie_base", "solid": f"p{k}", "lean": f"p{k}l"}[sv.strength]
        assert e.face == face and (e.stripes == f"p{k}") == (sv.strength == "tied")
    assert sum(1 for e in boxes.values() for m in e.markers if m.kind == "city") == 10


def test_the_debate_row_shows_every_issue_marker() -> None:
    """During a debate the last row has every issue's marker (the furthest first), or as many as fit and a count
    of the rest ("+3"): none is dropped unsaid."""
    from engine.campaign_trail.views import DebateView, MarkerView

    view = _boards("dirty3")[0]
    names = ["Economy", "Defense", "Healthcare", "Education", "Environment", "Immigration", "Crime", "Energy",
             "Agriculture", "Infrastructure", "Foreign Policy", "Civil Rights"]
    markers = [MarkerView(issue=n.lower(), name=n, party=("DEM", "REP", None)[k % 3], space=k % 4)
               for k, n in enumerate(names)]
    debate = DebateView(nth=1, topic="Domestic", city="Cleveland", state="OH", seats=list(view.seats)[:2], round=2,
                        to_play="Democrats", markers=markers)
    view = view.model_copy(update={"debate": debate})
    ranked = [m.name for m in sorted(markers, key=lambda m: -m.space)]
    for count in (3, 12):  # a few: all of them; twelve: as many as fit, then how many more
        debate = debate.model_copy(update={"markers": markers[:count]})
        shown = view.model_copy(update={"debate": debate})
        fields = panel_rows(shown, map_view(shown))[-1].fields
        kept = [label for label, _ in fields if label != "more"]
        assert kept == [n for n in ranked if n in names[:count]][:len(kept)] and len(kept) >= 3
        more = count - len(kept)
        assert (fields[-1] == ("more", f"+{more}")) if more else fields[-1][0] != "more", fields
        r = render_campaign_trail(shown)
        assert {f"panel:Debate 1:{label}" for label, _ in fields} <= {lb.abbr for lb in r.labels}
    assert more, "twelve markers do not fit one row: the count is shown"


def test_the_win_line_never_cuts_a_bar_label() -> None:
    """The "270 to win" line runs clear of every party's EV figure on the bar: a figure whose middle it would cut
    moves to the wider side of it (or goes, the party's row has its EV too)."""
    from render.campaign_trail_panels import PAD, W
    from render.canvas import recording
    from render.widgets import win_x

    view = _boards("dirty3")[0]
    ev = {"DEM": 150, "REP": 240, "LIB": 148}  # 270 falls in the middle of the Republicans' 240
    with recording() as drawn:
        render_campaign_trail(view.model_copy(update={"ev": ev}))
    xm = win_x(PAD, W - PAD, 270, 538)
    bar = [d for d in drawn if d.box and d.text.split()[-1] in {str(n) for n in ev.values()} and d.box[1] < 200]
    assert {d.text for d in bar} >= {"R 240"}, [d.text for d in bar]
    assert all(not (d.box[0] - 4 <= xm <= d.box[2] + 4) for d in bar), [(d.text, d.box, xm) for d in bar]


def test_a_roomy_board_has_its_region_tags_and_key_and_a_crowded_one_gives_them_way() -> None:
    """Early in a two-player game every region's tag and the key are drawn; the busiest board (nearly every state
    held by three parties) leaves them out, and its decks' row, to stay within MAX_RATIO."""
    from render.canvas import recording

    roomy = _bot_game({}, 2, 3)[12]
    with recording() as drawn:
        r = render_campaign_trail(roomy)
    words = {d.text for d in drawn}
    assert {"Pacific", "Gulf", "Coast", "Appala-", "chian", "3+ ahead", "candidate", "last move"} <= words, words
    assert r.height <= MAX_RATIO * r.width
    busy = campaign_trail_midgame()
    with recording() as drawn:
        r = render_campaign_trail(busy)
    words = {d.text for d in drawn}
    assert not words & {"Pacific", "3+ ahead", "Decks"} and r.height <= MAX_RATIO * r.width


def test_a_crowded_debate_keeps_its_markers_on_one_line() -> None:
    """Late in a game the debate's six markers go on one line, as many as fit and how many more, so that the board
    stays within MAX_RATIO; with room they take two lines and every one is shown."""
    from engine.campaign_trail.views import DebateView, MarkerView

    names = ["Taxes", "Jobs", "National Debt", "Health Care", "Energy Costs", "Social Security"]
    markers = [MarkerView(issue=n.lower(), name=n, party=("DEM", "REP", None)[k % 3], space=k % 4)
               for k, n in enumerate(names)]
    for view, every in ((_boards("dirty3")[1], False), (_bot_game({}, 2, 3)[12], True)):
        debate = DebateView(nth=2, topic="Domestic", city="Nashville", state="TN", seats=list(view.seats)[:2],
                            round=2, to_play="DEM", markers=markers)
        view = view.model_copy(update={"debate": debate, "phase": "debate", "winners": [], "current_party": None})
        r = render_campaign_trail(view)
        fields = layout(view, map_view(view))[1][-1].fields
        assert r.height <= MAX_RATIO * r.width
        assert {f"panel:Debate 2:{label}" for label, _ in fields} <= {lb.abbr for lb in r.labels}
        assert (fields[-1][0] != "more") == every, fields
        if not every:
            assert fields[-1] == ("more", f"+{len(names) - len(fields) + 1}")
