"""1960's table in words: the names, the headline and the play in progress shared by the picture and its alt text,
the public view as the shared map view (render.mapview: the alt text's states, the turn's close-up), and the alt
text itself (at most 1,024 characters, render/alttext.py). Drawing is in render/nineteen_sixty.py.
Only `engine.nineteen_sixty.views` is imported from the engine (the render layering rule).
"""
from __future__ import annotations

import re
from typing import Iterable

from engine.nineteen_sixty.views import CardView, DebateView, NSView, StackedView
from render.alttext import Part, and_list, fit, sentence
from render.mapview import LegendEntry, MapView, MarkerView, PartyView, StateView
from render.usmap_alt import MapAlt, map_alt

SEATS = ("KEN", "NIX")
SIDE_SEAT = {"K": "KEN", "N": "NIX"}
NAMES = {"KEN": "Kennedy", "NIX": "Nixon"}
LETTER = {"KEN": "K", "NIX": "N"}

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}
PHASES = {"initiative": "Initiative", "activity": "Activity", "momentum": "Momentum", "strategy": "Campaign Strategy",
          "debate": "The Debates", "election": "Election Day", "over": "Game over"}
PERSISTENT_TAGS = (("debate_events", "DEBATE"), ("election_events", "ELECTION DAY"), ("prevention", "PREVENTION"),
                   ("turn_effects", "THIS TURN"))
# a sentence ends at ". " before a capital, not after "St", "Mr", "Dr" or an initial ("Lyndon B. Johnson")
_SENTENCE = re.compile(r"(?<!\bSt)(?<!\bMr)(?<!\bDr)(?<!\b[A-Z])\. (?=[A-Z\"])")


# ------------------------------------------------------------------ words shared with the alt text


def side_name(seat: str | None) -> str:
    return NAMES.get(seat or "", seat or "")


def seat_of(side: str | None) -> str | None:
    return SIDE_SEAT.get(side or "")


def pill_text(seat: str | None, n: int) -> str:
    return f"{LETTER[seat]}{n}" if seat in LETTER and n else "—"


def ev_shown(view: NSView) -> dict[str, int]:
    """The final tally once counted, else the EV of the states each side leads now."""
    if view.phase == "over" and view.votes:
        return {s: view.votes.get(s, 0) for s in SEATS}
    return {s: view.sides[s].ev_led for s in SEATS}


def waiting_words(view: NSView) -> list[str]:
    return [f"{side_name(p.seat)} {p.what}" for p in view.pending]


def headline(view: NSView, waiting: bool = True) -> str:
    """The turn, the phase and (with `waiting`) whom the table waits for and what for; at the end the result."""
    if view.phase == "over":
        if view.draw:
            a, b = (view.votes.get(s, 0) for s in SEATS)
            return f"Draw — {a}–{b}"
        if view.winner in NAMES:
            loser = SEATS[1] if view.winner == SEATS[0] else SEATS[0]
            return f"{side_name(view.winner)} wins {view.votes.get(view.winner, 0)}–{view.votes.get(loser, 0)}"
        return "Game over"
    turn = f"Turn {view.turn} of {view.turns}"
    phase = PHASES.get(view.phase, view.phase.replace("_", " ").capitalize())
    if view.phase == "activity":
        phase += f" {view.activity} of {view.activity_phases}"
    elif view.phase == "debate" and view.debate is not None:
        phase += f", round {view.debate.round}"
    words = waiting_words(view) if waiting else []
    return " · ".join([turn, phase] + words)


def effect_text(text: str) -> str:
    """A card's text without its opening sentence of flavour, when it has more than one sentence."""
    parts = _SENTENCE.split(text, maxsplit=1)
    return parts[1] if len(parts) == 2 and parts[1] else text


_KIND = re.compile(r"^([A-Z][A-Za-z ]*?) event(?:, [^:]*)?: ")


def event_body(tag: str, text: str) -> str:
    """An event's effect under its tag on the board: without its opening "Debate event, applied in the Debates: "
    when the tag beside it already says the kind (DEBATE, ELECTION DAY, PREVENTION). The alt text keeps it whole."""
    body = effect_text(text)
    m = _KIND.match(body)
    return body[m.end():] if m and m.group(1).upper() == tag else body


def card_label(card: CardView) -> str:
    return f"{card.id} {card.name}"


def play_words(view: NSView) -> str:
    p = view.play
    if p is None:
        return ""
    what = card_label(p.card) if p.card is not None else "the candidate card"
    action = p.action.replace("_", " ") if p.action else "deciding"
    words = f"{side_name(p.seat)} plays {what}" + (f" ({p.card.cp} CP)" if p.card is not None else "")
    words += f" — {action}"
    if p.preempted:
        words += ", event preempted"
    if p.cp_left and p.action not in ("event", ""):
        words += f", {p.cp_left} CP left"
    return words


