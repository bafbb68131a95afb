"""Campaign Trail's Advanced Solo Deck (supplement): one to three AI parties, each played by its own 50-card
deck (data/campaign_trail/advanced_solo_cards.yaml, advanced_solo_content.py), by month and in the debates,
against one human, two in co-op, or beside other human parties in a multiplayer game.

Options: `ai_deck=advanced` with `ai=REP` or `ai=REP,LIB` (the AI parties, in set-up order), and `coop=on`
(two players share the human party, as in Basic Solo Play, solo.py). Seats: one player against one or two AI
parties; two players in co-op; or, against one AI party, two players each with a party (a three-party game).

DONE (every rule enforced by the engine; scenarios in tests/scenarios/campaign_trail/advanced_solo*.yaml):
- Content: a 50-card deck for DEM, REP and LIB (register diagram or "automatic", direct action, debate
  section: a 2x3 topic grid of checks and a rabbit-trail row with its count) and the five register-track cards
  (spaces 1..10), all checked by a strict model (tests/data/test_campaign_trail_advanced_solo_content.py).
- Set-up: committed voters for the parties in play (two-party rules against one AI party with one human), 12
  voters on each AI party's track, each AI deck shuffled into August, September and October stacks of 10, 10
  for the debates and 10 back in the box unseen; the whole action deck (no month stacks) for the humans; debate
  topics and cities as normal; turn order: the AI parties in set-up order, then the human parties (in a
  random order when there are two), fixed for the whole game.
- The Green party (`ai=GRN`) and a third AI party are refused with a clear message (we lack the expansion).
- The AI turn: draw from the current month's stack; register or direct action exactly as in Basic Solo Play
  (solo.py: the same track, thresholds, automatic cards, short track, surplus lost); Backlash, Campaign Advisor
  and Committed Donors answer its icon; Connections pays nobody when an AI holds the home state; Change of Plans
  (a window before every non-automatic AI direct action) forces the register action. Co-op: two AI turns in a
  row, then each human one.
- Months: a month ends after the round in which the AI parties' stacks for it ran out (the humans take the
  last turn of it); then a debate; the end after October's round, then end-of-game politicks and the election.
- Debates: the AI parties debate first, in turn order, each turn drawing a card of its debate pile: the topic
  grid's checks move the topic card's issues (two checks: two spaces), then the rabbit-trail row places or
  moves issues that are not among the six topics, up to the card's count. Voter reaction scores them as
  parties. Unprepared against a leading AI party puts a random card of its debate pile in the box.
- Politicks: Local Funds Dry Up, Sabotage and Travel Costs are never offered, as an action or in a response
  window (bans.py, one rule for both); Debate Prep and Unprepared are.
- Dirty Politics (`dirty=on`; dirty_solo.py, shared with Basic Solo Play): the dirty cards in the humans' action
  deck; Flip Contributors from the bank (beside a human rival the player still picks; naming the AI means the
  bank); Sway Minds off the AI's track; Scandal always ridden out by the AI (a human rival is asked as usual);
  Intimidation on an AI campaign-icon direct action listing a state of the owner's region (2 track voters off,
  owner +2 registered, before the AI places).
- Multiplayer: human parties beside an AI party (e.g. DEM and LIB players against ai=REP), with the standard
  game's response windows between the humans.

NOT DONE:
- The Green party and a third AI party (refused: no Green Party expansion; docs/rulings.md).
- Team games beside AI parties (four or more humans): the multiplayer seats are one player per human party.
- Rendering: the picture and the public view show the AI tracks, current month stacks and cards as Basic Solo
  Play's (`solo` in the view); the debate piles' sizes are not shown (render/ and views.py belong to another
  change).
- The built-in bot answers the Change of Plans window with its general weights; the manager's results for a
  game an AI party wins (every human loses) were not checked beyond Basic Solo Play's.

Hooks outside this module: dirty_solo.py (Dirty Politics against AI parties), state.py (Options.ai_deck and the Green refusal, AiDecks, AdvancedSoloState), setup.py
(layout, set-up), turn.py (the AI turns, months, fixed order, Connections), rules.py (the window, the AI after a
debate, the deadline, problems), debates.py (AI debaters, voter reaction, Unprepared), bans.py (the banned
politicks, asked by menus.py and responses.py), ruleset.py (seat range, help), views.py (one line: the public `solo` view). Rulings: docs/rulings.md,
"Campaign Trail — Advanced Solo Deck: ..."; content: docs/content/campaign_trail.md.
"""
from __future__ import annotations

