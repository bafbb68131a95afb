"""Dirty Politics (rulebook: Supplement: Dirty Politics; Appendix B, Dirty Tricks; Appendix C): the
actions of the 24 Dirty Politics cards, shuffled into the deck when the game option `dirty=on` is set.

Each dirty action is a subset of a standard action and counts as that action for politicks
(vocabulary.standard_action): Travel Costs answers a voter suppression, Campaign Advisor a smear campaign.
Candidates' abilities touch a dirty action only where their text names it (ruling: candidate clauses).

- voter suppression (travel): move like travel (up to N states, or fly to a city), then remove the
  card's number of rival voters in the state where the moving pawn stops.
- flip contributors (fundraise): take $N from one rival party's war chest (as much as it holds).
- sway minds (register): one rival party discards N registered voters (as many as it has); you gain N.
- dirty tricks (politick): a dirty politick, resolved by resolve_action.take_action like any politick.
- smear campaign (campaign): your pawn in a listed state; pay 4 voters from your party's ethically
  minded states; remove up to 8 rival voters among the listed states.
- mudslinging (advertise): for each of the card's issues you choose, pay 2 ethically minded voters and
  remove 2 rival voters in every state showing the issue.

Against an AI party of Solo Play a flip takes from the bank and the AI never chooses (dirty_solo.py).

Removed voters and paid voters go back to the undecided supply. A payment or removal that leaves no
choice (one state to pay from, one rival to lose voters) resolves by itself, so the player is asked
only real questions; the steps a player answers are `pay MD` (one voter from an ethically minded state),
`remove CA DEM` (one DEM voter in California) and `target REP` (the rival of a flip or a sway).
"""
from __future__ import annotations


from engine.campaign_trail import abilities, dirty_solo, effects, moves, primitives
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.state import CampaignTrailState
from engine.campaign_trail import facts_dirty as fdirty
from engine.campaign_trail.facts_ask import (
    EthicsDue, Mudsling, RemoveIn, Rival, Slings, Smear, Step, Suppress, Targets, There,
)
from engine.core.types import Action, Facts

SMEAR_ETHICS = 4  # voters paid from your ethically minded states for a smear campaign
SMEAR_MAX = 8  # voters a smear campaign may remove
MUDSLING_ETHICS = 2  # voters paid per issue you mudsling in
MUDSLING_REMOVE = 2  # voters removed in each state showing that issue
# The dirty actions resolved step by step here (dirty tricks resolve as politicks in rules).
STEPPED = ("voter_suppression", "flip_contributors", "sway_minds", "smear_campaign", "mudslinging")
STEP_VERBS = ("pay", "remove", "target", "issue", "done")


# ---------------------------------------------------------------- what an action may do


def ethics_states(party: str) -> list[str]:
    return list(_c().parties[party].ethics)


def ethics_voters(s: CampaignTrailState, party: str) -> int:
    return sum(s.voters[code][party] for code in ethics_states(party))


def extra_cost(s: CampaignTrailState, seat: str) -> int:
    """Money every dirty action costs on top (the Clean Candidate: $20M)."""
    return max(0, abilities.stat(s, seat, "dirty", "cost", 0))


def smear_cost(s: CampaignTrailState, seat: str) -> int:
    return max(0, abilities.stat(s, seat, "smear_campaign", "ethics_cost", SMEAR_ETHICS))


def smear_states(s: CampaignTrailState, seat: str, number: int) -> list[str]:
    """The card's smear states, narrowed by a restriction (the Wealthy Candidate: the pawn's state and its neighbours)."""
    listed = list(_c().card(number).actions.get("smear_campaign") or [])
    rule = abilities.restriction(s, seat, "smear_campaign")
    if rule is not None and rule["to"] == "pawn_and_adjacent":
        pawn = s.players[seat].pawn
        near = {pawn, *primitives.neighbours_of(pawn)}
        listed = [code for code in listed if code in near]
    return listed


def mudsling_cost(s: CampaignTrailState, seat: str, bought: list[str]) -> int:
    """Ethically minded voters the next issue costs: 2; the action's own change (the Genius +2, the Wealthy
    Candidate −1) is paid with its first issue."""
    if bought:
        return MUDSLING_ETHICS
    return max(0, MUDSLING_ETHICS + abilities.stat(s, seat, "mudslinging", "ethics_cost", 0))


