"""The turn's flow around its actions (resolve_action.py resolves one): the start of the turn, rivals'
politicks that answer an action, the candidate's after-action abilities, the end of the turn (discard,
refill, exchange), the months, and the end of the game (end-of-game politicks, Election Day).
"""
from __future__ import annotations

from contextlib import nullcontext
from typing import Any

from engine.campaign_trail import abilities, advanced_solo, debates, dirty, effects, op_context, primitives, solo
from engine.campaign_trail import facts_tell as ft
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.posting import Private, by, game_line
from engine.campaign_trail.primitives import add_voters, draw, draw_up, electoral_votes, majority, states_held
from engine.campaign_trail.state import CampaignTrailState, Exchange, FinalItem
from engine.core.frames import FrameStack
from engine.core.hidden import Fact
from engine.core.types import Action, Outcome


EXCHANGE_MAX = 3


def start_of_turn(s: CampaignTrailState, seat: str, log: list[str]) -> None:
    """The seat's tabled politicks start working; Connections pays the home state's majority holder."""
    me = s.players[seat]
    for tab in me.table:
        if not tab.active:
            tab.active = True
            abilities.forget(s)
    for tab in me.table:
        if tab.politick == "connections":
            holder = majority(s, me.home)
            if solo.is_ai(s, holder) or advanced_solo.is_ai(s, holder):  # Appendix A: no one gains when an AI party holds the home state
                with by(log, seat, "connections"):
                    log.append(ft.ConnectionsPaid(seat=seat, holder=holder, state=me.home, ai=True))
                continue
            s.parties[holder].money += 10
            if log.keeps:
                with by(log, seat, "connections"):
                    log.append(ft.ConnectionsPaid(seat=seat, holder=holder, state=me.home, ai=False))


def first_card_played(s: CampaignTrailState, seat: str, number: int, log: list[str]) -> list[str]:
    """Favorite Son: the opening card's map shows the home state: 1 undecided voter there."""
    me = s.players[seat]
    if abilities.has_active(s, seat, "favorite_son") and me.home in primitives.card_map(s, seat, number):
        add_voters(s, me.home, me.party, 1)
        s.parties[me.party].out_of_supply += 1
        log.append(ft.FavoriteSon(seat=seat, state=me.home))
        return [me.home]
    return []


def fire_triggers(s: CampaignTrailState, actor: str, action: str, log: list[str], private: Private) -> bool:
    """Rivals' active politicks that answer this action (resolved as the action is declared: ruling).
    Returns whether a card was drawn (no undo past that)."""
    drew = False
    keeps = log.keeps  # a silent step's log keeps no line: the gains are not listed for it
    for owner, pol in effects.rival_answers(s, actor, action):
        if pol.id in effects.TRIGGERED:  # those ask for a choice: start_triggers
            continue
        p = s.players[owner]
        gained = []
        for name, params in pol.effect:
            if name == "draw_cards":
                drawn = draw(s, owner, int(params["count"]), reshuffle=True)
                drew = drew or bool(drawn)
                if keeps:
                    gained.append(ft.Gain(who=owner, what="cards", amount=len(drawn)))
                    if drawn:
                        private[owner] = [ft.Drawn(cards=tuple(drawn))]
            elif name == "gain_money":
                s.parties[p.party].money += int(params["amount"])
                if keeps:
                    gained.append(ft.Gain(who=p.party, what="money", amount=int(params["amount"])))
            elif name == "gain_registered":
                s.parties[p.party].registered += int(params["count"])
                s.parties[p.party].out_of_supply += int(params["count"])
                if keeps:
                    gained.append(ft.Gain(who=p.party, what="registered", amount=int(params["count"])))
        if keeps:
            with by(log, owner, pol.id):  # a rival's politick answers the action
                log.append(ft.PolitickAnswered(owner=owner, politick=pol.id, gains=tuple(gained)))
    return drew


def start_triggers(s: CampaignTrailState, seat: str, log: list[str], private: Private) -> None:
    """Rivals' triggered politicks that ask for a choice (Intimidation) queue up as the action is declared and
    resolve one by one before it goes on. They reveal nothing hidden, so the step stays undoable."""
    t = s.turn
    listed = dirty.listed_states(s, seat, t.card, t.action)
    t.triggers = [[pid, owner] for pid, owner in effects.trigger_procs(s, seat, t.action, listed)]
    triggered(s, None, None, log, private)


