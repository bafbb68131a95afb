"""The close-ups of the two games without a US map (phone-first pictures): Electioneer's battleground
cards and Campaign Manager 2008's state tiles. At every captioned post of a whole bot-played game, what the post
changed is drawn large under its caption. Scaled to 400 px wide, a phone's width in a Discord channel, every side's
number pill (electors or electoral votes, each month's and election day's totals) has digits at least 14 px tall;
the picture stays under the 40 KB a close-up may take, and its alt text names what it shows."""
from __future__ import annotations

import io
import re
from functools import lru_cache

import pytest
from PIL import Image

from engine import registry
from render import registry as renderers
from tests.render.test_closeup import MIN_TEXT_PX, PHONE_W, _ink_height, captioned_posts

CLOSEUP_W = 800
CLOSEUP_BYTES = 40 * 1024
SCORES = {"electioneer": {"electors:DEM", "electors:REP"}, "campaign_manager_2008": {"ev:OBA", "ev:MCC"}}


@lru_cache(maxsize=None)
def _posts(name: str, seed: int) -> list:
    """Every captioned post of a bot-played game that changed a state: (public view, changed states, caption)."""
    ruleset = registry.get(name)
    seats = ruleset.seat_names(2)
    return [(view, codes, caption) for view, codes, caption in captioned_posts(name, seats, seed) if codes]


@pytest.mark.parametrize("name", sorted(SCORES))
def test_every_post_of_a_game_has_a_closeup_a_phone_can_read(name: str) -> None:
    posts = _posts(name, 11)
    assert len(posts) >= 7
    assert any(len(codes) >= 3 for _, codes, _ in posts), "a post that changed many states (election day, the start)"
    for view, codes, caption in posts:
        rendered = renderers.get(name).draw_closeup(view, codes, caption)
        assert rendered is not None
        assert len(rendered.png) <= CLOSEUP_BYTES, (codes, len(rendered.png))
        im = Image.open(io.BytesIO(rendered.png))
        assert im.format == "PNG" and im.width == CLOSEUP_W and im.height == rendered.height
        assert caption in rendered.alt and all(c in rendered.alt or _name(view, c) in rendered.alt for c in codes)
        scale = PHONE_W / im.width
        phone = im.convert("RGB").resize((PHONE_W, round(im.height * scale)), Image.LANCZOS)
        assert {lb.abbr for lb in rendered.labels} >= SCORES[name]
        for lb in rendered.labels:
            assert _ink_height(phone, tuple(v * scale for v in lb.box)) >= MIN_TEXT_PX, (codes, lb.abbr)


def _name(view, code: str) -> str:  # noqa: ANN001 - either game's view
    return next((s.name for s in getattr(view, "states", []) if s.code == code), code)


def test_a_decided_month_shows_both_policies_and_totals() -> None:
    """Electioneer: the post that decides a month shows that card with each side's policy, its effects and the
    month's total."""
    for view, codes, caption in _posts("electioneer", 11):
        decided = [s for s in view.states if s.code in codes and s.played and s.winner]
        if decided and len(codes) <= 2:
            s = decided[0]
            rendered = renderers.get("electioneer").draw_closeup(view, codes, caption)
            assert {f"{s.code}:DEM", f"{s.code}:REP"} <= {lb.abbr for lb in rendered.labels}
            for card in s.played.values():
                assert card.name in rendered.alt
            return
    raise AssertionError("no post decided a month")


def test_a_changed_state_in_play_is_drawn_with_its_blocks() -> None:
    """Campaign Manager 2008: a changed state still in play is in the alt text with both rows' blocks."""
    for view, codes, caption in _posts("campaign_manager_2008", 11):
        tiles = [t for c in codes for t in view.in_play if t.code == c]  # drawn in the order the post names them
        if tiles:
            rendered = renderers.get("campaign_manager_2008").draw_closeup(view, codes, caption)
            t = tiles[0]
            assert f"{t.name} ({t.code}, {t.ev} EV)" in rendered.alt
            row = f"O{t.defense.obama} M{t.defense.mccain} U{t.defense.undecided}"
            assert re.search(rf"Defense( row)? \((major|minor)\) {row}", rendered.alt), rendered.alt
            return
    raise AssertionError("no post changed a state in play")
