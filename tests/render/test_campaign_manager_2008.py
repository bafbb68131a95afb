"""The Campaign Manager 2008 picture and words, from real views: seeded games played by the ruleset's own
bot — the draft, the starting-state picks, a midgame and the end, with the starter decks and drafted ones."""
from __future__ import annotations

import io
from functools import lru_cache

import pytest
from PIL import Image

from bot.present import for_view
from bot.present.campaign_manager_2008 import CampaignManager2008Presenter
from engine.campaign_manager_2008.ruleset import RULESET as R
from engine.campaign_manager_2008.state import CMState
from engine.campaign_manager_2008.views import CMView
from engine.core.rng import Rng
from engine.core.posting import EMPTY, Posting, outlined
from engine.core.ruleset import owing_seats, play, play_posted
from render import registry
from render.campaign_manager_2008 import render_campaign_manager_2008
from render.campaign_manager_2008_tiles import COLOURS, PAD
from render.canvas import MIN_CAP_PX, PHONE_W, recording

MAX_BYTES = 100 * 1024
MIDGAME_WINS = 3  # states won by both sides together


@lru_cache(maxsize=None)
def _game(deck: str, seed: int, until: str) -> tuple[CMState, tuple[str, ...]]:
    """Play a seeded game with the bot until `until`: "draft" (two cards kept), "states" (the starting
    picks), "mid" (three states won), "end". Returns the state and the states the last step changed."""
    rng = Rng(seed)
    state, posting = R.setup({"deck": deck}, R.seat_names(2), seed), EMPTY
    changed: tuple[str, ...] = ()
    for step in range(20000):
        if R.outcome(state) is not None:
            break
        if until == "draft" and state.phase == "draft" and step >= 2:
            break
        if until == "states" and state.phase == "states":
            break
        if until == "mid" and state.phase == "play" and sum(len(s.won) for s in state.sides.values()) >= MIDGAME_WINS:
            break
        seat = owing_seats(R, state)[0]
        played = play_posted(R, state, posting, seat, [R.bot_action(state, seat, rng)])
        state, posting, changed = played.result.state, played.posting, tuple(played.result.changed)
    _POSTINGS[deck, seed, until] = posting
    return state, changed


_POSTINGS: dict[tuple[str, int, str], Posting] = {}  # each game's table, as _game last left it


def _public(deck: str, until: str, seed: int = 3) -> CMView:
    """The board as the channel sees it: what the last post changed outlined."""
    state, _ = _game(deck, seed, until)
    return outlined(R.view(state, None), _POSTINGS[deck, seed, until])  # type: ignore[return-value]


CASES = [("draft", "draft"), ("draft", "states"), ("starter", "mid"), ("draft", "mid"), ("starter", "end"),
         ("draft", "end")]


@pytest.mark.parametrize("deck,until", CASES)
def test_the_picture_of_a_real_game(deck: str, until: str) -> None:
    view = _public(deck, until)
    assert view.phase == {"draft": "draft", "states": "states", "mid": "play", "end": "over"}[until]
    r = render_campaign_manager_2008(view, highlight=view.changed)
    im = Image.open(io.BytesIO(r.png))
    assert im.format == "PNG" and im.mode == "P" and im.size == (r.width, r.height) == (1000, r.height)
    assert 500 < r.height <= 1.5 * r.width
    assert len(r.png) <= MAX_BYTES, len(r.png)
    for seat, side in view.sides.items():
        assert f"{side.name} ({'O' if seat == 'OBA' else 'M'}, " in r.alt and f"{side.score} of 270 EV" in r.alt
        for code in side.won:
            assert code in r.alt
    assert len(r.alt) <= 1024  # Discord keeps 1,024 characters: the states in play as drawn, or their rows, or named
    for t in view.in_play:
        assert f"{t.name} ({t.code}, {t.ev} EV" in r.alt
        if "rows counted" in r.alt:
            assert f"key group {t.key}" in r.alt
            for row in (t.defense, t.economy):
                assert f"O{row.obama} M{row.mccain} U{row.undecided}" in r.alt
        if "issue marker" in r.alt:
            assert f"key group {t.key}, other group {t.other_group}" in r.alt
    if until == "draft":
        assert r.alt.startswith("Campaign Manager 2008: Draft in progress")
    if until == "states":
        assert r.alt.startswith("Campaign Manager 2008: Picking starting states")
    if until == "mid":
        assert len(view.in_play) >= 3 and "States in play" in r.alt
        assert "State pool" in r.alt or len(r.alt) > 900  # the pool's chips where they fit
    if until == "end":
        winner = view.sides[view.winner].name
        assert f"{winner} wins with {view.sides[view.winner].score} EV" in r.alt


