"""The vocabulary 1960's words use for cards and terms: a card's short name (`#23 Name`) for a label,
its numbers and whole effect for a detail, a card's whole public text by the id prompts show (`card`), and the
glossary of every term a prompt uses. Nothing here is ever shortened: a long text is for the table's layout to
wrap or page, and a card's words are one `card 23` away wherever only its name fits. Pure vocabulary of ids and
numbers: words.py and words_tell.py phrase the decisions and the log lines with it, and the outcome's reason
(`tally_reason`) from the final tally the rules give as facts."""
from __future__ import annotations

from functools import lru_cache

from engine.core.notation import is_number
from engine.core.types import CardText
from engine.nineteen_sixty.content import load
from engine.nineteen_sixty.content_models import ISSUE_NAMES, NAMES
from engine.nineteen_sixty.content_words import describe
from engine.nineteen_sixty.primitives import (c, card, card_label, draws_text, holder, icons_text, region_name,
                                              tally_winner)
from engine.nineteen_sixty.state import BagDraw

# what "rest" means, in a few words, where a prompt first shows it
REST_GLOSS = "from your supply, into the bag at the turn's end"
PERSISTENT_WORDS = {"debate": "Debate event (waits for the Debates)",
                    "election_day": "Election Day event (waits for Election Day)",
                    "prevention": "prevention event (stays in play and blocks another event)"}
# a check's reason, as the last draw says it (a reason not listed is said as it is)
DRAWN_FOR = {"strategy": "Campaign Strategy", "election_day": "Election Day"}


def draw_line(x: BagDraw) -> str:
    """The bag's last draw as the board shows it: `KEN in OH (campaigning): BRB`, `NIX to advertise: R-`,
    `initiative: RBR`."""
    if x.seat is None:
        return f"initiative: {draws_text(list(x.drawn))}"
    said = "to advertise" if x.place is None else f"in {x.place} ({DRAWN_FOR.get(x.why, x.why)})"
    return f"{x.seat} {said}: {draws_text([d or None for d in x.drawn])}"


def signed(value: int) -> str:
    """A signed count as its leader and size: `Kennedy 2`, `Nixon 1`, `none`."""
    who = holder(value)
    return "none" if who is None else f"{NAMES[who]} {abs(value)}"


def support_words(code: str, value: int) -> str:
    """A state's support as a menu shows it: `OH empty`, `OH K 2`."""
    who = holder(value)
    return f"{code} empty" if who is None else f"{code} {who} {abs(value)}"


def travel_name(region: str) -> str:
    return c().states[region].name if region in c().states else f"the {region_name(region)}"


def rest_words(n: int, *, explain: bool) -> str:
    """`+1 rest`, glossed the first time a text shows it ("+1 rest (cubes from your supply, …)")."""
    return f"+{n} rest" + (f" ({REST_GLOSS})" if explain else "")


def card_facts(card_id: int, *, rest: bool = True) -> str:
    """A card's numbers: `3 CP · Kennedy icon · Economy debate · Election Day PA · +1 rest` (without the rest
    where the card is not being played: it comes only with a play)."""
    x = card(card_id)
    facts = [f"{x.cp} CP", f"{icons_text(x)} icon{'s' if len(x.icons) > 1 else ''}",
             f"{ISSUE_NAMES[x.debate_issue]} debate", f"Election Day {x.state}"]
    if x.rest and rest:
        facts.append(rest_words(x.rest, explain=False))
    if x.persistent != "none":
        facts.append(PERSISTENT_WORDS[x.persistent])
    if not x.strategy_ok:
        facts.append("not for Campaign Strategy")
    return " · ".join(facts)


@lru_cache(maxsize=None)
def effect(card_id: int) -> str:
    """What a card's event does, without its opening sentence of flavour (every card text ends with these words:
    the content's check)."""
    content = load()
    return describe(card(card_id), {code: s.name for code, s in content.states.items()},
                    {i: x.name for i, x in content.cards.items()})


