"""What 1960's prompts say about cards, read along seeded bot-played games: no text is cut mid-word, every card
a prompt names is one `card` look-up away, a card decided alone is shown whole, the help explains every term
prompts use, and "+1 rest" is explained where it first shows."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

from engine.core.rng import Rng
from engine.core.ruleset import card_text, owing_seats, play
from engine.nineteen_sixty.primitives import c
from engine.nineteen_sixty.ruleset import RULESET as R
from engine.nineteen_sixty.words import effect

GAMES = ((3, {}), (5, {"vp": "on"}), (11, {"vp": "on", "restricted": "on"}))
CARD_REF = re.compile(r"#(\d+) ")
REST = re.compile(r"\+\d rest")
MID_WORD_CUT = re.compile(r"[A-Za-z](?:…|\.\.\.)")  # a word broken off by an ellipsis
TERMS = ("rest", "momentum", "endorsement", "media", "issue", "support", "initiative", "Campaign Strategy", "CP",
         "bag", "trigger", "preempt", "candidate card", "token", "support check")


@lru_cache(maxsize=None)
def _asked(seed: int, options: tuple[tuple[str, str], ...]) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """Every decision of a bot-played game: (prompt, [(notation, label, detail)])."""
    state = R.setup(dict(options), ["KEN", "NIX"], seed)
    rng = Rng(seed)
    out = []
    for _ in range(3000):
        if R.outcome(state) is not None:
            break
        seat = owing_seats(R, state)[0]
        d = R.decisions(state, seat)
        out.append((d.prompt, [(o.action.notation(), o.label, o.detail) for o in d.options]))
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
    return out


def _games() -> list[list[tuple[str, list[tuple[str, str, str]]]]]:
    return [_asked(seed, tuple(sorted(opts.items()))) for seed, opts in GAMES]


def _texts() -> set[str]:
    return {t for game in _games() for prompt, opts in game for t in (prompt, *(x for o in opts for x in o[1:]))}


def test_no_prompt_label_or_detail_is_cut_mid_word() -> None:
    """No text ends a word in an ellipsis, and where a card's text is quoted, it is quoted to its end."""
    texts = _texts()
    assert not [t for t in texts if MID_WORD_CUT.search(t)]
    cut = []
    for card in c().cards.values():
        head = card.text[:40]
        for t in texts:
            at = t.find(head)
            if at >= 0 and t[at:at + len(card.text)] != card.text:
                cut.append((card.id, t))
    assert not cut, cut[:3]


def test_every_card_a_prompt_names_is_one_look_up_away() -> None:
    named = {int(n) for t in _texts() for n in CARD_REF.findall(t)}
    assert len(named) > 40  # the games named most of the deck
    for n in sorted(named):
        found = card_text(R, str(n))
        assert found is not None and found.id == str(n) and found.kind == "card", n
        assert found.name == c().cards[n].name and c().cards[n].text in found.text
        assert any(f"#{n} {found.name}" in t for t in _texts())
    assert card_text(R, "#23") == card_text(R, "23")
    assert card_text(R, "KEN") is not None and card_text(R, "999") is None


def test_a_card_decided_alone_is_shown_whole_and_labels_stay_short() -> None:
    """The rival's trigger prompt quotes the card's whole event (its rules, without the opening sentence of
    flavour); an option label is the card and its use."""
    triggers = [(p, opts) for game in _games() for p, opts in game if any(o[0] == "trigger" for o in opts)]
    assert triggers
    for prompt, opts in triggers:
        n = int(CARD_REF.search(prompt).group(1))  # type: ignore[union-attr]
        assert effect(n) in prompt
        assert next(o for o in opts if o[0] == "trigger")[2] == effect(n)
    labels = {o[1] for game in _games() for _, opts in game for o in opts}
    assert max(len(label) for label in labels) <= 80


def test_the_help_explains_every_term_prompts_use() -> None:
    words = R.help_text().lower()
    missing = [t for t in TERMS if f"**{t.lower()}" not in words and f"{t.lower()}**" not in words]
    assert not missing, missing


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_rest_is_explained_in_the_prompt_that_first_shows_it(game: int) -> None:
    for prompt, opts in _games()[game]:
        if any(REST.search(t) for t in (prompt, *(o[2] for o in opts))):
            assert "into the bag" in prompt, prompt
            return
    pytest.fail("no prompt showed a card's rest")
