"""Presidential Election content (data/presidential/): strict models, cross-checks, a cached loader.

Electoral votes come from data/us/electoral_votes.csv (read here, not through render/), one column
per era; the game option `era` picks the column.
"""
from __future__ import annotations

import csv
from functools import lru_cache
from typing import Any, Literal

from pydantic import Field

from engine.content import DATA_DIR, ContentModel, load_or_raise, validate, validate_items

SpaceKind = Literal["election_day", "convention", "fundraising", "draw_card", "debate", "national_debate",
                    "vice_president", "plain"]
Hook = Literal["sign_bonus", "tv_discount", "airfare_discount", "fundraise_plus", "debate_bonus", "convention_plus",
               "home_vote", "cap_plus", "ballot_discount", "start_money", "vp_bonus", "national_debate_bonus",
               "trail_fundraise_plus", "card_money", "tv_bonus", "recount_bonus"]
ERAS = {1960: "ev_1960", 2004: "ev_2004_2008", 2012: "ev_2012_2020", 2024: "ev_2024_2028"}
TRACK_LENGTH = 40
# The card ops content may use, with the parameters each takes (cards.py registers their handlers).
CARD_OPS: dict[str, set[str]] = {
    "money": {"amount"}, "others_money": {"amount"}, "votes": {"where", "n"}, "lose_votes": {"where", "n"},
    "others_lose_votes": {"n"}, "choose_state": {"as", "among"}, "ballot": {"where"}, "free_sign": {"where"},
    "free_tv": {"where"}, "free_airfare": set(), "move": {"steps"}, "debate": set(), "national_debate": set(),
    "repeat": {"times", "do"},
}
CHOICE_AMONG = {"ballot", "ballot_not_home", "off_ballot"}


class Rules(ContentModel):
    start_money: int = Field(ge=0)
    home_votes: int = Field(ge=1)
    spend_cap: int = Field(ge=1)
    ballot_cost: int = Field(ge=0)
    sign_cost: int = Field(ge=0)
    sign_dice: int = Field(ge=1)
    tv_cost: int = Field(ge=0)
    tv_dice: int = Field(ge=1)
    airfare_cost: int = Field(ge=0)
    fundraise_unit: int = Field(ge=0)
    vp_land_votes: int = Field(ge=1)
    vp_pass_votes: int = Field(ge=1)
    convention_first: int = Field(ge=1)
    convention_later: int = Field(ge=1)
    national_stake: int = Field(ge=1)
    advantage_offer: int = Field(ge=1)


class Space(ContentModel):
    index: int = Field(ge=0)
    kind: SpaceKind
    label: str = Field(min_length=1)


class Track(ContentModel):
    spaces: list[Space]


class Advantage(ContentModel):
    id: str = Field(pattern=r"^A[0-9]{2}$")
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    hook: Hook
    value: int = Field(ge=1)


class CampaignCard(ContentModel):
    id: str = Field(pattern=r"^C[0-9]{2}$")
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    effect: list[list[Any]] = Field(min_length=1)


class StateInfo(ContentModel):
    code: str
    name: str
    ev: dict[int, int]  # era -> electoral votes


class Content(ContentModel):
    rules: Rules
    track: list[Space]
    advantages: dict[str, Advantage]
    cards: dict[str, CampaignCard]
    states: dict[str, StateInfo]

    def ev(self, code: str, era: int) -> int:
        return self.states[code].ev[era]


def _read_states(problems: list[str]) -> dict[str, StateInfo]:
    path = DATA_DIR / "us" / "electoral_votes.csv"
    try:
        rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
    except OSError as exc:
        problems.append(f"us/electoral_votes.csv: cannot read: {exc}")
        return {}
    states: dict[str, StateInfo] = {}
    for row in rows:
        try:
            states[row["abbr"]] = StateInfo(code=row["abbr"], name=row["name"],
                                            ev={era: int(row[col]) for era, col in ERAS.items()})
        except (KeyError, ValueError) as exc:
            problems.append(f"us/electoral_votes.csv: row {row}: {exc}")
    if len(states) != 51:
        problems.append(f"us/electoral_votes.csv: 51 states (DC counted) expected, found {len(states)}")
    for era in ERAS:
        total = 537 if era == 1960 else 538  # DC had no electors before the 23rd Amendment's first use in 1964
        if sum(s.ev[era] for s in states.values()) != total:
            problems.append(f"us/electoral_votes.csv: era {era} does not total {total} electoral votes")
    return states