def card_detail(card_id: int, *, rest: bool = True) -> str:
    """An option's detail for a card: its effect first (a menu shows the start of a detail), then its numbers."""
    return f"{effect(card_id)} — {card_facts(card_id, rest=rest)}"


def event_words(card_id: int) -> str:
    """A card's effect as a sentence a prompt can end with: `#23 Name: <whole text>`."""
    return f"{card_label(card_id)}: {card(card_id).text}"


def card_text(ref: str) -> CardText | None:
    """The whole public text of the card `ref` names: a campaign card by its number (`23`, `#23`) or a candidate
    card by its seat or name (`KEN`, `Nixon`). None for anything else."""
    word = (ref or "").strip().lstrip("#").lower()
    content = load()
    if is_number(word, 3):
        x = content.cards.get(int(word))
        if x is None:
            return None
        return CardText(id=str(x.id), name=x.name, kind="card",
                        text=f"{card_facts(x.id)}. {'Event' if x.persistent == 'none' else 'Its event'}: {x.text}")
    for side, cand in content.candidates.items():
        if word in (cand.seat.lower(), NAMES[side].lower(), side.lower()):
            return CardText(id=cand.seat, name=cand.name, kind="candidate card",
                            text=f"{cand.cp} CP, played for its CP only. Ready: {cand.text} "
                                 f"Exhausted: {cand.exhausted_text}")
    return None


GLOSSARY = """**Terms**
• **CP** (campaign points): what a card played for its CP spends — campaign, advertise or position.
• **Rest** (`+1 rest`): cubes a card moves from your supply when you play it, whatever the use; they go into \
the bag at the turn's end, so your later support checks draw more of your colour.
• **Bag** (political capital bag): the cubes support checks and initiative checks draw from.
• **Support check**: one cube drawn from the bag; your colour is a success.
• **State support**: your cubes in a state; 1 leads it, 4 carry it (your rival needs checks there to campaign).
• **Media** (media cubes): won by advertising, one region box each; a side with media in a region campaigns \
there without checks, and more media overall lets you swap two issues in the momentum phase.
• **Issues** (issue support, the Issues Track): cubes on Defense, Economy and Civil Rights; the leaders of the \
top issues win momentum or an endorsement each momentum phase.
• **Momentum** (momentum markers): spent to trigger a rival card's event (1) or to preempt your own (2).
• **Trigger**: after your rival plays a card for its CP, pay momentum to resolve its event for yourself.
• **Preempt**: pay 2 momentum before using a card's CP so your rival cannot trigger it.
• **Endorsements** (endorsement cards and markers): won by leading the top issues; each card puts a marker in a \
region, and on Election Day a region's endorsements take its states no one supports.
• **Initiative**: won by a check each turn; its holder picks who plays first (and orders Election Day events).
• **Campaign Strategy**: cards set aside face down each turn, for the Debates (turns 1–5) or Election Day \
(turns 7–8).
• **Candidate card**: your candidate played for 5 CP, then exhausted until an event readies it.
• **Token**: your candidate's place on the map; you campaign in its region, and travel moves it.
• **Persistent events**: Debate and Election Day events wait on the board; prevention events stay in play.
• **Look a card up**: `/card 23` shows its whole text."""


def tally_reason(votes: tuple[int, int], won: tuple[int, int], cubes: tuple[int, int]) -> tuple[str | None, str]:
    """Who wins Election Day (a side, None for a draw) and why, from Kennedy's and Nixon's electoral votes, states
    won and state cubes: the votes, then the states (the House), then the cubes."""
    (k, n), sides = votes, ("K", "N")
    w = tally_winner(votes, won, cubes)
    if w is None:
        return None, f"{k}–{n}, {won[0]} states and {cubes[0]} cubes each: a draw"
    if k != n:
        return w, f"{NAMES[w]} wins the electoral college {max(k, n)}–{min(k, n)}"
    if won[0] != won[1]:
        return w, f"{k}–{n} in electoral votes; the House picks {NAMES[w]}, who won more states ({won[sides.index(w)]})"
    return w, f"{k}–{n} and {won[0]} states each; {NAMES[w]} has more state support ({cubes[sides.index(w)]})"
