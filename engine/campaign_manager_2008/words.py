"""Campaign Manager 2008 in words: the log lines of its events, the prompts of its decisions and the labels of their
options, all made from the facts the rules state (facts.py). The ruleset contract runs these after the rules, and
before the turn's post holds a step's lines (engine/core/posting.py); the rules, and the silent path a search takes,
never import this module (the questions a waiting effect asks are worded in words_waits.py). A line the rules
still give in words passes through."""
from __future__ import annotations

from typing import Any, Callable

from engine.campaign_manager_2008 import facts as f
from engine.campaign_manager_2008.content import load
from engine.campaign_manager_2008.content_models import major_issue
from engine.campaign_manager_2008.content_words import negative_text
from engine.campaign_manager_2008.primitives import NAMES
from engine.campaign_manager_2008.cardtext import heading
from engine.campaign_manager_2008.words_waits import of, wait_asked
from engine.content import us_regions
from engine.campaign_manager_2008.state import Roll
from engine.core.types import Decision, Event, Facts, Option, Outcome, word
from engine.core.words import plural

ISSUES = ("defense", "economy")

# ---------------------------------------------------------------- names


def card_line(card_id: str) -> str:
    """`O05 “Title”`: a campaign card named in passing."""
    return f"{card_id} “{load().cards[card_id].title}”"


def tile_text(tile: f.TileRows) -> str:
    """`NJ: major Economy O3 M1 U2; minor Defense O1 M2 U1; key Clinton Democrats`."""
    major = major_issue(tile.issue)
    minor = "economy" if major == "defense" else "defense"

    def row(issue: str) -> str:
        b, r, w = tile.defense if issue == "defense" else tile.economy
        return f"{issue.capitalize()} O{b} M{r} U{w}"
    return f"{tile.code}: major {row(major)}; minor {row(minor)}; key {load().groups[tile.key].name}"


# ---------------------------------------------------------------- events


def tell(events: list[Event]) -> list[Event]:
    """Word each event that states facts: its public line, the seats' private lines and its proof, in place. A mark
    that a Going Negative result goes on after its applier's choice is folded into the first line after it."""
    for event in events:  # a part of a line posted already worded (its private lines, say) is left as it is
        if event.facts is not None and not (event.public or event.private or event.proof) \
                and not isinstance(event.facts, f.NegativeResumed):
            _TELLERS[type(event.facts)](event, event.facts)
    for mark in [e for e in events if isinstance(e.facts, f.NegativeResumed)]:
        at = events.index(mark)
        first = next((e for e in events[at + 1:] if e.public), None)
        if first is not None and first.public is not None:
            first.public = _after_roll(mark.facts, first.public)
        del events[at]
    return events


def _after_roll(x: Any, line: str) -> str:
    """`After MCC's Going Negative roll of 6 (“Ad Pulled in Disgrace”): OBA gains …`."""
    text = line if line.split(" ", 1)[0].isupper() else line[:1].lower() + line[1:]
    return f"After {x.roller}'s Going Negative roll of {x.face} (“{load().negative[x.face].title}”): {text}"


def _hand_dealt(e: Event, x: f.HandDealt) -> None:
    e.private = {x.seat: "Your opening hand: " + ", ".join(card_line(card) for card in x.cards) + "."}


def _campaign_opened(e: Event, x: f.CampaignOpened) -> None:
    e.public = ("The campaign opens in " + "; ".join(tile_text(t) for t in x.tiles)
                + f". {NAMES[x.first]} ({x.first}) plays first.")


def _card_drafted(e: Event, x: f.CardDrafted) -> None:
    e.public = f"{e.seat} drafts a card ({x.kept} of {x.deck})."


def _draft_kept(e: Event, x: f.DraftKept) -> None:
    e.private = {x.seat: f"You keep {card_line(x.card)}."}


def _drafted_first(e: Event, x: f.DraftedFirst) -> None:
    e.public = f"{x.seat} finishes the draft first and will play first."


def _decks_drafted(e: Event, x: f.DecksDrafted) -> None:
    e.public = "Both decks are drafted. Each side now secretly picks two starting states."


def _start_sealed(e: Event, x: f.StartSealed) -> None:
    e.public, e.proof = f"{e.seat} has sealed its starting states.", f"{e.seat} seal {x.digest}"


def _start_revealed(e: Event, x: f.StartRevealed) -> None:
    e.public = "Starting states revealed: " + ", ".join(f"{s} {' and '.join(p.states)}" for s, p in x.picks.items()) + "."
    e.proof = "Starting states: " + "; ".join(f"{s} {','.join(p.states)} [seal {p.digest}, salt {p.salt}]"
                                               for s, p in x.picks.items())


