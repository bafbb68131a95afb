"""Campaign Trail move notation.

Atomic steps (each one option of decisions()):

    candidate wealthy      keep a dealt candidate (setup)
    home VA                choose a home state (setup)
    play 97                play card #97 from your hand
    campaign               take one of the card's actions: travel fundraise register campaign advertise politick
    to WV / fly NY         travel: move one state / fly to a city's state
    vote VA                place one voter (campaign, or a politick placing voters)
    issue taxes            advertise: pay for one issue icon
    pick MT                a politick's choice of a state
    card 38                a politick's choice of a card (Sabotage, Diverse Strategy, Re-strategize, Recount)
    option 2               one of the numbered options of a choice (the Populist: pay $20M or 2 registered)
    give 12 / take 40      team card exchange: give your #12, take your running mate's #40 (then `done`)
    region great_lakes     narrow a choice among more than 25 states to one region first
    mate                   travel with Frequent Flyer in a team game: the running mate's pawn moves instead
    done                   finish a travel, campaign, advertise or optional placement
    pass                   no card in hand: pass the turn; in a debate, pass this round
    debate 55              in a debate: play #55 for its debate issue icons
    respond 73 / autopass  in a response window: play response card #73, or pass now and in every later window
    responses ask          on your turn: be asked in response windows again

Dirty Politics (option `dirty=on`; cards 106–129), each action also by its short name:

    voter_suppression (suppress)   flip_contributors (flip)   sway_minds (sway)
    dirty_tricks (trick)           smear_campaign (smear)     mudslinging (mudsling)
    pay MD                 pay one voter from one of your ethically minded states
    remove CA DEM          remove one DEM voter in California (smear, mudslinging, suppression, Bribes)
    target REP             the rival whose contributors you flip or whose minds you sway

Payments and removals that leave no choice happen by themselves: write only the real choices.

Compound moves: a step list joined with `;`, and the short card form, which starts with the card
number. For travel, campaign and advertise (and the dirty actions that list steps) it ends with an unwritten
`done` that finishes the action only when nothing is left to choose; where the steps typed one by one would
still ask (a state further, another voter, an issue the card still shows, the Populist's free issue), the move
stops there and the seat is asked. A final `done` written in the short form finishes the action at once:

    97 campaign VA4 WV1 KY1    = play 97; campaign; vote VA ×4; vote WV; vote KY  (then done, if nothing is left)
    97 campaign VA4 done       = play 97; campaign; vote VA ×4; done
    12 travel OH PA            = play 12; travel; to OH; to PA  (then done, if nothing is left)
    14 travel fly NY PA done   = play 14; travel; fly NY; to PA; done
    55 advertise taxes taxes   = play 55; advertise; issue taxes; issue taxes  (then done, if nothing is left)
    40 fundraise               = play 40; fundraise
    31 politick                = play 31; politick   (its choices follow as steps: `; vote VA; done`)
    112 suppress NY            = play 112; voter_suppression; to NY; done
    110 flip REP               = play 110; flip_contributors; target REP
    108 smear NC3 OR1 CA:DEM6  = play 108; smear_campaign; pay NC ×3; pay OR; remove CA DEM ×6; done
    106 mudsling health_care GA2 FL:LIB2 = play 106; mudslinging; issue health_care; pay GA ×2; remove FL LIB ×2; done

Case does not matter, and a hyphen may stand for an underscore in an id (`issue energy-costs`, `region
great-lakes`, `voter-suppression`): the bot shows moves back that way. Issues may also be written by name
(`issue energy costs` is not possible inside the short form: write `energy-costs` there).
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import vocabulary
from engine.core.errors import UnknownAction
from engine.core.notation import Implied, is_number, join_state_names, state_code
from engine.core.types import Action

MAX_NOTATION = 600
ACTIONS = ("travel", "fundraise", "register", "campaign", "advertise", "politick", *vocabulary.DIRTY_ACTIONS)
# actions whose short form lists its steps and ends with an implied `done` (played where nothing is left to choose)
PARAM_ACTIONS = ("travel", "campaign", "advertise", "voter_suppression", "smear_campaign", "mudslinging")
TARGET_ACTIONS = ("flip_contributors", "sway_minds")  # `110 flip REP`: the rival follows, no `done`
STATE_VERBS = ("home", "to", "fly", "vote", "pick", "pay")
BARE = ("done", "pass", "autopass", "mate", *ACTIONS)
PAY_TOKEN = re.compile(r"([A-Za-z]{2})([0-9]{1,2})")  # NC3: pay 3 voters in NC
# the verbs written with one word after them, and an example of each (for a refusal that counts the words)
ONE_WORD_EXAMPLES = {"target": "target REP", "region": "region great-lakes", "responses": "responses ask",
                     "play": "play 97", "card": "card 38", "give": "give 12", "take": "take 40", "debate": "debate 55",
                     "respond": "respond 73", "home": "home VA", "to": "to WV", "fly": "fly NY", "vote": "vote VA",
                     "pick": "pick MT", "pay": "pay MD", "issue": "issue taxes", "candidate": "candidate wealthy",
                     "option": "option 2"}
ONE_WORD_VERBS = frozenset(ONE_WORD_EXAMPLES)
MOVES = ", ".join(["play", "debate", "respond", "responses ask", *BARE, *STATE_VERBS, "issue", "candidate", "card",
                   "option", "give", "take", "region", "remove", "target"])
STRIKE_TOKEN = re.compile(r"([A-Za-z]{2}):([A-Za-z]{3})([0-9]{1,2})")  # CA:DEM6: remove 6 DEM voters in CA


def _names() -> dict[str, str]:
    return {code: s.name for code, s in content_mod.load().states.items()}


def _state(token: str) -> str:
    code = state_code(token, _names())
    if code is None:
        raise UnknownAction(f"`{token[:20]}` is not a state: name it (Virginia, New York) or use its code "
                            "(VA, NY, DC).", code="unknown_state")
    return code


def _id(token: str) -> str:
    """A typed word as an id: case does not matter, and a hyphen stands for an underscore (`social-security`)."""
    return token.lower().replace("-", "_")


def typed(ident: str) -> str:
    """An id as a player types it: hyphens for underscores (`great-lakes`)."""
    return ident.replace("_", "-")


def _words(idents: Iterable[str]) -> str:
    return ", ".join(map(typed, idents))


def _issue(token: str) -> str:
    c = content_mod.load()
    t = _id(token)
    for issue in c.debate_issues.values():
        if t in (issue.id, issue.name.lower(), issue.name.lower().replace(" ", "_")):
            return issue.id
    raise UnknownAction(f"`{token[:30]}` is not an issue. Issues: {_words(c.debate_issues)}.", code="unknown_issue")


def _card(token: str) -> str:
    t = token.lstrip("#")
    if not is_number(t, 4) or not content_mod.load().is_card(int(t)):
        raise UnknownAction(f"`{token[:20]}` is not a card number (1–105, Dirty Politics 106–129).", code="unknown_card")
    return str(int(t))


def _region(token: str) -> str:
    c = content_mod.load()
    t = _id(token)
    if t in c.regions:
        return t
    raise UnknownAction(f"`{token[:20]}` is not a region. Regions: {_words(c.regions)}.", code="unknown_region")


def _party(token: str) -> str:
    t = token.upper()
    if t in vocabulary.PARTIES:
        return t
    raise UnknownAction(f"`{token[:20]}` is not a party (DEM, REP or LIB).", code="malformed")


def _action(token: str) -> str | None:
    """An action's id from what a player typed: the id, or a Dirty Politics action's short name."""
    t = _id(token)
    return t if t in ACTIONS else vocabulary.DIRTY_SHORT.get(t)


def _candidate(token: str) -> str:
    c = content_mod.load()
    t = _id(token)
    if t in c.candidates:
        return t
    raise UnknownAction(f"`{token[:20]}` is not a candidate. Candidates: {_words(c.candidates)}.", code="unknown_candidate")


def _short(tokens: list[str]) -> list[Action]:
    """`97 campaign VA4 WV1 KY1` and friends."""
    out = [Action(verb="play", args=(_card(tokens[0]),))]
    if len(tokens) == 1:
        return out
    verb = _action(tokens[1])
    if verb is None:
        raise UnknownAction(f"After the card number comes an action ({', '.join(ACTIONS[:6])}, or a dirty one: "
                            f"{', '.join(sorted(set(vocabulary.DIRTY_SHORT)))}), not `{tokens[1][:20]}`.", code="malformed")
    out.append(Action(verb=verb))
    rest = tokens[2:]
    stated = verb in PARAM_ACTIONS and bool(rest) and rest[-1].lower() == "done"
    if stated:  # `12 travel OH done`: the action ends there, whatever else it could still do
        rest = rest[:-1]
    if verb in TARGET_ACTIONS and len(rest) == 1:
        return out + [Action(verb="target", args=(_party(rest[0]),))]
    if verb in vocabulary.DIRTY_ACTIONS and verb in PARAM_ACTIONS:
        return out + _dirty_params(verb, rest, stated)
    if verb not in PARAM_ACTIONS:
        if rest:
            raise UnknownAction(f"`{typed(verb)}` takes nothing after it in the short form; add further steps after `;`.", code="malformed")
        return out
    i = 0
    while i < len(rest):
        tok = rest[i]
        if verb == "campaign":
            m = PAY_TOKEN.fullmatch(tok)
            if not m:
                raise UnknownAction(f"Campaign voters are written state + count, e.g. `VA4`, not `{tok[:20]}`.", code="malformed")
            out += [Action(verb="vote", args=(_state(m.group(1)),))] * int(m.group(2))
        elif verb == "travel":
            if tok.lower() == "fly":
                if i + 1 >= len(rest):
                    raise UnknownAction("`fly` needs a state after it, e.g. `fly NY`.", code="malformed")
                i += 1
                out.append(Action(verb="fly", args=(_state(rest[i]),)))
            else:
                out.append(Action(verb="to", args=(_state(tok),)))
        else:
            out.append(Action(verb="issue", args=(_issue(tok),)))
        i += 1
    out.append(_end(stated))
    return out


def _end(stated: bool) -> Action:
    """The `done` that ends a short form: as written, or implied (played only when nothing is left to choose)."""
    return Action(verb="done") if stated else Implied(verb="done")


def _dirty_params(verb: str, rest: list[str], stated: bool) -> list[Action]:
    """A dirty action's short form: moves (suppression), issues (mudslinging), `NC3` payments and `CA:DEM6`
    removals in the order they are made; `done` goes after a suppression's move (the removals written after it
    say the move is over) or at the end."""
    out: list[Action] = []
    moved = False
    i = 0
    while i < len(rest):
        tok = rest[i]
        strike, pay = STRIKE_TOKEN.fullmatch(tok), PAY_TOKEN.fullmatch(tok)
        if strike:
            if verb == "voter_suppression" and not moved:
                out.append(Action(verb="done"))
                moved = True
            out += [Action(verb="remove", args=(_state(strike.group(1)), _party(strike.group(2))))] * int(strike.group(3))
        elif verb == "voter_suppression" and not moved and tok.lower() == "fly":
            if i + 1 >= len(rest):
                raise UnknownAction("`fly` needs a state after it, e.g. `fly NY`.", code="malformed")
            i += 1
            out.append(Action(verb="fly", args=(_state(rest[i]),)))
        elif verb == "voter_suppression" and not moved:
            out.append(Action(verb="to", args=(_state(tok),)))
        elif pay:
            out += [Action(verb="pay", args=(_state(pay.group(1)),))] * int(pay.group(2))
        elif verb == "mudslinging":
            out.append(Action(verb="issue", args=(_issue(tok),)))
        else:
            raise UnknownAction(f"In a {verb.replace('_', ' ')} write payments as `NC3` and removals as `CA:DEM2`, "
                                f"not `{tok[:20]}`.", code="malformed")
        i += 1
    if not (verb == "voter_suppression" and moved):
        out.append(_end(stated))
    return out


def parse_one(text: str) -> list[Action]:
    tokens = join_state_names(text, _names()).split()
    if not tokens:
        raise UnknownAction("Empty step: write e.g. `97 campaign VA4 WV1`.", code="malformed")
    if is_number(tokens[0].lstrip("#")):
        return _short(tokens)
    verb, args = tokens[0].lower(), tokens[1:]
    verb = _action(verb) or verb
    if verb in BARE:
        if args:
            raise UnknownAction(f"`{typed(verb)}` takes nothing after it.", code="malformed")
        return [Action(verb=verb)]
    if verb == "remove":
        if len(args) != 2:
            raise UnknownAction("`remove` takes a state and a party, e.g. `remove CA DEM`.", code="malformed")
        return [Action(verb="remove", args=(_state(args[0]), _party(args[1])))]
    if verb == "issue" and len(args) > 1:  # `issue energy costs`: an issue's name in words
        args = [" ".join(args)]
    if verb not in ONE_WORD_VERBS:  # an unknown verb is named as such before its words are counted
        raise UnknownAction(f"`{verb[:20]}` is not a Campaign Trail move. Moves: {MOVES}.", code="unknown_verb")
    if len(args) != 1:
        raise UnknownAction(f"`{verb[:20]}` takes one word after it, e.g. `{ONE_WORD_EXAMPLES[verb]}`.", code="malformed")
    if verb == "target":
        return [Action(verb="target", args=(_party(args[0]),))]
    if verb == "region":
        return [Action(verb="region", args=(_region(args[0]),))]
    if verb == "responses":
        if args[0].lower() != "ask":
            raise UnknownAction("`responses` is followed by `ask`: `responses ask`.", code="malformed")
        return [Action(verb="responses", args=("ask",))]
    if verb in ("play", "card", "give", "take", "debate", "respond"):
        return [Action(verb=verb, args=(_card(args[0]),))]
    if verb in STATE_VERBS:
        return [Action(verb=verb, args=(_state(args[0]),))]
    if verb == "issue":
        return [Action(verb="issue", args=(_issue(args[0]),))]
    if verb == "candidate":
        return [Action(verb="candidate", args=(_candidate(args[0]),))]
    if verb == "option":  # one of a listed choice's options (the Populist's cost)
        if not is_number(args[0], 2):
            raise UnknownAction("`option` takes the option's number, e.g. `option 1`.", code="malformed")
        return [Action(verb="option", args=(args[0],))]
    raise UnknownAction(f"`{verb[:20]}` is not a Campaign Trail move. Moves: {MOVES}.", code="unknown_verb")


def parse(text: str) -> list[Action]:
    if len(text) > MAX_NOTATION:
        raise UnknownAction(f"That move is too long ({len(text)} characters).", code="too_long")
    steps = [part for part in text.replace("\n", ";").split(";") if part.strip()]
    if not steps:
        raise UnknownAction("Empty move: write e.g. `97 campaign VA4 WV1 KY1`.", code="malformed")
    out: list[Action] = []
    for step in steps:
        actions = parse_one(step)
        if out and isinstance(out[-1], Implied) and actions[:1] == [out[-1].stated()]:
            out.pop()  # `97 advertise education; done`: the written `done` is the one the short form implied
        out.extend(actions)
    return out


PARAM_VERBS = {"travel": ("to", "fly"), "campaign": ("vote",), "advertise": ("issue",), "voter_suppression": ("to", "fly"),
               "smear_campaign": ("pay", "remove"), "mudslinging": ("issue", "pay", "remove")}


def format(actions: list[Action]) -> str:  # noqa: A001 - the contract's name
    parts: list[str] = []
    i = 0
    while i < len(actions):
        a = actions[i]
        nxt = actions[i + 1] if i + 1 < len(actions) else None
        if a.verb == "play" and nxt is not None and nxt.verb in ACTIONS:
            target = actions[i + 2] if i + 2 < len(actions) else None
            if nxt.verb in TARGET_ACTIONS and target is not None and target.verb == "target":
                parts.append(f"{a.args[0]} {nxt.verb} {target.args[0]}")
                i += 3
                continue
            if nxt.verb not in PARAM_ACTIONS:
                parts.append(f"{a.args[0]} {nxt.verb}")
                i += 2
                continue
            j = i + 2
            while j < len(actions) and actions[j].verb in PARAM_VERBS[nxt.verb]:
                j += 1
            if j < len(actions) and actions[j].verb == "done":  # implied: the short form; stated: written last
                written = [] if isinstance(actions[j], Implied) else ["done"]
                parts.append(" ".join([a.args[0], nxt.verb, *_compact(actions[i + 2:j]), *written]))
                i = j + 1
                continue
        if not isinstance(a, Implied):  # an implied step outside its short form has no words: the seat is asked
            parts.append(a.notation())
        i += 1
    return "; ".join(parts)


def _compact(params: list[Action]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(params):
        a = params[i]
        if a.verb in ("vote", "pay", "remove"):
            j = i
            while j < len(params) and params[j] == a:
                j += 1
            out.append(f"{':'.join(a.args)}{j - i}")
            i = j
            continue
        out.append(f"fly {a.args[0]}" if a.verb == "fly" else a.args[0])
        i += 1
    return out
