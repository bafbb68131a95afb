"""The offline local table and the demo, driven through their real input/output functions."""
from __future__ import annotations

import re

from PIL import Image

from bot.store import Store
from bot.tables.demo import run_demo
from bot.tables.local import play_local
from engine.electioneer import content

AI_TURN = re.compile(r"REP \(AI\) turn\**? — draws Solo Play card (\d+)")


class Script:
    """Answers the local table's prompts like two people sharing a keyboard, logging what each saw."""

    def __init__(self, quit_after: int | None = None) -> None:
        self.screen: list[str] = []
        self.moves = 0
        self.quit_after = quit_after
        self.looking: str | None = None
        self.seen: dict[str, list[str]] = {"DEM": [], "REP": []}

    def write(self, text: str) -> None:
        self.screen.append(text)
        if self.looking:
            self.seen[self.looking].append(text)

    def ask(self, prompt: str) -> str:
        if prompt.startswith("Name for the DEM"):
            return "Alice"
        if prompt.startswith("Name for the REP"):
            return "Bob"
        if "Pass the keyboard to" in prompt:
            self.looking = prompt.split("Pass the keyboard to ")[1].split(".")[0]
            return ""
        if "press Enter to hide" in prompt:
            self.looking = None
            return ""
        if prompt.endswith("> "):
            self.moves += 1
            if self.quit_after is not None and self.moves > self.quit_after:
                raise EOFError
            if self.moves == 1:
                return "campaign NOPE"  # a wrong move first: refused, asked again
            return "1"
        raise AssertionError(f"unexpected prompt {prompt!r}")


async def test_hot_seat_game_to_the_end(tmp_path) -> None:
    script = Script()
    gid = await play_local(tmp_path / "local.sqlite3", tmp_path / "img", "electioneer", ask=script.ask, write=script.write)
    text = "\n".join(script.screen)
    assert "✗" in text  # the wrong move was refused with a message
    assert "wins the presidency" in text
    images = sorted((tmp_path / "img" / f"game-{gid}").glob("*.png"))
    assert len(images) >= 20
    with Image.open(images[-1]) as im:
        assert im.width >= 800
    # Each player's screen only ever showed their own policies.
    c = content.load()
    for seat, other in (("DEM", "R"), ("REP", "D")):
        seen = "\n".join(script.seen[seat])
        hidden_ids = [pid for pid in c.policies if pid.startswith(other)]
        hand_lines = [line for line in seen.splitlines() if line.startswith("  ") and line.strip()[:3] in hidden_ids]
        assert not hand_lines, f"{seat} saw {hand_lines[:3]}"


async def test_quit_and_resume(tmp_path) -> None:
    first = Script(quit_after=4)
    gid = await play_local(tmp_path / "local.sqlite3", tmp_path / "img", "electioneer", ask=first.ask, write=first.write)
    assert "Saved" in "\n".join(first.screen)
    second = Script()
    second.moves = 1  # no wrong move this time
    gid2 = await play_local(tmp_path / "local.sqlite3", tmp_path / "img", "electioneer", ask=second.ask, write=second.write)
    assert gid2 == gid
    assert "Resuming local game" in "\n".join(second.screen)


async def test_demo_plays_to_a_winner(tmp_path) -> None:
    lines: list[str] = []
    gid, images = await run_demo(tmp_path / "demo.sqlite3", tmp_path / "img", "electioneer", seed=3, write=lines.append)
    assert "Demo finished" in lines[-2] and "wins" in lines[-2]
    assert len(images) >= 20 and all(p.stat().st_size < 150_000 for p in images)


class LookalikeDigits(Script):
    """Types `²` (which `str.isdigit()` accepts and `int()` refuses) and other non-ASCII digits first."""

    WRONG = ["²", "١", "３", "play T03 GA ²"]

    def ask(self, prompt: str) -> str:
        if prompt.endswith("> ") and self.WRONG:
            return self.WRONG.pop(0)
        return super().ask(prompt)


async def test_non_ascii_digits_are_refused_not_a_crash(tmp_path) -> None:
    script = LookalikeDigits(quit_after=3)
    await play_local(tmp_path / "local.sqlite3", tmp_path / "img", "electioneer", ask=script.ask, write=script.write)
    refusals = [line for line in script.screen if line.startswith("✗")]
    assert len(refusals) >= 4, refusals  # each one refused with a message, and the table kept asking


class HiddenNumber(Script):
    """Types a number beyond the choices on screen: it must not pick an any-time play listed only under `t`."""

    def ask(self, prompt: str) -> str:
        if prompt.endswith("> ") and self.moves == 0:
            self.moves += 1
            return "9"  # five policies shown; 9 would have been a theatric nobody saw
        return super().ask(prompt)


async def test_a_number_past_the_shown_choices_is_refused_not_a_hidden_play(tmp_path) -> None:
    script = HiddenNumber(quit_after=2)
    await play_local(tmp_path / "local.sqlite3", tmp_path / "img", "electioneer", ask=script.ask, write=script.write)
    text = "\n".join(script.screen)
    assert "the choices above are numbered 1–5" in text
    assert "DEM plays" not in text and "REP plays" not in text  # no theatric was played


async def test_a_solo_demo_shows_each_ai_turn_in_the_post_of_the_step_before_it(tmp_path) -> None:
    """Solo Play's AI turns go out in the post of the step that led to them (one post per turn): the local table
    prints every AI turn the game drew, once and in order, after the human's lines of that post, under one board
    picture of the board after the AI's turn (the post's first line counts what the AI placed too). Each picture is
    a file of its own, none overwritten. The first 40 moves hold 9 AI turns; the whole game (about 40) shows nothing
    more and costs 8× the time."""
    lines: list[str] = []
    game_id, images = await run_demo(tmp_path / "demo.sqlite3", tmp_path / "img", "campaign_trail", seed=3,
                                     write=lines.append, options={"ai": "REP"}, moves=40)
    assert any(line.strip() == "Demo stopped after 40 moves; the game was not finished." for line in lines)
    posts = "\n".join(lines).split("── game #")[1:]
    store = await Store.open(tmp_path / "demo.sqlite3")
    try:
        written = [card for row in await store.outbox_for_game(game_id) if row.audience == "public"
                   for card in AI_TURN.findall(str(row.payload.get("text") or ""))]
    finally:
        await store.close()
    shown = [card for post in posts for card in AI_TURN.findall(post)]
    assert shown == written and len(shown) >= 8 and len(set(shown)) == len(shown), (shown, written)

    with_step = [post for post in posts if AI_TURN.search(post) and "DEM plays" in post]
    assert len(with_step) >= 6, "the AI turns share the post of DEM's step"
    for post in with_step:
        assert post.index("DEM plays") < AI_TURN.search(post).start(), "DEM's step first, then the AI's turn"
        assert post.count("[board image: ") == 1, "one picture for the post"
    placed = [post for post in with_step if re.search(r"REP \(AI\) direct action .*: \+\d", post)]
    assert placed and all("REP +" in post.split("\n")[1] for post in placed), \
        "the picture is the board after the AI's turn: the post's first line names what the AI placed"

    named = [line.split("[board image: ", 1)[1].rstrip("]") for line in lines if line.startswith("[board image: ")]
    assert len(named) == len(set(named)) == sum("[board image: " in post for post in posts) > 10
    boards = [p for p in images if p.name.endswith("-campaign_trail.png") and "-closeup-" not in p.name]
    assert len({p.read_bytes() for p in boards}) == len(boards) == len(named), "each file holds its own post's board"
