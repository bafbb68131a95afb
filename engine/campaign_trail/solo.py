"""Campaign Trail Solo Play (rulebook Appendix A): one player, or two playing co-op, against one or two
AI parties played by the Solo Play deck (data/campaign_trail/solo_cards.yaml, solo_content.py).

Options: `ai=REP` or `ai=REP,LIB` (the AI parties, in turn order: the first takes August's deck space),
`coop=on` (two players share the remaining party as President and running mate). With one AI party the
human party is the first of `parties` (default DEM,REP) that the AI does not play.

DONE (every rule enforced by the engine):
- Set-up: committed voters for the parties in play (two-party rules against one AI party), each AI party's
  12 voters on the register track (three in each of its first four spaces), AI decks of 40 (one AI) or
  2×30 (two AIs; the rest back in the box unseen), the whole action deck as October's, no debates (no
  topics, cities or arena), AI parties first each round, then the human party. The seats are the human
  seats only (`DEM`, or `DEM-P` / `DEM-VP` in co-op): the AI parties are not seats.
- The register track is the AI party's `registered` count: filled from the left, emptied from the right,
  three voters a space, ten spaces (30 voters); voters past a full track are lost (never leave the supply).
- Each AI turn a post of its own with its own picture (posting.cut before each turn; solo_posts.py pictures
  the board there), in words: the card drawn (its register diagram
  ■■■□□□□□□□ and its states with their thresholds), the track against the diagram and the action that
  follows ("→ register action"), then state by state what it did and why ("OH leads by 4 ≥ 4: no voters").
  The picture (render/campaign_trail.py) draws each AI party's track from the view's `solo` section.
- The AI turn, played by the engine (no seat owes a move for it; its lines are public): draw; compare the
  card's diagram with the track (register action when the track's full spaces are fewer than the card's
  highest filled space, else direct action); register (surplus lost) or act directly, state by state in
  the card's order (place the card's voters from the track unless the AI already leads by the threshold or
  more; a short track places what it has). "Direct action happens automatically" cards: no comparison,
  voters from the undecided supply. Two AI parties: each with its own deck and track. Co-op: each AI party
  takes two turns in a row, then each human one.
- The human's politicks: five are never offered (bans.SOLO: Sabotage, Travel Costs, Debate Prep,
  Unprepared, and Local Funds Dry Up). Backlash (+3 registered), Campaign Advisor (draw 1) and Committed Donors (+$30M) answer an AI
  direct action with their icon (automatic cards included). Connections pays nobody when an AI party holds
  the home state. Change of Plans: before an AI direct action (never on an automatic card) every human with
  cards in hand is asked (public facts only, `autopass` honoured); played, it forces the register action.
- Dirty Politics (`dirty=on`, Appendix B's Solo Play block; dirty_solo.py): the dirty cards shuffled into the
  action deck (all of it October's); Flip Contributors from the bank (no target asked against AI parties only);
  Sway Minds off the AI's track (two AI parties: the player picks whose); Scandal always ridden out by an AI
  party (the engine answers for it); a human's Intimidation takes 2 track voters (owner +2 registered) when an
  AI direct action with the campaign icon (automatic cards too) lists a state of the owner's pawn region, paid
  before it places; smears, mudslinging, suppression and Bribes remove AI voters as any rival's; False News
  Story never touches an AI party (it never fundraises).
- The end: after the round in which the AI decks run out (the human party takes its last turn in it),
  end-of-game politicks resolve, then electoral votes decide (ties as in the standard game). An empty
  action deck does not end Solo Play.

NOT DONE:
- The Advanced Solo Deck supplement (out of scope).
- The built-in bot plays dirty actions in Solo Play with its general weights (no Solo Play balance figures with
  `dirty=on`); the refusal walk (tests/engine/refusal_walk.py) does not walk Solo Play seats.
- The built-in bot (bot.py) answers the Change of Plans window with its general weights; it loses nearly
  every Solo Play game (bench/balance_campaign_trail_solo.py), so its figures rank difficulty only.

Hooks outside this module: dirty_solo.py (Dirty Politics against AI parties), setup.py (layout, the AI tracks and decks, no debates, start_home skips the AI),
turn.py (next_party/ai_turns run the AI; the end; Connections), rules.py (the window's owes/decisions/apply,
the deadline pass, problems), menus.py (banned politicks), views.py (SoloView), state.py (Options.ai/coop,
SoloState; both left out of stored JSON when off). Rulings: docs/rulings.md, "Campaign Trail — Solo Play".
"""
from __future__ import annotations

