"""Each game in its own words: every text a player of a ruleset sees comes from that ruleset.

For every ruleset in engine.registry.RULESETS (and those under construction), seeded random games (random legal options, now and then the
ruleset's own bot) are played with engine.core.ruleset.play, and at every step everything a seat is shown is
rendered: its decision (prompt, option and extra labels and details, the deadline default), the events of
the step, the presenter's board, hand and brief texts, the local table's lines, and the Discord hand
message with its buttons and menus (a later step of the walk too); besides, the ruleset's help text and its
Discord help page. None of it may hold another ruleset's distinctive words (VOCABULARY below: card ids,
pieces, named rules). The texts the tables show every game alike (the local table's help, the Discord
how-to and command descriptions) may hold no ruleset's words at all.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot import present
from bot.present import dashboard
from bot.tables import local, local_seats
from bot.present import text as plain
from bot.discord import info_flows, play_flows, ui, walk
from bot.discord.cogs import all_commands
from bot.service.table import GameRef, PrivateBrief
from engine import registry
from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.core.ruleset import play
from engine.core.types import Decision, result_headline

# What only that game says: its card ids, its pieces and its named rules — not words that are plain English in
# another game's card names (a Campaign Trail "Recount" or "Convention Bounce", a Campaign Manager "Fight the
# Smears", a Presidential Election "Breaking News" space, a "running mate"). Case-insensitive, whole words.
VOCABULARY: dict[str, list[str]] = {
    "electioneer": [r"(?:campaign|discard) [DR]\d\d", r"play T\d\d", r"theatrics?", r"swap [A-Z]{2} [12]"],
    "campaign_trail": [r"politicks?", r"pawns?", r"ethically minded", r"mudsl\w*", r"Dirty Politics",
                       r"response windows?", r"\d+ campaign [A-Z]{2}\d"],
    "presidential_election": [r"advantage A\d\d", r"Advantage cards?", r"National Debate", r"\$[\d,]+k", r"Election Map",
                              r"buy (?:ballot|sign|tv)"],
    "campaign_manager_2008": [r"(?:play|keep|discard) [OM]\d\d", r"Obama", r"McCain", r"OBA", r"MCC", r"Going Negative",
                              r"key demographic"],  # not "media support": 1960 says it too
    "nineteen_sixty": [r"Kennedy", r"Nixon", r"KEN", r"NIX", r"momentum", r"Campaign Strategy", r"media cubes?",
                       r"preempt\w*", r"support checks?"],
}
VOCABULARY_PATTERNS = {name: re.compile(r"\b(?:" + "|".join(words) + r")\b", re.IGNORECASE)
                       for name, words in VOCABULARY.items()}

# (players, options) of the games played; by default the fullest and the smallest table with no option
VARIANTS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "electioneer": [(2, {}), (2, {"theatrics": 1})],
    "campaign_trail": [(6, {}), (3, {"dirty": True}), (2, {"parties": ["DEM", "LIB"], "dirty": True}),
                       (1, {"ai": ["REP"]}), (2, {"ai": ["REP", "LIB"], "coop": True}),  # Solo Play: the AI turns' words
                       (1, {"ai": ["REP", "LIB"], "ai_deck": "advanced"})],
    "presidential_election": [(4, {}), (2, {"era": 1960})],
    "campaign_manager_2008": [(2, {}), (2, {"deck": "starter"})],
    "nineteen_sixty": [(2, {}), (2, {"vp": "on"})],
}
# the registered rulesets and those still under construction: a ruleset speaks in its own words before it is offered
RULESETS = {**{name: registry.under_construction(name) for name in registry.UNDER_CONSTRUCTION}, **registry.RULESETS}
GAMES = 2  # per variant
MAX_STEPS = 1_500  # a random game cut short is still rendered up to there


def _embed_texts(embed: discord.Embed) -> Iterator[str]:
    data = embed.to_dict()
    yield data.get("title", "")
    yield data.get("description", "")
    yield data.get("footer", {}).get("text", "")
    for f in data.get("fields", []):
        yield f["name"]
        yield f["value"]


def _component_texts(view: discord.ui.View | None) -> Iterator[str]:
    if view is None:
        return
    for row in view.to_components():
        for comp in row["components"]:
            yield comp.get("label") or ""
            yield comp.get("placeholder") or ""
            for option in comp.get("options", []):
                yield option["label"]
                yield option.get("description") or ""


def _decision_texts(decision: Decision) -> Iterator[str]:
    yield decision.prompt
    yield decision.deadline_default
    for option in decision.all_options():
        yield option.label
        yield option.detail or ""


def _seat_texts(ruleset: Any, state: Any, seat: str, decision: Decision, seq: int, discord_too: bool) -> Iterator[str]:
    """What `seat` is shown now (its decision given), on the local table and on Discord."""
    view = ruleset.view(state, seat)
    yield from _decision_texts(decision)
    yield plain.board_text(view)
    yield plain.hand_text(view)
    if decision.extras:
        yield plain.extras_note(view, len(decision.extras))
    for title, lines in present.for_view(view).brief_sections(view, seat):
        yield title
        yield from lines
    if not discord_too:
        return
    game = GameRef(id=1, ruleset=ruleset.name, title=ruleset.title, status="active", guild_id="1", channel_id="2",
                   thread_id=None, seq=seq)
    embeds, components = ui.hand_message(PrivateBrief(game=game, seat=seat, user_id="1", text="", view=view,
                                                      decision=decision))
    for embed in embeds:
        yield from _embed_texts(embed)
    yield from _component_texts(components)
    first = walk.step(decision.options).choices if decision.options else []
    later = next((c for c in first if not c.final), None)
    if later is not None:  # a later step of the walk, as a click on a "…" choice shows it
        deeper, _ = ui.choices_view(1, seq, decision, prefix=later.path, ruleset=ruleset.name)
        yield from _component_texts(deeper)


def _game_texts(ruleset: Any, count: int, options: dict[str, Any], seed: int) -> set[str]:
    seats = local_seats.table_seats(ruleset, count, options)
    state = ruleset.setup(options, seats, seed)
    rng = Rng(seed)
    texts: set[str] = set()
    public = ruleset.view(state, None)  # the public view of `state`, kept from the step that reached it
    for step in range(MAX_STEPS):
        decisions = {seat: ruleset.decisions(state, seat) for seat in state.seats}  # each read once a step
        for seat in state.seats:  # Discord's renderings for every seat now and then: they are slower
            texts.update(_seat_texts(ruleset, state, seat, decisions[seat], step, discord_too=step % 5 == 0))
        texts.update(plain.board_text(public).splitlines())
        if ruleset.outcome(state) is not None:
            break
        owing = [seat for seat in state.seats if decisions[seat].owes_move]  # as owing_seats says
        assert owing, f"{ruleset.name}: a dead end at step {step}"
        seat = owing[rng.below(len(owing))]
        decision = decisions[seat]
        if rng.below(3) == 0:
            action = ruleset.bot_action(state, seat, rng)
        else:
            pool = decision.all_options() if decision.extras and rng.below(4) == 0 else decision.options
            action = pool[rng.below(len(pool))].action
        if step % 25 == 0:
            texts.update(_refusals(ruleset, state, seat, decision, decisions))
        result = play(ruleset, state, seat, [action])
        after = ruleset.view(result.state, None)
        if step % 7 == 0:  # the turn's caption and the pinned dashboard, from the public views
            texts.update(_public_summaries(ruleset, public, after, seat))
        for event in result.events:
            texts.add(event.public or "")
            texts.update(event.private.values())
        state, public = result.state, after
    outcome = ruleset.outcome(state)
    if outcome is not None:
        texts.add(result_headline(outcome.model_dump()))
    texts.add(ruleset.help_text())
    return texts - {""}


def _public_summaries(ruleset: Any, view_before: Any, view_after: Any, seat: str) -> Iterator[str]:
    """The one-line caption of what a step changed (public views before and after it) and the election-night
    dashboard."""
    presenter = present.for_view(view_after)
    yield presenter.change_summary(view_before, view_after, seat) or ""
    tally = presenter.electoral_tally(view_after)
    if tally is not None:
        yield dashboard.build(tally, title=ruleset.title)


def _refusals(ruleset: Any, state: Any, seat: str, decision: Decision, decisions: dict[str, Decision]) -> Iterator[str]:
    """What a seat is told when it types something wrong now: nonsense, a bare verb, a verb with a wrong
    argument, and a legal move of a seat that does not owe one (`decisions`: every seat's now)."""
    verbs = sorted({o.action.verb for o in decision.all_options()})
    tries = ["", "banana", "3", "banana ZZ 9", *verbs, *(f"{verb} ZZQ" for verb in verbs)]
    for text in tries:
        try:
            play(ruleset, state, seat, ruleset.parse(text))
        except EngineError as exc:
            yield exc.message
    idle = [s for s in state.seats if not decisions[s].owes_move]
    if idle and decision.options:
        try:
            play(ruleset, state, idle[0], [decision.options[0].action])
        except EngineError as exc:
            yield exc.message


def foreign_words(name: str, texts: set[str]) -> list[str]:
    """Each other ruleset's word that a text of `name` uses, once, with one text it is in.

    No word of VOCABULARY spans a line break, so the texts' distinct lines are searched first: a few thousand lines
    where the board texts of every step repeat most of theirs (a seventh of the characters). Only when a word is
    found are the whole texts searched, for the text each word is in."""
    lines = {line for text in texts for line in text.split("\n")}
    return _foreign_words(name, texts) if _foreign_words(name, lines) else []


def _foreign_words(name: str, texts: set[str]) -> list[str]:
    own = VOCABULARY_PATTERNS.get(name)
    found: dict[tuple[str, str], str] = {}
    for other, pattern in VOCABULARY_PATTERNS.items():
        if other == name:
            continue
        for t in sorted(texts):
            for m in pattern.finditer(t):
                word = m.group(0)
                if (own is not None and own.fullmatch(word)) or (other, word.lower()) in found:
                    continue  # a word both games use, or one already reported
                found[(other, word.lower())] = f"{other}'s {word!r} in: {t[max(0, m.start() - 100):m.end() + 100]!r}"
    return list(found.values())


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_text_a_player_sees_is_in_the_games_own_words(name: str) -> None:
    ruleset = RULESETS[name]
    variants = VARIANTS.get(name, [(ruleset.max_seats, {}), (ruleset.min_seats, {})])
    texts: set[str] = set()
    for n, (count, options) in enumerate(variants):
        for game in range(GAMES):
            texts |= _game_texts(ruleset, count, options, seed=1000 * n + 17 * game + 3)
    texts |= set(_help_page_texts(name))
    assert len(texts) > 100, len(texts)  # the games were played and rendered
    problems = foreign_words(name, texts)
    assert not problems, f"{len(problems)} foreign words in {name}'s texts:\n" + "\n".join(problems[:40])


def test_a_foreign_word_is_found_in_the_text_it_is_in() -> None:
    """foreign_words reports another game's word once, quoting the whole text it is in, not only its line."""
    texts = {"Step 3\nKEN gains momentum in Ohio.", "Momentum: 2", "DEM campaigns in OH."}
    problems = foreign_words("electioneer", texts)
    assert [p.split(" in: ")[0] for p in problems] == ["nineteen_sixty's 'Momentum'", "nineteen_sixty's 'KEN'"], problems
    assert "'Step 3\\nKEN gains" in problems[1], problems
    assert foreign_words("nineteen_sixty", texts) == [] and foreign_words("electioneer", {"DEM campaigns."}) == []


def _help_page_texts(name: str) -> Iterator[str]:
    ruleset = RULESETS[name]
    yield ruleset.help_text()
    yield info_flows.how_to(name)


def _command_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every slash command's description, and its options' descriptions and choices."""
    todo: list[Any] = list(all_commands())
    while todo:
        command = todo.pop()
        where = f"/{command.qualified_name}"
        yield where, command.description
        if isinstance(command, discord.app_commands.Group):
            todo += command.commands
            continue
        for param in command.parameters:
            yield f"{where} {param.name}", param.description
            yield from ((f"{where} {param.name}", choice.name) for choice in param.choices)


# /game new's `theatrics` option is Electioneer's own and says so ("Theatrics dealt to each player (Electioneer)")
NAMED_FOR_ITS_GAME = {"/game new theatrics"}


def test_the_texts_every_game_shares_name_no_games_words() -> None:
    """The local table's help, the Discord how-to without an example, the presenter defaults (the words of a
    ruleset without a presenter of its own), the stale-menu notes and every slash command's texts."""
    shared = [("local HELP", local.HELP), ("how-to", info_flows.how_to("no such game")), ("STALE", play_flows.STALE),
              ("GONE", play_flows.GONE), ("pending note", plain.pending_note("x")),
              ("default extras menu", present.Presenter().extras_placeholder),
              ("default extras line", present.Presenter().extras_note(2))]
    commands = list(_command_texts())
    assert len(commands) > 30 and any(where == "/move notation" for where, _ in commands)
    problems = [f"{where}: {name}'s {m.group(0)!r} in {text!r}"
                for where, text in shared + [c for c in commands if c[0] not in NAMED_FOR_ITS_GAME]
                for name, pattern in VOCABULARY_PATTERNS.items() for m in pattern.finditer(text)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", sorted(registry.RULESETS))
def test_the_help_pages_move_example_is_a_move_of_that_game(name: str) -> None:
    """A presenter's `/move` example parses as its own ruleset's notation, and a shown example is on the page."""
    ruleset = registry.RULESETS[name]
    example = present.for_ruleset(name).move_example
    if example:
        assert ruleset.parse(example), example
        assert f"`/move {example}`" in info_flows.how_to(name)


def test_the_extras_menu_is_named_by_the_games_presenter() -> None:
    """The menu of the plays allowed at any time takes its placeholder from the ruleset of the game."""
    from engine.core.types import Action, Option

    decision = Decision(seat="A", options=[Option(action=Action(verb="go"), label="Go")],
                        extras=[Option(action=Action(verb="extra"), label="Extra")])
    seen = {}
    for name in [*registry.RULESETS, "no such game"]:
        view, _ = ui.choices_view(1, 1, decision, ruleset=name)
        seen[name] = [c["placeholder"] for row in view.to_components() for c in row["components"] if c.get("placeholder")]
        assert seen[name] == [present.for_ruleset(name).extras_placeholder], seen
    assert len({p[0] for p in seen.values()}) >= 3, seen  # not one text for every game