from typing import Any

from engine.campaign_trail import advanced_solo_content, dirty_solo, posting, primitives, solo
from engine.campaign_trail import facts_solo as fs
from engine.campaign_trail.facts_ask import ChangeOfPlansAsk
from engine.campaign_trail.state import AdvancedSoloState, AiDecks, CampaignTrailState, Options, Window
from engine.core.errors import IllegalAction
from engine.core.rng import Randomness
from engine.core.types import Action, Decision

ALL_PARTIES = solo.ALL_PARTIES
MONTH_STACK = 10  # cards in each month's stack and in the debate pile
CHANGE_OF_PLANS = solo.CHANGE_OF_PLANS


def cards(party: str) -> dict[int, advanced_solo_content.AdvancedCardDef]:
    return advanced_solo_content.load().decks[party]


def on(opts: Options) -> bool:
    return opts.ai_deck == "advanced"


# ------------------------------------------------------------------------------------------ options, seats


def check_options(opts: Options) -> None:
    if not opts.ai:
        raise IllegalAction("The Advanced Solo Deck (ai_deck=advanced) plays AI parties: name them (ai=REP).",
                            code="bad_options")
    # the same AI party twice is refused when the options are read (state.Options)


def layout(count: int, opts: Options) -> list[tuple[str, str, str]]:
    """One player (against one or two AI parties), two in co-op sharing a party, or, against one AI party,
    two players each with a party of their own (the supplement's AI parties in a multiplayer game)."""
    others = [p for p in ALL_PARTIES if p not in opts.ai]
    if opts.coop:
        if count != 2:
            raise IllegalAction("Co-op (coop=on) is for two players.", code="bad_seats")
        h = solo.human_party(opts)
        return [(f"{h}-P", h, "P"), (f"{h}-VP", h, "VP")]
    if count == 1:
        h = solo.human_party(opts)
        return [(h, h, "SOLO")]
    if count == len(others):
        return [(p, p, "SOLO") for p in others]
    raise IllegalAction(f"Against {len(opts.ai)} AI part{'y' if len(opts.ai) == 1 else 'ies'} the Advanced Solo Deck "
                        f"seats {'1 or 2 players' if len(others) == 2 else '1 player'}, or 2 with coop=on.", code="bad_seats")


def seat_range(opts: Options) -> tuple[int, int]:
    if opts.coop:
        return 2, 2
    return 1, 3 - len(opts.ai)


def new_state(opts: Options, rng: Randomness) -> AdvancedSoloState:
    """Each AI deck shuffled: ten cards for each month, ten for the debates, ten back in the box unseen."""
    decks = {}
    for party in opts.ai:
        d = rng.shuffle(sorted(cards(party)))
        n = MONTH_STACK
        decks[party] = AiDecks(months=[d[0:n], d[n:2 * n], d[2 * n:3 * n]], debate=d[3 * n:4 * n], boxed=d[4 * n:])
    return AdvancedSoloState(ai=list(opts.ai), decks=decks)


def is_ai(s: CampaignTrailState, party: str) -> bool:
    return s.advanced is not None and party in s.advanced.ai


# ------------------------------------------------------------------------------------------ the AI turn


def takes_register(s: CampaignTrailState, party: str, number: int) -> bool:
    """As in Basic Solo Play: register while the track's highest full space is below the card's."""
    card = cards(party)[number]
    return card.register_ is not None and solo.full_spaces(s.parties[party].registered) < card.register_.highest


