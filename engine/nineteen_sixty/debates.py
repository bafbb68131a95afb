"""The Debates (turn 6): each side's Campaign Strategy cards become its debate hand; each round both seal a card
and reveal them at once, each goes to a side of its issue, and an issue with two cards on a side is won by the
higher CP total (a tie goes to the initiative holder); each issue won takes its place on the issue track anew and
gives its winner support cubes to place."""
from __future__ import annotations

from engine.core.types import Event
from engine.core.windows import Simultaneous
from engine.nineteen_sixty import facts_stages as fs
from engine.nineteen_sixty import facts_tell as t
from engine.nineteen_sixty.effect_ctx import Ctx
from engine.nineteen_sixty.legal import is_open, side_chooser
from engine.nineteen_sixty.primitives import c, card, gain, initiative_check, rival, side_of
from engine.nineteen_sixty.state import SEATS, Debate, DebateIssue, NSState
from engine.nineteen_sixty.turns import Handler, salt, start_turn

# --------------------------------------------------------------------------- the decisions


def _debate(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    state.sealed.commit(seat, args[0], salt(state, seat, f"debate{state.debate.round if state.debate else 0}"))
    if ctx.words:
        ctx.log(t.DebateCardChosen(seat=seat))
    return False


def _first(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    assert state.debate is not None
    state.debate.first = args[0]
    if ctx.words:
        ctx.log(t.FirstChosen(seat=seat, first=args[0]))
    state.step = "side"
    return False


def _side(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    assert state.debate is not None
    side = side_of(seat)
    state.debate.sides_chosen[side] = side_of(args[0])
    x = state.debate.revealed[side]
    if ctx.words:
        ctx.log(t.SideChosen(seat=seat, card=x, on=args[0]))
    return False


def _place(state: NSState, seat: str, args: tuple[str, ...], ctx: Ctx) -> bool:
    d = state.debate
    assert d is not None and d.placing is not None
    gain(state, "support", args[0], side_of(seat), 1)
    ctx.touch(args[0])
    d.placing["left"] -= 1
    if ctx.words:
        ctx.log(t.DebateCubePlaced(seat=seat, state=args[0], value=state.support.get(args[0], 0)))
    if d.placing["left"] <= 0:
        d.placing = None
    return True


DECISIONS: dict[str, Handler] = {"debate": _debate, "first": _first, "side": _side, "place": _place}


# --------------------------------------------------------------------------- the rounds

def debate_total(state: NSState, issue: DebateIssue, side: str) -> int:
    """CP on the side's half of the issue plus its Debate events' bonuses there."""
    total = sum(card(x).cp for x in issue.cards[side])
    for entry in state.debate_events:
        for name, p in card(entry.card).event:
            if name != "debate_bonus":
                continue
            who = p["who"] if p["who"] in ("K", "N") else entry.owner if p["who"] == "self" else rival(entry.owner)
            if who == side and p["issue"] in ("all", issue.issue):
                total += int(p["n"])
    return total


def debate_step(state: NSState, ctx: Ctx) -> bool:
    """One of the Debates' automatic steps; False when someone must decide (a card, who goes first, a side, a cube)."""
    d = state.debate
    if state.step == "init":
        initiative_check(state, ctx.worded)
        for seat in SEATS:
            me = state.sides[side_of(seat)]
            me.hand = list(me.strategy)
            me.strategy = []
            if ctx.words:
                ctx.log(fs.DebateHandTaken(seat=seat, n=len(me.hand)))
                ctx.events.append(Event(facts=fs.DebateHand(seat=seat, cards=tuple(me.hand))))
        state.debate = Debate(issues=[DebateIssue(issue=i, slot=n + 1) for n, i in enumerate(state.track)])
        if ctx.words:
            ctx.log(fs.DebateBoardSet(issues=tuple(state.track)))
        state.track = ["", "", ""]
        ctx.touch("track")
        _open_round(state)
        return True
    assert d is not None
    if d.placing is not None:
        return False
    if d.pending:
        _award_issue(state, d, d.pending.pop(0), ctx)
        return True
    if d.finished:
        _end_debates(state, ctx)
        return True
    if state.step == "round":
        if not state.sealed.complete:
            return False
        revealed = state.sealed.reveal()
        d.revealed = {}
        d.sides_chosen, d.first = {}, None
        for seat, sealed in revealed.items():
            x = int(sealed.choice)
            side = side_of(seat)
            state.sides[side].hand.remove(x)
            d.revealed[side] = x
        if ctx.words:
            ctx.log(fs.DebateRevealed(round=d.round, cards=tuple(d.revealed.items())))
        two = [s for s, x in d.revealed.items() if len(card(x).icons) == 2 and is_open(d, card(x).debate_issue)]
        state.step = "first" if len(two) == 2 else "side"
        return True
    if state.step == "first":
        return False
    if state.step == "side":
        if side_chooser(state) is not None:
            return False
        _place_revealed(state, d, ctx)
        return True
    return False


def _open_round(state: NSState) -> None:
    d = state.debate
    assert d is not None
    seats = [s for s in SEATS if state.sides[side_of(s)].hand]
    state.sealed = Simultaneous(seats=seats)
    state.step = "round"
    if not seats or all(i.won_by for i in d.issues):
        _finish_debate_issues(state, d)


def _place_revealed(state: NSState, d: Debate, ctx: Ctx) -> None:
    order = sorted(d.revealed, key=lambda s: 0 if d.first and s == side_of(d.first) else 1)
    for side in order:
        x = d.revealed[side]
        issue = next(i for i in d.issues if i.issue == card(x).debate_issue)
        if issue.won_by is not None:
            state.discard.append(x)
            if ctx.words:
                ctx.log(fs.DebateCardWasted(card=x, issue=issue.issue))
            continue
        to = d.sides_chosen.get(side, card(x).icons[0])
        issue.cards[to].append(x)
    d.revealed, d.sides_chosen, d.first = {}, {}, None
    ctx.touch("debate")
    won = [i for i in d.issues if i.won_by is None and any(len(v) >= 2 for v in i.cards.values())]
    # simultaneous wins resolve from the lowest original place on the track (the 3rd place first)
    for issue in sorted(won, key=lambda i: -i.slot):
        _decide(state, d, issue)
    d.round += 1
    _open_round(state)


def _decide(state: NSState, d: Debate, issue: DebateIssue) -> None:
    k, n = debate_total(state, issue, "K"), debate_total(state, issue, "N")
    init = side_of(state.initiative) if state.initiative else "K"
    issue.won_by = "K" if k > n else "N" if n > k else init
    d.pending.append(issue.issue)


def _finish_debate_issues(state: NSState, d: Debate) -> None:
    for issue in sorted((i for i in d.issues if i.won_by is None), key=lambda i: -i.slot):
        _decide(state, d, issue)
    d.finished = True
    state.step = "end"


def _award_issue(state: NSState, d: Debate, issue_id: str, ctx: Ctx) -> None:
    issue = next(i for i in d.issues if i.issue == issue_id)
    side = issue.won_by
    assert side is not None
    k, n = debate_total(state, issue, "K"), debate_total(state, issue, "N")
    reward = c().rules.debate_rewards[d.awarded]
    d.awarded += 1
    slot = max(i for i, x in enumerate(state.track) if not x)
    state.track[slot] = issue_id
    issue.result = {"K": k, "N": n}
    cards = issue.cards["K"] + issue.cards["N"]
    state.discard += cards
    issue.cards = {"K": [], "N": []}
    if ctx.words:
        ctx.log(fs.DebateWon(side=side, issue=issue_id, high=max(k, n), low=min(k, n), reward=reward, slot=slot + 1))
    ctx.touch("track")
    d.placing = {"side": side, "left": reward, "issue": issue_id}


def _end_debates(state: NSState, ctx: Ctx) -> None:
    for side in ("K", "N"):
        me = state.sides[side]
        state.discard += sorted(me.hand)
        me.hand = []
    state.discard += [e.card for e in state.debate_events]
    if state.debate_events:
        if ctx.words:
            ctx.log(fs.DebateEventsDiscarded(cards=tuple(e.card for e in state.debate_events)))
    state.debate_events = []
    state.debate = None
    state.sealed = Simultaneous(seats=list(SEATS))
    if ctx.words:
        ctx.log(fs.DebatesOver(track=tuple(state.track)))
    state.turn += 1
    start_turn(state, ctx.worded)