def mudsling_issues(s: CampaignTrailState, seat: str, number: int, bought: list[str]) -> list[str]:
    """Issues the mudslinging may still pay for: the card's, then (the Populist) one not on the card."""
    party = s.players[seat].party
    if ethics_voters(s, party) < mudsling_cost(s, seat, bought):
        return []
    on_card = list(_c().card(number).actions.get("mudslinging") or [])
    out = [i for i in on_card if i not in bought]
    extra = [i for i in bought if i not in on_card]
    if bought and len(extra) < abilities.stat(s, seat, "mudslinging", "extra_issues", 0):
        out += [i for i in _c().debate_issues if i not in on_card and i not in bought]
    return out


def legal(s: CampaignTrailState, seat: str, number: int, action: str) -> bool:
    """Whether the seat may take this dirty action of the card now."""
    me = s.players[seat]
    money = s.parties[me.party].money
    extra = extra_cost(s, seat)
    if money < extra:
        return False
    if action == "smear_campaign":
        return me.pawn in smear_states(s, seat, number) and ethics_voters(s, me.party) >= smear_cost(s, seat)
    if action == "mudslinging":
        return bool(mudsling_issues(s, seat, number, []))
    if action == "dirty_tricks":
        pid = _c().card(number).actions.dirty_tricks
        return money >= extra + effects.money_needed(pid)
    return True


def listed_states(s: CampaignTrailState, seat: str, number: int, action: str) -> list[str]:
    """The states an action of the card lists (what Intimidation's `touches` looks at)."""
    if action == "smear_campaign":
        return list(_c().card(number).actions.smear_campaign or [])
    if action == "campaign":
        return moves.campaign_states(s, seat, number, restricted=False)
    return []


# ---------------------------------------------------------------- resolving


def rivals(s: CampaignTrailState, party: str) -> list[str]:
    return [p for p in s.order if p != party]


def declare(s: CampaignTrailState, seat: str, action: str, log: list[str], changed: list[str]) -> bool:
    """The dirty action is declared (any response window closed, triggers fired). Returns whether it is
    already complete."""
    me = s.players[seat]
    t = s.turn
    a = _c().card(t.card).actions
    pay_extra(s, seat, log)
    if action == "voter_suppression":
        t.path = []
        log.append(fdirty.SuppressionStarted(seat=seat, origin=me.pawn))
        return False
    if action in ("flip_contributors", "sway_minds"):
        targets = rivals(s, me.party)
        # against AI parties only, a flip takes from the bank: nobody to pick (dirty_solo)
        if len(targets) == 1 or (action == "flip_contributors" and dirty_solo.no_target_needed(s, targets)):
            _hit(s, seat, action, targets[0], log)
            return True
        return False  # `target P` follows
    if action == "smear_campaign":
        t.ethics_due = smear_cost(s, seat)
        log.append(fdirty.SmearStarted(seat=seat, states=tuple(smear_states(s, seat, t.card))))
    elif action == "mudslinging":
        log.append(fdirty.MudStarted(seat=seat, issues=tuple(a.mudslinging)))
    settle(s, seat, log, changed)
    return False


def pay_extra(s: CampaignTrailState, seat: str, log: list[str]) -> None:
    """The Clean Candidate's $20M on declaring any dirty action (legality made sure it can be paid)."""
    extra = extra_cost(s, seat)
    if extra:
        s.parties[s.players[seat].party].money -= extra
        log.append(fdirty.DirtyHandsPaid(seat=seat, amount=extra))


def _hit(s: CampaignTrailState, seat: str, action: str, target: str, log: list[str]) -> None:
    """Flip contributors / sway minds against one rival party."""
    a = _c().card(s.turn.card).actions
    mine, theirs = s.parties[s.players[seat].party], s.parties[target]
    if action == "flip_contributors":
        if dirty_solo.is_ai(s, target):  # Solo Play: the bank pays in full
            dirty_solo.flip_from_bank(s, seat, a.flip_contributors, log)
            return
        taken = min(a.flip_contributors, theirs.money)
        theirs.money -= taken
        mine.money += taken
        log.append(fdirty.ContributorsFlipped(seat=seat, target=target, amount=taken))
        return
    lost = min(a.sway_minds, theirs.registered)
    theirs.registered -= lost
    theirs.out_of_supply -= lost
    # the Establishment Candidate gains 2 fewer; the rival still loses the full number (Appendix C)
    gained = max(0, abilities.stat(s, seat, "sway_minds", "amount", a.sway_minds))
    mine.registered += gained
    mine.out_of_supply += gained
    log.append(fdirty.MindsSwayed(seat=seat, target=target, lost=lost, party=mine.id, gained=gained))