def direct(s: CampaignTrailState, party: str, number: int, log: list[str], private: posting.Private) -> list[str]:
    """Each coloured state in the card's order: the card's voters unless the AI leads by the threshold or more
    (from the track, a short track placing what it has; an automatic card from the undecided supply)."""
    card = cards(party)[number]
    ps = s.parties[party]
    dirty_solo.intimidation(s, party, card.direct.type, list(card.direct.states), log)  # paid before placing
    placed, held = [], []
    for code, threshold in card.direct.states.items():
        if solo.lead(s, party, code) >= threshold:
            held.append((code, solo.lead(s, party, code)))
            continue
        if card.automatic:
            n = card.direct.voters
            ps.out_of_supply += n
        else:
            n = min(card.direct.voters, ps.registered)
            ps.registered -= n
        if n:
            primitives.add_voters(s, code, party, n)
            placed.append((n, code))
    log.append(fs.AdvancedDirect(party=party, icon=card.direct.type, placed=tuple(placed), held=tuple(held)))
    solo.answer_icon(s, party, card.direct.type, log, private)
    return [code for _, code in placed]


def month_over(s: CampaignTrailState) -> bool:
    return s.advanced is not None and not any(d.months[s.month] for d in s.advanced.decks.values())


def turns_each(s: CampaignTrailState) -> int:
    return 2 if s.options.coop else 1  # co-op: each AI party takes two turns in a row


def play_ai_turns(s: CampaignTrailState, log: list[str], private: posting.Private) -> bool:
    """Play the current AI party's turns. True when its party turn is over (the order moves on); False when it
    is not an AI party's turn or a human's Change of Plans window waits."""
    a = s.advanced
    if a is None or s.phase != "play" or a.window is not None:
        return False
    party = s.order[s.order_index]
    if party not in a.ai:
        return False
    stack = a.decks[party].months[s.month]
    while a.done < turns_each(s) and stack:
        posting.cut(s, log)  # each AI turn is a post of its own, with its own picture
        number = stack.pop(0)
        a.done += 1
        card = cards(party)[number]
        log.append(fs.AdvancedDrawn(party=party, card=number))
        if takes_register(s, party, number):
            solo.register(s, party, card.register_.count, log)
            a.decks[party].played.append(number)
            a.last = card.name
            continue
        if not card.automatic and _open_window(s, party, number, log):
            return False
        resolve_direct(s, party, number, log, private)
    a.done = 0
    return True


def resolve_direct(s: CampaignTrailState, party: str, number: int, log: list[str], private: posting.Private) -> None:
    if cards(party)[number].automatic:
        log.append(fs.AdvancedAutomatic(party=party))
    changed = direct(s, party, number, log, private)
    posting.touched(log, changed)
    s.advanced.decks[party].played.append(number)
    s.advanced.last = cards(party)[number].name


# ------------------------------------------------------------------------------------------ Change of Plans


def _open_window(s: CampaignTrailState, party: str, number: int, log: list[str]) -> bool:
    prefs = {x: "pass" for x in s.autopass}
    window = Window.open(solo.eligible(s), prefs, actor=party, action=solo.DIRECT, fits=[CHANGE_OF_PLANS])
    if not window.seats:
        return False
    s.advanced.window, s.advanced.card = window, number
    log.append(fs.AdvancedWindow(party=party, card=number, seats=tuple(window.seats)))
    return True


def waiting(s: CampaignTrailState) -> bool:
    return s.advanced is not None and s.advanced.window is not None


def owes(s: CampaignTrailState, seat: str) -> bool:
    return waiting(s) and s.advanced.window.owes(seat)


def decision(s: CampaignTrailState, seat: str) -> Decision:
    question = ChangeOfPlansAsk(actor=s.advanced.window.actor, deck="advanced", card=s.advanced.card)
    return solo.change_of_plans_decision(s, seat, question)


def answer(s: CampaignTrailState, seat: str, action: Action, log: list[str], private: posting.Private) -> bool:
    """A human's answer in the window. True when the window closed and the AI card is resolved."""
    a = s.advanced
    w = a.window
    party, number = w.actor, a.card
    forced = solo.change_of_plans(s, w, seat, action, log)
    if forced is None:
        return False
    a.window, a.card = None, None
    with posting.by(log, party):  # the AI party's turn goes on
        if forced:  # the register action instead, even with a full enough track (surplus lost)
            solo.register(s, party, cards(party)[number].register_.count, log, forced=True)
            a.decks[party].played.append(number)
            a.last = cards(party)[number].name
        else:
            resolve_direct(s, party, number, log, private)
    return True


