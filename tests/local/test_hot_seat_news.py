"""What each player at a shared keyboard is shown: whose turn a simultaneous choice hands the keyboard to, the news
missed while the others played (the hand-off clears the screen), and their own private lines at the right time."""
from __future__ import annotations

import itertools
import re

import pytest

from tests.local.terminal_script import Keyboard, play

POST = "\n── game #"  # how the console table prints a public post


def _screens(keyboard: Keyboard) -> list[tuple[str, list[str]]]:
    """Each seat's screen after a hand-off: (seat, what was written from the hand-off to its first prompt)."""
    out = []
    stream = keyboard.stream
    for i, (kind, text) in enumerate(stream):
        if kind == "ask" and "Pass the keyboard to " in text:
            seat = text.split("Pass the keyboard to ")[1].split(".")[0]
            shown = []
            for kind2, text2 in stream[i + 1:]:
                if kind2 == "ask":
                    break
                shown.append(text2)
            out.append((seat, shown))
    return out


async def test_a_draft_of_both_seats_alternates_the_keyboard(tmp_path) -> None:
    """Campaign Manager 2008's draft is a sealed choice both seats owe at once: the keyboard alternates between them,
    so neither finishes the draft first because of the order of the seats."""
    keyboard = Keyboard(moves=8)
    await play(tmp_path, "campaign_manager_2008", keyboard, render=False, seed=3)
    seats = [prompt[:-2] for _, prompt in keyboard.prompts() if prompt.endswith("> ")]
    assert seats[:8] == ["OBA", "MCC"] * 4, seats


@pytest.mark.parametrize("ruleset", ["electioneer", "nineteen_sixty"])
async def test_after_a_hand_off_the_player_first_reads_what_was_posted_since_their_turn(tmp_path, ruleset) -> None:
    """Every public post made since a seat last had the keyboard is on its screen after the hand-off, under the
    game's name; no other seat's private line is."""
    keyboard = Keyboard(moves=14)
    await play(tmp_path, ruleset, keyboard, render=False, seed=5)
    posts: list[tuple[int, str]] = [(i, text[len(POST):].split("\n", 1)[1]) for i, (kind, text)
                                    in enumerate(keyboard.stream) if kind == "write" and text.startswith(POST)]
    left: dict[str, int] = {}  # seat -> where it last left the keyboard (its hide screen)
    for i, (kind, text) in enumerate(keyboard.stream):
        if kind == "ask" and ": press Enter to hide" in text:
            left.setdefault(text.strip().split(":")[0], []).append(i)
    checked = 0
    hand_offs = [i for i, (kind, text) in enumerate(keyboard.stream) if kind == "ask" and "Pass the keyboard" in text]
    for i, (seat, shown) in zip(hand_offs, _screens(keyboard)):
        screen = "\n".join(shown)
        since = max([at for at in left.get(seat, []) if at < i], default=-1)
        missed = [text for at, text in posts if since < at < i]
        for text in missed:
            assert text in screen, f"{seat} was not shown {text!r}:\n{screen[:1500]}"
            checked += 1
        assert not re.search(r"\(private to (?!" + seat + r"\))", screen)
        assert missed == [] or "game #1 ──" in screen  # the game's name heads the news
    assert checked >= 8  # the check looked at real posts: the other seat's moves and the reveals


async def test_the_hand_off_screen_names_the_game(tmp_path) -> None:
    keyboard = Keyboard(moves=4)
    await play(tmp_path, "electioneer", keyboard, render=False, seed=5)
    hand_offs = [text for kind, text in keyboard.stream if kind == "ask" and "Pass the keyboard" in text]
    assert len(hand_offs) >= 3 and all(text.startswith("── Electioneer US · game #1 ──\n") for text in hand_offs)


