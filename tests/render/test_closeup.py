"""A turn's close-up is readable on a phone: real mid-game states of each map ruleset, played by the
rulesets' own bots, are captioned and drawn, then scaled to 400 px wide — a phone's width in a Discord channel —
and the count pills' digits are measured in the scaled pixels: at least 14 px tall."""
from __future__ import annotations

import io
from functools import lru_cache

import pytest
from PIL import Image

from bot.present import for_ruleset
from bot.present.changes import changed_codes, summarise
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from render import registry as renderers
from render.closeup import CLOSEUP_W

PHONE_W = 400
MIN_TEXT_PX = 14
MAP_RULESETS = ["campaign_trail", "presidential_election", "nineteen_sixty"]
POSTS = 12  # captioned posts before the one drawn: well into the game


def captioned_posts(name: str, seats: list[str] | None, seed: int):  # noqa: ANN201 - a generator
    """(public view, changed states, caption) of each captioned post of a game the ruleset's own bots play to its
    end, the caption taken from the board as the channel last saw it (the post before), as the manager does."""
    ruleset = registry.get(name)
    state = ruleset.setup({}, seats, seed)
    presenter = for_ruleset(name)
    rng = Rng(seed)
    shown = presenter.tally(ruleset.view(state, None))
    while ruleset.outcome(state) is None:
        seat = owing_seats(ruleset, state)[0]
        result = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)])
        state = result.state
        if not any(e.public for e in result.events):
            continue
        view = ruleset.view(state, None)
        now = presenter.tally(view)
        caption, codes = summarise(shown, now, seat), changed_codes(shown, now)
        shown = now
        if caption:
            yield view, codes, caption


@lru_cache(maxsize=None)
def _mid_game(name: str):  # noqa: ANN202
    """A captioned post well into a bot-played game that changed two states or more, with counts left."""
    ruleset = registry.get(name)
    seats = ruleset.seat_names(2)
    presenter = for_ruleset(name)
    for number, (view, codes, caption) in enumerate(captioned_posts(name, seats, 11), start=1):
        now = presenter.tally(view)
        if number >= POSTS and len(codes) >= 2 and any(now.states[c].counts for c in codes):
            return view, codes, caption
    raise AssertionError(f"{name}: no captioned post with two states changed and counts left")


def _ink_height(im: Image.Image, box: tuple[float, float, float, float]) -> int:
    """Rows of text ink inside a pill: pixels far from the pill's own colour (its most common one), the ring
    excluded by a margin."""
    left, top, right, bottom = box
    inner = im.crop((round(left) + 3, round(top) + 3, round(right) - 3, round(bottom) - 3)).convert("RGB")
    bg = max(inner.getcolors(inner.width * inner.height))[1]
    rows = [y for y in range(inner.height)
            if any(max(abs(a - b) for a, b in zip(inner.getpixel((x, y)), bg)) > 80 for x in range(inner.width))]
    return rows[-1] - rows[0] + 1 if rows else 0


@pytest.mark.parametrize("name", MAP_RULESETS)
def test_the_closeup_counts_are_legible_at_phone_width(name: str) -> None:
    view, codes, caption = _mid_game(name)
    rendered = renderers.get(name).draw_closeup(view, codes, caption)
    assert rendered is not None
    im = Image.open(io.BytesIO(rendered.png))
    assert im.format == "PNG" and im.width == CLOSEUP_W and im.height == rendered.height
    assert len(rendered.png) <= 100 * 1024, "posts stay quick on phones (bot/discord/limits.py IMAGE_TARGET)"
    scale = PHONE_W / im.width
    phone = im.convert("RGB").resize((PHONE_W, round(im.height * scale)), Image.LANCZOS)
    pills = [lb for lb in rendered.labels if lb.abbr.split(":")[0] in codes]
    assert pills, "the changed states' counts are drawn"
    for lb in pills:
        height = _ink_height(phone, tuple(v * scale for v in lb.box))
        assert height >= MIN_TEXT_PX, (name, lb.abbr, height)
    assert all(code in rendered.alt for code in codes[:8]) and caption in rendered.alt


@pytest.mark.parametrize("name", MAP_RULESETS)
def test_the_closeup_shows_the_public_counts(name: str) -> None:
    """The counts drawn are the public view's: one pill per side with a count in each listed state."""
    view, codes, caption = _mid_game(name)
    rendered = renderers.get(name).draw_closeup(view, codes, caption)
    tally = for_ruleset(name).tally(view)
    listed = codes[:8]
    drawn = sorted(lb.abbr for lb in rendered.labels if ":" in lb.abbr)
    assert len(drawn) == sum(len([n for n in tally.states[c].counts.values() if n]) for c in listed)


def test_a_post_without_changes_has_no_closeup() -> None:
    view, codes, caption = _mid_game("campaign_trail")
    assert renderers.get("campaign_trail").draw_closeup(view, [], caption) is None


def _overlaps(labels) -> list[tuple[str, str]]:  # noqa: ANN001 - LabelBoxes
    return [(a.abbr, b.abbr) for i, a in enumerate(labels) for b in labels[i + 1:]
            if not (a.box[2] <= b.box[0] or b.box[2] <= a.box[0] or a.box[3] <= b.box[1] or b.box[3] <= a.box[1])]


def test_no_closeup_row_passes_the_right_edge_nor_a_label_another() -> None:
    """A whole six-player Presidential Election: a state's row with six counts wraps its pills onto a second line
    inside the picture, and no code on the map, code in a row or count pill covers another."""
    name = "presidential_election"
    seats = registry.get(name).seat_names(6)
    posts = [(v, c, cap) for v, c, cap in captioned_posts(name, seats, 11) if c]
    assert any(sum(1 for n in v.states[c].votes.values() if n) == 6 for v, codes, _ in posts for c in codes[:8]), \
        "a post with a state all six are on"
    unmeasured: set[str] = set()
    # drawn grouped by the states shown, so that each close-up's base map is built once (the renderer keeps a few)
    for view, codes, caption in sorted(posts, key=lambda post: post[1]):
        r = renderers.get(name).draw_closeup(view, codes, caption)
        outside = [lb.abbr for lb in r.labels if lb.box[0] < 0 or lb.box[2] > r.width or lb.box[3] > r.height]
        assert not outside, (codes, outside)
        assert not _overlaps(r.labels), (codes, _overlaps(r.labels))
        unmeasured |= {f"{c} row" for c in codes[:8]} - {lb.abbr for lb in r.labels}
    assert not unmeasured, "each row's code is measured too"


def test_neighbouring_small_states_codes_stay_apart() -> None:
    """MD and DE, NY and MA, AR and MS changed at once: each code is on the map, none covering another, those
    moved off their state joined to it by a line."""
    view, _, _ = _mid_game("presidential_election")
    codes = ["MD", "DE", "NY", "MA", "AR", "MS"]
    r = renderers.get("presidential_election").draw_closeup(view, codes, "six states")
    on_map = [lb for lb in r.labels if lb.abbr.endswith(" code")]
    assert sorted(lb.abbr.split()[0] for lb in on_map) == sorted(codes)
    assert not _overlaps(on_map), _overlaps(on_map)
    assert any(lb.leader for lb in on_map), "a crowded code is moved off its state"
