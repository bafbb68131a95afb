"""The Presidential Election picture and words, from real views: seeded games played by the ruleset's own
bot to a midgame, a late round and the end, for two and six players. At six players (its largest table) the
board is scaled to a phone's 400 px and every count above a ballot's 1, every state's code and EV and every number
in the players' table is measured where it was drawn: at least MIN_PX (render/canvas.MIN_CAP_PX) tall."""
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
from render.canvas import MIN_CAP_PX as MIN_PX
from render.presidential_election import W, render_presidential_election
from tests.render.test_closeup import PHONE_W, _ink_height

MAX_BYTES = 100 * 1024
# Height to width: a taller picture is previewed narrower. The busiest six-player ends are ~1.39 × the width.
TALLEST = 1.4
MIDGAME_ROUND = 4
LATE_ROUND = 8


def _reached(state: PEState, until: str) -> bool:
    if until == "end":
        return False  # the game's end, found by the loop
    if until == "advantage":
        return state.phase == "advantage"
    return state.phase == "play" and state.round >= (MIDGAME_ROUND if until == "mid" else LATE_ROUND)


class _Played:
    """A seeded game played with the bot only as far as a test has asked, each stop kept: later stops go on from
    the furthest position reached rather than from the setup."""

    def __init__(self, players: int, seed: int) -> None:
        self.rng = Rng(seed)
        self.state = R.setup({}, R.seat_names(players), seed)
        self.changed: tuple[str, ...] = ()
        self.moves = 0
        self.stops: dict[str, tuple[PEState, tuple[str, ...]]] = {}

    def until(self, until: str) -> tuple[PEState, tuple[str, ...]]:
        while until not in self.stops:
            if R.outcome(self.state) is not None or self.moves >= 20000:
                return self.state, self.changed
            self.stops |= {u: (self.state, self.changed) for u in ("mid", "late", "advantage")
                           if u not in self.stops and _reached(self.state, u)}
            if until in self.stops:
                break
            seat = owing_seats(R, self.state)[0]
            result = play(R, self.state, seat, [R.bot_action(self.state, seat, self.rng)])
            self.state, self.changed, self.moves = result.state, tuple(result.changed), self.moves + 1
        return self.stops[until]


@lru_cache(maxsize=None)
def _played(players: int, seed: int) -> _Played:
    return _Played(players, seed)


def _game(players: int, seed: int, until: str) -> tuple[PEState, tuple[str, ...]]:
    """Play a seeded game with the bot until `until`: "mid" (round 4 under way), "late" (round 8), "advantage"
    (a seat is choosing its Advantage) or "end". Returns the state and the states the last move changed."""
    return _played(players, seed).until(until)


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
    assert im.format == "PNG" and im.size == (r.width, r.height) == (W, r.height)
    assert 0.8 * W < r.height <= TALLEST * r.width  # a taller picture is previewed narrower
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


def _phone(r) -> tuple[Image.Image, float]:  # noqa: ANN001 - a Rendered
    im = Image.open(io.BytesIO(r.png))
    scale = PHONE_W / im.width
    return im.convert("RGB").resize((PHONE_W, round(im.height * scale)), Image.LANCZOS), scale


