"""A card is readable where it is decided: every Campaign Manager 2008 prompt about a card names the card, news
card or Going Negative result whose effect is resolving — read here from the state's frame stack and the
content, not from the prompt code — with its whole text; repeated choices say which one of how many; the
limits of a move are in the prompt; every id a player is shown reads whole through `card`; the board says
when a news card resolves in the middle of another card; and each term the prompts use has a help line.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from bot.present.campaign_manager_2008 import CampaignManager2008Presenter
from engine.campaign_manager_2008.content import load
from engine.campaign_manager_2008.ruleset import RULESET as R
from engine.campaign_manager_2008.state import SEATS, CMState, Row
from engine.core.rng import Rng
from engine.core.ruleset import card_text, owing_seats, play
from engine.core.types import Action, Decision
from tests.wordscan import whole_words

SEEDS = range(6)  # drafted games played by the built-in bot
CONTENT = load()
PRESENTER = CampaignManager2008Presenter()
SHOWN_ID = whole_words(r"[OM]\d{2}|N\d{2}|GN\d")
CHOICE_KINDS = {"state", "issue", "toward", "discard", "target"}


def _whole(ref: str) -> tuple[str, str]:
    """The name and whole text of what `ref` shows, straight from the content."""
    if ref in CONTENT.cards:
        return CONTENT.cards[ref].title, CONTENT.cards[ref].text
    if ref in CONTENT.news:
        return CONTENT.news[ref].title, CONTENT.news[ref].text
    result = CONTENT.negative[int(ref[2:])]
    return result.title, result.text


def _resolving(state: CMState) -> str | None:
    """The id the choice owed now is about, from the state alone: a turn's card being paid for; else the top
    frame's procedure (a card, a news card, a Going Negative result `negN`), or the news a Media Support
    owner aims (held by the win-settling frame)."""
    if state.wait is None:
        return state.turn.card if state.turn and state.turn.stage == "cost" else None
    if state.wait["kind"] not in CHOICE_KINDS:
        return None  # ordering won states, or picking a replacement: about states, not a card
    top = state.effect.frames[-1]
    if top.proc == "wins":
        return top.locals["news"]
    return "GN" + top.proc[3:] if top.proc.startswith("neg") else top.proc


@lru_cache(maxsize=1)
def _games() -> list[tuple[CMState, str, Decision]]:
    """Every decision owed along the games (play() never mutates a state, so each stays as it was)."""
    return list(_walk())


def _walk() -> Iterator[tuple[CMState, str, Decision]]:
    for seed in SEEDS:
        state = R.setup({"deck": "draft"}, list(SEATS), seed)
        rng = Rng(seed)
        while R.outcome(state) is None:
            seat = owing_seats(R, state)[0]
            decision = R.decisions(state, seat)
            yield state, seat, decision
            state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state


def _shown(state: CMState, seat: str, decision: Decision) -> str:
    view = R.view(state, seat)
    return "\n".join([decision.prompt, *(f"{o.label} {o.detail or ''}" for o in decision.options),
                      PRESENTER.board_text(R.view(state, None)), PRESENTER.hand_text(view)])


def test_bot_games_name_what_resolves_in_every_card_prompt() -> None:
    seen: dict[str, int] = {"card": 0, "news": 0, "negative": 0, "target": 0, "news board": 0}
    for state, seat, decision in _games():
        prompt = decision.prompt
        for ref in set(SHOWN_ID.findall(_shown(state, seat, decision))):
            found = card_text(R, ref)
            assert found is not None and (found.name, found.text) == _whole(ref), ref
        ref = _resolving(state)
        if ref is not None:
            name, text = _whole(ref)
            assert f"{ref} — {name}: {text}" in prompt, (ref, prompt)
            played = state.turn.card if state.turn else None
            if ref in CONTENT.news:
                seen["target" if state.wait["kind"] == "target" else "news"] += 1
                media = state.media["card"] if state.media else None  # named when aiming: it may be the played card
                assert played in (None, media) or played not in prompt, "a news card's choice is not the played card's"
                board = PRESENTER.board_text(R.view(state, None))
                assert f"Resolving: Breaking News {ref}" in board and "Playing:" not in board, board
                seen["news board"] += 1
            else:
                seen["negative" if ref.startswith("GN") else "card"] += 1
        if state.turn is not None and state.turn.stage == "cost" and not state.turn.cost_any:
            n = CONTENT.cards[state.turn.card].discard_cost.n
            if n > 1:
                assert f"({len(state.turn.discarded) + 1} of {n})" in prompt, prompt
    assert all(seen.values()), seen  # the games met every kind of card choice


def test_bot_games_put_the_limits_in_the_prompt() -> None:
    kinds = set()
    for state, seat, decision in _games():
        side = state.sides[seat]
        if state.phase == "draft":
            kinds.add("draft")
            assert f"Draft pick {len(side.kept) + 1} of 15" in decision.prompt
        elif state.phase == "states":
            kinds.add("states")
            assert f"state {len(side.picks) + 1} of 2" in decision.prompt
        elif state.wait is None and state.turn and state.turn.stage == "action":
            kinds.add("turn")
            held = len(side.hand)
            assert f"You hold {held} card" in decision.prompt and "fewer than 5 in hand" in decision.prompt
        elif state.turn and state.turn.stage == "cost" and state.turn.cost_any:
            kinds.add("any cost")
            assert f"({len(state.turn.discarded)} discarded so far, {len(side.hand)} left in hand)" in decision.prompt
    assert kinds == {"draft", "states", "turn", "any cost"}, kinds


def _starter() -> CMState:
    state = R.setup({"deck": "starter", "first": "OBA"}, list(SEATS), 1)
    state.sides["OBA"].hand = ["O03", "O32", "O43", "O01"]
    state.sides["MCC"].hand = ["M04", "M12", "M13"]
    return state


def _step(state: CMState, seat: str, move: str) -> CMState:
    verb, *args = move.split()
    return play(R, state, seat, [Action(verb=verb, args=tuple(args))]).state


def test_a_news_card_choice_in_the_middle_of_a_card_names_the_news() -> None:
    """The reported case: Obama's card wins Missouri, Ohio enters and draws N15, and McCain, trailing, picks the
    state for the news — while Obama's O03 is still the card being played."""
    state = _starter()
    state.in_play[3].defense = Row(R=1, B=4, W=0)  # Missouri one Defense gain from Obama's
    state.news = ["N15", "N01"]
    for move in ("play O03", "state MO", "enter OH"):
        state = _step(state, "OBA", move)
    assert owing_seats(R, state) == ["MCC"]
    prompt = R.decisions(state, "MCC").prompt
    name, text = _whole("N15")
    assert prompt.startswith(f"Breaking News N15 — {name}: {text} ")
    assert "You choose as the trailing candidate" in prompt and prompt.endswith("Choose a state in play.")
    assert "O03" not in prompt
    board = PRESENTER.board_text(R.view(state, None))
    assert "Resolving: Breaking News N15 Last Debate at Hofstra" in board and "O03" in board
    assert "Playing:" not in board


