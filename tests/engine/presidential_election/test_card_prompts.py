"""A card is readable where it is decided: every prompt or option that shows a card id names the card (and `/card`
resolves it), a card's repeated state choices say which of how many is asked, the running-mate prompt says why and
where, and every term the prompts use has a line in the help."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.core.ruleset import card_text, owing_seats, play
from engine.core.types import Action
from engine.presidential_election.cards import draw_card
from engine.presidential_election.primitives import c
from engine.presidential_election.ruleset import RULESET as R
from engine.presidential_election.state import PEState
from engine.presidential_election.turn import move
from tests.wordscan import whole_words

CARD_ID = whole_words(r"[AC][0-9]{2}")  # Campaign cards C01…, Advantage cards A01…
SEEDS = (1, 2, 3, 4)
# Terms the prompts use (test_every_term_is_in_a_prompt keeps this list honest), each with a help line.
TERMS = ("ballot", "home state", "Advantage card", "Campaign card", "Campaign Trail", "Party Convention", "Pick a VP",
         "running mate", "debate", "National Debate", "stake", "pot", "place", "map token", "Sign Campaign",
         "Television Campaign", "Airfare", "limit", "d6", "d3", "done")


@lru_cache(maxsize=1)
def _texts() -> tuple[tuple[str, ...], ...]:
    """Every decision's texts (prompt, then each option's label and detail), along bot-played 6-player games."""
    seen: dict[tuple[str, ...], None] = {}
    for seed in SEEDS:
        rng, state = Rng(seed), R.setup({}, R.seat_names(6), seed)
        while R.outcome(state) is None:
            owing = [d for d in (R.decisions(state, s) for s in state.seats) if d.owes_move]  # each seat decided once
            for d in owing:
                seen[(d.prompt, *(f"{o.label} {o.detail}" for o in d.options))] = None
            seat = owing[0].seat
            state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
    return tuple(seen)


def test_every_card_a_decision_shows_is_named_and_resolves() -> None:
    ids: set[str] = set()
    for texts in _texts():
        for text in texts:
            for ref in CARD_ID.findall(text):
                card = card_text(R, ref)
                assert card is not None, f"/card {ref} finds nothing, yet a decision shows it: {text!r}"
                assert card.name in text, f"{ref} is shown without its name {card.name!r}: {text!r}"
                ids.add(ref)
    assert {i[0] for i in ids} == {"A", "C"}, f"the games showed too few cards to check: {sorted(ids)}"


def test_a_prompt_about_a_campaign_card_gives_its_whole_effect() -> None:
    prompts = [texts[0] for texts in _texts() if re.search(r"\bC[0-9]{2}\b", texts[0])]
    assert prompts
    for prompt in prompts:
        card = c().cards[re.search(r"\bC[0-9]{2}\b", prompt).group(0)]
        assert f"{card.id} — {card.title}: {card.text}" in prompt


def test_card_resolves_every_card_whole() -> None:
    for cid, card in c().cards.items():
        found = card_text(R, cid.lower())
        assert (found.id, found.name, found.text, found.kind) == (cid, card.title, card.text, "Campaign card")
    for aid, adv in c().advantages.items():
        assert card_text(R, aid).text == adv.text
    assert card_text(R, "C99") is None and card_text(R, "OH") is None


def _playing(seed: int = 5) -> tuple[PEState, str]:
    """A 3-player game at its first trail roll, setup done by the bot."""
    rng, state = Rng(seed), R.setup({}, R.seat_names(3), seed)
    while state.phase != "play":
        seat = owing_seats(R, state)[0]
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
    return state, state.current


def _drawn(card_id: str, ballots: int = 4) -> tuple[PEState, str]:
    """The first trail roll's seat, on `ballots` ballots (home first), having just drawn `card_id`."""
    state, seat = _playing()
    state = state.model_copy(deep=True)
    player = state.players[seat]
    for code in [code for code in sorted(c().states) if code != player.home][:ballots - 1]:
        player.votes.setdefault(code, 1)
    state.deck.insert(0, card_id)
    state.turn.stage = "campaign"
    draw_card(state, seat, [])
    return state, seat


@pytest.mark.parametrize("card_id,times", [("C26", 2), ("C25", 3)])
def test_a_repeated_choice_says_which_of_how_many(card_id: str, times: int) -> None:
    state, seat = _drawn(card_id)
    for i in range(1, times + 1):
        prompt = R.decisions(state, seat).prompt
        assert c().cards[card_id].title in prompt
        assert f"choose a state ({i} of {times})" in prompt.lower(), prompt
        state = play(R, state, seat, [R.decisions(state, seat).options[0].action]).state
    assert not state.tasks