def _passed(e: Event, x: f.Passed) -> None:
    e.public = f"{e.seat} has no card to play or draw, and passes."


def _discard_shuffled(e: Event, x: f.DiscardShuffled) -> None:
    e.public = f"{x.seat} shuffles its discard into a new deck ({x.cards} cards)."


def _cards_drawn(e: Event, x: f.CardsDrawn) -> None:
    e.public = f"{x.seat} draws {x.count} card{'s' if x.count != 1 else ''} ({x.hand} in hand)."


def _drawn_cards(e: Event, x: f.DrawnCards) -> None:
    e.private = {x.seat: "You draw " + ", ".join(card_line(card) for card in x.cards) + "."}


def _card_played(e: Event, x: f.CardPlayed) -> None:
    e.public = f"{e.seat} plays {card_line(x.card)}: {load().cards[x.card].text}"


def _cost_paid(e: Event, x: f.CostPaid) -> None:
    e.public = f"{e.seat} discards {card_line(x.card)} to pay for it."


def _media_replaced(e: Event, x: f.MediaReplaced) -> None:
    e.public = f"{card_line(x.card)} leaves the table for {x.owner}'s discard."


def _went_negative(e: Event, x: f.WentNegative) -> None:
    content = load()
    said = negative_text(content, x.face, applier=x.applier, roller=x.roller)
    e.public = f"{x.roller} goes negative and rolls {x.face}: “{content.negative[x.face].title}” — {said}"


def _gained(e: Event, x: f.Gained) -> None:
    b, r, w = x.row
    e.public = (f"{x.seat} gains support on {x.issue.capitalize()} in {x.state} "
                f"(Obama {b}, McCain {r}, undecided {w}).")


def _shift_blocked(e: Event, x: f.ShiftBlocked) -> None:
    e.public = f"{x.state}'s issue marker is already as far toward {x.toward.capitalize()} as it goes."


def _shifted(e: Event, x: f.Shifted) -> None:
    turned = f"; {x.major.capitalize()} is now the major issue" if x.major else ""
    e.public = f"{x.state} shifts toward {x.toward.capitalize()}{turned}."


def _key_flipped(e: Event, x: f.KeyFlipped) -> None:
    e.public = f"{x.state}'s key demographic is now {load().groups[x.key].name}."


def _rallied(e: Event, x: f.Rallied) -> None:
    name = load().groups[x.group].name
    taken = ", ".join(f"{code} ({plural(n, 'undecided block')})" for code, n in x.taken)
    e.public = f"{name} rally to {x.seat}: " + (taken or f"no state in play has {name} as its key with undecided voters") + "."


def _no_card_to_discard(e: Event, x: f.NoCardToDiscard) -> None:
    e.public = f"{x.seat} has no card left to discard."


def _discarded(e: Event, x: f.Discarded) -> None:
    e.public = f"{x.seat} discards {card_line(x.card)}{' at random' if x.at_random else ''}."


def _state_won(e: Event, x: f.StateWon) -> None:
    scores = ", ".join(f"{NAMES[seat]} {score}" for seat, score in x.scores)
    e.public = f"{x.winner} wins {load().states[x.state].name} ({x.ev} EV): {scores}."


def _election_won(e: Event, x: f.ElectionWon) -> None:
    e.public = f"Election over: {NAMES[x.winner]} wins — {reason(x)}."


def _election_drawn(e: Event, x: f.ElectionDrawn) -> None:
    e.public = f"Election over: {reason(x)}."


def _pool_empty(e: Event, x: f.PoolEmpty) -> None:
    e.public = "No state is left to bring into play; the campaign goes on with fewer."


def _state_entered(e: Event, x: f.StateEntered) -> None:
    e.public = f"{x.seat} brings {load().states[x.state].name} ({x.state}) into play."


def _news_empty(e: Event, x: f.NewsEmpty) -> None:
    e.public = "The Breaking News deck is empty."


def _news_drawn(e: Event, x: f.NewsDrawn) -> None:
    news = load().news[x.news]
    e.public = f"Breaking News {news.id} “{news.title}”: {news.text}"


def _news_aimed(e: Event, x: f.NewsAimed) -> None:
    e.public = f"{x.owner}'s Media Support turns the news to {x.state}."