@pytest.mark.parametrize("until", ["mid", "late", "end"])
def test_every_count_reads_on_a_phone_at_six_players(until: str) -> None:
    """Every count above 1 (a ballot's own vote) of every state is drawn on its seat's chip, digits at least
    MIN_PX tall at 400 px wide; the picture stays ≤ 100 KB and no taller than TALLEST × its width."""
    view, changed = _public(6, until)
    r = render_presidential_election(view, highlight=changed)
    assert len(r.png) <= MAX_BYTES and r.height <= TALLEST * r.width, (len(r.png), r.height)
    assert len(r.alt) <= 1024
    phone, scale = _phone(r)
    rgb = Image.open(io.BytesIO(r.png)).convert("RGB")
    labels = {lb.abbr: lb for lb in r.labels}
    assert set(view.states) <= set(labels), "every state has its box"
    counts = {f"{code}:{seat}": n for code, st in view.states.items() for seat, n in st.votes.items() if n > 1}
    assert len(counts) >= 30 and any(n >= 10 for n in counts.values()), "a real game, two-digit counts too"
    assert {a for a in labels if ":" in a} == set(counts), "a chip for each count above 1, none for a 1"
    # (the panels' and status line's boxes are named without a colon: test_every_panel_number_reads_on_a_phone)
    for key, n in counts.items():
        lb = labels[key]
        height = _ink_height(phone, tuple(v * scale for v in lb.box))
        assert height >= MIN_PX, (key, n, height)
        x0, y0, x1, y1 = lb.box  # the chip is the seat's colour, right of the digits and inside its ring
        slot = sorted(view.players).index(key.split(":")[1])
        assert rgb.getpixel((x1 - 6, (y0 + y1) // 2)) == _solid(slot), key
    code_boxes = [labels[c].box for c in view.states]
    assert all(a[3] <= b[1] or b[3] <= a[1] or a[2] <= b[0] or b[2] <= a[0]
               for i, a in enumerate(code_boxes) for b in code_boxes[i + 1:]), "boxes never overlap"


def _label_ink(phone: Image.Image, box: tuple[float, ...]) -> int:
    """Rows of ink in a label box less 3 px each side (as test_closeup's _ink_height), against the colour most
    common in the whole box: a short bold code fills most of its own crop, so the crop alone may take the
    letters for the background."""
    left, top, right, bottom = (round(v) for v in box)
    whole = phone.crop((left, top, right, bottom))
    bg = max(whole.getcolors(whole.width * whole.height))[1]
    inner = phone.crop((left + 3, top + 3, right - 3, bottom - 3))
    rows = [y for y in range(inner.height)
            if any(max(abs(a - b) for a, b in zip(inner.getpixel((x, y)), bg)) > 80 for x in range(inner.width))]
    return rows[-1] - rows[0] + 1 if rows else 0


def _head_heights(view: PEView, changed: tuple[str, ...]) -> dict[str, int]:
    """Each state's code and EV ink height (px) once the board is 400 px wide, by label ("AK code", "AK EV")."""
    r = render_presidential_election(view, highlight=changed)
    phone, scale = _phone(r)
    labels = {lb.abbr: lb for lb in r.labels}
    keys = [f"{code} {part}" for code in sorted(view.states) for part in ("code", "EV")]
    assert set(keys) <= set(labels), "every state's code and EV is labelled"
    boxes = {k: labels[k].box for k in keys}
    for code in view.states:  # each inside its own state's box, the code left of the EV
        outer, c, e = labels[code].box, boxes[f"{code} code"], boxes[f"{code} EV"]
        assert outer[0] <= c[0] < e[0] < e[2] <= outer[2] and outer[1] <= min(c[1], e[1]) <= max(c[3], e[3]) <= outer[3]
    return {k: _label_ink(phone, tuple(v * scale for v in b)) for k, b in boxes.items()}


@pytest.mark.parametrize("until", ["mid", "late", "end"])
def test_every_state_code_and_ev_reads_on_a_phone_at_six_players(until: str) -> None:
    """Every state's code and its electoral votes are at least MIN_PX tall once the board is 400 px wide,
    each measured in its own box (the EV's does not reach the code's ink, nor the code's the EV's)."""
    view, changed = _public(6, until)
    heights = _head_heights(view, changed)
    short = {k: h for k, h in heights.items() if h < MIN_PX}
    assert not short, short
    assert max(heights.values()) <= 14, "a crop that holds a code or EV alone (a 56-px J's tail is 12)"


def test_a_smaller_code_or_ev_fails_the_phone_measure() -> None:
    """The measure can fail: in 34-px type a code (but NJ, whose J has a tail) or an EV is under 10 px on a phone."""
    from render import presidential_election_states as states

    view, changed = _public(6, "late")
    saved = states.F_CODE, states.F_EV
    try:
        states.F_CODE = states.font(34)
        small = _head_heights(view, changed)
        assert _short(small, " code") == 50 and _short(small, " EV") == 0, small
        states.F_CODE, states.F_EV = saved[0], states.font(34, False)
        small = _head_heights(view, changed)
        assert _short(small, " EV") == 51 and _short(small, " code") == 0, small
    finally:
        states.F_CODE, states.F_EV = saved


def _short(heights: dict[str, int], part: str) -> int:
    return sum(h < MIN_PX for k, h in heights.items() if k.endswith(part))


def _solid(slot: int) -> tuple[int, int, int]:
    from render import colours as C
    from render.presidential_election import COLOURS

    return C.party_tones(COLOURS[slot])[0]


def test_the_boxes_say_who_is_off_a_ballot_and_who_leads() -> None:
    """Mid-game at six: a state with a seat off its ballot is tagged with that seat's number; a state everyone
    has at 1 is a tie (striped), with no chip; a state with one leader is filled in its colour."""
    from render.presidential_election import map_view
    from render.presidential_election_states import entries

    view, changed = _public(6, "mid")
    mv = map_view(view, changed)
    book = {e.code: e for e in entries(mv, {c: s.votes for c, s in view.states.items()},
                                       {c: s.ev for c, s in view.states.items()})}
    assert list(book) == sorted(view.states)
    off = {c: sorted(set(view.players) - set(s.votes)) for c, s in view.states.items() if len(s.votes) < 6}
    assert off, "a real mid-game has seats off some ballots"
    for code, seats in off.items():
        assert book[code].tag == "off " + " ".join(s[1:] for s in seats)
    level = [c for c, s in view.states.items() if len(s.votes) == 6 and set(s.votes.values()) == {1}]
    assert level and all(book[c].stripes and not book[c].chips for c in level)
    led = [c for c, s in view.states.items() if s.leader]
    assert led and all(book[c].face.startswith(f"p{sorted(view.players).index(view.states[c].leader)}")
                       for c in led)
    assert {c for c, e in book.items() if e.highlight} == set(changed)


@pytest.mark.parametrize("until", ["mid", "late", "end"])
def test_every_panel_number_reads_on_a_phone_at_six_players(until: str) -> None:
    """Each player's money, ballots, electoral votes and trail space, and the status line (round, whose turn, the
    money spent, or the winner), are drawn with ink at least MIN_PX tall once the board is 400 px wide; each
    number's row holds that player's number and the status line says whose turn it is."""
    view, changed = _public(6, until)
    r = render_presidential_election(view, highlight=changed)
    phone, scale = _phone(r)
    labels = {lb.abbr: lb for lb in r.labels}
    ev = view.scores if until == "end" else {s: p.projected_ev for s, p in view.players.items()}
    numbers = {}
    for seat, p in view.players.items():
        numbers |= {f"{seat} $k": p.money, f"{seat} Ballots": p.ballots, f"{seat} EV": ev.get(seat, 0),
                    f"{seat} Trail": p.trail}
    assert set(numbers) | {"status"} <= set(labels)
    assert any(n >= 100 for n in numbers.values()), "three-digit numbers too"
    for key in [*numbers, *(a for a in labels if a.startswith("status"))]:
        height = _ink_height(phone, tuple(v * scale for v in labels[key].box))
        assert height >= MIN_PX, (key, numbers.get(key), height)
    rows = [labels[k].box for k in numbers]
    assert all(a[3] <= b[1] or b[3] <= a[1] or a[2] <= b[0] or b[2] <= a[0]
               for i, a in enumerate(rows) for b in rows[i + 1:]), "one number a row"
    assert max(lb.box[3] for lb in r.labels if lb.abbr.startswith("status")) < min(b[1] for b in rows)


def test_a_panel_number_is_the_players() -> None:
    """The panels draw the view's numbers: a player's money changed in the view changes the ink in its $k row
    only (among the panels' rows), and a number in a smaller type fails the phone measure."""
    from PIL import ImageChops

    from render import presidential_election_panels as panels

    view, changed = _public(6, "mid")
    seat = sorted(view.players)[2]
    players = dict(view.players)
    players[seat] = players[seat].model_copy(update={"money": players[seat].money + 770})
    a = render_presidential_election(view, highlight=changed)
    b = render_presidential_election(view.model_copy(update={"players": players}), highlight=changed)
    diff = ImageChops.difference(Image.open(io.BytesIO(a.png)).convert("RGB"),
                                 Image.open(io.BytesIO(b.png)).convert("RGB"))
    box = {lb.abbr: lb.box for lb in a.labels}[f"{seat} $k"]
    changed_box = diff.getbbox()
    assert changed_box is not None and box[1] <= changed_box[1] and changed_box[3] <= box[3]
    small = panels.F_BIG
    try:  # the measure can fail: at 34 px the same digits are under 10 px on a phone
        panels.F_BIG = panels.font(34)
        c = render_presidential_election(view, highlight=changed)
        phone, scale = _phone(c)
        box = {lb.abbr: lb.box for lb in c.labels}[f"{seat} $k"]
        assert 0 < _ink_height(phone, tuple(v * scale for v in box)) < MIN_PX
    finally:
        panels.F_BIG = small
