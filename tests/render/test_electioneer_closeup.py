"""Electioneer's close-up (issue 26, phone-first pictures): at every captioned post of a whole bot-played game, the
cards the post changed are drawn large under its caption. Scaled to 400 px wide, a phone's width in a Discord
channel, every side's number pill (the projection, each month's totals, election-day totals) has digits at least
14 px tall; the picture stays under the 40 KB a close-up may take, and its alt text names what it shows."""
from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

from render import registry as renderers
from render.electioneer_closeup import CLOSE_W
from tests.render.test_closeup import MIN_TEXT_PX, PHONE_W, _ink_height, captioned_posts

CLOSEUP_BYTES = 40 * 1024


@lru_cache(maxsize=None)
def _posts(seed: int) -> list:
    """Every captioned post of a bot-played game that changed a card: (public view, changed states, caption)."""
    return [(view, codes, caption) for view, codes, caption in captioned_posts("electioneer", ["DEM", "REP"], seed)
            if codes]


def test_every_post_of_a_game_has_a_closeup_a_phone_can_read() -> None:
    posts = _posts(11)
    assert len(posts) >= 7, "a month's reveal or more per month, and election day"
    assert any(len(codes) >= 4 for _, codes, _ in posts), "election day changes every card"
    for view, codes, caption in posts:
        rendered = renderers.get("electioneer").draw_closeup(view, codes, caption)
        assert rendered is not None
        assert len(rendered.png) <= CLOSEUP_BYTES, (codes, len(rendered.png))
        im = Image.open(io.BytesIO(rendered.png))
        assert im.format == "PNG" and im.width == CLOSE_W and im.height == rendered.height
        names = {s.code: s.name for s in view.states}
        assert caption in rendered.alt and all(names[c] in rendered.alt for c in codes)
        scale = PHONE_W / im.width
        phone = im.convert("RGB").resize((PHONE_W, round(im.height * scale)), Image.LANCZOS)
        pills = [lb for lb in rendered.labels if lb.abbr.split(":")[0] in {*codes, "electors"}]
        assert {lb.abbr for lb in pills} >= {"electors:DEM", "electors:REP"}
        for lb in pills:
            assert _ink_height(phone, tuple(v * scale for v in lb.box)) >= MIN_TEXT_PX, (codes, lb.abbr)


def test_a_decided_month_shows_both_policies_and_totals() -> None:
    """The post that decides a month shows that card with each side's policy, its effects and the month's total."""
    for view, codes, caption in _posts(11):
        decided = [s for s in view.states if s.code in codes and s.played and s.winner]
        if decided and len(codes) <= 3:
            s = decided[0]
            rendered = renderers.get("electioneer").draw_closeup(view, codes, caption)
            assert {f"{s.code}:DEM", f"{s.code}:REP"} <= {lb.abbr for lb in rendered.labels}
            for card in s.played.values():
                assert card.name in rendered.alt
            return
    raise AssertionError("no post decided a month")
