"""The 1960: The Making of the President picture and words, from real views: a seeded game played by the
ruleset's own bot — mid-game (a card being played), the Debates on turn 6, Election Day and the end. Scaled to a
phone's 400 px, every state's support, code and electoral votes are measured where they were drawn."""
from __future__ import annotations

import io
import json
import math
from functools import lru_cache

import pytest
from PIL import Image, ImageChops

from bot.present import for_view
from bot.present.nineteen_sixty import NineteenSixtyPresenter, card_line
from engine.core.rng import Rng
from engine.core.posting import EMPTY, Posting, outlined
from engine.core.ruleset import owing_seats, play, play_posted
from engine.nineteen_sixty.content import load
from engine.nineteen_sixty.ruleset import RULESET as R
from engine.nineteen_sixty.state import SEATS, SIDE_OF, NSState
from engine.nineteen_sixty.views import NSView
from render import registry
from render.canvas import MIN_CAP_PX, recording
from render.nineteen_sixty import render_nineteen_sixty
from render.nineteen_sixty_top import F_BAR
from render.types import Rendered
from render.usdata import NAMES
from tests.render.test_closeup import MIN_TEXT_PX, PHONE_W, _ink_height

MAX_BYTES = 100 * 1024
# Height to width: a taller picture is previewed narrower. The events in play are listed as far as this allows.
TALLEST = 1.5
# A state's code and electoral votes, a region's EV total: ink at least this tall on a phone (7 px at 38-px type)
MIN_CODE_PX = 10
SEED = 1
UNTIL = ("mid", "debate", "election", "over")


def _reached(state: NSState, until: str) -> bool:
    if until == "mid":  # turn 4, a card on the table mid-play
        return state.turn == 4 and state.phase == "activity" and state.play is not None
    if until == "debate":  # an issue already won: the board has cards, totals and a winner
        return state.phase == "debate" and state.debate is not None and state.debate.awarded >= 1
    if until == "election":
        return state.phase == "election"
    return False


@lru_cache(maxsize=None)
def _played(until: str, seed: int = SEED) -> tuple[NSState, Posting]:
    """Play a seeded game at a table with the bot until `until` (see _reached), or to the end for "over"."""
    rng = Rng(seed)
    state, posting = R.setup({}, R.seat_names(2), seed), EMPTY
    for _ in range(5000):
        if R.outcome(state) is not None or _reached(state, until):
            break
        seat = owing_seats(R, state)[0]
        played = play_posted(R, state, posting, seat, [R.bot_action(state, seat, rng)])
        state, posting = played.result.state, played.posting
    assert until == "over" or _reached(state, until), until
    return state, posting


def _game(until: str, seed: int = SEED) -> NSState:
    return _played(until, seed)[0]


def _public(until: str) -> NSView:
    """The board as the channel sees it: what the last post changed outlined."""
    state, posting = _played(until)
    return outlined(R.view(state, None), posting)  # type: ignore[return-value]


def _hidden_names(state: NSState, view: NSView) -> set[str]:
    """Names of cards nobody else may see: both hands, the Campaign Strategy stacks (sealed), the cards being
    chosen for them, the deck. A name that the public view itself shows (a card's text may name another
    card; a name may be a state's) is no leak and is left out."""
    public = view.model_dump_json()
    cards = load().cards
    ids = set(state.deck)
    for side in state.sides.values():
        ids |= set(side.hand) | set(side.strategy) | set(side.picking)
    return {cards[i].name for i in ids} - {n for n in (cards[i].name for i in ids) if n in public}


def _sealed_names(state: NSState) -> set[str]:
    cards = load().cards
    return {cards[i].name for side in state.sides.values() for i in side.strategy}