# ------------------------------------------------------------------------------------------ debates


def debate_moves(s: CampaignTrailState, party: str, topic_top: list[str], topic_bottom: list[str],
                 log: list[str]) -> list[str]:
    """The AI party's debate turn: draw from its debate pile; the issues to move, one entry per space, in order
    (the topic grid's checks first, then the rabbit trails). An empty pile passes (ruling)."""
    pile = s.advanced.decks[party].debate
    if not pile:
        log.append(fs.AdvancedDebateEmpty(party=party))
        return []
    number = pile.pop(0)
    s.advanced.decks[party].debated.append(number)
    card = cards(party)[number]
    moves: list[str] = []
    for row, issues in zip(card.debate.topics, (topic_top, topic_bottom)):
        for checks, issue in zip(row, issues):
            moves += [issue] * checks
    topics = set(topic_top) | set(topic_bottom)
    trails: list[str] = []
    for issue in card.debate.trails.issues:  # left to right; only issues off the topic card count
        if len(trails) == card.debate.trails.count:
            break
        if issue not in topics:
            trails.append(issue)
    log.append(fs.AdvancedDebated(party=party, card=number))
    return moves + trails


def unprepared(s: CampaignTrailState, party: str, log: list[str], seat: str) -> None:
    """Unprepared against an AI party: a random card of its debate pile goes to the box (unseen)."""
    pile = s.advanced.decks[party].debate
    if not pile:
        log.append(fs.AdvancedUnprepared(seat=seat, party=party, empty=True))
        return
    lost = pile.pop(s.randomness.below(len(pile)))
    s.advanced.decks[party].boxed.append(lost)
    log.append(fs.AdvancedUnprepared(seat=seat, party=party, empty=False))


# ------------------------------------------------------------------------------------------ checks and view


def problems(s: CampaignTrailState) -> list[str]:
    a = s.advanced
    if a is None:
        return []
    out = []
    if set(a.decks) != set(a.ai):
        out.append(f"advanced decks {sorted(a.decks)} for AI parties {a.ai}")
    for party, d in a.decks.items():
        every = sorted([n for m in d.months for n in m] + d.debate + d.boxed + d.played + d.debated
                       + ([a.card] if a.card is not None and a.window is not None and a.window.actor == party else []))
        if every != sorted(cards(party)):
            out.append(f"{party}: advanced solo cards not conserved")
        if not 0 <= s.parties[party].registered <= solo.TRACK_MAX:
            out.append(f"{party}: {s.parties[party].registered} voters on a register track of {solo.TRACK_MAX}")
        if s.parties[party].seats:
            out.append(f"{party} is an AI party with seats {s.parties[party].seats}")
        if s.month > 0 and d.months[s.month - 1] and s.phase in ("play", "debate"):
            out.append(f"{party}: {len(d.months[s.month - 1])} cards left in a past month's stack")
    if (a.window is None) != (a.card is None):
        out.append("an advanced solo card waits without a window (or a window without a card)")
    if s.solo is not None:
        out.append("both Basic Solo Play and the Advanced Solo Deck")
    human = [p for p in s.order if p not in a.ai]
    if s.order[:len(a.ai)] != list(a.ai) or not human:
        out.append(f"turn order {s.order}: the AI parties first, the humans last")
    return out


def public(s: CampaignTrailState) -> dict[str, Any] | None:
    """What everyone sees, in Basic Solo Play's shape: the AI parties, their tracks, the cards left in the
    current month's stacks and the last card resolved (never the box, the piles' order or the debate cards)."""
    a = s.advanced
    if a is None:
        return None
    return {
        "ai": list(a.ai),
        "coop": s.options.coop,
        "track": {p: solo.spaces(s.parties[p].registered) for p in a.ai},
        "deck": {p: len(a.decks[p].months[s.month]) for p in a.ai},
        "last": a.last,
        "waiting": cards(a.window.actor)[a.card].name if a.window is not None else None,
    }
