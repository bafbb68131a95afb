"""Dirty Politics against AI parties (Solo Play, Basic and Advanced; rulebook Appendix B's Solo Play block and
its twin in the Advanced Solo Deck supplement). An AI party has a register track but no war chest, no hand and
no pawn, and it never decides anything, so the dirty actions that reach it are bent as follows:

- Flip Contributors against an AI party takes the card's money from the bank, in full. When every rival is an
  AI party there is no one to pick, so it happens at once; beside a human rival (the Advanced Solo Deck's
  multiplayer) the player still picks, and picking the AI party means the bank.
- Sway Minds against an AI party empties its register track from the right (its `registered` count is the
  track) and the player gains the card's number, as dirty.py does for any rival; two AI parties: the player
  picks whose track.
- A choice the rules hand to an AI party (Scandal: pay $60M or ride it out) is made by the engine: the first
  option that costs no money (an AI party has none), i.e. Scandal is always ridden out.
- Intimidation on the table of a human: whenever an AI party resolves a direct action with the campaign icon
  (an automatic card too) and one of the card's states, whatever its threshold, lies in the region of the
  owner's pawn, the AI's track gives up 2 voters (as many as it has) and the owner's party gains 2 registered
  voters. It is paid as the direct action starts, before any voter is placed (the standard game's timing:
  Intimidation is paid as the campaign action is declared). A register action (or one forced by Change of
  Plans) is not a campaign action and costs nothing.
- Everything else is played against an AI party as against any rival: smear campaigns, mudslinging, voter
  suppression and Bribes take its voters off the board (back to the undecided supply); False News Story
  changes only fundraise actions, which an AI party never takes.

Hooks: dirty.py (declare, _hit, step_options), op_language.py (_ask_option), solo.py and advanced_solo.py (direct).
Rulings: docs/rulings.md, "Campaign Trail — Solo Play", "Dirty Politics in Solo Play".
"""
from __future__ import annotations

from typing import Any

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import facts_solo as fs
from engine.campaign_trail import posting
from engine.campaign_trail.state import CampaignTrailState

INTIMIDATION = "intimidation"
INTIMIDATION_COUNT = 2  # voters off the AI track and onto the owner's registered voters
MONEY_OPS = ("pay_money", "transfer_money")


def ai_parties(s: CampaignTrailState) -> list[str]:
    """The parties played by a Solo Play deck, Basic or Advanced (none in the standard game)."""
    if s.solo is not None:
        return list(s.solo.ai)
    if s.advanced is not None:
        return list(s.advanced.ai)
    return []


def is_ai(s: CampaignTrailState, party: str) -> bool:
    return party in ai_parties(s)


# ------------------------------------------------------------------------------------------ Flip Contributors


def no_target_needed(s: CampaignTrailState, rivals: list[str]) -> bool:
    """A flip with only AI rivals: the money comes from the bank whichever is named, so nobody is asked."""
    return bool(rivals) and all(is_ai(s, p) for p in rivals)


def flip_from_bank(s: CampaignTrailState, seat: str, amount: int, log: list[str]) -> None:
    mine = s.parties[s.players[seat].party]
    mine.money += amount
    log.append(fs.BankFlipped(seat=seat, amount=amount))


# ------------------------------------------------------------------------------------------ choices an AI party owes


def ai_option(options: list[dict[str, Any]]) -> int:
    """The option an AI party takes when a dirty trick lets it choose: the first that costs no money (Scandal:
    ride it out); the last one if every option costs money."""
    for i, option in enumerate(options):
        if not any(name in MONEY_OPS for name, _ in option["do"]):
            return i
    return len(options) - 1


# ------------------------------------------------------------------------------------------ Intimidation


def intimidation(s: CampaignTrailState, party: str, icon: str, states: list[str], log: list[str]) -> None:
    """The humans' tabled Intimidation against an AI party's campaign-icon direct action (see the docstring)."""
    if icon != "campaign" or not s.options.dirty:
        return
    c = content_mod.load()
    ai = s.parties[party]
    for owner in s.seats:
        me = s.players[owner]
        if not me.pawn or not any(tab.active and tab.politick == INTIMIDATION for tab in me.table):
            continue
        region = c.states[me.pawn].region
        touched = [code for code in states if c.states[code].region == region]
        if not touched:
            continue
        for tab in me.table:
            if not (tab.active and tab.politick == INTIMIDATION):
                continue
            lost = min(INTIMIDATION_COUNT, ai.registered)
            ai.registered -= lost
            ai.out_of_supply -= lost
            mine = s.parties[me.party]
            mine.registered += INTIMIDATION_COUNT
            mine.out_of_supply += INTIMIDATION_COUNT
            with posting.by(log, owner, INTIMIDATION):  # the owner's politick answers the AI's card
                log.append(fs.Intimidated(owner=owner, party=party, states=tuple(touched), lost=lost, gainer=me.party,
                                          gained=INTIMIDATION_COUNT))
