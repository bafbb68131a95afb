"""The local table speaks terminal: no Discord markup or commands, the board once a turn, a hand-off only between
two people, `undo` at every prompt, long menus grouped, and the table's own words (card ID, help)."""
from __future__ import annotations

import re

import pytest

from bot.tables.local_turn import PROMPT_MARK
from tests.local.terminal_script import Keyboard, play

# Every game here is played without drawing its pictures (render=False): these tests read the words; the local
# table's pictures are tests/local/test_local_table.py's.
DISCORD = ("**", "-# ", "<t:", "<@", "/game ", "/move", "/card", "`")
# every ruleset, against the bot (quicker), with each of the table's words typed once along the way
GAMES = {"electioneer": {"bot_seats": {"REP"}}, "campaign_trail": {"players": 2, "bot_seats": {"REP"}},
         "presidential_election": {"players": 2, "bot_seats": {"P2"}},
         "campaign_manager_2008": {"bot_seats": {"MCC"}}, "nineteen_sixty": {"bot_seats": {"NIX"}}}
WORDS = ["help", "board", "rules", "log", "dashboard", "card 1", "undo"]


@pytest.mark.parametrize("ruleset", sorted(GAMES))
async def test_a_whole_game_prints_no_discord_markup_or_command(tmp_path, ruleset) -> None:
    keyboard = Keyboard(list(WORDS))
    await play(tmp_path, ruleset, keyboard, seed=5, render=False, **GAMES[ruleset])
    assert "is finished" in keyboard.text  # the whole game, its last posts (the seed's reveal) included
    for line in keyboard.text.splitlines():
        assert not [mark for mark in DISCORD if mark in line], line
        assert not re.search(r"(?<!\.)\.\.(?!\.)|\.;|;;", line), line  # no doubled stop ("(DEM–REP).. Images")


def _screens(keyboard: Keyboard) -> list[list[tuple[str, str]]]:
    """The stream cut at each hand-off prompt: what one player at the keyboard saw and typed."""
    screens: list[list[tuple[str, str]]] = [[]]
    for kind, text in keyboard.stream:
        if kind == "ask" and "Pass the keyboard to" in text:
            screens.append([])
        screens[-1].append((kind, text))
    return screens


async def test_the_board_is_printed_once_a_turn_and_on_request(tmp_path) -> None:
    keyboard = Keyboard(["", "campaign NOPE", "", "board", "", "1"], moves=30)
    await play(tmp_path, "electioneer", keyboard, seed=5, render=False)
    first = _screens(keyboard)[1]
    assert "Pass the keyboard to DEM" in first[0][1]
    views = [text for kind, text in first if kind == "write" and "DEM's view" in text]
    assert len(views) == 2  # at the start of the turn, and for `board`: not at each Enter or after the refusal
    for screen in _screens(keyboard)[2:]:  # and each later player at the keyboard: once, whatever they did
        seat = screen[0][1].split("Pass the keyboard to ")[1].split(".")[0]
        assert sum(f"{seat}'s view" in text for kind, text in screen if kind == "write") == 1
    short = [text for kind, text in keyboard.stream if kind == "write" and text.startswith(PROMPT_MARK)]
    assert short and all("\n" not in text for text in short)  # the prompt itself is one line


def _hand_offs(keyboard: Keyboard) -> list[tuple[str, str]]:
    """(the seat last asked to move, the seat the keyboard is passed to) at each hand-off."""
    out, last = [], None
    for kind, text in keyboard.stream:
        if kind == "ask" and text.endswith("> "):
            last = text[:-2]
        elif kind == "ask" and "Pass the keyboard to " in text and last is not None:
            out.append((last, text.split("Pass the keyboard to ")[1].split(".")[0]))
    return out


async def test_no_hand_off_between_two_turns_of_the_same_player(tmp_path) -> None:
    keyboard = Keyboard(moves=40)
    await play(tmp_path, "electioneer", keyboard, seed=5, render=False)
    hand_offs = _hand_offs(keyboard)
    assert len(hand_offs) >= 6
    assert all(before != after for before, after in hand_offs), hand_offs
    # the seed gives REP two decisions in a row (month 1's discard, then the first policy): one turn, one view
    prompts = [text for _, text in keyboard.prompts() if text.endswith("> ")]
    assert any(a == b == "REP> " for a, b in zip(prompts, prompts[1:]))


def _any_time_play(keyboard: Keyboard) -> str:
    """After `t`: the move of the first play allowed at any time on screen, opening its group first if grouped."""
    shown = "\n".join(keyboard.written()[-3:])
    moves = re.findall(r"\[(play T\d\d[^\]]*)\]", shown.split("at any time", 1)[-1])
    if moves:
        return moves[0]
    keyboard.replies.insert(0, _any_time_play)  # a group's number opens it; its choices come next
    return re.findall(r"^\s+(\d+)\. .*\(\d+ choices\)", shown.split("at any time", 1)[-1], re.MULTILINE)[0]


async def test_an_any_time_play_keeps_the_keyboard_with_its_player(tmp_path) -> None:
    keyboard = Keyboard(["t", _any_time_play], moves=4)
    await play(tmp_path, "electioneer", keyboard, seed=5, render=False)
    assert "DEM plays" in keyboard.text  # the theatric was played
    played = next(i for i, typed in keyboard.typed.items() if typed.startswith("play T"))
    asked = [text for i, text in keyboard.prompts() if i > played]
    assert keyboard.stream[played] == ("ask", "DEM> ")
    assert asked and asked[0] == "DEM> ", asked[:3]  # DEM goes on: no hide screen, no hand-off to DEM