from typing import Any

from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail import dirty_solo, posting, primitives, responses, solo_content
from engine.campaign_trail import facts_solo as fs
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail.facts_ask import ChangeOfPlansAsk
from engine.campaign_trail.state import CampaignTrailState, Options, SoloState, Window
from engine.core.errors import IllegalAction
from engine.core.types import Action, Decision, Option, PendingKind

ALL_PARTIES = ("DEM", "REP", "LIB")
START_TRACK = 12  # three voters in each of the first four spaces
DECK_ONE_AI = 40
DECK_TWO_AI = 30
TRACK_MAX = solo_content.TRACK_SPACES * solo_content.SPACE_SIZE
# the human's ongoing politicks that answer the icon of an AI direct action
ANSWERS_ICON = ("backlash", "campaign_advisor", "committed_donors")
CHANGE_OF_PLANS = "change_of_plans"
DIRECT = "direct action"  # the window's declared action


def _cards():
    return solo_content.load().cards


# ------------------------------------------------------------------------------------------ options, seats


def human_party(opts: Options) -> str:
    if len(opts.ai) == 2:
        return next(p for p in ALL_PARTIES if p not in opts.ai)
    return next((p for p in opts.parties if p not in opts.ai), next(p for p in ALL_PARTIES if p not in opts.ai))


def layout(count: int, opts: Options) -> list[tuple[str, str, str]]:
    """The human seats (Appendix A): one player, or two in co-op sharing a party as President and running mate."""
    h = human_party(opts)
    if count == 1 and not opts.coop:
        return [(h, h, "SOLO")]
    if count == 2 and opts.coop:
        return [(f"{h}-P", h, "P"), (f"{h}-VP", h, "VP")]
    if opts.coop:
        raise IllegalAction("Co-op Solo Play (coop=on) is for two players.", code="bad_seats")
    raise IllegalAction("Solo Play (ai=...) is for one player; two players add coop=on.", code="bad_seats")


def new_solo(opts: Options, shuffled: list[int]) -> SoloState:
    """The AI decks from the shuffled Solo Play cards; the rest go back in the box unseen."""
    size = DECK_ONE_AI if len(opts.ai) == 1 else DECK_TWO_AI
    decks = [shuffled[i * size:(i + 1) * size] for i in range(len(opts.ai))]
    return SoloState(ai=list(opts.ai), decks=decks, boxed=shuffled[size * len(opts.ai):])


def candidate_note(s: CampaignTrailState, cd: Any) -> str:
    """The candidate's Solo Play note (easier or harder against the AI), shown when choosing ("" if none): in a
    game against AI parties only; a note about the missing debates only where there are none (Basic Solo Play)."""
    note = cd.solo_note
    if note is None or not (s.solo is not None or (s.advanced is not None and not note.basic_only)):
        return ""
    return note.text


def is_ai(s: CampaignTrailState, party: str) -> bool:
    return s.solo is not None and party in s.solo.ai


# ------------------------------------------------------------------------------------------ the register track


def spaces(registered: int) -> list[int]:
    """The track's ten spaces for one AI party (voters in each, filled from the left)."""
    size = solo_content.SPACE_SIZE
    return [max(0, min(size, registered - size * i)) for i in range(solo_content.TRACK_SPACES)]


