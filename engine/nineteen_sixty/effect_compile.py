"""1960's content ops compiled to the core's choices and the handler ops (effect_support.py,
effect_handlers.py): a `choose` parameter becomes a choice bound first, a region loss a loop of picks."""
from __future__ import annotations

from typing import Any

from engine.core.effects import Choice, Compiler
from engine.core.frames import Frame
from engine.nineteen_sixty.content_models import REGIONS
from engine.nineteen_sixty.effect_ctx import Ctx, bound, who_side
from engine.nineteen_sixty.primitives import c, seat_of, states_in


def _place(p: dict[str, Any], key: str, choose: str, c_: Compiler, var: str) -> tuple[list[list[Any]], Any]:
    """A `choose` parameter becomes a choice bound to `var` first."""
    if p.get(key) != "choose":
        return [], p.get(key)
    return [["unset", {"var": var}], *c_.compile([[choose, {"as": var}]])], "$" + var


def _gain(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, code = _place(p, "state", "choose_state", c_, "st")
    return [*pre, ["gain_state", {**p, "state": code}]]


def _gain_region(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, region = _place(p, "region", "choose_region", c_, "rg")
    pick = c_.compile([["choose_region_state", {"as": "sts", "count": p["n"], "region": region,
                                                "per_state": p["per_state"]}]])
    return [*pre, *pick, ["gain_listed", {"who": p["who"]}]]


def _fill(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, region = _place(p, "region", "choose_region", c_, "rg")
    return [*pre, ["fill_empty", {**p, "region": region}]]


def _lose(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, code = _place(p, "state", "choose_state", c_, "st")
    return [*pre, ["lose_state", {**p, "state": code}]]


def _lose_region(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, region = _place(p, "region", "choose_region", c_, "rg")
    key = c_.key("lr")
    q = {**p, "region": region, "key": key}
    return [*pre, ["lr_init", q], ["label", key], ["lr_ask", q], ["lr_apply", q], ["if", key + "_again", key]]


def _kind(kind: str, handler: str, param: str, choose: str):  # noqa: ANN202
    def compile_(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
        pre, place = _place(p, param, choose, c_, "pl")
        return [*pre, [handler, {"who": p["who"], "place": place, "n": p.get("n", 1)}]]
    return compile_


def _shift(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, issue = _place(p, "issue", "choose_issue", c_, "pl")
    return [*pre, ["shift_issue1", {**p, "issue": issue}]]


def _endorse_op(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    if p["region"] == "draw":
        return [["unset", {"var": "rg"}], ["endorse_draw", p], ["endorse_bind", {}],
                ["endorse1", {"who": p["who"], "region": "$rg"}]]
    pre, region = _place(p, "region", "choose_region", c_, "rg")
    return [*pre, ["endorse1", {"who": p["who"], "region": region}]]


def _discard(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    if p["pick"] == "random":
        return [["discard_random", p]]
    one = [["unset", {"var": "card"}], *c_.compile([["choose_hand", {"as": "card", "who": p["who"]}]]),
           ["discard_card", {"who": p["who"]}]]
    return [op for _ in range(int(p["n"])) for op in one]


def _leader_op(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    return [["leader1", p], ["if", "no_leader", "end"]]


def _checks_op(p: dict[str, Any], c_: Compiler) -> list[list[Any]]:
    pre, code = _place(p, "state", "choose_state", c_, "st")
    return [*pre, ["checks1", {**p, "state": code}]]


def _region_states(game: Ctx, frame: Frame, p: dict[str, Any]) -> list[str]:
    return states_in(bound(frame, p["region"]))


def _hand(game: Ctx, frame: Frame, p: dict[str, Any]) -> list[int]:
    side = who_side(game, frame, p["who"])
    if side is None:
        return []
    frame.locals["asker"] = seat_of(side)  # a discard of one's own choice: its loser picks
    return sorted(game.state.sides[side].hand)


# choice op -> what it offers
CHOICES = (("choose_state", Choice(candidates=lambda g, f, p: sorted(c().states), kind="state")),
           ("choose_region_state", Choice(candidates=_region_states, kind="state")),
           ("choose_region", Choice(candidates=lambda g, f, p: list(REGIONS), kind="region")),
           ("choose_issue", Choice(candidates=lambda g, f, p: list(g.state.track), kind="issue")),
           ("choose_hand", Choice(candidates=_hand, kind="card")))
# content op -> its compiler
COMPILERS = {"gain": _gain, "gain_region": _gain_region, "fill_empty": _fill, "lose": _lose,
             "lose_region": _lose_region, "shift_issue": _shift, "endorse": _endorse_op,
             "discard": _discard, "leader": _leader_op, "checks": _checks_op,
             "issue": _kind("issues", "issue1", "issue", "choose_issue"),
             "lose_issue": _kind("issues", "lose_issue1", "issue", "choose_issue"),
             "media": _kind("media", "media1", "region", "choose_region"),
             "lose_media": _kind("media", "lose_media1", "region", "choose_region")}
# content ops that run as they are, one handler op each
AS_WRITTEN = ("momentum", "lose_momentum", "exhaust", "refresh", "move_token", "bag", "rest", "draw",
              "turn_effect", "debate_bonus", "unpledged")
