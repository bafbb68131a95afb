"""What a player reads in a DM is short enough for a phone and in words: a decision prompt names the hand once,
Campaign Trail's issues are named as players read them (never an identifier), 1960's menus put a card's effect
before anything else, and `/game status` of a late game holds the whole board, split over fields, never cut."""
from __future__ import annotations

import re

import discord

from bot import present
from bot.discord import limits, ui
from bot.present.text import board_text
from bot.service.table import GameRef, PrivateBrief
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.nineteen_sixty import words as ns_words
from engine.nineteen_sixty.primitives import c as ns_content

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
    parts = [x for e in embeds for x in (e.title or "", e.description or "", e.footer.text or "")]
    parts += [f"{f.name}\n{f.value}" for e in embeds for f in e.fields]
    for item in (view.children if view is not None else []):
        d = item.to_component_dict()
        parts += [str(d.get("label") or ""), str(d.get("placeholder") or "")]
        parts += [x for o in d.get("options") or [] for x in (o["label"], o.get("description") or "")]
    return "\n".join(parts)


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