_TELLERS: dict[type[Facts], Callable[[Event, Any], None]] = {
    f.HandDealt: _hand_dealt, f.CampaignOpened: _campaign_opened, f.CardDrafted: _card_drafted,
    f.DraftKept: _draft_kept, f.DraftedFirst: _drafted_first, f.DecksDrafted: _decks_drafted,
    f.StartSealed: _start_sealed, f.StartRevealed: _start_revealed, f.Passed: _passed,
    f.DiscardShuffled: _discard_shuffled, f.CardsDrawn: _cards_drawn, f.DrawnCards: _drawn_cards,
    f.CardPlayed: _card_played, f.CostPaid: _cost_paid, f.MediaReplaced: _media_replaced,
    f.WentNegative: _went_negative, f.Gained: _gained, f.ShiftBlocked: _shift_blocked, f.Shifted: _shifted,
    f.KeyFlipped: _key_flipped, f.Rallied: _rallied, f.NoCardToDiscard: _no_card_to_discard,
    f.Discarded: _discarded, f.StateWon: _state_won, f.ElectionWon: _election_won, f.ElectionDrawn: _election_drawn,
    f.PoolEmpty: _pool_empty, f.StateEntered: _state_entered, f.NewsEmpty: _news_empty, f.NewsDrawn: _news_drawn,
    f.NewsAimed: _news_aimed,
}

# ---------------------------------------------------------------- the end and the dice


def reason(x: f.ElectionWon | f.ElectionDrawn) -> str:
    """What decided the game: `Obama reaches 283 electoral votes (270 needed)`, or
    `every state is won and it is 269–269: a draw`."""
    if isinstance(x, f.ElectionDrawn):
        return f"every state is won and it is {x.scores[0]}–{x.scores[1]}: a draw"
    return f"{NAMES[x.winner]} reaches {x.score} electoral votes ({x.target} needed)"


def conclude(outcome: Outcome) -> Outcome:
    """The outcome with its reason made from what decided it."""
    assert isinstance(outcome.facts, (f.ElectionWon, f.ElectionDrawn)), outcome.facts
    return outcome.model_copy(update={"reason": reason(outcome.facts)})


def roll_line(roll: Roll) -> str:
    """A roll as the board lists it: `MCC rolled 4 (Going Negative)`."""
    return f"{roll.seat} rolled {' '.join(str(face) for face in roll.faces)} (Going Negative)"


# ---------------------------------------------------------------- decisions


def _draft_asked(x: f.DraftAsk) -> str:
    return (f"Draft pick {x.pick} of {x.picks}: keep one of these three campaign cards ({x.kept} kept so far); the "
            "other two leave the game face down.")


def _start_asked(x: f.StartAsk) -> str:
    return (f"Secretly pick your starting states: state {x.pick} of {x.picks}, among the states with your colour on "
            "the back (both sides' picks are revealed together).")


def _cost_asked(x: f.CostAsk) -> str:
    return f"{heading(x.card)} To pay for it, choose another card from your hand to discard{of(x.index, x.total)}."


def _any_cost_asked(x: f.AnyCostAsk) -> str:
    return (f"{heading(x.card)} Discard any number of other cards from your hand for it ({x.paid} discarded so far, "
            f"{x.hand} left in hand), then `done`.")


def _turn_asked(x: f.TurnAsk) -> str:
    return (f"Your turn: play a card or draw one. You hold {x.hand} card{'s' if x.hand != 1 else ''}; "
            f"you may draw only with fewer than {x.limit} in hand.")


_QUESTIONS: dict[type[Facts], Callable[[Any], str]] = {
    f.DraftAsk: _draft_asked, f.StartAsk: _start_asked, f.CostAsk: _cost_asked, f.AnyCostAsk: _any_cost_asked,
    f.TurnAsk: _turn_asked, f.WaitAsk: wait_asked,
}


def ask(decision: Decision) -> Decision:
    """Word a decision in place: its prompt from its question, each option's label and detail. The deadline default
    is the notation of the step the deadline plays, which the rules give."""
    if decision.facts is not None:
        decision.prompt = _QUESTIONS[type(decision.facts)](decision.facts)
    decision.options = [_labelled(o) for o in decision.options]
    decision.extras = [_labelled(o) for o in decision.extras]
    return decision


def _labelled(option: Option) -> Option:
    # a long menu of states lists them under their census regions
    group = us_regions()[option.action.args[0]] if isinstance(option.facts, f.StateChoice) else ""
    return word(option, *option_words(option), group)


def option_words(option: Option) -> tuple[str, str]:
    """An option's label and detail."""
    content = load()
    verb, args, x = option.action.verb, option.action.args, option.facts
    if isinstance(x, f.StateChoice):
        info = content.states[args[0]]
        return f"{info.name} ({info.ev} EV)", tile_text(x.tile) if x.tile else ""
    if verb in ("issue", "toward"):
        return args[0].capitalize(), ""
    if verb == "done":
        return "Done discarding", ""
    if verb == "draw":
        return "Draw a card", f"{x.cards if isinstance(x, f.DeckSize) else 0} in your deck"
    if verb == "pass":
        return "Pass", "no card to play or draw"
    card = content.cards[args[0]]
    return f"{args[0]} {card.title}", card.text
