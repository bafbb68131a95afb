"""Every picture's alt text, as a screen reader gets it: whole, true and readable (render/alttext.py).

Discord keeps the first 1,024 characters of an attachment's description (bot/discord/limits.py
ATTACHMENT_DESCRIPTION) and drops the rest, so each board and close-up alt text along a seeded game of every
ruleset (Campaign Trail's Solo Play too), played by the rulesets' own bots, must be at most that long, in whole
sentences (each ends with punctuation; a post's caption is ended with a full stop before the description goes on),
with no doubled phrase ("face down and face down"). Every post's board alt text is checked (computed as the
renderer computes it, without drawing); the last board of each game is drawn too, to check the renderer says the
same, and a few close-ups spread over each game.

Electioneer's close-up once drew its projection line ("Projected electors D 35 R 27 47 of 93 to win") past its
800 px right edge: the close-ups without a map (Electioneer, Campaign Manager 2008) keep every ink pixel inside,
along the game and with the widest numbers a view can hold.

Cost: about 7 s of CPU, 4 of them the six games' play (Presidential Election's 6 players make 1,020 moves); one board
and four close-ups a game are drawn.
"""
from __future__ import annotations

import io
import re
from functools import lru_cache
from typing import Any

import pytest
from PIL import Image

from bot.present import for_ruleset
from bot.present.changes import changed_codes, summarise
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, seats_for
from render import campaign_manager_2008 as cm
from render import campaign_trail as ct
from render import electioneer as el
from render import nineteen_sixty as ns
from render import presidential_election as pe
from render import registry as renderers
from render.alttext import LIMIT, caption_sentence
from render.colours import PAPER

# (id, ruleset, players, options, seed): the transcripts' games (docs/transcripts/settings.yaml)
GAMES = [
    ("electioneer", "electioneer", 2, {}, 3),
    ("campaign_trail", "campaign_trail", 3, {"dirty": True}, 8),
    ("campaign_trail_solo", "campaign_trail", 1, {"ai": ["REP"]}, 14),
    ("presidential_election", "presidential_election", 6, {}, 1),
    ("campaign_manager_2008", "campaign_manager_2008", 2, {"deck": "draft"}, 17),
    ("nineteen_sixty", "nineteen_sixty", 2, {"vp": True, "restricted": True}, 5),
]
CLOSEUPS_DRAWN = 4  # spread over the game, and the one that changed the most states
NO_MAP = ("electioneer", "campaign_manager_2008")  # close-ups with a frame of paper round them (a map's runs to the edge)

DOUBLED = re.compile(r"\b(\w[\w'’-]*(?: [\w'’-]+){0,3}) and \1\b")
# a label ("Electoral votes:", "Nevada:") starts a sentence: a caption (which ends with a state code, a number or
# a bracket) run into it ("+3 in VA Electoral votes:", "DEM −2 in NV Nevada:") is the defect this catches
RUN_ON = re.compile(r"(?:\b[A-Z]{2,3}|\d|\)) [A-Z][a-z]+(?: [a-z]+){0,3}:")
ENDS = (".", "!", "?", "…")


@lru_cache(maxsize=None)
def _posts(game: str) -> tuple[str, list[tuple[Any, list[str], str]]]:
    """(ruleset, each post of the seeded game: (public view, changed states, caption)), the first being the start."""
    _, name, players, options, seed = next(g for g in GAMES if g[0] == game)
    ruleset = registry.get(name)
    seats = seats_for(ruleset, players, options)
    state = ruleset.setup(options, seats, seed)
    presenter = for_ruleset(name)
    rng = Rng(seed)
    view = ruleset.view(state, None)
    shown = presenter.tally(view)
    out = [(view, [], "")]
    while ruleset.outcome(state) is None:
        owing = owing_seats(ruleset, state)
        seat = owing[rng.below(len(owing))]
        result = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)])
        state = result.state
        if not any(e.public for e in result.events):
            continue
        view = ruleset.view(state, None)
        now = presenter.tally(view)
        out.append((view, changed_codes(shown, now), summarise(shown, now, seat)))
        shown = now
    return name, out


def board_alt(name: str, view: Any) -> str:
    """A board's alt text as its renderer makes it (with the view's changed states outlined), without drawing."""
    if name == "electioneer":
        return el.board_alt(view)
    if name == "campaign_trail":
        return ct.board_alt(view, ct.map_view(view, view.changed))
    if name == "presidential_election":
        return pe.board_alt(view, pe.map_view(view, view.changed))
    if name == "campaign_manager_2008":
        return cm.alt_text(view, set(view.changed))
    marked, other = ns._split_changed(view, view.changed)
    return ns.board_alt(view, ns.map_view(view, marked), other)