def _check_effect(where: str, ops: Any, problems: list[str], top: bool = True) -> None:
    if not isinstance(ops, list):
        problems.append(f"{where}: an effect is a list of [op, {{params}}]")
        return
    for i, op in enumerate(ops):
        if not (isinstance(op, list) and len(op) == 2 and isinstance(op[0], str) and isinstance(op[1], dict)):
            problems.append(f"{where}[{i}]: an op is [name, {{params}}], not {op!r}")
            continue
        name, params = op
        if name not in CARD_OPS:
            problems.append(f"{where}[{i}]: unknown op `{name}` (known: {', '.join(sorted(CARD_OPS))})")
            continue
        if set(params) != CARD_OPS[name]:
            problems.append(f"{where}[{i}]: `{name}` takes {sorted(CARD_OPS[name])}, not {sorted(params)}")
            continue
        if name == "choose_state" and params["among"] not in CHOICE_AMONG:
            problems.append(f"{where}[{i}]: choose_state among `{params['among']}` (one of {sorted(CHOICE_AMONG)})")
        if name == "repeat":
            _check_effect(f"{where}[{i}].do", params["do"], problems, top=False)
        if name == "move" and (not top or i != len(ops) - 1 or not 1 <= int(params["steps"]) <= 6):
            # the landing is resolved after the card is done, so a move is the card's last op, forwards
            problems.append(f"{where}[{i}]: `move` is a card's last top-level op, 1–6 spaces on")
        where_ = params.get("where")
        if isinstance(where_, str) and where_ not in ("home", "current") and not where_.startswith("$"):
            problems.append(f"{where}[{i}]: where `{where_}` is home, current or a chosen $state")


def collect_problems() -> tuple[Content | None, list[str]]:
    problems: list[str] = []
    rules = validate(Rules, "presidential/rules.yaml", problems)
    track = validate(Track, "presidential/track.yaml", problems)
    advantages = validate_items(Advantage, "presidential/advantages.yaml", "advantages", problems)
    cards = validate_items(CampaignCard, "presidential/campaign_cards.yaml", "cards", problems)
    states = _read_states(problems)
    spaces = track.spaces if track else []
    if track:
        if [s.index for s in spaces] != list(range(TRACK_LENGTH)):
            problems.append(f"presidential/track.yaml: indexes must run 0…{TRACK_LENGTH - 1} in order")
        kinds = [s.kind for s in spaces]
        if kinds[:1] != ["election_day"] or kinds.count("election_day") != 1:
            problems.append("presidential/track.yaml: space 0, and only it, is Election Day")
        for kind in ("convention", "fundraising", "draw_card", "debate", "national_debate", "vice_president"):
            if kind not in kinds:
                problems.append(f"presidential/track.yaml: no `{kind}` space")
        if "convention" in kinds and kinds.index("convention") > 6:
            problems.append("presidential/track.yaml: the first Convention must be within one roll of the start")
        vps = [s.index for s in spaces if s.kind == "vice_president"]
        if any(b - a == 1 for a, b in zip(vps, vps[1:])):
            problems.append("presidential/track.yaml: Pick a VP spaces must not be adjacent")
    for name, ids in (("advantages", [a.id for a in advantages]), ("campaign_cards", [c.id for c in cards])):
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            problems.append(f"presidential/{name}.yaml: duplicate ids {', '.join(dupes)}")
    if not 14 <= len(advantages) <= 18:
        problems.append(f"presidential/advantages.yaml: 14–18 cards (3 per player for 6 players), found {len(advantages)}")
    if len(cards) < 30:
        problems.append(f"presidential/campaign_cards.yaml: at least 30 cards, found {len(cards)}")
    for card in cards:
        _check_effect(f"presidential/campaign_cards.yaml: {card.id}", card.effect, problems)
    if problems or rules is None:
        return None, problems
    return Content(rules=rules, track=spaces, advantages={a.id: a for a in advantages},
                   cards={c.id: c for c in cards}, states=states), problems


@lru_cache(maxsize=1)
def load() -> Content:
    return load_or_raise(collect_problems)