def full_spaces(registered: int) -> int:
    return min(solo_content.TRACK_SPACES, registered // solo_content.SPACE_SIZE)


def takes_register(s: CampaignTrailState, party: str, number: int) -> bool:
    """Appendix A, AI turn step 2: register while the track's highest full space is below the card's."""
    card = _cards()[number]
    return card.register_ is not None and full_spaces(s.parties[party].registered) < card.register_.highest


def register(s: CampaignTrailState, party: str, count: int, log: list[str], forced: bool = False) -> None:
    """The register action: `count` voters on the track, those past a full track lost (`forced`: a Change of Plans
    made the AI register instead)."""
    ps = s.parties[party]
    added = min(count, TRACK_MAX - ps.registered)
    ps.registered += added
    ps.out_of_supply += added
    log.append(fs.TrackRegistered(party=party, added=added, count=count, total=ps.registered, forced=forced))


# ------------------------------------------------------------------------------------------ the diagrams
#
# The register track and a card's register diagram as the AI turn's lines draw them (words_solo.py):
# ■ a full space, ◩ a space partly filled, □ an empty one.

FULL, PART, EMPTY = "■", "◩", "□"


def track_diagram(registered: int) -> str:
    """The party's register track as ten spaces."""
    return "".join(FULL if n == solo_content.SPACE_SIZE else PART if n else EMPTY for n in spaces(registered))


def card_diagram(number: int) -> str:
    """A card's register diagram: the spaces it shows filled, from the left."""
    card = _cards()[number]
    highest = card.register_.highest if card.register_ is not None else 0
    return FULL * highest + EMPTY * (solo_content.TRACK_SPACES - highest)


def lead(s: CampaignTrailState, party: str, code: str) -> int:
    row = s.voters[code]
    return row[party] - max(n for p, n in row.items() if p != party)


def direct(s: CampaignTrailState, party: str, number: int, log: list[str], private: posting.Private) -> list[str]:
    """Appendix A, step 4 (and the automatic cards): each coloured state in turn. Returns the states changed.
    Its line says, state by state, what the AI did and why ("OH leads by 4 ≥ 4: no voters")."""
    card = _cards()[number]
    ps = s.parties[party]
    dirty_solo.intimidation(s, party, card.direct.type, list(card.direct.states), log)  # paid before placing
    changed, steps = [], []
    for code, threshold in card.direct.states.items():
        ahead = lead(s, party, code)
        if ahead >= threshold:
            steps.append(fs.StateStep(state=code, lead=ahead, threshold=threshold, placed=0))
            continue
        if card.automatic:  # from the undecided supply
            n = card.direct.voters
            ps.out_of_supply += n
        else:  # from the track, emptied from the right; a short track places what it has (ruling)
            n = min(card.direct.voters, ps.registered)
            ps.registered -= n
        if n:
            primitives.add_voters(s, code, party, n)
            changed.append(code)
        steps.append(fs.StateStep(state=code, lead=ahead, threshold=threshold, placed=n))
    log.append(fs.SoloDirect(party=party, card=number, steps=tuple(steps), track=ps.registered))
    answer_icon(s, party, card.direct.type, log, private)
    return changed


def answer_icon(s: CampaignTrailState, party: str, icon: str, log: list[str], private: posting.Private) -> None:
    """The humans' tabled Backlash / Campaign Advisor / Committed Donors answer the AI direct action's icon."""
    c = _c()
    for owner in s.seats:
        for tab in s.players[owner].table:
            pol = c.politicks[tab.politick]
            if not tab.active or pol.id not in ANSWERS_ICON or pol.timing.action != icon:
                continue
            mine = s.parties[s.players[owner].party]
            gained = []
            for name, params in pol.effect:
                if name == "draw_cards":
                    drawn = primitives.draw(s, owner, int(params["count"]), reshuffle=True)
                    gained.append(ft.Gain(who=owner, what="cards", amount=len(drawn)))
                    if drawn:
                        private.setdefault(owner, []).append(ft.Drawn(cards=tuple(drawn)))
                elif name == "gain_money":
                    mine.money += int(params["amount"])
                    gained.append(ft.Gain(who=mine.id, what="money", amount=int(params["amount"])))
                elif name == "gain_registered":
                    mine.registered += int(params["count"])
                    mine.out_of_supply += int(params["count"])
                    gained.append(ft.Gain(who=mine.id, what="registered", amount=int(params["count"])))
            with posting.by(log, owner, pol.id):  # the owner's politick answers the AI's card
                log.append(fs.IconAnswered(owner=owner, politick=pol.id, party=party, icon=icon, gains=tuple(gained)))


# ------------------------------------------------------------------------------------------ the AI party's turns


def turns_each(s: CampaignTrailState) -> int:
    return 2 if s.options.coop else 1  # co-op: each AI party takes two turns in a row


def decks_out(s: CampaignTrailState) -> bool:
    return s.solo is not None and not any(s.solo.decks)


def play_ai_turns(s: CampaignTrailState, log: list[str], private: posting.Private) -> bool:
    """Play the current AI party's turns. Returns True when its party turn is over (the order moves on), False
    when it is not an AI party's turn or a human's Change of Plans window waits."""
    if s.solo is None or s.phase != "play" or s.solo.window is not None:
        return False
    party = s.order[s.order_index]
    if party not in s.solo.ai:
        return False
    deck = s.solo.decks[s.solo.ai.index(party)]
    while s.solo.done < turns_each(s) and deck:
        posting.cut(s, log)  # each AI turn is a post of its own, with its own picture
        number = deck.pop(0)
        s.solo.done += 1
        card = _cards()[number]
        log.append(fs.SoloCardDrawn(party=party, card=number))
        if not card.automatic:
            log.append(fs.TrackCompared(party=party, card=number, registered=s.parties[party].registered,
                                        registers=takes_register(s, party, number)))
        if takes_register(s, party, number):
            register(s, party, card.register_.count, log)
            s.solo.played.append(number)
            continue
        if not card.automatic and _open_window(s, party, number, log):
            return False
        resolve_direct(s, party, number, log, private)
    s.solo.done = 0
    return True


def resolve_direct(s: CampaignTrailState, party: str, number: int, log: list[str], private: posting.Private) -> None:
    changed = direct(s, party, number, log, private)
    posting.touched(log, changed)
    s.solo.played.append(number)


# ------------------------------------------------------------------------------------------ Change of Plans


def eligible(s: CampaignTrailState) -> list[str]:
    """Every human seat with a card in hand: public facts only, so being asked reveals nothing."""
    return [x for x in s.seats if s.players[x].hand]


def _open_window(s: CampaignTrailState, party: str, number: int, log: list[str]) -> bool:
    prefs = {x: "pass" for x in s.autopass}
    window = Window.open(eligible(s), prefs, actor=party, action=DIRECT, fits=[CHANGE_OF_PLANS])
    if not window.seats:
        return False
    s.solo.window = window
    s.solo.card = number
    log.append(fs.SoloWindow(party=party, seats=tuple(window.seats)))
    return True


def owes(s: CampaignTrailState, seat: str) -> bool:
    return s.solo is not None and s.solo.window is not None and s.solo.window.owes(seat)


def responses_in_hand(s: CampaignTrailState, seat: str) -> list[int]:
    c = _c()
    return [n for n in s.players[seat].hand if c.card(n).actions.get("politick") == CHANGE_OF_PLANS]


def decision(s: CampaignTrailState, seat: str) -> Decision:
    return change_of_plans_decision(s, seat, ChangeOfPlansAsk(actor=s.solo.window.actor, deck="basic", card=s.solo.card))


def change_of_plans_choices(s: CampaignTrailState, seat: str) -> list[Action]:
    """A human's answers before an AI party's direct action, without a word (change_of_plans_decision words
    them): a Change of Plans in hand, `pass`, `autopass`."""
    return [*(primitives.act("respond", str(n)) for n in responses_in_hand(s, seat)), primitives.act("pass"),
            primitives.act("autopass")]


def change_of_plans_decision(s: CampaignTrailState, seat: str, question: ChangeOfPlansAsk) -> Decision:
    """Before an AI party's direct action (the card the question names, of either AI deck): answer with Change of
    Plans, or pass (words_ask.py words it)."""
    return Decision(seat=seat, kind=PendingKind.RESPONSE, facts=question,
                    options=[Option(action=a) for a in change_of_plans_choices(s, seat)])


def change_of_plans(s: CampaignTrailState, w: Window, seat: str, action: Action, log: list[str]) -> bool | None:
    """A human's answer in an AI card's Change of Plans window (Basic and Advanced alike): True, Change of Plans
    was played (the AI registers instead); False, everyone passed; None, the window waits for others."""
    if action.verb == "respond":
        n = int(action.args[0])
        primitives.discard_from_hand(s, seat, n, responses_in_hand(s, seat),
                                     f"#{n} is not a Change of Plans in your hand.")
        s.responded.append(seat)
        w.answer(seat, action.notation())
        log.append(ft.Responded(seat=seat, card=n, politick=CHANGE_OF_PLANS))
        return True
    if action.verb in ("pass", "autopass"):
        return False if responses.pass_answer(s, w, seat, action, log) else None
    raise IllegalAction(f"A response window is open: `respond N`, `pass` or `autopass`, not `{action.verb}`.",
                        code="illegal_verb")


def answer(s: CampaignTrailState, seat: str, action: Action, log: list[str], private: posting.Private) -> bool:
    """A human's answer in the window. Returns True when the window closed and the AI card is resolved."""
    w = s.solo.window
    party, number = w.actor, s.solo.card
    forced = change_of_plans(s, w, seat, action, log)
    if forced is None:
        return False
    s.solo.window, s.solo.card = None, None
    with posting.by(log, party):  # the AI party's turn goes on
        if not forced:
            log.append(fs.SoloGoesAhead(party=party, card=number))
        if forced:  # Appendix A, Change of Plans: the register action instead, even with a full enough track
            register(s, party, _cards()[number].register_.count, log, forced=True)
            s.solo.played.append(number)
        else:
            resolve_direct(s, party, number, log, private)
    return True


# ------------------------------------------------------------------------------------------ checks and view


def problems(s: CampaignTrailState) -> list[str]:
    if s.solo is None:
        return []
    out = []
    every = sorted([n for d in s.solo.decks for n in d] + s.solo.played + s.solo.boxed
                   + ([s.solo.card] if s.solo.card is not None else []))
    if every != sorted(_cards()):
        out.append("Solo Play cards not conserved")
    for party in s.solo.ai:
        if not 0 <= s.parties[party].registered <= TRACK_MAX:
            out.append(f"{party}: {s.parties[party].registered} voters on a register track of {TRACK_MAX}")
        if s.parties[party].seats:
            out.append(f"{party} is an AI party with seats {s.parties[party].seats}")
    if (s.solo.window is None) != (s.solo.card is None):
        out.append("a Solo Play card waits without a window (or a window without a card)")
    return out


def public(s: CampaignTrailState) -> dict[str, Any] | None:
    """What everyone sees: the AI parties, their tracks and deck sizes, the cards they played (never the box)."""
    if s.solo is None:
        return None
    cards = _cards()
    return {
        "ai": list(s.solo.ai),
        "coop": s.options.coop,
        "track": {p: spaces(s.parties[p].registered) for p in s.solo.ai},
        "deck": {p: len(s.solo.decks[i]) for i, p in enumerate(s.solo.ai)},
        "last": cards[s.solo.played[-1]].name if s.solo.played else None,
        "waiting": cards[s.solo.card].name if s.solo.card is not None else None,
    }