def test_repeated_choices_say_which_of_how_many() -> None:
    state = _step(_starter(), "OBA", "play O32")  # McCain discards 2 cards of his choice
    first = R.decisions(state, "MCC").prompt
    assert first.startswith("Campaign card O32 — The Binder of Votes: ") and first.endswith("discard (1 of 2).")
    assert "Obama played it" in first
    state = _step(state, "MCC", "discard M04")
    assert R.decisions(state, "MCC").prompt.endswith("discard (2 of 2).")

    state = _step(_starter(), "OBA", "play O43")  # costs 2 other cards
    assert R.decisions(state, "OBA").prompt.endswith("to discard (1 of 2).")
    state = _step(state, "OBA", "discard O01")
    assert R.decisions(state, "OBA").prompt.endswith("to discard (2 of 2).")


def test_card_reads_every_card_news_and_result_whole() -> None:
    refs = [*CONTENT.cards, *CONTENT.news, *(f"GN{face}" for face in CONTENT.negative)]
    assert len(refs) == 90 + 20 + 6
    for ref in refs:
        found = card_text(R, ref.lower())
        assert found is not None and found.id == ref and (found.name, found.text) == _whole(ref)
    assert card_text(R, "N15").kind == "Breaking News"
    assert card_text(R, "GN3").kind == "Going Negative result"
    assert {card_text(R, x).kind for x in CONTENT.cards} == {"campaign card", "Media Support card"}
    for unknown in ("O46", "N21", "GN7", "GN", "NJ", ""):
        assert card_text(R, unknown) is None


# the words the prompts (with the card texts they quote) use that a new player may not know
TERMS = ["campaign card", "draft", "starting states", "support", "undecided", "issue row", "major issue",
         "key demographic", "Demographic Support", "Breaking News", "trailing candidate", "active player",
         "Media Support", "Going Negative"]


def test_help_has_a_line_for_each_term_the_prompts_use() -> None:
    prompts = " ".join({d.prompt for _, _, d in _games()}).lower()
    quoted = " ".join(n.text for n in CONTENT.news.values()).lower()  # a news card's whole text is its prompt's
    lines = [line.lower() for line in R.help_text().splitlines()]
    missing = [t for t in TERMS if not any(line.startswith(f"**{t.lower()}**") for line in lines)]
    assert not missing, f"help has no line for {missing}"
    unused = [t for t in TERMS if t.lower() not in prompts + quoted]
    assert not unused, f"{unused} in no prompt: drop them from TERMS"