def _split_changed(view: NSView, highlight: Iterable[str]) -> tuple[set[str], set[str]]:
    """(state codes, other keys) of what the last post changed: the engine marks states by code and the rest
    as "issues:economy", "media:E", "endorsements:W", "candidate:K", "bag", "track", "persistent" …"""
    codes = {s.code for s in view.states}
    states, other = set(), set()
    for key in highlight:
        tail = key.split(":", 1)[-1]
        if key in codes:
            states.add(key)
        elif ":" in key and tail in codes:  # "support:NY"
            states.add(tail)
        else:
            other.add(key)
    return states, other


# ------------------------------------------------------------------ view -> MapView


def map_view(view: NSView, marked: set[str]) -> MapView:
    parties = [PartyView(code="KEN", name="Kennedy", colour="blue", letter="K"),
               PartyView(code="NIX", name="Nixon", colour="red", letter="N")]
    states = {}
    unawarded = set(view.unawarded)
    for st in view.states:
        leader = seat_of(st.leader)
        markers = [MarkerView(kind="pawn", party=s) for s in st.tokens if s in NAMES]
        if st.home in NAMES:
            markers.append(MarkerView(kind="home", party=st.home))
        if view.phase == "over" and st.code in unawarded:  # led, but its votes went to nobody (Unpledged Electors)
            markers.append(MarkerView(kind="cross"))
        if leader is None and not markers and st.code not in marked:
            continue
        states[st.code] = StateView(fill=leader, strength=("solid" if st.carried else "lean") if leader else "empty",
                                    ev=st.ev, counts={leader: st.cubes} if leader and st.cubes else {},
                                    markers=markers, highlight=st.code in marked)
    regions: dict[str, list[str]] = {}
    names = {r.id: r.name for r in view.regions}
    for st in view.states:
        regions.setdefault(names.get(st.region, st.region), []).append(st.code)
    if view.phase == "over":
        turn, to_move = "Election Day", headline(view)
    else:
        turn = f"Turn {view.turn} of {view.turns}"
        to_move = f"{side_name(view.to_play)} to play" if view.to_play else PHASES.get(view.phase, view.phase)
    legend = [LegendEntry(marker="pawn", text="candidate"), LegendEntry(marker="home", text="home"),
              LegendEntry(text="solid = carried (4+)")]
    if view.phase == "over" and unawarded:
        legend.insert(2, LegendEntry(marker="cross", text="unawarded"))
    return MapView(game="1960", turn=turn, to_move=to_move, parties=parties, states=states, ev_era="1960",
                   ev_totals=ev_shown(view), ev_needed=view.ev_to_win, count_style="leader", legend=legend,
                   regions=regions)



def events_in_play(view: NSView) -> list[tuple[str, StackedView]]:
    return [(tag, e) for attr, tag in PERSISTENT_TAGS for e in getattr(view, attr)]



# ------------------------------------------------------------------ alt text


def _side_words(view: NSView, seat: str) -> str:
    """A side's panel, its main numbers (the rest is `_side_more`)."""
    s = view.sides[seat]
    vp = f", VP card {s.vp_card.name} waiting" if s.vp_card is not None else ""
    return (f"{s.name} ({LETTER[seat]}, {'blue' if seat == 'KEN' else 'red'}): {s.ev_led} EV led of "
            f"{view.ev_to_win} in {s.states_led} states ({s.cubes} cubes), momentum {s.momentum}, "
            f"{s.bag} cubes in the bag, hand {s.hand_size}{vp}.")


def _side_more(view: NSView, seat: str) -> str:
    s = view.sides[seat]
    return (f"{s.name}: {s.rest} cubes at rest, strategy {s.strategy_size} face down, candidate card "
            f"{'ready' if s.candidate == 'active' else 'exhausted'}, token in {s.token}.")


def _changed_words(view: NSView, key: str) -> str:
    """What a key of the view's `changed` names ("media:E" -> "media in the East")."""
    regions = {r.id: r.name for r in view.regions}
    kind, _, place = key.partition(":")
    if kind in ("media", "endorsements"):
        return f"{kind} in the {regions.get(place, place)}"
    if kind == "issues":
        return f"support on {place.replace('_', ' ').title()}"
    if kind == "candidate":
        return f"{side_name(seat_of(place))}'s candidate card"
    return {"bag": "the bag", "debate": "the debate board", "track": "the Issues Track", "effects": "events in play",
            "persistent": "events in play"}.get(key, key.replace("_", " "))


def board_alt(view: NSView, mv: MapView, marked_other: set[str], events_drawn: int | None = None) -> str:
    """The table in words, at most 1,024 characters (render/alttext.py), most useful first: the headline, the
    final tally or the initiative, the electoral votes led and who is ahead, the play in progress, what the last
    post changed and both sides; then the debate board, the Issues Track, the states each side leads (with margins,
    or codes, or how many), the regions, the bag, the draws and the events in play as far as they fit. `events_drawn`:
    how many events in play the picture drew (all when None); the names of those it left out are always told."""
    m = map_alt(mv, solid_word="carried")
    parts = _standing_parts(view, m, marked_other)
    if view.debate is not None:
        parts.append(_debate_part(view.debate))
    if view.track:
        parts.append("Issues Track: " + "; ".join(
            f"{ORDINAL.get(i.slot, i.slot)} {i.name}, " + (f"{side_name(seat_of(i.leader))} {i.cubes}" if i.leader
                                                           else "no leader") for i in view.track) + ".")
    parts.append(m.states)
    parts.append(_regions_part(view))
    parts.append(f"Bag: {view.bag.get('K', 0)} blue (Kennedy), {view.bag.get('N', 0)} red (Nixon). "
                 f"Deck {view.deck_size}, discard {view.discard_size}.")
    if view.last_draws:
        parts.append(("Last draws (B blue Kennedy, R red Nixon): " + "; ".join(view.last_draws) + ".",
                      f"Last draw (B blue Kennedy, R red Nixon): {view.last_draws[-1]}.", ""))
    rows = events_in_play(view)
    if rows:
        parts.append(_events_part(rows, events_drawn))
    parts.append((" ".join(_side_more(view, s) for s in SEATS), ""))
    parts.append(m.markers)
    parts.append(m.regions[1:] if isinstance(m.regions, tuple) else m.regions)  # the regions' names, not members
    return fit(parts)