def test_the_last_turns_states_are_named_and_the_news_and_media_told() -> None:
    view = _public("starter", "mid")
    assert view.changed
    r = render_campaign_manager_2008(view)  # highlight defaults to the view's own changed states
    in_play = {t.code for t in view.in_play}
    assert any(code in in_play for code in view.changed)
    assert "changed by the last turn" in r.alt
    if view.last_news:
        assert view.last_news.title in r.alt
    if view.media:
        assert view.media.title in r.alt


def test_a_draw_is_told() -> None:
    """A bot game rarely ends 269–269: the real end view with the scores and the result set to a draw."""
    view = _public("starter", "end", seed=5)
    sides = {s: side.model_copy(update={"score": 269}) for s, side in view.sides.items()}
    view = view.model_copy(update={"winner": None, "draw": True, "reason": "269–269 with every state won",
                                   "sides": sides})
    r = render_campaign_manager_2008(view)
    assert r.alt.startswith("Campaign Manager 2008: Draw — 269–269.") and "wins" not in r.alt


def test_a_sealed_pick_is_shown_and_not_revealed() -> None:
    state, _ = _game("draft", 3, "states")
    rng = Rng(5)
    for _ in range(2):  # one side picks both its states and seals them
        seat = owing_seats(R, state)[0]
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
    sealed = [s for s in state.sides if s in state.sealed.sealed]
    assert len(sealed) == 1 and state.phase == "states"
    r = render_campaign_manager_2008(R.view(state, None))
    name = R.view(state, None).sides[sealed[0]].name
    assert f"{name} sealed" in r.alt
    for code in state.sides[sealed[0]].picks:
        assert code not in r.alt


