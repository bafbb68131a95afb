"""Commit-reveal of the campaign choice, and the undo flags, through the engine's `play`."""
from __future__ import annotations

import re

from engine.core.ruleset import commitment, play
from engine.electioneer.ruleset import RULESET as R

# The digests and salts are public but kept out of the channel: they are each event's `proof` line, which
# the game record and /game status show.
SEALED = re.compile(r"(DEM|REP) seal ([0-9a-f]+)")
REVEAL = re.compile(r"(DEM|REP) reveals (\S+) \[seal ([0-9a-f]+), salt ([0-9a-f]+)\]")


def _to_campaign(seed: int):
    state = R.setup({"theatrics": 0}, ["DEM", "REP"], seed)
    for seat in ("DEM", "REP"):
        state = play(R, state, seat, R.parse(f"discard {state.players[seat].hand[0]}")).state
    return state


def test_commitments_verify_from_the_public_transcript() -> None:
    for seed in range(30):
        state = _to_campaign(seed)
        published: dict[str, str] = {}
        picks = {}
        for seat in ("REP", "DEM") if seed % 2 else ("DEM", "REP"):
            picks[seat] = state.players[seat].hand[seed % 4]
            result = play(R, state, seat, R.parse(f"campaign {picks[seat]}"))
            state = result.state
            # what the table publishes at commit time: the digest, nothing else (the second
            # seal is published in the same step as the reveal)
            published.update(R.view(state, None).commitments)
            for e in result.events:
                published.update(dict(SEALED.findall(e.proof or "")))
                assert "seal" not in (e.public or "") and "salt" not in (e.public or ""), "the channel reads like a game"
        proofs = "\n".join(e.proof for e in result.events if e.proof)
        found = REVEAL.findall(proofs)
        assert len(found) == 2, proofs
        public = "\n".join(e.public for e in result.events if e.public)
        board = R.view(state, None).states[0]
        for seat, pid_shown, seal, salt in found:
            pid = board.played[seat].id
            assert pid == picks[seat] == pid_shown and f"{seat} reveals {board.played[seat].name}" in public
            assert seal == published[seat], "the reveal shows the digest published at commit time"
            assert commitment(seat, pid, salt) == seal, "anyone can check the reveal against the seal"
            assert all(commitment(seat, other, salt) != seal for other in R.view(state, seat).model_dump()["hand"] or [])


def test_undoable_until_information_is_published() -> None:
    state = R.setup({"theatrics": 3}, ["DEM", "REP"], 4)
    dem_first = play(R, state, "DEM", R.parse(f"discard {state.players['DEM'].hand[0]}"))
    assert dem_first.undoable
    both = play(R, dem_first.state, "REP", R.parse(f"discard {state.players['REP'].hand[0]}"))
    assert not both.undoable
    sealed = play(R, both.state, "DEM", R.parse(f"campaign {both.state.players['DEM'].hand[0]}"))
    assert not sealed.undoable  # its digest is public: taking it back would let the reveal expose it
    reveal = play(R, sealed.state, "REP", R.parse(f"campaign {both.state.players['REP'].hand[0]}"))
    assert not reveal.undoable
    winner = reveal.state.month_winner
    assert not play(R, reveal.state, winner, R.parse("keep")).undoable  # the next state is revealed
    tid = reveal.state.players["DEM"].theatrics[0]
    extras = [o.action for o in R.decisions(state, "DEM").extras if o.action.args[0] == tid]
    if extras:
        assert not play(R, state, "DEM", [extras[0]]).undoable  # a theatric is public at once
    # a compound move is undoable only if every step is
    compound = [R.decisions(state, "DEM").extras[0].action, *R.parse(f"discard {state.players['DEM'].hand[0]}")]
    assert not play(R, state, "DEM", compound).undoable


def test_salts_never_repeat_within_a_game() -> None:
    """A salt is unique per seat, month and kind, and 128 bits long."""
    from engine.electioneer.rules import _salt

    state = R.setup({}, ["DEM", "REP"], 9)
    salts = set()
    for month in range(1, 8):
        state.month = month
        for seat in ("DEM", "REP"):
            for what in ("discard", "campaign"):
                salt = _salt(state, seat, what)
                assert len(salt) == 32
                salts.add(salt)
    assert len(salts) == 28
