"""What a player reads in a DM is short enough for a phone and in words: a decision prompt names the hand once,
Campaign Trail's issues are named as players read them (never an identifier), 1960's menus put a card's effect
before anything else, `/game status` of a late game holds the whole board, split over fields, never cut, and over
every title's seeded game 95% of the DMs are at most 2,000 characters, their buttons and menus named in words.

A DM is counted as SimCord counts it (tests/discord/housemate.py `shown_text`: its embeds, its buttons' labels, its
menus' placeholders, entries and their descriptions), over each prompt ui.hand_message makes, before the Discord
table adds the jump link to the table's latest post (about 130 characters more on a prompt owing a move). A whole
game as the issue measures it (every version of every DM, the link included) is played through SimCord for 1960
in tests/discord/test_dm_lengths.py."""
from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

import discord
import pytest

from bot import present
from bot.discord import limits, ui, walk
from bot.present.text import board_text
from bot.service import GameManager
from bot.service.table import GameRef, PrivateBrief
from bot.store import Store
from bot.tables.recording import RecordingTable
from bot.tables.transcripts import SETTINGS, Setting
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, seats_for
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


# ------------------------------------------------------------------ every title's seeded game, as its DMs read

DM_P95 = 2000  # characters a phone shows without much scrolling
VERB_ONLY = re.compile(r"^[a-z_]+ …$")  # a menu entry named by its notation: "swap …", "state …"


async def _briefs_of(setting: Setting) -> list[PrivateBrief]:
    """Every DM brief of the transcript's seeded game, played to its end by the bots as `bot transcripts` does."""
    ruleset = registry.get(setting.ruleset)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "t.sqlite3")
        table, now = RecordingTable(), [1_800_000_000]
        manager = GameManager(store, table, clock=lambda: now[0], render=False, new_seed=lambda: setting.seed)
        seats = seats_for(ruleset, setting.players, setting.options)
        users = {seat: f"p-{seat.lower()}" for seat in seats}
        rec = await manager.games.create(setting.ruleset, users[seats[0]], "P", seat=seats[0], title=setting.title,
                                         seed=setting.seed, options=setting.options, channel_id="c", guild_id="g")
        for seat in seats[1:]:
            await manager.games.join(rec.id, users[seat], "P", seat=seat)
        await manager.games.start(rec.id, users[seats[0]])
        rng = Rng(setting.seed)
        for _ in range(3000):
            owing = await manager.views.owing(rec.id)
            if not owing:
                break
            seat = owing[rng.below(len(owing))]
            _, state, _ = await manager.views.state(await manager.views.game(rec.id))
            now[0] += 3600
            await manager.games.submit(rec.id, users[seat], [ruleset.bot_action(state, seat, rng)])
        await store.close()
    return list(table.briefs)


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda s: s.name)
async def test_dms_are_short_and_their_menus_in_words(setting: Setting) -> None:
    lengths, notation = [], set()
    for brief in await _briefs_of(setting):
        embeds, view = ui.hand_message(brief)
        lengths.append(len(_visible(embeds, view)))
        for item in (view.children if view is not None else []):
            d = item.to_component_dict()
            names = [str(d.get("label") or ""), str(d.get("placeholder") or ""),
                     *(o["label"] for o in d.get("options") or [])]
            notation |= {n for n in names if VERB_ONLY.match(n) or n.startswith("Choose: ") and "_" in n}
    lengths.sort()
    assert len(lengths) > 20
    p95 = lengths[min(len(lengths) - 1, int(0.95 * len(lengths)))]  # as the bench takes it
    assert p95 <= DM_P95, f"{setting.name}: DM p95 {p95} characters (max {lengths[-1]})"
    assert not notation, f"{setting.name}: menus named by notation: {sorted(notation)}"


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
