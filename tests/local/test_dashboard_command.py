"""The local table's `dashboard` command prints the election-night dashboard Discord pins."""
from __future__ import annotations

from bot.present import dashboard
from bot.tables.local import play_local
from bot.service import GameManager
from bot.store import Store
from bot.tables.recording import RecordingTable
from bot.present.text import terminal_text
from tests.local.test_local_table import Script


class AsksForTheDashboard(Script):
    """Plays four moves, types `dashboard`, then leaves (the game is saved)."""

    def ask(self, prompt: str) -> str:
        if prompt.endswith("> ") and self.moves == 5:
            self.moves += 1
            return "dashboard"
        if prompt.endswith("> ") and self.moves > 5:
            raise EOFError
        return super().ask(prompt)


async def test_the_dashboard_command_prints_the_dashboard(tmp_path) -> None:
    script = AsksForTheDashboard()
    gid = await play_local(tmp_path / "local.sqlite3", tmp_path / "img", "electioneer", ask=script.ask,
                           write=script.write)
    printed = next(text for text in script.screen if text.startswith("📊 Election night"))
    store = await Store.open(tmp_path / "local.sqlite3")
    try:
        now = await dashboard.refresh(GameManager(store, RecordingTable(), render=False), gid, keep=False)
    finally:
        await store.close()
    swing = "Biggest swing"
    now = terminal_text(now)  # the terminal prints it without Discord's bold and small-text marks
    assert "**" not in printed and "-# " not in printed
    assert [x for x in printed.splitlines() if not x.startswith(swing)] == \
           [x for x in now.splitlines() if not x.startswith(swing)]
    assert "Path to 47 (of 93 EV)" in printed and "Tipping point:" in printed
    # Printed between turns, to whoever holds the keyboard: the public map only, no policy in anyone's hand.
    assert "Your policies" not in printed
