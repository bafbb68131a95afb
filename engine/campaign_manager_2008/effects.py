"""Campaign Manager 2008's effects in the core effect language (engine/core/effects.py).

Content writes `[op, {params}]` with `state: choose|same|all|target`, `issue`/`toward: choose` and `n` as a
count or `discarded`; each compiles to the core's choices and loops around one-block primitives, so every
single change is followed by the win check: a state is won the moment its major row is one colour, even
in the middle of a card. A win pushes the `wins` procedure on top of the running effect, which settles
every pending win one at a time (the active side orders several; the winner scores the tile, picks the
state that replaces it and that state's Breaking News is resolved — itself able to win more states)
before the interrupted effect goes on. Reaching 270 ends the game at once: the stack is emptied.

The actor (who makes an effect's choices and who "you" is) is the frame local `actor`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.campaign_manager_2008 import facts as f
from engine.campaign_manager_2008 import waits
from engine.campaign_manager_2008.cardtext import resolving
from engine.campaign_manager_2008.primitives import (COLOUR, Line, c, draw_cards, gain_one, major, said,
                                                      minor, new_tile, row_of, trailing, won_by)
from engine.campaign_manager_2008.state import CMState
from engine.core.effects import Choice, Compiler, Domain, EffectLanguage
from engine.core.frames import Frame, Interpreter, Wait
from engine.core.types import cite


@dataclass(slots=True)
class Ctx:
    state: CMState
    events: list[Line] | None  # None: the silent path's step, which states no line and marks no changed state
    changed: list[str] | None
    runner: Interpreter  # interpreter(): worded for apply, not for the silent path's steps


# --------------------------------------------------------------------------- compiling content ops

def _state_ops(p: dict[str, Any], body: list[list[Any]], c_: Compiler) -> list[list[Any]]:
    """Wrap `body` (which reads the state from local `st`) in the state selection the op names."""
    where = p["state"]
    if where == "choose":
        return [*c_.compile([["choose_state", {"as": "st"}]]), *body]
    if where == "same":
        return body
    if where == "target":
        return [["set_from", {"var": "st", "src": "target"}], *body]
    # Every state in play is changed "at once": the states this wins are settled together after the loop
    # (the active side orders them), not each before the next state is changed.
    return [["batch", {"on": True}], *c_.compile([["for_each", {"over": "in_play", "as": "st",
                                                                "do": [["raw", {"ops": body}]]}]]),
            ["batch", {"on": False}]]


def _counted(n: Any, body: list[list[Any]], c_: Compiler) -> list[list[Any]]:
    if n != "discarded":
        return [op for _ in range(int(n)) for op in body]
    key = c_.key("n")
    return [["count_init", {"key": key, "from": "discarded"}], ["label", key], ["count_gate", {"key": key}],
            ["if", key + "_stop", key + "_end"], *body, ["goto", key], ["label", key + "_end"]]


def _gain(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    issue = p["issue"]
    pre = c_.compile([["choose_issue", {"as": "iss"}]]) if issue == "choose" else []
    one = [["gain1", {"issue": "$iss" if issue == "choose" else issue, "side": p.get("side", "self")}]]
    return _state_ops(p, pre + _counted(p["n"], one, c_), c_)


def _shift(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    toward = p["toward"]
    pre = c_.compile([["choose_toward", {"as": "tw"}]]) if toward == "choose" else []
    one = [["shift1", {"toward": "$tw" if toward == "choose" else toward}]]
    return _state_ops(p, pre + _counted(p["n"], one, c_), c_)


def _flip(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    return _state_ops(p, [["flip1", {}]], c_)


def _draw(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    return [["draw_n", {"n": p["n"], "side": p.get("side", "self")}]]


def _discard(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    if p["pick"] == "random":
        return [["discard_random", {"n": p["n"], "side": p["side"]}]]
    if p["n"] == "discarded":
        one = [*c_.compile([["choose_hand", {"as": "card", "side": p["side"]}]]), ["discard_card", {"side": p["side"]}]]
        return _counted(p["n"], one, c_)
    n = int(p["n"])  # each pick says which of the n it is (`rep`): the same question asked n times
    return [op for i in range(n) for op in [*c_.compile([["choose_hand", {"as": "card", "side": p["side"],
                                                                          "rep": [i + 1, n]}]]),
                                             ["discard_card", {"side": p["side"]}]]]


# --------------------------------------------------------------------------- running

def _side(ctx: Ctx, frame: Frame, side: str) -> str:
    actor = frame.locals["actor"]
    if side == "self":
        return actor
    if side == "opponent":
        return ctx.state.other(actor)
    return side


def _arg(frame: Frame, value: Any) -> Any:
    return frame.locals.get(value[1:]) if isinstance(value, str) and value.startswith("$") else value


def _live_tile(ctx: Ctx, frame: Frame):  # noqa: ANN202
    code = frame.locals.get("st")
    return ctx.state.tile(code) if code else None  # a state won mid-card: the op is lost


def _changed(ctx: Ctx, code: str) -> None:
    changed = ctx.changed
    if changed is not None and code not in changed:
        changed.append(code)


def check_wins(ctx: Ctx, frame: Frame | None = None) -> None:
    """Note every state in play whose major row is now one colour; start settling them if not already
    (inside an op on every state: once the op is done)."""
    s = ctx.state
    fresh = [t.code for t in s.in_play if won_by(t) and t.code not in s.pending_wins]
    if not fresh:
        return
    s.pending_wins.extend(fresh)
    s.pending_winner.update({code: won_by(s.tile(code)) for code in fresh})
    if frame is not None and frame.locals.get("batch"):
        frame.locals["batch_won"] = True
        return
    _settle_wins(s)


def _batch(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    if args[0]["on"]:
        frame.locals["batch"] = True
        return
    frame.locals.pop("batch", None)
    if frame.locals.pop("batch_won", None):
        _settle_wins(ctx.state)


def _settle_wins(s: CMState) -> None:
    if not (s.effect.frames and s.effect.frames[-1].proc == "wins"):
        s.effect.frames.append(Frame(proc="wins", locals={"actor": s.turn.seat if s.turn else s.seats[0]}))


def _gain1(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    tile = _live_tile(ctx, frame)
    if tile is None:
        return
    p = args[0]
    issue = _arg(frame, p["issue"])
    issue = major(tile) if issue == "major" else minor(tile) if issue == "minor" else issue
    seat = _side(ctx, frame, p["side"])
    if gain_one(tile, issue, seat):
        if ctx.events is not None:
            row = row_of(tile, issue)
            ctx.events.append(said(f.Gained, seat=seat, state=tile.code, issue=issue, row=(row.B, row.R, row.W)))
            _changed(ctx, tile.code)
        check_wins(ctx, frame)


def _shift1(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    tile = _live_tile(ctx, frame)
    if tile is None:
        return
    toward = _arg(frame, args[0]["toward"])
    to = min(tile.issue + 1, 3) if toward == "economy" else max(tile.issue - 1, 0)
    if to == tile.issue:
        if ctx.events is not None:
            ctx.events.append(said(f.ShiftBlocked, state=tile.code, toward=toward))
        return
    before = major(tile)
    tile.issue = to
    if ctx.events is not None:
        ctx.events.append(said(f.Shifted, state=tile.code, toward=toward,
                               major=major(tile) if major(tile) != before else None))
        _changed(ctx, tile.code)
    check_wins(ctx, frame)


def _flip1(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    tile = _live_tile(ctx, frame)
    if tile is None:
        return
    info = c().states[tile.code]
    tile.key = next(g for g in info.demographics if g != tile.key)
    if ctx.events is not None:
        ctx.events.append(said(f.KeyFlipped, state=tile.code, key=tile.key))
        _changed(ctx, tile.code)


def _demo(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    seat = _side(ctx, frame, p.get("side", "self"))
    group = p["group"]
    hit = []
    for tile in ctx.state.in_play:
        if tile.key != group:
            continue
        n = 0
        for issue in ("defense", "economy"):  # only the untouched undecided blocks: no opponent block changes
            row = row_of(tile, issue)
            n += row.W
            setattr(row, COLOUR[seat], getattr(row, COLOUR[seat]) + row.W)
            row.W = 0
        if n:
            hit.append((tile.code, n))
            _changed(ctx, tile.code)
    if ctx.events is not None:
        ctx.events.append(said(f.Rallied, group=group, seat=seat, taken=tuple(hit)))
    check_wins(ctx)


def _draw_n(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    p = args[0]
    n = frame.locals.get("discarded", 0) if p["n"] == "discarded" else int(p["n"])
    draw_cards(ctx.state, _side(ctx, frame, p["side"]), n, ctx.events)


def _discard_random(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    seat = _side(ctx, frame, args[0]["side"])
    side = ctx.state.sides[seat]
    n = frame.locals.get("discarded", 0) if args[0]["n"] == "discarded" else int(args[0]["n"])
    for _ in range(n):
        if not side.hand:
            if ctx.events is not None:
                ctx.events.append(said(f.NoCardToDiscard, seat=seat))
            return
        card = side.hand.pop(ctx.state.randomness.below(len(side.hand)))
        side.discard.append(card)
        if ctx.events is not None:
            ctx.events.append(said(f.Discarded, seat=seat, card=card, at_random=True))


def _discard_card(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    seat = _side(ctx, frame, args[0]["side"])
    card = frame.locals.pop("card", None)
    side = ctx.state.sides[seat]
    if card is None or card not in side.hand:
        return
    side.hand.remove(card)
    side.discard.append(card)
    if ctx.events is not None:
        ctx.events.append(said(f.Discarded, seat=seat, card=card))


def _set_from(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    frame.locals[args[0]["var"]] = frame.locals.get(args[0]["src"])


def _count_init(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    frame.locals[args[0]["key"] + "_left"] = int(frame.locals.get(args[0]["from"], 0))


def _count_gate(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    key = args[0]["key"]
    left = frame.locals[key + "_left"]
    frame.locals[key + "_stop"] = left <= 0
    frame.locals[key + "_left"] = left - 1


# --------------------------------------------------------------------------- winning states

WINS = [["label", "top"], ["win_pick"], ["win_bind"], ["if", "none", "finish"], ["win_score"], ["win_replace"],
        ["win_enter"], ["win_target"], ["win_news"], ["goto", "top"], ["label", "finish"]]


def _win_pick(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    s = ctx.state
    s.pending_wins = [code for code in s.pending_wins if s.tile(code) is not None]
    s.pending_winner = {code: side for code, side in s.pending_winner.items() if code in s.pending_wins}
    frame.locals["none"] = not s.pending_wins
    frame.locals.pop("win", None)
    if len(s.pending_wins) == 1:
        frame.locals["win"] = s.pending_wins[0]
    elif len(s.pending_wins) > 1:
        return Wait({"kind": "order", "seat": s.turn.seat if s.turn else s.seats[0], "among": list(s.pending_wins),
                     "facts": waits.order(resolving(s))})
    return None


def _win_bind(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    if "answer" in frame.locals:
        frame.locals["win"] = frame.locals.pop("answer")


def _win_score(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    s = ctx.state
    code = frame.locals["win"]
    tile = s.tile(code)
    s.pending_wins.remove(code)
    # Won the moment its major row was one colour: a Breaking News settled before it (simultaneous wins are
    # settled one at a time) may change the tile since, but not who won it.
    winner = s.pending_winner.pop(code, None) or won_by(tile)
    frame.locals["slot"] = s.in_play.index(tile)
    frame.locals["winner"] = winner
    s.in_play.remove(tile)
    side = s.sides[winner]
    side.won.append(code)
    ev = c().states[code].ev
    side.score += ev
    if ctx.events is not None:
        _changed(ctx, code)
        loser = s.other(winner)
        ctx.events.append(said(f.StateWon, by=None, winner=winner, state=code, ev=ev,  # the count settles it: the
                               scores=((winner, side.score), (loser, s.sides[loser].score))))  # game's own step
    target = c().rules.target
    if side.score >= target:
        s.phase, s.winner = "over", winner
        s.effect.frames.clear()
        s.pending_wins = []
        s.pending_winner = {}
        if ctx.events is not None:
            ctx.events.append(said(f.ElectionWon, by=None, winner=winner, score=side.score, target=target))


def _win_replace(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    s = ctx.state
    frame.locals["entering"] = bool(s.pool)
    if not s.pool:
        if not s.in_play:
            a, b = s.seats
            s.phase, s.draw = "over", True
            s.effect.frames.clear()
            if ctx.events is not None:
                ctx.events.append(said(f.ElectionDrawn, by=None, scores=(s.sides[a].score, s.sides[b].score)))
        elif ctx.events is not None:
            ctx.events.append(said(f.PoolEmpty, by=None))
        return None
    if len(s.pool) == 1:
        frame.locals["answer"] = s.pool[0]
        return None
    return Wait({"kind": "enter", "seat": frame.locals["winner"], "among": sorted(s.pool),
                 "facts": waits.enter(frame.locals["win"])})


def _win_enter(ctx: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
    s = ctx.state
    if not frame.locals.get("entering"):
        return None
    code = frame.locals.pop("answer")
    s.pool.remove(code)
    s.in_play.insert(frame.locals["slot"], new_tile(code))
    if ctx.events is not None:
        _changed(ctx, code)
        ctx.events.append(said(f.StateEntered, by=frame.locals["winner"], seat=frame.locals["winner"], state=code))
    frame.locals["entered"] = code
    if not s.news:
        frame.locals["entering"] = False
        if ctx.events is not None:
            ctx.events.append(said(f.NewsEmpty, by=None))
        return None
    frame.locals["news"] = s.news.pop(0)
    s.last_news = frame.locals["news"]
    news = c().news[frame.locals["news"]]
    if ctx.events is not None:
        ctx.events.append(said(f.NewsDrawn, by=None, cause=news.id, news=news.id))
    if s.media is not None and len(s.in_play) > 1:
        owner = s.media["owner"]
        return Wait({"kind": "target", "seat": owner, "among": [t.code for t in s.in_play],
                     "facts": waits.target(s, news.id, code)})
    return None


def _win_target(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    if frame.locals.get("entering"):
        frame.locals["target"] = frame.locals.pop("answer", frame.locals["entered"])


def _win_news(ctx: Ctx, frame: Frame, args: list[Any]) -> None:
    s = ctx.state
    if not frame.locals.get("entering"):
        return
    news = c().news[frame.locals["news"]]
    actor = s.turn.seat if s.turn else s.seats[0]
    if news.chooser == "trailing":
        actor = trailing(s)
    if frame.locals["target"] != frame.locals["entered"] and ctx.events is not None:
        ctx.events.append(said(f.NewsAimed, by=s.media["owner"], cause=s.media["card"], owner=s.media["owner"],
                               state=frame.locals["target"]))
    s.effect.frames.append(Frame(proc=news.id, locals={"actor": actor, "target": frame.locals["target"]}))


def _op(fn):  # noqa: ANN001, ANN202
    """A handler whose new lines name the card, news card or Going Negative result whose effect runs it,
    read from the frame stack before the op (a win's settling runs for the effect below it,
    and may clear or grow the stack): done here once, so no line an effect makes can miss it. A line
    that already names a cause (a news card's own announcement, a Media Support's aim) keeps it. Seats
    are left to the step's `stamp`, but for a Breaking News card's: the news acts for the seat it is resolved
    for (its frame's actor, whom its "self" means), not for the mover, so its lines are that seat's unless they
    name a seat themselves."""
    def run(game: Ctx, frame: Frame, args: list[Any]) -> Wait | None:
        lines = game.events
        assert lines is not None  # the worded handlers run for apply, which keeps every line
        cause, start = resolving(game.state), len(lines)
        news_actor = next((f.locals.get("actor") for f in reversed(game.state.effect.frames) if f.proc == cause),
                          None) if cause is not None and cause in c().news else None
        wait = fn(game, frame, args)
        made = cite(lines[start:], cause)
        if news_actor is not None:
            for event in made:
                if not event.said:
                    event.seat, event.said = news_actor, True
        return wait
    return run


def _hand_candidates(game: Ctx, frame: Frame, p: dict[str, Any]) -> list[str]:
    seat = _side(game, frame, p["side"])
    frame.locals["asker"] = seat
    if p.get("rep"):
        frame.locals["rep"] = p["rep"]
    return list(game.state.sides[seat].hand)


@lru_cache(maxsize=2)
def language(worded: bool = True) -> EffectLanguage:
    """The effect language; `worded=False` runs the same handlers without `_op`'s naming of their lines (only the
    lines read it: the silent path's steps, which show none, skip it)."""
    wrap = _op if worded else (lambda fn: fn)
    lang = EffectLanguage()
    lang.choice("choose_state", Choice(candidates=lambda g, f, p: [t.code for t in g.state.in_play], kind="state"))
    lang.choice("choose_issue", Choice(candidates=lambda g, f, p: ["defense", "economy"], kind="issue"))
    lang.choice("choose_toward", Choice(candidates=lambda g, f, p: ["defense", "economy"], kind="toward"))
    lang.choice("choose_hand", Choice(candidates=_hand_candidates, kind="discard"))
    lang.domain("in_play", Domain(at_run=lambda g, f: [t.code for t in g.state.in_play], bound=4))
    lang.op("raw", lambda p, c_: p["ops"])
    for name, compile_ in (("gain", _gain), ("shift", _shift), ("flip_key", _flip), ("draw", _draw),
                           ("discard", _discard)):
        lang.op(name, compile_)
    lang.op("demo_support", handler=wrap(_demo))
    for name, fn in (("gain1", _gain1), ("shift1", _shift1), ("flip1", _flip1), ("draw_n", _draw_n),
                     ("discard_random", _discard_random), ("discard_card", _discard_card), ("set_from", _set_from),
                     ("count_init", _count_init), ("count_gate", _count_gate), ("batch", _batch),
                     ("win_pick", _win_pick),
                     ("win_bind", _win_bind), ("win_score", _win_score), ("win_replace", _win_replace),
                     ("win_enter", _win_enter), ("win_target", _win_target), ("win_news", _win_news)):
        lang.handler(name, wrap(fn))
    return lang


@lru_cache(maxsize=2)
def interpreter(worded: bool = True) -> Interpreter:
    """The interpreter of every card, news card and Going Negative result; `worded=False`: the same procedures run
    by the handlers that leave their lines unnamed (`language`), for a step whose lines are never shown."""
    if not worded:
        return Interpreter(interpreter().procs, language(False).handlers)
    lang, content = language(), c()
    procs: dict[str, list[list[Any]]] = {"wins": WINS}
    procs.update({cid: lang.compile(card.effect) for cid, card in content.cards.items()})
    procs.update({nid: lang.compile(news.effect) for nid, news in content.news.items()})
    procs.update({f"neg{face}": lang.compile(neg.effect) for face, neg in content.negative.items()})
    return Interpreter(procs, lang.handlers)