@pytest.mark.parametrize("until", UNTIL)
def test_the_picture_of_a_real_game(until: str) -> None:
    view = _public(until)
    assert view.phase == {"mid": "activity", "debate": "debate", "election": "election", "over": "over"}[until]
    r = render_nineteen_sixty(view, highlight=view.changed)
    im = Image.open(io.BytesIO(r.png))
    assert im.format == "PNG" and im.mode == "P" and im.size == (r.width, r.height) == (1000, r.height)
    assert 1100 < r.height <= TALLEST * r.width, r.height
    assert len(r.png) <= MAX_BYTES, len(r.png)
    assert r.alt.startswith("1960: The Making of the President: ") and len(r.alt) <= 1024  # Discord keeps 1,024
    for seat, side in view.sides.items():
        assert f"{side.name} ({side.side}, {'blue' if seat == 'KEN' else 'red'}): {side.ev_led} EV led of 269" in r.alt
        assert f"momentum {side.momentum}, {side.bag} cubes in the bag" in r.alt
    assert f"Bag: {view.bag['K']} blue (Kennedy), {view.bag['N']} red (Nixon)." in r.alt
    assert "269 of 537 needed to win" in r.alt or until == "over"  # the final tally says it at the end
    assert "East" in r.alt and "West" in r.alt  # the regions, with their counts or at least named
    for i in view.track:
        assert i.name in r.alt
    if until == "mid":
        assert r.alt.count("Turn 4 of 9") >= 1 and "Playing now:" in r.alt
        assert "States led: Kennedy" in r.alt
    if until == "debate":
        d = view.debate
        assert d is not None and "The Debates, round" in r.alt
        for i in d.issues:
            assert f"{i.name}: Kennedy {i.totals['K']}" in r.alt
            if " CP)" in r.alt:  # the cards, where they fit
                for c in i.kennedy + i.nixon:
                    assert c.name in r.alt
        assert any(f"won by {n}" in r.alt for n in ("Kennedy", "Nixon"))
    if until == "over":
        assert view.winner in SEATS or view.draw
        k, n = view.votes["KEN"], view.votes["NIX"]
        assert f"Final tally: Kennedy {k}, Nixon {n}" in r.alt
        if not view.draw:
            assert f"{view.sides[view.winner].name} wins" in r.alt


@pytest.mark.parametrize("until", UNTIL)
def test_no_hidden_card_is_named(until: str) -> None:
    """Neither hand, no sealed Campaign Strategy card, nothing of the deck: not in the public view the picture
    is drawn from, and not in the alt text it writes."""
    state = _game(until)
    view = R.view(state, None)
    assert view.me is None
    r = render_nineteen_sixty(view)
    hidden = _hidden_names(state, view)
    sealed = _sealed_names(state)
    if until == "mid":  # turn 4: each side has stacks sealed for the Debates (revealed on turn 6 and 9)
        assert sealed and sealed <= hidden | {n for n in sealed if n in view.model_dump_json()}
    assert hidden
    for name in hidden:
        assert name not in r.alt, name
    # the picture itself is a function of the public view: the same view, the same bytes
    assert render_nineteen_sixty(R.view(state, None)).png == r.png


def test_the_last_posts_states_are_outlined() -> None:
    view = _public("over")  # Election Day changes many states at once
    codes = {s.code for s in view.states}
    changed = [c for c in view.changed if c in codes]
    assert changed
    plain = render_nineteen_sixty(view, highlight=[])
    marked = render_nineteen_sixty(view)  # highlight defaults to the view's own changed
    assert "changed by the last move" in marked.alt and "changed by the last move" not in plain.alt
    assert all(NAMES[c] in marked.alt for c in sorted(changed)[:8])
    a = Image.open(io.BytesIO(plain.png)).convert("RGB")
    b = Image.open(io.BytesIO(marked.png)).convert("RGB")
    box = ImageChops.difference(a, b).getbbox()
    assert box is not None and box[1] < _board_bottom(marked)  # the frames are on the state board


def test_one_changed_state_is_outlined_and_only_on_the_map() -> None:
    view = _public("mid")
    plain = render_nineteen_sixty(view, highlight=[])
    marked = render_nineteen_sixty(view, highlight=["TX"])
    assert "Outlined, changed by the last move: Texas (" in marked.alt
    diff = ImageChops.difference(Image.open(io.BytesIO(plain.png)).convert("RGB"),
                                 Image.open(io.BytesIO(marked.png)).convert("RGB")).getbbox()
    texas = next(lb.box for lb in marked.labels if lb.abbr == "TX")
    assert diff is not None and diff[3] <= _board_bottom(marked)
    assert diff[0] <= texas[0] and texas[2] <= diff[2] and diff[2] - diff[0] < texas[2] - texas[0] + 30  # Texas's


def _board_bottom(r: Rendered) -> int:
    return max(lb.box[3] for lb in r.labels)


