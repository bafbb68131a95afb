"""Small shared pieces: the content, tiles, support in a row, drawing cards, the trailing side."""
from __future__ import annotations

from typing import Any

from engine.campaign_manager_2008 import facts as f
from engine.campaign_manager_2008.content import load
from engine.campaign_manager_2008.content_models import ISSUE_SPACES, major_issue
from engine.campaign_manager_2008.state import CMState, Row, Tile
from engine.core.types import Event, Facts

_UNSAID = object()  # a Line's seat never given (None is said outright: the game's own line)

COLOUR = {"MCC": "R", "OBA": "B"}
NAMES = {"OBA": "Obama", "MCC": "McCain"}


class Line:
    """One line of a step as the rules make it: an Event's fields as plain attributes, cheap to make and to stamp
    in a search's playouts (silent.py), and turned into an Event (`event()`) where a step is shown."""

    __slots__ = ("public", "private", "proof", "seat", "cause", "said", "facts")

    def __init__(self, public: str | None = None, private: dict[str, str] | None = None, proof: str | None = None,
                 seat: object = _UNSAID, cause: str | None = None,
                 facts: Facts | tuple[type[Facts], dict[str, Any]] | None = None) -> None:
        self.public, self.private, self.proof, self.cause, self.facts = public, private, proof, cause, facts
        self.said = seat is not _UNSAID  # as `"seat" in event.model_fields_set`
        self.seat = seat if self.said else None

    def event(self) -> Event:
        facts = self.facts
        if isinstance(facts, tuple):  # stated, and built only now that the line is shown
            facts = facts[0](**facts[1])
        return Event(public=self.public, private=self.private or {}, proof=self.proof, seat=self.seat,
                     cause=self.cause, facts=facts)


def said(kind: type[Facts], by: object = _UNSAID, cause: str | None = None, **fields: Any) -> Line:
    """A line stating the facts `kind(**fields)` (`by`: the line's seat, where given), built only when the line is
    shown: a search's playouts make a great many lines and show none."""
    return Line(None, None, None, by, cause, (kind, fields))


def stamp(lines: list[Line], seat: str | None) -> None:
    """Name `seat` on each line whose seat was never given (engine/core/types.py, `stamp`)."""
    for line in lines:
        if not line.said:
            line.seat, line.said = seat, True


c = load  # the content, loaded once: c() is asked for on every step


def new_tile(code: str) -> Tile:
    """A state entering play: its printed blocks, issue marker and key on their start spaces."""
    t = c().states[code]

    def row(blocks: list[str]) -> Row:
        return Row(R=blocks.count("R"), B=blocks.count("B"), W=blocks.count("W"))
    return Tile(code=code, defense=row(t.rows.defense), economy=row(t.rows.economy), issue=t.issue_start,
                key=t.key_start)


_MAJOR = tuple(major_issue(space) for space in range(ISSUE_SPACES))  # each space's major issue


def major(tile: Tile) -> str:
    return _MAJOR[tile.issue]


def minor(tile: Tile) -> str:
    return "economy" if major(tile) == "defense" else "defense"


def row_of(tile: Tile, issue: str) -> Row:
    return tile.defense if issue == "defense" else tile.economy


def gain_one(tile: Tile, issue: str, seat: str) -> bool:
    """One block of the row turns to `seat`: an opponent's first, else an untouched white one; a row that
    is all `seat`'s already is unchanged. True if a block changed."""
    row = row_of(tile, issue)
    mine = COLOUR[seat]
    theirs = "R" if mine == "B" else "B"
    if getattr(row, theirs) > 0:
        setattr(row, theirs, getattr(row, theirs) - 1)
    elif row.W > 0:
        row.W -= 1
    else:
        return False
    setattr(row, mine, getattr(row, mine) + 1)
    return True


def won_by(tile: Tile) -> str | None:
    """The side whose colour the whole major row is (no undecided block left), if any."""
    row = tile.defense if _MAJOR[tile.issue] == "defense" else tile.economy
    if row.W:
        return None
    if row.B == 0:
        return "MCC"
    if row.R == 0:
        return "OBA"
    return None


def trailing(state: CMState) -> str:
    """The side with fewer electoral votes; on a tie, the side whose turn it is not."""
    a, b = state.seats
    if state.sides[a].score != state.sides[b].score:
        return a if state.sides[a].score < state.sides[b].score else b
    active = state.turn.seat if state.turn else state.seats[0]
    return state.other(active)


def draw_cards(state: CMState, seat: str, n: int, events: list[Line] | None) -> int:
    """Draw `n` cards into the hand; an empty deck is made again from the shuffled discard (this turn's
    played and paid cards are not in it yet), its lines into `events` (None: none stated). Returns how many were
    drawn."""
    side = state.sides[seat]
    drawn = 0
    for _ in range(n):
        if not side.deck and side.discard:
            side.deck = state.randomness.shuffle(side.discard)
            side.discard = []
            if events is not None:
                events.append(said(f.DiscardShuffled, seat=seat, cards=len(side.deck)))
        if not side.deck:
            break
        card = side.deck.pop(0)
        side.hand.append(card)
        drawn += 1
    if drawn and events is not None:
        # the drawing side's lines, whoever's step made it draw (a rival's going negative may)
        events += [said(f.CardsDrawn, by=seat, seat=seat, count=drawn, hand=len(side.hand)),
                   said(f.DrawnCards, by=seat, seat=seat, cards=tuple(side.hand[-drawn:]))]
    return drawn


def card_line(card_id: str) -> str:
    card = c().cards[card_id]
    return f"{card_id} “{card.title}”"


def tile_rows(tile: Tile) -> f.TileRows:
    """A tile's facts: what its words (`tile_text`) are made from."""
    return f.TileRows(code=tile.code, defense=(tile.defense.B, tile.defense.R, tile.defense.W),
                    economy=(tile.economy.B, tile.economy.R, tile.economy.W), issue=tile.issue, key=tile.key)


def tile_text(tile: Tile) -> str:
    """`NJ: Economy major (B3 R1 U2), Defense (R2 B1 U1), key Clinton Democrats`."""
    def row(issue: str) -> str:
        r = row_of(tile, issue)
        return f"{issue.capitalize()} O{r.B} M{r.R} U{r.W}"
    return (f"{tile.code}: major {row(major(tile))}; minor {row(minor(tile))}; "
            f"key {c().groups[tile.key].name}")