def _pay(s: CampaignTrailState, seat: str, code: str, n: int, log: list[str], changed: list[str]) -> None:
    primitives.remove_voters(s, code, s.players[seat].party, n)
    s.turn.ethics_due -= n
    log.append(fdirty.EthicsPaid(seat=seat, count=n, state=code))
    changed.append(code)


def _remove(s: CampaignTrailState, code: str, victim: str, n: int, log: list[str], changed: list[str]) -> None:
    primitives.remove_voters(s, code, victim, n)
    log.append(fdirty.VotersStruck(who=victim, count=n, state=code))
    changed.append(code)


def _rival_voters(s: CampaignTrailState, party: str, code: str) -> dict[str, int]:
    return {p: n for p, n in s.voters[code].items() if p != party and n > 0}


def settle(s: CampaignTrailState, seat: str, log: list[str], changed: list[str]) -> None:
    """Resolve the payments and removals that leave no choice; the rest are asked for."""
    t = s.turn
    party = s.players[seat].party
    while t.ethics_due > 0:
        spots = [code for code in ethics_states(party) if s.voters[code][party] > 0]
        total = sum(s.voters[code][party] for code in spots)
        if total <= t.ethics_due or len(spots) == 1:
            for code in spots:
                n = min(t.ethics_due, s.voters[code][party])
                if n:
                    _pay(s, seat, code, n, log, changed)
            t.ethics_due = 0  # legality made sure it could be paid in full
        else:
            break
    if t.ethics_due:
        return  # strikes wait for the payment
    for code in list(t.strikes):
        left = t.strikes[code]
        there = _rival_voters(s, party, code)
        if sum(there.values()) <= left:
            for victim, n in there.items():
                _remove(s, code, victim, n, log, changed)
        elif len(there) == 1:
            _remove(s, code, next(iter(there)), left, log, changed)
        else:
            continue
        del t.strikes[code]


def step_options(s: CampaignTrailState, seat: str) -> list[tuple[Action, Facts | None]]:
    """The stepped dirty action's answers, each with what its label needs beyond its action (words_ask.py)."""
    c = _c()
    t = s.turn
    party = s.players[seat].party
    if t.ethics_due > 0:
        return [(primitives.act("pay", code), There(count=s.voters[code][party]))
                for code in ethics_states(party) if s.voters[code][party] > 0]
    if t.strikes:
        code = next(iter(t.strikes))
        return [(primitives.act("remove", code, victim), There(count=n))
                for victim, n in _rival_voters(s, party, code).items()]
    done = (primitives.act("done"), None)
    if t.action == "voter_suppression":
        return moves.travel_options(s, seat, c.card(t.card).actions.voter_suppression, "voter_suppression")
    if t.action in ("flip_contributors", "sway_minds"):
        a = c.card(t.card).actions
        amount = a.flip_contributors if t.action == "flip_contributors" else a.sway_minds
        return [(primitives.act("target", p), Targets(amount=amount, money=s.parties[p].money,
                                                      registered=s.parties[p].registered,
                                                      ai=dirty_solo.is_ai(s, p)))
                for p in rivals(s, party)]
    out: list[tuple[Action, Facts | None]] = []
    if t.action == "smear_campaign":
        out += smear_removals(s, seat)
        out.append(done)
    elif t.action == "mudslinging":
        cost = mudsling_cost(s, seat, t.bought)
        for issue in mudsling_issues(s, seat, t.card, t.bought):
            out.append((primitives.act("issue", issue), Slings(cost=cost)))
        if t.bought:
            out.append(done)
    return out