@pytest.mark.parametrize("until", UNTIL)
def test_every_states_support_reads_on_a_phone(until: str) -> None:
    """Every state has its box on the state board, under its region's; every state with cubes has its support
    ("K2") drawn in the leader's letter with digits at least MIN_TEXT_PX tall once the board is 400 px wide."""
    view = _public(until)
    r = render_nineteen_sixty(view, highlight=view.changed)
    assert len(r.png) <= MAX_BYTES, len(r.png)
    im = Image.open(io.BytesIO(r.png))
    scale = PHONE_W / im.width
    phone = im.convert("RGB").resize((PHONE_W, round(im.height * scale)), Image.LANCZOS)
    labels = {lb.abbr: lb for lb in r.labels}
    assert {s.code for s in view.states} <= set(labels), "every state has its box"
    support = {f"{s.code}:{'KEN' if s.leader == 'K' else 'NIX'}": s for s in view.states if s.leader and s.cubes}
    assert len(support) >= 30 and {k.split(":")[1] for k in support} == {"KEN", "NIX"}
    supports = {a for a in labels if ":" in a and a.split(":")[0] not in ("code", "ev", "region")}
    assert supports == set(support), "a support label for each state with cubes"
    for key, st in support.items():
        lb = labels[key]
        height = _ink_height(phone, tuple(v * scale for v in lb.box))
        assert height >= MIN_TEXT_PX, (key, st.cubes, height)
        assert lb.box[0] >= labels[st.code].box[0] and lb.box[2] <= labels[st.code].box[2], "inside its state's box"
    boxes = [labels[s.code].box for s in view.states]
    assert all(a[3] <= b[1] or b[3] <= a[1] or a[2] <= b[0] or b[2] <= a[0]
               for i, a in enumerate(boxes) for b in boxes[i + 1:]), "boxes never overlap"
    # grouped by region, East, Midwest, South and West: a region's boxes come after the previous region's
    order = {"E": 0, "MW": 1, "S": 2, "W": 3}
    reading = sorted(view.states, key=lambda s: (labels[s.code].box[1], labels[s.code].box[0]))
    assert [order[s.region] for s in reading] == sorted(order[s.region] for s in view.states)


def _text_height(phone: Image.Image, box: tuple[float, float, float, float]) -> int:
    """Rows of ink in the phone pixels a text's own ink box touches (the renderer's label is the box cv.text drew):
    pixels far from the most common colour there. Unlike _ink_height no margin is cropped, so a box's outline
    5 px away stays out and small type cannot borrow its height."""
    left, top, right, bottom = box
    im = phone.crop((math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom)))
    bg = max(im.getcolors(im.width * im.height))[1]
    rows = [y for y in range(im.height)
            if any(max(abs(a - b) for a, b in zip(im.getpixel((x, y)), bg)) > 80 for x in range(im.width))]
    return rows[-1] - rows[0] + 1 if rows else 0


@pytest.mark.parametrize("until", ("mid", "debate", "over"))
def test_every_states_code_and_votes_read_on_a_phone(until: str) -> None:
    """Scaled to PHONE_W, each state's code and electoral votes, inside its box, and each region head's name
    and "153 EV" have ink at least MIN_CODE_PX tall (the support beside them is checked above)."""
    view = _public(until)
    r = render_nineteen_sixty(view, highlight=view.changed)
    im = Image.open(io.BytesIO(r.png))
    scale = PHONE_W / im.width
    phone = im.convert("RGB").resize((PHONE_W, round(im.height * scale)), Image.LANCZOS)
    labels = {lb.abbr: lb for lb in r.labels}
    heads = [(f"{kind}:{s.code}", labels[s.code].box) for s in view.states for kind in ("code", "ev")]
    heads += [(f"{kind}:{g.name}", None) for g in view.regions for kind in ("region", "ev")]
    short = {}
    for key, within in heads:
        assert key in labels, key
        box = labels[key].box
        if within is not None:
            assert within[0] < box[0] and box[2] < within[2] and within[1] < box[1] and box[3] < within[3], key
        height = _text_height(phone, tuple(v * scale for v in box))
        if height < MIN_CODE_PX:
            short[key] = height
    assert not short, short


