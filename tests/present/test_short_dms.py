"""What a player reads in a DM is short enough for a phone and in words: a decision prompt names the hand once,
Campaign Trail's issues are named as players read them (never an identifier), 1960's menus put a card's effect
before anything else, and `/game status` of a late game holds the whole board, split over fields, never cut.

A DM is counted as SimCord counts it (tests/discord/housemate.py `shown_text`). That 95% of the DMs of every title's
seeded game are at most 2,000 characters, their buttons and menus named in words, is checked over the transcripts'
games, beside their transcripts (tests/local/test_transcripts*.py): each is played once for both."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import discord

from bot import present
from bot.discord import limits, ui, walk
from bot.present.text import board_text
from bot.service.table import GameRef, PrivateBrief
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.core.types import Action, Decision, Option, PendingKind
from engine.nineteen_sixty import words as ns_words
from engine.nineteen_sixty.primitives import c as ns_content

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "discord"))
from housemate import shown_text  # noqa: E402 — SimCord's measure of what a message shows, not a second copy

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def _played(name: str, seats: list[str], seed: int, options: dict, moves: int | None = None):
    """A seeded bot-played game of `name`: its rules and the states it went through."""
    rules = registry.get(name)
    state = rules.setup(options, seats, seed)
    rng, states = Rng(seed), [state]
    for _ in range(moves or 3000):
        if rules.outcome(state) is not None:
            break
        seat = owing_seats(rules, state)[0]
        state = play(rules, state, seat, [rules.bot_action(state, seat, rng)]).state
        states.append(state)
    return rules, states


def _brief(name: str, rules, state, seat: str) -> PrivateBrief:
    game = GameRef(id=1, ruleset=name, title=rules.title, status="active", guild_id="g", channel_id="c",
                   thread_id=None, seq=1)
    return PrivateBrief(game=game, seat=seat, user_id="u", text="", view=rules.view(state, seat),
                        decision=rules.decisions(state, seat))


def _visible(embeds: list[discord.Embed], view: discord.ui.View | None) -> str:
    """What Discord shows of the DM, counted as SimCord counts it: its embeds and its components' labels,
    placeholders, entries and their descriptions."""
    return shown_text({"embeds": [e.to_dict() for e in embeds],
                       "components": view.to_components() if view is not None else []})


def test_campaign_trail_dms_name_issues_in_words_and_the_hand_once() -> None:
    rules, states = _played("campaign_trail", ["DEM", "REP", "LIB"], 8, {"dirty": True}, moves=160)
    found: set[str] = set()
    prompts = 0
    for state in states[::4]:
        for seat in owing_seats(rules, state):
            embeds, view = ui.hand_message(_brief("campaign_trail", rules, state, seat))
            text = _visible(embeds, view)
            found |= set(SNAKE.findall(text))
            prompts += 1
            assert [e.title for e in embeds if e.title == ui.IN_FULL] == [], "the hand is listed once"
            assert sum(f.name.startswith("Your hand (") and "continued" not in f.name for e in embeds for f in e.fields) == 1
        found |= set(SNAKE.findall(board_text(rules.view(state, None))))
    assert prompts > 20
    assert not found, f"identifiers a player would read: {sorted(found)}"


def test_nineteen_sixty_menus_put_the_effect_first() -> None:
    for card in ns_content().cards.values():
        effect = ns_words.effect(card.id)
        assert card.text.endswith(effect) and effect != card.text
        assert ns_words.card_detail(card.id).startswith(effect)
    rules, states = _played("nineteen_sixty", ["KEN", "NIX"], 5, {"vp": "on", "restricted": "on"}, moves=120)
    events = 0
    for state in states:
        for seat in owing_seats(rules, state):
            for o in rules.decisions(state, seat).options:
                if o.action.verb == "play" and o.action.args[-1:] == ("event",) and o.action.args[0].isdigit():
                    card = ns_content().cards[int(o.action.args[0])]
                    assert o.detail.startswith(ns_words.effect(card.id)), o.detail
                    events += 1
    assert events > 20


def _status_fields(text: str) -> list[discord.embeds.EmbedProxy]:
    embed = limits.add_long_field(discord.Embed(title="status"), "Board", text, code=True)
    return embed.fields


def test_status_of_a_late_game_holds_every_region_and_state_uncut() -> None:
    rules, states = _played("nineteen_sixty", ["KEN", "NIX"], 5, {"vp": "on", "restricted": "on"})
    late = rules.view(states[-40], None)
    text = board_text(late)
    fields = _status_fields(text)
    assert all(len(f.value) <= limits.EMBED_FIELD_VALUE for f in fields) and len(fields) <= limits.EMBED_FIELDS
    joined = "\n".join(f.value for f in fields)
    assert all(f"{r.id}:" in joined for r in late.regions), "every region, the West too"
    assert all(s.code in joined for s in late.states if s.leader)
    assert "…" not in text
    rules, states = _played("campaign_manager_2008", ["OBA", "MCC"], 17, {"deck": "draft"})
    late = rules.view(states[-10], None)
    text = present.for_view(late).board_text(late)
    fields = _status_fields(text)
    assert all(len(f.value) <= limits.EMBED_FIELD_VALUE for f in fields)
    joined = "\n".join(f.value for f in fields)
    assert all(t.code in joined for t in late.in_play) and "…" not in text


def test_a_group_whose_labels_share_nothing_is_named_in_words() -> None:
    def opt(verb: str, arg: str, label: str) -> Option:
        return Option(action=Action(verb=verb, args=(arg,)), label=label)

    states = [opt("state", code, name) for code, name in (("AL", "Alabama"), ("AK", "Alaska"), ("AZ", "Arizona"))]
    swaps = [opt("swap", f"{n}", f"Nevada: Issue {n}") for n in range(30)]
    assert walk.step(states + swaps, limit=1).choices[0].label == "State"
    step = walk.step(states + swaps, limit=1, words={"state": "A state"})
    assert [c.label for c in step.choices] == ["A state", "Nevada"]
    many = [opt("state", f"S{i}", f"{chr(65 + i)}land") for i in range(26)]  # more than a step holds, sharing no word
    view, _ = ui.choices_view(1, 1, Decision(seat="DEM", kind=PendingKind.CHOICE, prompt="Pick.", options=many),
                              prefix=("state",), ruleset="presidential_election")
    placeholders = [str(c.to_component_dict().get("placeholder")) for c in view.children]
    assert placeholders and all(p.startswith("Choose: A state") for p in placeholders), placeholders