def smear_removals(s: CampaignTrailState, seat: str) -> list[tuple[Action, Facts | None]]:
    """The smear campaign's next removal: a rival voter in a listed state, within the action's limits."""
    t = s.turn
    if t.removed >= abilities.stat(s, seat, "smear_campaign", "max_remove", SMEAR_MAX):
        return []
    party = s.players[seat].party
    states = smear_states(s, seat, t.card)
    rule = abilities.restriction(s, seat, "smear_campaign")
    if rule is not None and rule.get("must_include") == "pawn" and t.removed == 0:
        states = [s.players[seat].pawn]  # the Wealthy Candidate: the first voter removed is where you are
    cap = abilities.stat(s, seat, "smear_campaign", "max_per_state", 99)
    return [(primitives.act("remove", code, victim), There(count=n))
            for code in states if t.per_state.get(code, 0) < cap
            for victim, n in _rival_voters(s, party, code).items()]


def step(s: CampaignTrailState, seat: str, action: Action, log: list[str], changed: list[str]) -> bool:
    """One step of a dirty action (already checked against decisions()). Returns whether the action is complete."""
    c = _c()
    t = s.turn
    verb = action.verb
    if verb == "pay":
        _pay(s, seat, action.args[0], 1, log, changed)
    elif verb == "remove":
        code, victim = action.args
        _remove(s, code, victim, 1, log, changed)
        if t.strikes:
            t.strikes[code] -= 1
            if not t.strikes[code]:
                del t.strikes[code]
        else:  # a smear campaign's removal
            t.removed += 1
            t.per_state[code] = t.per_state.get(code, 0) + 1
    elif verb == "target":
        _hit(s, seat, t.action, action.args[0], log)
        return True
    elif verb == "issue":  # mudslinging
        issue = action.args[0]
        t.ethics_due += mudsling_cost(s, seat, t.bought)
        t.bought.append(issue)
        for code in c.issue_states(issue):
            t.strikes[code] = t.strikes.get(code, 0) + MUDSLING_REMOVE
        log.append(fdirty.MudSlung(seat=seat, issue=issue, states=tuple(c.issue_states(issue))))
    elif verb == "done":
        if t.action != "voter_suppression":
            return True
        stop = s.players[t.mover or seat].pawn
        t.strikes = {stop: c.card(t.card).actions.voter_suppression.remove}
    settle(s, seat, log, changed)
    # a voter suppression is complete once its move is over (`done`) and its removal made
    return t.action == "voter_suppression" and verb in ("done", "remove") and not t.strikes


def _strikes_in(s: CampaignTrailState, code: str) -> int:
    """Rival voters the action removes in this state in all: 2 for each issue mudslung there, or the voter
    suppression's number."""
    t = s.turn
    if t.action == "mudslinging":
        return MUDSLING_REMOVE * sum(code in _c().issue_states(i) for i in t.bought)
    return _c().card(t.card).actions.voter_suppression.remove


def question(s: CampaignTrailState) -> Step:
    """The step's question with its counts and limits (which one of how many, the caps still open)."""
    t = s.turn
    seat = t.seat
    if t.ethics_due > 0:
        return EthicsDue(due=t.ethics_due, there=ethics_voters(s, s.players[seat].party))
    if t.strikes:
        code = next(iter(t.strikes))
        total = _strikes_in(s, code)
        done = max(0, total - t.strikes[code])
        return RemoveIn(state=code, at=done + 1, of=max(total, done + 1))
    if t.action == "smear_campaign":
        per = abilities.stat(s, seat, "smear_campaign", "max_per_state", 99)
        return Smear(removed=t.removed, cap=abilities.stat(s, seat, "smear_campaign", "max_remove", SMEAR_MAX),
                     per=per if per < 99 else 0)
    if t.action == "mudslinging":
        return Mudsling(chosen=len(t.bought), on_card=len(_c().card(t.card).actions.get("mudslinging") or []),
                        cost=mudsling_cost(s, seat, t.bought), have=ethics_voters(s, s.players[seat].party))
    if t.action == "voter_suppression":
        vs = _c().card(t.card).actions.voter_suppression
        plane = vs.mode == "plane"
        return Suppress(plane=plane, steps=t.steps, remove=vs.remove,
                        most=0 if plane else moves.travel_distance(s, seat, vs, t.action))
    return Rival()