@pytest.mark.parametrize("until", UNTIL)
def test_every_word_reads_on_a_phone(until: str) -> None:
    """Every text the board draws — the status line, the panels, the Issues Track, the regions, the Debates' issues
    and cards, the draw, the events — has capitals at least MIN_CAP_PX tall once the board is PHONE_W wide."""
    view = _public(until)
    with recording() as drawn:
        r = render_nineteen_sixty(view, highlight=view.changed)
    small = [(d.text, d.size) for d in drawn if d.cap * PHONE_W < MIN_CAP_PX * r.width]
    assert len(drawn) >= 150 and not small, small[:12]
    words = " ".join(d.text for d in drawn)
    assert "momentum" in words and "Events in play" in words and ("Issues" in words or until == "debate")
    if until == "debate":
        for issue in view.debate.issues:
            assert issue.name in words


@pytest.mark.parametrize("until", UNTIL + ("landslide",))
def test_the_votes_to_win_line_never_cuts_a_total(until: str) -> None:
    """The ink line at 269 on the electoral-vote bar runs clear of both sides' totals ("K 293"), also when one
    side's part of the bar runs far past it (the landslide: its total in the middle of its part would be cut)."""
    view = _public("over" if until == "landslide" else until)
    if until == "landslide":
        view = view.model_copy(update={"votes": {"KEN": 470, "NIX": 67}})
    with recording() as drawn:
        r = render_nineteen_sixty(view, highlight=view.changed)
    totals = [d for d in drawn if d.size <= F_BAR.size and d.text[:2] in ("K ", "N ") and d.text[2:].isdigit()]
    assert len(totals) == 2, totals
    x0, x1 = 10, r.width - 10  # the bar spans the picture but for its margins
    line = x0 + (x1 - x0) * view.ev_to_win / sum(s.ev for s in view.states)
    for d in totals:
        assert d.box[2] + 4 < line - 3 or line + 3 < d.box[0] - 4, (d.text, d.box, line)


def test_a_state_box_is_its_leaders_colour() -> None:
    """A carried state's box is the leader's solid colour with white digits; a state only led is lighter; the
    support's ink is the state's count (a state with one more cube draws other digits)."""
    from render import colours as C

    view = _public("mid")
    r = render_nineteen_sixty(view, highlight=[])
    rgb = Image.open(io.BytesIO(r.png)).convert("RGB")
    labels = {lb.abbr: lb for lb in r.labels}
    for st in view.states:
        if not st.leader:
            continue
        solid, lean = C.party_tones("blue" if st.leader == "K" else "red")
        x0, y0, x1, y1 = labels[st.code].box
        assert rgb.getpixel((x1 - 4, y0 + 4)) == (solid if st.carried else lean), st.code  # above the support
    one = next(s for s in view.states if s.leader and s.cubes < 9)
    more = view.model_copy(update={"states": [s.model_copy(update={"cubes": s.cubes + 1}) if s is one else s
                                              for s in view.states]})
    r2 = render_nineteen_sixty(more, highlight=[])
    diff = ImageChops.difference(rgb, Image.open(io.BytesIO(r2.png)).convert("RGB")).getbbox()
    key = f"{one.code}:{'KEN' if one.leader == 'K' else 'NIX'}"
    assert diff is not None and labels[key].box[1] <= diff[1] and diff[3] <= labels[key].box[3]


def test_a_draw_is_told() -> None:
    """A bot game rarely ends 268–269 the other way: the real end view with the result set to a draw."""
    view = _public("over").model_copy(update={"winner": None, "draw": True, "votes": {"KEN": 268, "NIX": 269},
                                              "reason": "nobody reaches 269"})
    r = render_nineteen_sixty(view)
    assert "Draw — 268–269." in r.alt and "wins" not in r.alt.split("Final tally")[1]


def test_the_registry_draws_it() -> None:
    view = _public("mid")
    renderer = registry.get(view.ruleset)
    assert renderer is not None and renderer.highlight and renderer.filename == "nineteen_sixty.png"
    assert renderer.draw(view).png.startswith(b"\x89PNG")


def test_only_the_public_view_is_drawn() -> None:
    state = _game("mid")
    with pytest.raises(ValueError):
        render_nineteen_sixty(R.view(state, "KEN"))
    with pytest.raises(TypeError):
        render_nineteen_sixty(state)


# ------------------------------------------------------------------ the words


def _private_words(view: NSView, seat: str) -> str:
    presenter = for_view(view)
    assert isinstance(presenter, NineteenSixtyPresenter)
    sections = presenter.brief_sections(view, seat)
    return presenter.hand_text(view) + "\n" + "\n".join(h + "\n" + "\n".join(lines) for h, lines in sections)


