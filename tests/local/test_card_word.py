"""`card ID` at the local table: a card's whole text, except where the game takes `card ID` as a move now (a
Campaign Trail politick that asks for a card, Recount's tuck) — then it is the move, and `text ID` shows the text."""
from __future__ import annotations

from pathlib import Path

from bot.tables.local import play_local

SEED = 6  # DEM is dealt #93 Closing Argument, whose politick (Recount) tucks a card from the hand: `card N`


async def _play(tmp_path: Path, answers: list[str]) -> str:
    screen: list[str] = []

    def ask(prompt: str) -> str:
        if "Name for" in prompt:
            return "X"
        if "Pass the keyboard" in prompt or "press Enter" in prompt:
            return ""
        if not answers:
            raise EOFError
        screen.append(f"> {answers[0]}")
        return answers.pop(0)

    await play_local(tmp_path / "local.sqlite3", tmp_path / "img", "campaign_trail", players=2, seed=SEED, ask=ask,
                     write=screen.append, render=False)
    return "\n".join(screen)


async def test_card_is_the_move_where_the_game_asks_for_a_card(tmp_path: Path) -> None:
    # both candidates, both home states, DEM's Recount, REP passes on it, then DEM's card to tuck
    screen = await _play(tmp_path, ["1", "1", "1", "1", "93 politick", "pass", "text 83", "card 83"])
    shown, tucked = screen.split("> text 83")[1].split("> card 83")
    assert "Card 83 — Polling Bump" in shown  # `text ID` reads the card while `card ID` is a move
    assert "DEM tucks a card face down under Recount." in tucked
    assert "Card 83 — Polling Bump" not in tucked


async def test_card_shows_a_card_where_it_is_no_move(tmp_path: Path) -> None:
    screen = await _play(tmp_path, ["1", "1", "1", "1", "card 83", "text 97"])
    assert "Card 83 — Polling Bump" in screen and "Card 97 — Stump Speech Refresh" in screen