async def test_a_seats_private_line_is_shown_after_its_own_move_and_before_the_reveal_it_set_off(tmp_path) -> None:
    """"You will campaign on …; it is revealed when both have chosen" is true when the seat has just chosen: it is
    shown then, right after its move and before that move's public lines (the second choice sets off the reveal),
    not at the seat's next turn or under the reveal, which made it stale."""
    keyboard = Keyboard(moves=12)
    await play(tmp_path, "electioneer", keyboard, render=False, seed=5)
    stream = keyboard.stream
    sealed = [i for i, (kind, text) in enumerate(stream) if kind == "write" and "it is revealed when both" in text]
    assert len(sealed) >= 4
    for i in sealed:
        seat = stream[i][1].split("(private to ")[1].split(")")[0]
        move = max(n for n, (kind, text) in enumerate(stream[:i]) if kind == "ask")
        assert stream[move] == ("ask", f"{seat}> "), stream[move]  # right after its move, before anyone else's turn
        assert not [text for _, text in stream[move + 1:i] if text.startswith(POST)], stream[move + 1:i]
    reveals = [i for i, (kind, text) in enumerate(stream) if text.startswith(POST) and " reveals " in text]
    assert reveals and all(any(i - 3 < n < i for n in sealed) for i in reveals)  # the second choice's note, then


async def _log_pages(tmp_path) -> tuple[list[str], dict[int, list[str]]]:
    """A three-player Campaign Trail game 100 moves in, then `log` and `log 1` … `log 9`: (what `log` printed, each
    page by its number)."""
    keyboard = Keyboard(["1"] * 100 + ["log"] + [f"log {n}" for n in range(1, 10)], moves=110,
                        screens={"Name for the": ["Ann", "Lou", "Max"]})
    await play(tmp_path, "campaign_trail", keyboard, render=False, seed=7, players=3)
    logs = [text.split("\n") for kind, text in keyboard.stream if kind == "write" and text.startswith("Log of game #1")]
    assert len(logs) == 10
    return logs[0], {int(re.match(r"Log of game #1, page (\d+)", log[0]).group(1)): log for log in logs[1:]}


HEAD = re.compile(r"(\d+)(?:–(\d+))?\. (\w+)")  # a move's head in the log: its number (a range for joined steps), seat


async def test_the_log_pages_by_whole_moves_shows_steps_lines_and_puts_each_line_under_its_seat(tmp_path) -> None:
    """`log` is its last page, saying where the earlier moves are; a page never begins inside a move. Steps that
    said nothing until the last of them (a pawn's moves, whose lines come with `done`) are one entry with those
    lines, not a row of "(nothing public …)"; a move none of whose lines is its own says so, and those lines
    stand under the seat that made them."""
    last, pages = await _log_pages(tmp_path)
    count = len(pages)
    assert count >= 3 and last == pages[count]
    assert last[0] == f'Log of game #1, page {count} of {count} (earlier moves: "log {count - 1}")'
    assert pages[1][0] == f'Log of game #1, page 1 of {count} (later moves: "log 2")'
    assert pages[1][1].startswith("Local Campaign Trail — Campaign Trail, game #1. Seats: DEM: Ann, REP: Lou, LIB: Max")
    assert pages[2][0] == f'Log of game #1, page 2 of {count} (earlier moves: "log 1"; later moves: "log 3")'
    for number in range(2, count + 1):
        assert HEAD.match(pages[number][1]), f"page {number} begins inside a move: {pages[number][1]!r}"
    lines = [line for number in sorted(pages) for line in pages[number][1:]]
    heads = [(n, HEAD.match(line)) for n, line in enumerate(lines) if HEAD.match(line)]
    numbers = [k for _, head in heads for k in range(int(head.group(1)), int(head.group(2) or head.group(1)) + 1)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 90  # every move, once, in order

    for (n, head), (_, after) in itertools.pairwise(heads):
        if lines[n + 1].strip().startswith("(nothing public"):  # a quiet step is never followed by its seat's next
            assert after.group(3) != head.group(3), lines[n:n + 3]
    joined = [n for n, head in heads if head.group(2)]
    assert joined and all(not lines[n + 1].strip().startswith("(nothing public") for n in joined[:-1])
    others = [(n, head) for n, head in heads if "(nothing of this move is public; what followed it:)" in lines[n]]
    assert others, "a pass that let another seat's declared action resolve"
    for n, head in others:
        below = re.match(r"   ↳ (\w+):$", lines[n + 1])
        assert below and below.group(1) != head.group(3), lines[n:n + 3]