def check(alt: str, where: str, caption: str = "") -> None:
    assert alt and len(alt) <= LIMIT, (where, len(alt), alt)
    assert alt.rstrip(")\"'”’").endswith(ENDS), (where, alt[-80:])
    assert "  " not in alt and " ." not in alt and ".." not in alt.replace("…", ""), (where, alt)
    doubled = DOUBLED.search(alt)
    assert doubled is None, (where, doubled.group(0))
    if caption:
        assert caption_sentence(caption) + " " in alt + " ", (where, caption, alt)
        alt = alt.replace(caption_sentence(caption), "")
    run_on = RUN_ON.search(alt)
    assert run_on is None, (where, alt[max(0, run_on.start() - 40):run_on.end() + 20])


def _spread(items: list, count: int) -> list:
    if len(items) <= count:
        return items
    step = (len(items) - 1) / (count - 1)
    return [items[round(k * step)] for k in range(count)]


@pytest.mark.parametrize("game", [g[0] for g in GAMES])
def test_every_board_alt_is_whole_and_readable(game: str) -> None:
    name, posts = _posts(game)
    for number, (view, _, _) in enumerate(posts):
        check(board_alt(name, view), f"{game} board {number}")
    last = posts[-1][0]  # drawn: the renderer says what board_alt says (the end has the longest lists)
    assert renderers.get(name).draw(last).alt == board_alt(name, last)


@pytest.mark.parametrize("game", [g[0] for g in GAMES])
def test_the_closeup_alts_end_their_captions_and_fit(game: str) -> None:
    name, posts = _posts(game)
    captioned = [p for p in posts if p[1] and p[2]]
    chosen = _spread(captioned, CLOSEUPS_DRAWN - 1) + [max(captioned, key=lambda p: len(p[1]))]
    for view, codes, caption in chosen:
        rendered = renderers.get(name).draw_closeup(view, codes, caption)
        assert rendered is not None
        check(rendered.alt, f"{game} close-up of {codes}", caption)
        if name in NO_MAP:
            assert _inside(rendered.png), (game, codes, caption)


def _inside(png: bytes, margin: int = 6) -> bool:
    """Nothing but paper in the picture's rightmost `margin` columns: no text runs past its edge."""
    im = Image.open(io.BytesIO(png)).convert("RGB")
    strip = im.crop((im.width - margin, 0, im.width, im.height))
    return {rgb for _, rgb in strip.getcolors(strip.width * strip.height)} == {PAPER}


def test_a_campaign_manager_closeup_says_what_it_draws() -> None:
    """Full state names; the tiles drawn with their other group and issue marker; the rest named only, as drawn."""
    _, posts = _posts("campaign_manager_2008")
    for view, codes, caption in posts:
        tiles = [t for c in codes for t in view.in_play if t.code == c]
        if len(tiles) >= 3:
            alt = renderers.get("campaign_manager_2008").draw_closeup(view, codes, caption).alt
            head = alt.split(". ")[0]
            assert all(t.name in head for t in tiles) and not re.search(r"close-up of [A-Z]{2}\b", head), head
            for t in tiles[:2]:
                assert f"other group {t.other_group}" in alt and "issue marker on space" in alt
            for t in tiles[2:]:
                assert f"{t.name} ({t.code})" in alt and f"{t.name} ({t.code}, {t.ev} EV)" not in alt
            return
    raise AssertionError("no post changed three states in play")


@pytest.mark.parametrize("numbers", [(35, 27), (88, 93), (999, 999)])
def test_the_electioneer_closeup_draws_inside_with_the_widest_numbers(numbers: tuple[int, int]) -> None:
    """The projection line with two wide pills (the line that ran past the edge at 35 and 27), the final electors,
    every card's numbers and a marker's source at their widest: still inside the 800 px."""
    _, posts = _posts("electioneer")
    dem, rep = numbers
    view, codes, caption = max((p for p in posts if p[1] and p[2]), key=lambda p: len(p[1]))
    states = [s.model_copy(update={"electors": 99, "totals": {"DEM": -dem, "REP": rep},
                                   "election_totals": {"DEM": dem, "REP": -rep}}) for s in view.states]
    for update in ({"projection": {"DEM": dem, "REP": rep}, "states": states},
                   {"winner": "REP", "final_electors": {"DEM": dem, "REP": rep}, "states": states}):
        wide = view.model_copy(update=update)
        for shown in (codes, codes[:1], codes[:2]):
            rendered = renderers.get("electioneer").draw_closeup(wide, shown, caption)
            assert _inside(rendered.png), (numbers, shown)
            check(rendered.alt, f"wide {numbers} {shown}", caption)


def test_fit_keeps_whole_parts_in_order_and_the_richest_that_fit() -> None:
    """render/alttext.fit: every part's shortest form first, then the richest that fits, in reading order; a part
    whose shortest form is "" may go; each part ends with a full stop."""
    from render.alttext import fit

    assert fit(["Head", ("Rich detail here.", "Short."), ("Optional.", "")]) == "Head. Rich detail here. Optional."
    assert fit(["Head.", ("x" * 30 + ".", "Short."), ("Optional.", "")], limit=30) == "Head. Short. Optional."
    assert fit(["Head.", ("Short.",), ("y" * 40 + ".", "")], limit=20) == "Head. Short."
    assert len(fit(["Head."] + [("z" * 300 + ".", "z.")] * 10)) <= LIMIT