def triggered(s: CampaignTrailState, wait: Any, owner: str | None, log: list[str], private: Private) -> None:
    """Run the queued triggered politicks until one waits for the actor's choice; then the action goes on."""
    t = s.turn
    while True:
        if wait is not None:
            s.wait = {**wait.decision, "owner": owner, "trigger": True}
            return
        s.wait = None
        _clear_frames(s)
        if not t.triggers:
            return
        pid, owner = t.triggers.pop(0)
        with by(log, owner, pid):
            log.append(ft.PolitickTriggered(owner=owner, politick=pid))
            wait = effects.interpreter().start(s.frames, pid, op_context.Ctx(s, owner, log, private))


def _clear_frames(s: CampaignTrailState) -> None:
    """A fresh frame stack once an effect is over (one that finished left its stack empty already: kept)."""
    if s.frames.frames:
        s.frames = FrameStack()


def after_effect(s: CampaignTrailState, wait: Any, log: list[str], private: Private) -> bool:
    if s.phase == "final":
        continue_final(s, log, wait)
        return False
    if wait is not None:
        s.wait = wait.decision
        return True
    s.wait = None
    _clear_frames(s)
    if s.turn.action is None:  # the politick played another card: its action is chosen next
        return True
    return after_action(s, log, private)


_UNTOLD = nullcontext()  # `by` for a log that keeps no line (the silent path's): nobody to note


def answer_wait(s: CampaignTrailState, seat: str, action: Action, log: Any, private: Private,
                changed: list[str]) -> bool:
    """An answer to a paused effect's wait: the effect resumes with it."""
    verb, w = action.verb, s.wait
    answer = "done" if verb == "done" else list(action.args) if verb == "remove" else action.args[0]
    # the effect runs for its owner, whoever was asked (a rival answering Scandal, the actor Intimidation)
    owner, trigger = w.get("owner", seat), w.get("trigger", False)
    ctx = op_context.Ctx(s, owner, log, private)
    s.wait = None
    undoable = True
    with by(log, owner, log.cause if owner == seat else None) if log.keeps else _UNTOLD:  # its owner's lines
        wait = effects.interpreter().resume(s.frames, ctx, answer)
        if verb in ("vote", "pick", "remove"):
            changed.append(action.args[0])
        if trigger:
            triggered(s, wait, owner, log, private)
        else:
            undoable = after_effect(s, wait, log, private)
    if s.turn is not None and seat != s.turn.seat:
        undoable = False  # a rival's answer is theirs to give once
    return undoable


def after_action(s: CampaignTrailState, log: list[str], private: Private) -> bool:
    """The action is resolved: the acting candidate's own after-action abilities run, then the turn ends."""
    t = s.turn
    if t.queue is None:
        t.queue = effects.ability_procs(s, t.seat, "action_taken", t.action) if t.action else []
    while t.queue:
        proc = t.queue.pop(0)
        wait = effects.interpreter().start(s.frames, proc, op_context.Ctx(s, t.seat, log, private))
        if wait is not None:
            s.wait = wait.decision
            return True
        _clear_frames(s)
    return end_turn(s, log, private)


def end_turn(s: CampaignTrailState, log: list[str], private: Private) -> bool:
    """Discard, draw up to five, pass the turn on. Returns whether the step stays undoable (not after a draw)."""
    t = s.turn
    s.discard.extend(t.spent)
    if t.card is not None:
        s.discard.append(t.card)
    t.spent, t.card = [], None
    drawn = draw_up(s, t.seat)
    putback = _draw_extra(s, t.seat, drawn)
    if drawn and log.keeps:
        private[t.seat] = [ft.Drawn(cards=tuple(drawn))]
    if putback is not None:  # the Experienced Candidate slides one drawn card under the deck first
        s.wait = {"kind": "card", "among": [str(n) for n in drawn], "optional": False, "putback": putback}
        return False
    return _finish_turn(s, log, private)