def _standing_parts(view: NSView, m: MapAlt, marked_other: set[str]) -> list[Part]:
    """What the alt text says first: the headline, the final tally or the initiative, the electoral votes led, the
    play in progress, what the last post changed (on the map and off it) and both sides."""
    parts: list[Part] = [f"1960: The Making of the President: {headline(view).replace(' · ', '; ')}."]
    if view.phase == "over":
        if view.reason:
            parts.append(sentence(view.reason))
        parts.append("Final tally: " + ", ".join(f"{side_name(s)} {view.votes.get(s, 0)}" for s in SEATS)
                     + (f"; unawarded: {', '.join(view.unawarded)}" if view.unawarded else "") + ".")
    else:
        parts.append(f"Initiative: {side_name(view.initiative) or 'nobody yet'}"
                     + (f"; {side_name(view.starter)} starts" if view.starter else "") + ".")
    if view.phase != "over":  # the final tally says the totals at the end
        parts.append(m.totals.replace("Electoral votes:", "Electoral votes led:", 1))
    if view.play is not None:
        parts.append(f"Playing now: {play_words(view)}.")
    parts.append(m.changed)
    shown = list(dict.fromkeys(_changed_words(view, k) for k in sorted(marked_other) if k != "tally"))
    if shown:
        parts.append((sentence("Also changed: " + and_list(shown)), ""))
    parts.append(" ".join(_side_words(view, s) for s in SEATS))
    return parts


def _debate_part(d: DebateView) -> Part:
    """The Debates in words: the round, each issue's totals and who won it, and the cards revealed; the longer
    form names each side's cards on each issue, the shorter only the totals."""
    head = (f"The Debates, round {d.round}, {d.awarded} issues won"
            + (f", next reward {d.next_reward} cubes" if d.next_reward else "")
            + (f", {d.placing}" if d.placing else "") + ".")
    rich, short = [head], [head]
    for i in d.issues:
        cards = {seat: ", ".join(f"{c.name} {c.cp} CP" for c in cs) or "no card"
                 for seat, cs in (("KEN", i.kennedy), ("NIX", i.nixon))}
        won = f", won by {side_name(seat_of(i.won_by))}" if i.won_by else ", open"
        rich.append(f"{i.name}: Kennedy {i.totals.get('K', 0)} ({cards['KEN']}), Nixon {i.totals.get('N', 0)} "
                    f"({cards['NIX']}){won}.")
        short.append(f"{i.name}: Kennedy {i.totals.get('K', 0)}, Nixon {i.totals.get('N', 0)}{won}.")
    if d.revealed:
        rich.append("Revealed: " + ", ".join(f"{side_name(seat_of(s))} {card_label(c)}"
                                             for s, c in d.revealed.items()) + ".")
    return " ".join(rich), " ".join(short)


def _regions_part(view: NSView) -> Part:
    """Each region's electoral votes, media and endorsement leaders and states led; the shorter form only the
    states led."""
    return ("Regions: " + "; ".join(
        f"{r.name} {r.ev} EV, media {pill_text(seat_of(r.media_leader), r.media)}, endorsements "
        f"{pill_text(seat_of(r.endorsement_leader), r.endorsements)}, states led K{r.states_led.get('K', 0)} "
        f"N{r.states_led.get('N', 0)}" for r in view.regions) + ".",
            "Regions, states led: " + "; ".join(f"{r.name} K{r.states_led.get('K', 0)} N{r.states_led.get('N', 0)}"
                                                for r in view.regions) + ".")


def _events_part(rows: list[tuple[str, StackedView]], events_drawn: int | None) -> Part:
    """The events in play with their effects, or only their names when that is all that fits. The names are never
    left out when the picture drew fewer than all of them: it says the rest are listed here."""
    rich = "Events in play: " + " ".join(sentence(f"{tag.title()}: {card_label(e.card)} "
                                                  f"({side_name(seat_of(e.owner))}) — {effect_text(e.card.text)}")
                                         for tag, e in rows)
    names = "Events in play: " + "; ".join(f"{tag.title()}: {card_label(e.card)}" for tag, e in rows) + "."
    return (rich, names) if events_drawn is not None and events_drawn < len(rows) else (rich, names, "")

