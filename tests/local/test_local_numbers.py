"""A bare number on the local table: within the choices shown it picks one; any other number is
refused as a choice number with the real count shown — never read as a move (Campaign Trail would read `3`
as `play 3`) — and a number of any length gets the same plain message."""
from __future__ import annotations

from bot.tables.local import play_local


class Typist:
    """Types `replies` at the move prompts (then quits), answering the other prompts plainly."""

    def __init__(self, replies: list[str]) -> None:
        self.replies = list(replies)
        self.screen: list[str] = []

    def write(self, text: str) -> None:
        self.screen.append(text)

    def ask(self, prompt: str) -> str:
        if prompt.endswith("> "):
            if not self.replies:
                raise EOFError
            return self.replies.pop(0)
        return ""  # names, hand-offs

    def refusals(self) -> list[str]:
        return [line for line in self.screen if line.startswith("✗")]


async def test_numbers_beyond_the_two_candidates_are_refused_as_choice_numbers(tmp_path) -> None:
    typist = Typist(["3", "12345678901234567890", "0", "banana"])
    await play_local(tmp_path / "local.sqlite3", tmp_path / "img", "campaign_trail", players=2,
                     ask=typist.ask, write=typist.write)
    refusals = typist.refusals()
    assert refusals[0] == "✗ \"3\" is not one of the choices: the choices above are numbered 1–2."
    assert refusals[1] == "✗ \"12345678…\" is not one of the choices: the choices above are numbered 1–2."
    assert refusals[2] == "✗ \"0\" is not one of the choices: the choices above are numbered 1–2."
    assert refusals[3].startswith("✗ \"banana\" is not a Campaign Trail move. Moves: play, ")
    assert not any('"play' in line for line in refusals)  # no number was read as a card


async def test_a_number_within_the_choices_picks_that_choice(tmp_path) -> None:
    typist = Typist(["2"])
    await play_local(tmp_path / "local.sqlite3", tmp_path / "img", "campaign_trail", players=2,
                     ask=typist.ask, write=typist.write)
    assert not typist.refusals()
    assert any("has chosen a candidate" in line for line in typist.screen)