def _draw_extra(s: CampaignTrailState, seat: str, drawn: list[int]) -> int | None:
    """The Experienced Candidate: a refill that drew draws 1 more (added to `drawn`); returns the deck it
    came from (where one drawn card goes back, at the bottom), or None."""
    if not drawn or not abilities.stat(s, seat, "hand", "draw_extra", 0):
        return None
    deck = next((i for i in range(s.month, len(s.decks)) if s.decks[i]), None)
    if deck is None:
        return None
    drawn += draw(s, seat, 1)
    return deck


def put_back(s: CampaignTrailState, seat: str, number: int, log: list[str], private: Private | None = None) -> bool:
    deck = s.wait["putback"]
    s.players[seat].hand.remove(number)
    s.decks[deck].append(number)
    s.wait = None
    if log.keeps:
        log.append(ft.CardPutBack(seat=seat, deck=deck))
    return _finish_turn(s, log, private)


def _finish_turn(s: CampaignTrailState, log: list[str], private: Private | None = None) -> bool:
    t = s.turn
    s.taken.append(t.seat)
    s.responded = [x for x in s.responded if x != t.seat]  # a response's gap refills with this turn's draw
    s.turn = None
    party = s.parties[s.order[s.order_index]]
    if len(s.taken) >= party.roles:
        if len(party.seats) == 2 and _same_region(s, party.seats):
            s.exchange = Exchange(seat=t.seat, partner=next(x for x in party.seats if x != t.seat))
            log.append(ft.ExchangeOffered(party=party.id, seat=t.seat, partner=s.exchange.partner))
        else:
            next_party(s, log, private)
    return False  # the next seat is up (and cards may have been drawn): no undo past a turn's end


def _same_region(s: CampaignTrailState, seats: list[str]) -> bool:
    c = _c()
    return len({c.states[s.players[x].pawn].region for x in seats}) == 1


def next_party(s: CampaignTrailState, log: list[str], private: Private | None = None) -> None:
    s.exchange = None
    s.taken = []
    s.order_index += 1
    if s.order_index == len(s.order):
        s.order_index = 0
        s.round += 1
        if s.solo is not None:  # Solo Play: no months; the round in which the AI decks ran out was the last
            if solo.decks_out(s):
                _start_final(s, log)
                return
        elif s.advanced is not None:  # the Advanced Solo Deck: the AI parties' month stacks are the clock
            if advanced_solo.month_over(s):
                _month_end(s, log)
        elif not s.decks[s.month]:
            _month_end(s, log)
    ai_turns(s, log, private)


def ai_turns(s: CampaignTrailState, log: list[str], private: Private | None = None) -> None:
    """Solo Play: the engine plays the AI party whose turn it is, then the order moves on (unless a human's
    Change of Plans window waits)."""
    if s.solo is None and s.advanced is None:
        return  # no AI party in the game
    private = {} if private is None else private
    party = s.order[s.order_index] if 0 <= s.order_index < len(s.order) else None
    with by(log, party):  # the AI party's own turn (nothing is logged when it is a human's)
        over = solo.play_ai_turns(s, log, private) or advanced_solo.play_ai_turns(s, log, private)
    if over:
        next_party(s, log, private)


def _month_end(s: CampaignTrailState, log: list[str]) -> None:
    if s.month == 2:
        _start_final(s, log)
        return
    ev = electoral_votes(s)
    s.month += 1
    if s.advanced is not None:  # the AI parties first, the humans last, all game (ruling)
        game_line(log, ft.MonthEnded(month=s.month, order=tuple(s.order), kept=True))
    else:
        s.order = sorted(s.order, key=lambda p: -ev[p])  # stable: tied parties keep their order
        game_line(log, ft.MonthEnded(month=s.month, order=tuple(s.order), kept=False))
    debates.start(s, log)


def _start_final(s: CampaignTrailState, log: list[str]) -> None:
    """After October's last round: end-of-game politicks in turn order, then Election Day."""
    for party in s.order:
        for seat in s.parties[party].seats:
            for tab in s.players[seat].table:
                if tab.politick in effects.END_OF_GAME:
                    s.final.append(FinalItem(seat=seat, politick=tab.politick, tucked=tab.tucked))
    s.phase = "final"
    if s.final:
        game_line(log, ft.FinalOpened())
    continue_final(s, log, None)


