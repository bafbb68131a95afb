"""Response politicks and their windows (rulebook: Politick — Response; Appendix B: Change of Plans,
Local Funds Dry Up; the core's response windows, engine/core/windows.py).

When a player declares an action that a response card could answer — any action of the first card of
their turn (Change of Plans), any standard campaign (Local Funds Dry Up) — a window opens for every
rival seat with a card in hand, judged by public information only, so being asked reveals nothing.
Each asked seat answers `pass`, `autopass` (pass now and on every later window: a public, standing
preference that `responses ask` undoes on the seat's own turn) or `respond N` with a fitting card.
The first response played closes the window; otherwise it closes when all have passed (at the
deadline, silence passes). Then the declaration resolves:
- Change of Plans: the declared action is cancelled; the player takes another action of that card.
- Local Funds Dry Up: the campaign costs nothing up front and $20M for every voter placed.
The responder's hand is not refilled now: it refills at the end of their next turn, as every hand does.
"""
from __future__ import annotations

from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail import bans, primitives
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail.facts_ask import WindowAsk
from engine.campaign_trail.state import CampaignTrailState, Window
from engine.core.errors import IllegalAction
from engine.core.types import Action, Decision, Option, PendingKind
from engine.core.windows import PASS, Pref, asked

CHANGE_OF_PLANS = "change_of_plans"
LOCAL_FUNDS = "local_funds_dry_up"
PER_VOTER = 20  # Local Funds Dry Up: $M per voter placed


def fitting(s: CampaignTrailState, verb: str) -> list[str]:
    """The response politicks that could answer this declaration (public facts only), less those this game
    never offers (bans: the same rule as a card's politick action, so a window cannot play a banned one)."""
    t = s.turn
    out = []
    if t.card is not None and not t.spent and not t.replanned:
        out.append(CHANGE_OF_PLANS)  # only the opening card of a turn, never after a Change of Plans
    if verb == "campaign":
        out.append(LOCAL_FUNDS)
    return [pid for pid in out if not bans.ban(s, pid)]


def eligible(s: CampaignTrailState, actor: str) -> list[str]:
    """Every rival seat with at least one card in hand (public facts only)."""
    party = s.players[actor].party
    return [x for x in s.seats if s.players[x].party != party and s.players[x].hand]


def prefs(s: CampaignTrailState) -> dict[str, Pref]:
    """The seats' standing preferences: `autopass` seats pass every window without being asked."""
    return {x: "pass" for x in s.autopass}


def opens_window(s: CampaignTrailState, seat: str, verb: str) -> bool:
    return s.phase == "play" and s.turn is not None and bool(fitting(s, verb)) \
        and bool(asked(eligible(s, seat), prefs(s)))


def open_window(s: CampaignTrailState, seat: str, verb: str, log: list[str]) -> None:
    t = s.turn
    t.action = verb  # declared, not yet resolved
    s.window = Window.open(eligible(s, seat), prefs(s), actor=seat, action=verb, fits=fitting(s, verb))
    if log.keeps:
        log.append(ft.WindowOpened(seat=seat, action=verb, card=t.card, seats=tuple(s.window.seats)))


def owes(s: CampaignTrailState, seat: str) -> bool:
    return s.window is not None and s.window.owes(seat)


def cards_for(s: CampaignTrailState, seat: str) -> list[int]:
    c = _c()
    return [n for n in s.players[seat].hand if c.card(n).actions.get("politick") in s.window.fits]


def choices(s: CampaignTrailState, seat: str) -> list[Action]:
    """The seat's answers in the window, without a word (decision() words them)."""
    return [*(primitives.act("respond", str(n)) for n in cards_for(s, seat)), primitives.act("pass"),
            primitives.act("autopass")]


def decision(s: CampaignTrailState, seat: str) -> Decision:
    """The seat's answer in the window, with its question's facts (words_ask.py words it)."""
    w = s.window
    return Decision(seat=seat, kind=PendingKind.RESPONSE, options=[Option(action=a) for a in choices(s, seat)],
                    facts=WindowAsk(actor=w.actor, action=w.action, card=s.turn.card))


def answer(s: CampaignTrailState, seat: str, action: Action, log: list[str]) -> str | None:
    """Record the seat's answer. Returns the declared action that now goes ahead (the window closed with
    every seat passing, or with Local Funds Dry Up), or None: the window is still open, or Change of Plans
    cancelled the declaration. The caller resolves what goes ahead (resolve_action.take_action)."""
    c = _c()
    w = s.window
    response = None
    if action.verb == "respond":
        n = int(action.args[0])
        primitives.discard_from_hand(s, seat, n, cards_for(s, seat), f"#{n} is not a response card in your hand that answers this.")
        s.responded.append(seat)
        w.answer(seat, action.notation())
        response = c.card(n).actions.get("politick")
        log.append(ft.Responded(seat=seat, card=n, politick=response))
    elif action.verb in ("pass", "autopass"):
        if not pass_answer(s, w, seat, action, log):
            return None
    else:
        raise IllegalAction(f"A response window is open: `respond N`, `pass` or `autopass`, not `{action.verb}`.",
                            code="illegal_verb")
    # The window closes: the first response played (Campaign Trail: it ends the window), or everyone passed.
    actor, verb = w.actor, w.action
    s.window = None
    t = s.turn
    if response == CHANGE_OF_PLANS:
        t.action = None
        t.replanned = True
        t.forbidden = verb
        log.append(ft.ActAgain(seat=actor, card=t.card))
        return None
    if response == LOCAL_FUNDS:
        t.per_voter = PER_VOTER
    return verb


def problems(s: CampaignTrailState) -> list[str]:
    w = s.window
    if w is None:
        return []
    out = []
    if s.turn is None or s.turn.seat != w.actor or s.turn.action != w.action:
        out.append(f"a response window for {w.actor}'s {w.action} outside that declaration")
    if set(w.answers) - set(w.seats):
        out.append(f"window answers from seats not asked: {sorted(w.answers)}")
    return out


def pass_answer(s: CampaignTrailState, w: Window, seat: str, action: Action, log: list[str]) -> bool:
    """`pass` or `autopass` (this window and every later one) in a response window. True when it closed."""
    w.answer(seat, PASS)
    if action.verb == "autopass":
        s.autopass.append(seat)
        if log.keeps:
            log.append(ft.AutoPassed(seat=seat, actor=w.actor, action=w.action))
    return w.closed
