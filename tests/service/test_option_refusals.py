"""`/game new` refuses a bad option through the services in words: the option as typed, what it takes, and every
option of the game — never the validation library's own message or its web address. Nothing is created."""
from __future__ import annotations

import pytest

from bot.present.options import parse_option_text
from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from tests.fakeclock import Clock

JARGON = ("pydantic", "https://", "Extra inputs", "Input should be", "[type=", "Value error")


@pytest.mark.parametrize(("ruleset", "typed", "said", "options"), [
    ("campaign_trail", "dirty=maybe", "Bad option `dirty=maybe`: `dirty` takes on or off.",
     "Campaign Trail's options: `parties=` 2 of DEM, REP, LIB, separated by commas;"),
    ("campaign_trail", "foo=bar", "Bad option `foo=bar`: Campaign Trail has no option `foo`.",
     "`ai=` 1 or 2 of DEM, REP, LIB, separated by commas; `coop=` on or off; `ai_deck=` basic or advanced."),
    ("campaign_trail", "ai=GRN", "Bad option `ai=GRN`: The Green party needs", "`dirty=` on or off"),
    ("electioneer", "theatrics=7", "Bad option `theatrics=7`: `theatrics` takes 0, 1 or 3.",
     "Electioneer US's options: `theatrics=` 0, 1 or 3."),
    ("nineteen_sixty", "vp=sometimes", "Bad option `vp=sometimes`: `vp` takes on or off.",
     "1960: The Making of the President's options: `vp=` on or off; `restricted=` on or off."),
], ids=["bad-value", "unknown", "validator", "electioneer", "1960"])
async def test_game_new_refuses_a_bad_option_in_words(tmp_path, ruleset, typed, said, options) -> None:
    store = await Store.open(tmp_path / "s.sqlite3")
    try:
        manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
        with pytest.raises(ManagerError) as refused:
            await manager.games.create(ruleset, "host", "Host", options=parse_option_text(typed), channel_id="c",
                                       guild_id="g")
        assert refused.value.code == "bad_option"
        message = refused.value.message
        assert message.startswith(said) and options in message, message
        assert message.endswith("Any game also takes `hints=on`: the bot's best moves for you on request, in a game "
                                "that is not rated."), message
        assert not any(word in message for word in JARGON), message
        assert await store.list_games() == []
    finally:
        await store.close()