def continue_final(s: CampaignTrailState, log: list[str], wait: Any) -> None:
    while True:
        if wait is not None:
            s.wait = wait.decision
            return
        s.wait = None
        _clear_frames(s)
        if not s.final:
            s.final_seat = None
            _election(s, log)
            return
        item = s.final.pop(0)
        s.final_seat = item.seat
        with by(log, item.seat, item.politick):
            log.append(ft.FinalResolves(seat=item.seat, politick=item.politick))
            extra = {"tucked": str(item.tucked)} if item.tucked is not None else {}
            if item.politick == "recount" and item.tucked is None:
                continue  # nothing was tucked: nothing to recount
            wait = effects.interpreter().start(s.frames, item.politick, op_context.Ctx(s, item.seat, log), **extra)


def _election(s: CampaignTrailState, log: list[str]) -> None:
    ev = electoral_votes(s)
    s.final_ev = ev
    s.phase = "over"
    top = [p for p in ev if ev[p] == max(ev.values())]
    reason, last = "most", None
    if len(top) > 1:
        held = states_held(s)
        most = max(held[p] for p in top)
        best = [p for p in top if held[p] == most]
        reason = "tied"
        if len(best) > 1 and len(s.parties) == 3 and len(best) == 2:
            last = next(p for p in s.parties if p not in best)
            removed = sum(row[last] for row in s.voters.values())
            for row in s.voters.values():
                row[last] = 0
            s.parties[last].out_of_supply -= removed
            ev2 = electoral_votes(s, best)
            s.final_ev = {**ev2, last: 0}
            top2 = [p for p in best if ev2[p] == max(ev2.values())]
            if len(top2) > 1:
                held2 = states_held(s, best)
                top2 = [p for p in top2 if held2[p] == max(held2[x] for x in top2)]
            best = top2
            reason = "runoff"
        top = best
    s.winners, s.decided, s.runoff_removed = top, reason, last
    game_line(log, election_day(s))


def election_day(s: CampaignTrailState) -> ft.ElectionDay:
    """What decided the election, from the state once it is over: its winners, why, and each party's electoral votes."""
    return ft.ElectionDay(winners=tuple(s.winners), reason=s.decided, removed=s.runoff_removed,
                          ev=tuple(s.final_ev.items()))


def outcome(s: CampaignTrailState) -> Outcome | None:
    if s.phase != "over":
        return None
    return Outcome(winners=list(s.winners), scores=dict(s.final_ev), facts=election_day(s))


def hidden_facts(s: CampaignTrailState) -> list[Fact]:
    """What only one party may see (its players' hands — team-mates show each other theirs —, the candidates
    dealt to it and, until everyone has chosen, its candidates and home states, the cards tucked under its
    Recounts) and what nobody may (the month decks, the reshuffled pile, the AI parties' decks and boxed cards):
    a step that shows one of them — a card played from a hand, a card drawn — cannot be taken back
    (engine/core/hidden.py)."""
    nobody = [*(n for d in s.decks for n in d), *s.reshuffled]
    facts: list[Fact] = [((), ("card", n)) for n in nobody]
    if s.solo is not None:
        facts += [((), ("solo", n)) for n in (*(n for d in s.solo.decks for n in d), *s.solo.boxed)]
    if s.advanced is not None:
        facts += [((), ("ai", party, n)) for party, d in s.advanced.decks.items()
                  for n in (*(n for m in d.months for n in m), *d.debate, *d.boxed)]
    for seat, p in s.players.items():
        mine = (p.party,)
        facts += [(mine, ("card", n)) for n in p.hand]
        facts += [(mine, ("card", tab.tucked)) for tab in p.table if tab.tucked is not None]
        if s.phase == "candidate":
            facts += [(mine, ("offer", seat, cid)) for cid in p.offer]
            facts += [(mine, ("candidate", seat, p.candidate))] if p.candidate else []
        if s.phase in ("candidate", "home") and p.home:
            facts.append((mine, ("home", seat, p.home)))
    facts += [((s.players[f.seat].party,), ("card", f.tucked)) for f in s.final if f.tucked is not None]
    return facts