def _bar_row(r) -> list[tuple[int, int, int]]:  # noqa: ANN001 - a Rendered
    """The colours along the score bar: the row with the most of Obama's light colour (his start score)."""
    im = Image.open(io.BytesIO(r.png)).convert("RGB")
    rows = [[im.getpixel((x, y)) for x in range(im.width)] for y in range(0, im.height // 2, 4)]
    return max(rows, key=lambda row: row.count(COLOURS["Ol"]))


def test_the_race_bar_starts_at_zero_so_no_score_is_an_empty_bar() -> None:
    """Before any state is won (157 to 155): each side's bar is its whole score on one scale of every electoral vote,
    Obama's from the left and McCain's from the right, so both start scores show and their difference is drawn."""
    view = _public("draft", "draft")
    scores = {s: view.sides[s].score for s in view.sides}
    assert scores == {"OBA": 157, "MCC": 155}
    row = _bar_row(render_campaign_manager_2008(view))
    total = 538  # every electoral vote: before the states are dealt too
    width = 1000 - 2 * PAD
    for seat, colour in (("OBA", COLOURS["Ol"]), ("MCC", COLOURS["Ml"])):
        drawn = sum(1 for rgb in row if rgb == colour)
        assert abs(drawn - scores[seat] / total * width) < 0.1 * width, (seat, drawn)  # the name on it takes some


def test_every_board_of_a_whole_game_fits_a_phone() -> None:
    """Boards all through a bot game (every fifth step, and the end): at most 1.5 times as tall as wide, within
    100 KB, and every word's capitals at least MIN_CAP_PX tall at PHONE_W px wide."""
    rng = Rng(4)
    state = R.setup({"deck": "draft"}, R.seat_names(2), 4)
    step = 0
    while True:
        over = R.outcome(state) is not None
        if step % 5 == 0 or over:
            view = R.view(state, None)
            with recording() as drawn:
                r = render_campaign_manager_2008(view)
            assert r.height <= 1.5 * r.width and len(r.png) <= MAX_BYTES, (step, r.height, len(r.png))
            assert all(d.cap * PHONE_W >= MIN_CAP_PX * r.width for d in drawn), (step, drawn)
        if over:
            break
        seat = owing_seats(R, state)[0]
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
        step += 1
    assert step > 100


def test_the_board_names_cards_and_leaves_their_texts_to_the_prompt() -> None:
    view = _public("starter", "mid")
    assert view.played is not None and view.last_news is not None
    with recording() as drawn:
        render_campaign_manager_2008(view)
    words = " ".join(d.text for d in drawn)
    assert view.played.title in words and view.last_news.title in words
    for card in (view.played, view.last_news):
        assert not [d.text for d in drawn if len(d.text.split()) >= 4 and d.text.rstrip("…") in card.text]


def test_the_registry_draws_it() -> None:
    view = _public("starter", "mid")
    renderer = registry.get(view.ruleset)
    assert renderer is not None and renderer.highlight
    assert renderer.draw(view).png.startswith(b"\x89PNG")


def test_only_the_public_view_is_drawn() -> None:
    state, _ = _game("starter", 3, "mid")
    with pytest.raises(ValueError):
        render_campaign_manager_2008(R.view(state, "OBA"))
    with pytest.raises(TypeError):
        render_campaign_manager_2008(state)


# ------------------------------------------------------------------ the words


def _private_words(view: CMView, seat: str) -> str:
    presenter = for_view(view)
    assert isinstance(presenter, CampaignManager2008Presenter)
    sections = presenter.brief_sections(view, seat)
    return presenter.hand_text(view) + "\n" + "\n".join(h + "\n" + "\n".join(lines) for h, lines in sections)


def _secret_cards(state: CMState, seat: str) -> set[str]:
    side = state.sides[seat]
    return set(side.hand) | set(side.offer) | set(side.kept) | set(side.removed) | set(side.deck)


@pytest.mark.parametrize("deck,until", [("draft", "draft"), ("draft", "states"), ("starter", "mid"), ("draft", "mid")])
def test_a_side_reads_its_own_hand_and_never_the_other_sides(deck: str, until: str) -> None:
    state, _ = _game(deck, 3, until)
    for seat in state.sides:
        other = state.other(seat)
        view = R.view(state, seat)
        words = _private_words(view, seat)
        for card in view.me.hand:
            assert f"{card.id} {card.title}" in words and card.text in words
            if card.cost:
                assert card.cost in words
        for card in view.me.offer:
            assert card.title in words
        # nothing of the other side's hidden cards (their discard is public, and so not checked)
        public = {c.id for c in view.sides[other].discard}
        for card_id in _secret_cards(state, other) - public:
            assert card_id not in words, (seat, card_id)
        # a side's own words never land in the other side's brief
        assert for_view(view).brief_sections(view, other) == []


def test_the_draft_offer_and_kept_cards_are_in_the_brief() -> None:
    state, _ = _game("draft", 3, "draft")
    seat = next(s for s, side in state.sides.items() if side.offer)
    view = R.view(state, seat)
    sections = dict(for_view(view).brief_sections(view, seat))
    offer = next(lines for head, lines in sections.items() if head.startswith("Draft offer"))
    assert len(offer) == len(view.me.offer) and all(f"`{c.id}`" in line for c, line in zip(view.me.offer, offer))
    if view.me.kept:
        kept = next(lines for head, lines in sections.items() if head.startswith("Kept"))
        assert len(kept) == len(view.me.kept)


def test_the_starting_picks_are_in_the_brief() -> None:
    state, _ = _game("draft", 3, "states")
    rng = Rng(99)
    seat = owing_seats(R, state)[0]
    state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state  # one pick made (or both, sealed)
    view = R.view(state, seat)
    words = _private_words(view, seat)
    assert "Starting states" in words
    for code in view.me.picks:
        assert code in words
    other = state.other(seat)
    for code in state.sides[other].picks:
        if code not in view.me.picks:
            assert f" {code} " not in words.replace(",", " ").replace(".", " ")


def test_the_board_text_is_public_and_short() -> None:
    for deck, until in CASES:
        state, _ = _game(deck, 3, until)
        view = R.view(state, None)
        board = for_view(view).board_text(view)
        assert board and len(board) <= 1000, (deck, until, len(board))
        for side in view.sides.values():
            assert f"{side.name} {side.score}" in board
        for t in view.in_play:
            assert t.code in board
        for seat in state.sides:  # no hand card of either side
            for card_id in state.sides[seat].hand:
                assert card_id not in board or card_id in {c.id for s in view.sides.values() for c in s.discard} \
                    or (view.played is not None and view.played.id == card_id)
