"""A scripted keyboard for the local table: answers its prompts and keeps everything written and asked, in order."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from bot.tables.local import play_local

Reply = str | Callable[["Keyboard"], str]


class Keyboard:
    """Types `replies` at the move prompts (`SEAT> `), then "1" (a choice, or the first group then its first
    choice) until `moves` prompts were answered; presses Enter at the name, hide and hand-off screens unless
    `screens` holds a reply for them (matched by a word of the prompt)."""

    def __init__(self, replies: list[Reply] | None = None, *, moves: int = 10_000,
                 screens: dict[str, list[str]] | None = None) -> None:
        self.stream: list[tuple[str, str]] = []  # ("write", text) or ("ask", prompt)
        self.replies = list(replies or [])
        self.moves = moves
        self.asked = 0
        self.screens = {word: list(answers) for word, answers in (screens or {}).items()}
        self.typed: dict[int, str] = {}  # the stream index of a move prompt -> what was typed there

    def write(self, text: str) -> None:
        self.stream.append(("write", text))

    def ask(self, prompt: str) -> str:
        self.stream.append(("ask", prompt))
        if prompt.endswith("> "):
            self.asked += 1
            if self.asked > self.moves:
                raise EOFError
            reply = self.replies.pop(0) if self.replies else "1"
            self.typed[len(self.stream) - 1] = reply(self) if callable(reply) else reply
            return self.typed[len(self.stream) - 1]
        for word, answers in self.screens.items():
            if word in prompt and answers:
                return answers.pop(0)
        return ""

    @property
    def text(self) -> str:
        return "\n".join(text for _, text in self.stream)

    def written(self) -> list[str]:
        return [text for kind, text in self.stream if kind == "write"]

    def prompts(self) -> list[tuple[int, str]]:
        return [(i, text) for i, (kind, text) in enumerate(self.stream) if kind == "ask"]


async def play(tmp_path: Path, ruleset: str, keyboard: Keyboard, **kwargs) -> int | None:
    return await play_local(tmp_path / "local.sqlite3", tmp_path / "img", ruleset, ask=keyboard.ask,
                            write=keyboard.write, tty=False, **kwargs)