@pytest.mark.parametrize("until", ("mid", "debate", "election"))
def test_a_side_reads_its_own_cards_and_never_the_other_sides(until: str) -> None:
    state = _game(until)
    cards = load().cards
    for seat in SEATS:
        other = SEATS[1] if seat == SEATS[0] else SEATS[0]
        view = R.view(state, seat)
        words = _private_words(view, seat)
        console = for_view(view).hand_text(view)
        for card in view.me.hand + view.me.strategy + view.me.picking:
            assert f"`{card.id}` {card.name}" in words  # the DM names each own card (by name while it waits)
            assert card_line(card) in console and f"Election Day {card.state}" in console  # the console in full
        assert f"{view.sides[seat].momentum} momentum marker" in words
        assert load().candidates[SIDE_OF[seat]].name in words
        own = state.sides[SIDE_OF[seat]].hand + state.sides[SIDE_OF[seat]].strategy
        mine = " ".join(f"{cards[i].name} {cards[i].text}" for i in own)
        public = R.view(state, None).model_dump_json()
        theirs = state.sides[SIDE_OF[other]]
        for i in theirs.hand + theirs.strategy + theirs.picking:
            name = cards[i].name
            # a name my own card (its name or its text: a prevention card names what it blocks) or the board
            # shows is no leak
            if name not in mine and name not in public:
                assert name not in words, (seat, name)
        # a side's own words never land in the other side's brief
        assert for_view(view).brief_sections(view, other) == []


def test_the_strategy_stack_is_in_its_owners_brief() -> None:
    state = _game("mid")
    seat = next(s for s in SEATS if state.sides[SIDE_OF[s]].strategy)
    view = R.view(state, seat)
    sections = dict(for_view(view).brief_sections(view, seat))
    stack = next(lines for head, lines in sections.items() if head.startswith("Campaign Strategy stack"))
    assert all(f"`{c.id}` {c.name}" in "\n".join(stack) for c in view.me.strategy)


@pytest.mark.parametrize("until", UNTIL)
def test_the_board_text_is_public_and_short(until: str) -> None:
    state = _game(until)
    view = R.view(state, None)
    board = for_view(view).board_text(view)
    # /game status splits it over embed fields at line breaks, never cutting: each line fits a field, the whole an embed
    assert board and len(board) <= 6000 and max(len(line) for line in board.splitlines()) <= 1024, len(board)
    for side in view.sides.values():
        assert f"{side.name} ({side.side})" in board
    for name in _hidden_names(state, view):
        assert name not in board, name
    if until == "over":
        assert json.dumps(view.votes["KEN"]) in board


def test_the_vice_presidents_are_drawn_and_told() -> None:
    """Option vp=on: each candidate's VP card waits beside him, face up, until played."""
    rng = Rng(3)
    state = R.setup({"vp": "on"}, R.seat_names(2), 3)
    for _ in range(200):
        if state.turn >= 3 or R.outcome(state) is not None:
            break
        seat = owing_seats(R, state)[0]
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
    view = R.view(state, None)
    waiting = [s for s in view.sides.values() if s.vp_card is not None]
    assert waiting
    r = render_nineteen_sixty(view)
    for s in waiting:
        assert f"VP card {s.vp_card.name} waiting" in r.alt
    assert len(r.png) <= MAX_BYTES
    seat = waiting[0].seat
    words = _private_words(R.view(state, seat), seat)
    assert f"VP card waiting: {waiting[0].vp_card.id} {waiting[0].vp_card.name}" in words


def test_an_unawarded_state_is_crossed_out_at_the_end() -> None:
    """Unpledged Electors: a state led by too few cubes gives its votes to nobody; the map marks it and the tally
    leaves it out. A finished game's tally is redone with Alabama unawarded (the engine's side of it is pinned
    by the scenario cases in tests/scenarios/nineteen_sixty/election.yaml)."""
    state = _game("over").model_copy(deep=True)
    state.support["AL"] = 2
    state.unawarded = ["AL"]
    state.votes = {seat: sum(load().states[code].ev for code, v in state.support.items()
                             if code != "AL" and (v > 0 if seat == "KEN" else v < 0)) for seat in SEATS}
    view = R.view(state, None)
    r = render_nineteen_sixty(view)
    assert f"unawarded: {', '.join(view.unawarded)}" in r.alt
    assert sum(view.votes.values()) + sum(s.ev for s in view.states if s.code in view.unawarded) == 537
