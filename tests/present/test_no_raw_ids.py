"""No internal identifier (`social_security`, `voter_suppression`, `civil_rights`) reaches a player's eye, in any
title: over a seeded bot-played game of each transcript setting, every decision's prompt, option labels and details,
the seat's brief, and each option's notation as the bot shows it back ("You played: `…`") are free of them; the form
shown back is one the title's parser reads as the same move. The identifiers are found by the SimCord housemate
harness's own check (tests/discord/housemate.py), so the two cannot drift apart."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bot import present
from bot.discord.play_flows import _done_line
from bot.present import echo, typed_rest
from bot.service import SubmitResult
from bot.tables.transcripts import SETTINGS, Setting
from engine import registry
from engine.campaign_trail.content import load as campaign_trail_content
from engine.core.errors import UnknownAction
from engine.core.rng import Rng
from engine.core.ruleset import card_text, owing_seats, play, seats_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "discord"))
from housemate import raw_identifiers  # noqa: E402 — the harness's check, not a second copy

MOVES = 160  # positions played into each game: setup, the first turns and, in most titles, a card or debate phase


def _shown(rules, state, seat: str) -> list[str]:
    """What a seat reads of its decision: the prompt, each option's label and detail, its brief, and each option's
    notation as shown back to it."""
    d = rules.decisions(state, seat)
    view = rules.view(state, seat)
    texts = [d.prompt]
    for o in d.all_options():
        texts += [o.label, o.detail or "", echo.notation(rules.format([o.action]))]
    texts += [line for head, lines in present.for_view(view).brief_sections(view, seat) for line in [head, *lines]]
    return texts


def _round_trips(rules, state, seat: str) -> None:
    for o in rules.decisions(state, seat).all_options():
        written = rules.format([o.action])
        assert rules.parse(echo.notation(written)) == rules.parse(written), written


@pytest.mark.parametrize("setting", SETTINGS, ids=[s.name for s in SETTINGS])
def test_a_seeded_game_shows_no_identifier(setting: Setting) -> None:
    rules = registry.get(setting.ruleset)
    state = rules.setup(setting.options, seats_for(rules, setting.players, setting.options), setting.seed)
    rng, found, checked = Rng(setting.seed), {}, 0
    for n in range(MOVES):
        if rules.outcome(state) is not None:
            break
        owing = owing_seats(rules, state)
        for seat in owing if n % 3 == 0 else []:
            for text in _shown(rules, state, seat):
                found.update({token: text for token in raw_identifiers(text)})
            _round_trips(rules, state, seat)
            checked += 1
        state = play(rules, state, owing[0], [rules.bot_action(state, owing[0], rng)]).state
    assert checked > 10
    assert not found, f"identifiers a player would read: {found}"


def test_campaign_trail_cards_and_echoes_name_issues_in_words() -> None:
    rules = registry.get("campaign_trail")
    for number in campaign_trail_content().cards:
        card = card_text(rules, str(number))
        assert card is not None and not raw_identifiers(f"{card.name}\n{card.text}"), card
    done = _done_line(SubmitResult(seq=9, events=[], notation="play 11; advertise; issue social_security",
                                   finished=False, pending="issue gun_control; done"), "Social Security")
    assert not raw_identifiers(done) and "`play 11; advertise; issue social-security`" in done, done
    assert not raw_identifiers(typed_rest.refused_note("106 mudslinging health_care GA2", "it is too late."))


def test_campaign_trail_reads_issue_names_in_words_and_hyphens() -> None:
    rules = registry.get("campaign_trail")
    assert rules.parse("issue gun control") == rules.parse("issue Gun-Control") == rules.parse("issue gun_control")
    assert rules.parse("55 advertise social-security taxes") == rules.parse("55 advertise social_security taxes")
    assert rules.parse("112 voter-suppression NY") == rules.parse("112 suppress NY")


@pytest.mark.parametrize(("ruleset", "typed"), [
    ("campaign_trail", "issue xyz"), ("campaign_trail", "region xyz"), ("campaign_trail", "candidate xyz"),
    ("campaign_trail", "40 dirty_tricks VA"), ("nineteen_sixty", "swap economy xyz"), ("nineteen_sixty", "swap economy")])
def test_a_refused_notation_names_its_choices_as_typed(ruleset: str, typed: str) -> None:
    with pytest.raises(UnknownAction) as refused:
        registry.get(ruleset).parse(typed)
    assert not raw_identifiers(refused.value.message), refused.value.message


def test_no_committed_transcript_shows_an_identifier() -> None:
    """Every message of every transcript (the lessons' coach lines too) as a player reads it; pictures' file names
    and the transcripts' own index are not messages."""
    found: dict[str, str] = {}
    for path in sorted((Path(__file__).resolve().parents[2] / "docs" / "transcripts").glob("*.md")):
        if path.name == "README.md":
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.startswith(("- 🖼", "- 🔍")):
                found.update({token: f"{path.name}: {line}" for token in raw_identifiers(line)})
    assert not found, f"identifiers a player would read: {found}"