@pytest.mark.parametrize("card_id,times", [("C25", 3), ("C26", 2)])
def test_a_repeated_choice_offers_only_states_not_chosen_yet(card_id: str, times: int) -> None:
    """Ruling: the card's states are different states. Each later choice leaves out the earlier ones, names them in
    its prompt when the list would otherwise hold them, and typing one again is refused naming it."""
    state, seat = _drawn(card_id)
    before = dict(state.players[seat].votes)
    chosen: list[str] = []
    for i in range(1, times + 1):
        decision = R.decisions(state, seat)
        offered = [o.action.args[0] for o in decision.options]
        assert f"choose a state ({i} of {times})" in decision.prompt.lower(), decision.prompt
        assert offered and not set(offered) & set(chosen), (i, offered, chosen)
        if card_id == "C25" and chosen:  # on the ballot, so the list would hold them: the prompt says why not
            assert f"other than {', '.join(chosen)} (already chosen for this card)" in decision.prompt
        for code in chosen:
            with pytest.raises(IllegalAction) as refused:
                play(R, state, seat, [Action(verb="state", args=(code,))])
            assert refused.value.code == "illegal_argument"
            name = c().states[code].name
            assert f"{name} was already chosen for Card {card_id} — {c().cards[card_id].title}" in str(refused.value)
        pick = offered[-1]  # not the first, so a filter that only drops the first offered state would be caught
        state = play(R, state, seat, [Action(verb="state", args=(pick,))]).state
        chosen.append(pick)
    assert not state.tasks and len(set(chosen)) == times
    after = state.players[seat].votes
    assert {code: n - before.get(code, 0) for code, n in after.items() if n != before.get(code)} == \
        {code: 1 for code in chosen}  # 1 vote (C25) or a new ballot with its 1 vote (C26) in each, nothing else


def test_a_card_with_fewer_states_than_choices_loses_the_rest() -> None:
    """On only 2 ballots, C25 gives 1 vote in each of them once; the third vote goes nowhere (not to a state
    chosen earlier), and the log says so."""
    state, seat = _drawn("C25", ballots=2)
    before = dict(state.players[seat].votes)
    said: list[str] = []
    for _ in range(2):
        result = play(R, state, seat, [R.decisions(state, seat).options[0].action])
        state, said = result.state, said + [e.public for e in result.events if e.public]
    assert not state.tasks
    assert {code: n - before[code] for code, n in state.players[seat].votes.items()} == {code: 1 for code in before}
    assert any("they are lost" in line for line in said)  # the turn's post will say so


def _running_mate(cause: str, advantage: str | None = None) -> str:
    """The prompt after passing (or landing on) the first Pick a VP space whose next space is a plain one."""
    state, seat = _playing()
    state = state.model_copy(deep=True)
    track = c().track
    vp = next(s.index for s in track if s.kind == "vice_president" and track[s.index + 1].kind == "plain")
    for other in state.order:
        state.players[other].trail = 0
    player = state.players[seat]
    player.trail, player.advantage = vp - 1, advantage
    player.votes.setdefault(next(code for code in sorted(c().states) if code != player.home), 1)  # somewhere to go
    state.turn.stage = "campaign"
    move(state, seat, 1 if cause == "land" else 2, [])
    assert state.tasks[0].kind == "vp"
    return R.decisions(state, seat).prompt


def test_the_running_mate_prompt_says_why_how_many_and_where() -> None:
    passing = _running_mate("pass")
    assert "passed a Pick a VP space" in passing and "brings you 5 votes" in passing
    assert "landing on one brings 10" in passing
    assert "Place all 5 in one state whose ballot you are on" in passing and "not your home state" in passing
    landing = _running_mate("land")
    assert re.search(r"landed on space \d+, [^,]+, a Pick a VP space", landing) and "Place all 10" in landing
    bonus = _running_mate("land", advantage="A11")
    assert "3 more from Advantage card A11 — Popular Running Mate" in bonus and "Place all 13" in bonus


def test_every_term_is_in_a_prompt() -> None:
    words = " ".join(t for texts in _texts() for t in texts).lower()
    for term in TERMS:
        assert term.lower() in words, f"no decision says {term!r}: drop it from TERMS"


def test_the_help_has_a_line_for_every_term_prompts_use() -> None:
    named = {name.strip().lower() for line in R.help_text().splitlines()
             for m in [re.match(r"\*\*([^*]+)\*\*", line)] if m for name in m.group(1).split("/")}
    missing = [t for t in TERMS if t.lower() not in named]
    assert not missing, f"help has no line for {missing}"