async def test_undo_at_the_hide_screen_gives_the_turn_back(tmp_path) -> None:
    keyboard = Keyboard(moves=2, screens={"hide your hand": ["undo"]})
    await play(tmp_path, "electioneer", keyboard, seed=5, render=False)
    asked = [text for _, text in keyboard.prompts()]
    hide = next(i for i, text in enumerate(asked) if "hide your hand" in text)
    assert asked[hide - 1] == "DEM> " and asked[hide + 1] == "DEM> ", asked  # DEM again, nobody else saw a thing
    assert "DEM took back their last step." in keyboard.text
    # what the undone step told DEM ("You put … on the bottom of your deck") is not so any more: never shown
    after = keyboard.text.split("DEM took back their last step.", 1)[1]
    assert "(private to DEM) You put" not in after.split("DEM> ", 1)[0], after[:600]


async def test_undo_at_the_hand_off_screen_gives_the_keyboard_back(tmp_path) -> None:
    keyboard = Keyboard(moves=2, screens={"Pass the keyboard to REP": ["undo"]})
    await play(tmp_path, "electioneer", keyboard, seed=5, render=False)
    asked = [text for _, text in keyboard.prompts()]
    to_rep = next(i for i, text in enumerate(asked) if "Pass the keyboard to REP" in text)
    assert "DEM took back their last step." in keyboard.text
    assert "Pass the keyboard to DEM" in asked[to_rep + 1] and asked[to_rep + 2] == "DEM> ", asked


async def test_a_long_menu_is_grouped_by_card_and_a_number_opens_a_group(tmp_path) -> None:
    keyboard = Keyboard(["1", "1"], moves=3)  # KEN's first card play: the first card's group, then its event
    await play(tmp_path, "nineteen_sixty", keyboard, seed=5, bot_seats={"NIX"}, render=False)
    writes = keyboard.written()
    menu = next(text for text in writes if "(5 choices)" in text)
    lines = menu.splitlines()
    assert len(lines) <= 12 and all(re.match(r"^\s+\d+\. ", line) for line in lines)  # a card a line
    assert re.search(r"^\s+1\. #\d+ [^(]+\(5 choices\): event · campaign, \d CP", menu, re.MULTILINE)
    opened = writes[writes.index(menu) + 2:]
    title = re.search(r"1\. (#\d+ [^(]+) \(5", menu).group(1)
    assert opened[0] == f"{title} — 5 choices (Enter: back to all):"
    first = opened[1].split("\n    2. ", 1)[0]  # choice 1, its card text wrapped over lines of its own
    assert re.match(r"^\s+1\. event — .*\[play \d+ event\]$", first, re.DOTALL)
    assert all(len(line) <= 100 for line in opened[1].splitlines())
    assert re.search(r"KEN plays #\d+ .* as an event", keyboard.text)


async def test_a_long_list_of_states_is_grouped_by_region_and_each_state_gives_its_ev(tmp_path) -> None:
    keyboard = Keyboard(["1", "1", "1", "3", "1"], moves=5)  # two rolls, play first; the third region (South), its first state
    await play(tmp_path, "presidential_election", keyboard, seed=5, players=2, bot_seats={"P2"}, render=False)
    writes = keyboard.written()
    menu = next(text for text in writes if "Midwest (12 choices)" in text)
    assert [line.split(" (")[0].split(". ")[1] for line in menu.splitlines()] == ["Midwest", "Northeast", "South", "West"]
    south = writes[writes.index(menu) + 3]
    assert south.splitlines()[0] == "    1. Alabama — 9 EV   [home AL]"
    assert "   13. South Carolina — 9 EV   [home SC]" in south.splitlines()


async def test_card_and_help_answer_at_any_prompt(tmp_path) -> None:
    keyboard = Keyboard(["card t03", "card ZZ9", "card", "help"], moves=4,
                        screens={"hide your hand": ["card D08"]})
    await play(tmp_path, "electioneer", keyboard, seed=5, render=False)
    text = keyboard.text
    assert "Theatric T03 — Change the Subject\nSwap one issue in a revealed state for an issue of your choice" in text
    assert "No card ZZ9 in Electioneer US." in text
    assert "Type card and the id a choice or your hand shows" in text
    for word in ("board", "card ID", "undo", "t ", "quit", "log", "rules", "dashboard"):
        assert f"\n  {word}" in text or f"  {word} " in text, word


async def test_two_seats_of_one_person_share_the_keyboard_without_a_hand_off(tmp_path) -> None:
    """The same name typed for two seats: one person plays both, so nothing is hidden between them."""
    keyboard = Keyboard(moves=12, screens={"Name for the": ["Alex", "alex "]})
    await play(tmp_path, "campaign_trail", keyboard, seed=5, players=2, render=False)
    asked = [text for _, text in keyboard.prompts()]
    assert {"DEM> ", "REP> "} <= set(asked)  # both seats were asked
    assert not [text for text in asked if "Pass the keyboard" in text or "hide your hand" in text]
