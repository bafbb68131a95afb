"""The hot-seat hand-off and the refusal line on the local table, driven through its real input/output.

What a player could still scroll back to is everything written since the last clear: in a terminal the
hand-off clears the screen and the scrollback, so a screen (the text between two clears) may show one
seat's hand at most, and a refusal is the last thing above the input line, not buried above the view.
"""
from __future__ import annotations

import re

from bot.tables.local import CLEAR_PLAIN, CLEAR_TTY, play_local
from bot.tables.local_turn import PROMPT_MARK
from engine.electioneer import content

HAND_LINE = re.compile(r"^  ([DR]\d\d) (.+?): ", re.MULTILINE)  # a policy as the console hand lists it


class Transcript:
    """Two people sharing a keyboard; records every write and every prompt, in order, as one stream."""

    def __init__(self, moves: list[str], quit_after: int) -> None:
        self.stream: list[tuple[str, str]] = []  # ("write", text) or ("ask", prompt)
        self.moves = list(moves)
        self.quit_after = quit_after
        self.asked = 0

    def write(self, text: str) -> None:
        self.stream.append(("write", text))

    def ask(self, prompt: str) -> str:
        self.stream.append(("ask", prompt))
        if prompt.startswith("Name for the "):
            return ""
        if "Pass the keyboard to" in prompt or "press Enter to hide" in prompt:
            return ""
        if prompt.endswith("> "):
            self.asked += 1
            if self.asked > self.quit_after:
                raise EOFError
            return self.moves.pop(0) if self.moves else "1"
        raise AssertionError(f"unexpected prompt {prompt!r}")

    def screens(self, clear: str) -> list[str]:
        """The text of each screen: what was written (and prompted) between two clears."""
        out, current = [], []
        for _, text in self.stream:
            if text == clear:
                out.append("\n".join(current))
                current = []
            else:
                current.append(text)
        return [*out, "\n".join(current)]


async def _play(tmp_path, script: Transcript, *, tty: bool) -> None:
    await play_local(tmp_path / "local.sqlite3", tmp_path / "img", "electioneer", ask=script.ask, write=script.write,
                     tty=tty)


def _hand_offs(script: Transcript) -> list[int]:
    return [i for i, (kind, text) in enumerate(script.stream) if kind == "ask" and "Pass the keyboard to" in text]


async def test_each_hand_off_clears_the_screen_and_the_scrollback_in_a_terminal(tmp_path) -> None:
    script = Transcript([], quit_after=12)
    await _play(tmp_path, script, tty=True)
    hand_offs = _hand_offs(script)
    assert len(hand_offs) >= 6
    for i in hand_offs:  # cleared before the "pass the keyboard" screen, and again once the next player is looking
        assert script.stream[i - 1] == ("write", CLEAR_TTY), script.stream[i - 3:i + 1]
        assert script.stream[i + 1] == ("write", CLEAR_TTY), script.stream[i:i + 2]
    hides = [i for i, (kind, text) in enumerate(script.stream) if kind == "ask" and "press Enter to hide" in text]
    assert hides and all(script.stream[i + 1] == ("write", CLEAR_TTY) for i in hides)
    assert CLEAR_TTY.startswith("\x1b[3J\x1b[H\x1b[2J")  # the scrollback (3J), then home and the screen


async def test_no_screen_shows_the_previous_players_hand(tmp_path) -> None:
    """Between two clears, the hand lines of one seat at most; the previous seat's cards are gone."""
    script = Transcript([], quit_after=12)
    await _play(tmp_path, script, tty=True)
    policies = content.load().policies
    hands_seen = {"DEM": 0, "REP": 0}
    for screen in script.screens(CLEAR_TTY):
        lines = HAND_LINE.findall(screen)
        assert all(policies[pid].name == name for pid, name in lines)  # the pattern reads real hand lines
        owners = {"DEM" if pid.startswith("D") else "REP" for pid, _ in lines}
        assert len(owners) <= 1, f"one screen shows the hands of {sorted(owners)}:\n{screen[-2000:]}"
        for owner in owners:
            hands_seen[owner] += 1
    assert hands_seen["DEM"] >= 2 and hands_seen["REP"] >= 2, hands_seen  # the check looked at real hands


async def test_without_a_terminal_the_hand_off_is_blank_lines_and_no_escape_codes(tmp_path) -> None:
    script = Transcript([], quit_after=6)
    await _play(tmp_path, script, tty=False)
    assert not [text for _, text in script.stream if "\x1b" in text]
    hand_offs = _hand_offs(script)
    assert hand_offs and all(script.stream[i - 1] == ("write", CLEAR_PLAIN) for i in hand_offs)
    # and so, without the terminal's clear, a screen would hold both hands: the check above can fail
    owners = {"DEM" if pid.startswith("D") else "REP" for pid, _ in HAND_LINE.findall("\n".join(script.screens(CLEAR_TTY)))}
    assert owners == {"DEM", "REP"}


async def test_a_refusal_is_the_last_line_above_the_input_prompt(tmp_path) -> None:
    script = Transcript(["campaign NOPE", "play T99 ZZ", "1"], quit_after=4)
    await _play(tmp_path, script, tty=True)
    prompts = [i for i, (kind, text) in enumerate(script.stream) if kind == "ask" and text.endswith("> ")]
    refused = [i for i, (kind, text) in enumerate(script.stream) if kind == "write" and text.startswith("✗")]
    assert len(refused) == 2
    for i in refused:
        assert script.stream[i + 1][0] == "ask" and script.stream[i + 1][1].endswith("> "), script.stream[i:i + 2]
        assert "\n" not in script.stream[i][1].strip()  # one short line
        assert script.stream[i - 1][1].startswith(PROMPT_MARK), script.stream[i - 1]  # right under the short prompt
        # the choices were shown again first, above them — the view (board and hand) was not: it is printed once
        before = [text for _, text in script.stream[max(p for p in prompts if p < i):i - 1]]
        assert not any("'s view\n" in text for text in before) and any(text.lstrip().startswith("1.") for text in before)


async def test_rules_are_read_without_the_view_pushing_them_off(tmp_path) -> None:
    script = Transcript(["rules", "", "1"], quit_after=3)
    await _play(tmp_path, script, tty=True)
    i = next(i for i, (kind, text) in enumerate(script.stream) if kind == "ask" and text.endswith("> "))
    after = script.stream[i + 1:]
    next_prompt = next(j for j, (kind, text) in enumerate(after) if kind == "ask")
    shown = [text for _, text in after[:next_prompt]]
    assert len(shown) == 2 and "Electioneer" in shown[0] and "Press Enter" in shown[1], shown
