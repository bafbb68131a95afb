"""Why a card's action, or a step of it, is refused: the rule behind menus.legal_actions,
menus.step_options, moves and dirty, said with its facts.

Each check mirrors the legality it explains, with the same helpers (campaign_cost, campaign_states,
advertise_choices, travel_options, dirty.legal, effects.requirement_met …), in the same order, so a reason
names the rule that actually refused the move. None when the legality has no rule to name here.
"""
from __future__ import annotations

from engine.campaign_trail import abilities, bans, dirty, effects, moves
from engine.campaign_trail import vocabulary
from engine.campaign_trail.content import load as _c  # the game's content, loaded once
from engine.campaign_trail.menus import DEBATE_POLITICKS, legal_actions
from engine.campaign_trail.primitives import free_left, issue_states, neighbours
from engine.campaign_trail.state import CampaignTrailState
from engine.campaign_trail.wording import card_name
from engine.core.types import Action
from engine.core.words import plural


def words(action: str) -> str:
    return action.replace("_", " ")


def _states(codes: list[str], limit: int = 14) -> str:
    shown = sorted(codes)
    return ", ".join(shown[:limit]) + (" …" if len(shown) > limit else "")


def _money(s: CampaignTrailState, seat: str) -> int:
    return s.parties[s.players[seat].party].money


# ---------------------------------------------------------------- declaring an action of a card


def action_refusal(s: CampaignTrailState, seat: str, number: int, name: str) -> str | None:
    """Why the seat may not take action `name` of card `number` now (menus.legal_actions, one action)."""
    c = _c()
    a = c.card(number).actions
    card = card_name(number)
    if name not in a.present():
        return f"{card} has no {words(name)} action: its actions are {', '.join(words(x) for x in a.present())}"
    if s.turn is not None and s.turn.card == number and name == s.turn.forbidden:
        return f"Change of Plans cancelled {card}'s {words(name)}: take another of its actions"
    if name in vocabulary.DIRTY_ACTIONS:
        return _dirty_refusal(s, seat, number, name)
    me = s.players[seat]
    party = me.party
    if name == "travel":
        if a.travel.plane and abilities.forbidden(s, seat, "travel", "plane"):
            return f"your candidate may not fly, and {card}'s travel uses the plane"
    elif name == "campaign":
        cost = moves.campaign_cost(s, seat)
        if _money(s, seat) < cost:
            return f"a campaign costs ${cost}M and {party} has ${_money(s, seat)}M"
        listed = moves.campaign_states(s, seat, number)
        if me.pawn not in listed:
            return (f"campaign needs your pawn in one of the card's states ({_states(listed) or 'none near your pawn'}); "
                    f"it is in {me.pawn}")
    elif name == "advertise":
        return _advertise_refusal(s, seat, number, [])
    elif name == "politick":
        return _politick_refusal(s, seat, a.politick)
    return None


def _advertise_refusal(s: CampaignTrailState, seat: str, number: int, bought: list[str]) -> str | None:
    if moves.advertise_choices(s, seat, number, bought):
        return None
    party = s.players[seat].party
    cost = moves.advertise_cost(s, seat)
    if _money(s, seat) < cost:
        return f"an issue costs ${cost}M and {party} has ${_money(s, seat)}M"
    left = moves.card_issues_left(number, bought)
    if not left:
        return f"every issue {card_name(number)} shows is bought"
    voters = s.parties[party].registered + free_left(s, seat)
    fewest = min(left, key=lambda i: len(issue_states(i)))
    return (f"an issue puts a voter in every state showing it: {_c().debate_issues[fewest].name} shows in "
            f"{plural(len(issue_states(fewest)), 'state')} and {party} has {plural(voters, 'voter')} to place")


def _politick_refusal(s: CampaignTrailState, seat: str, pid: str) -> str | None:
    c = _c()
    pol = c.politicks[pid]
    party = s.players[seat].party
    banned = bans.ban(s, pid)
    if banned:
        return banned
    if not effects.declared_payable(s, seat, "politick"):
        return f"your candidate pays to declare a politick, and {party} can pay neither way"
    if pid in DEBATE_POLITICKS and s.month >= 2:
        return f"{pol.name} works in a debate, and no debate is left"
    if pid in effects.ONGOING or pid in effects.END_OF_GAME:
        return None
    if pid not in effects.IMPLEMENTED:
        return f"{pol.name} cannot be taken in this game"
    need = effects.registered_needed(pid)
    have = s.parties[party].registered + free_left(s, seat)
    if have < need:
        return f"{pol.name} places {plural(need, 'registered voter')} and {party} has {have}"
    if pid == "sabotage":
        return f"{pol.name} needs a rival's politick on the table, and there is none"
    if pol.requires and pol.requires[0] == "discard_pile_not_empty":
        return f"{pol.name} takes from the discard pile, which is empty"
    if pol.requires and pol.requires[0] == "leads_region":
        region = c.regions[c.states[s.players[seat].pawn].region].name
        return f"{pol.name} needs {party} to hold the most states in your pawn's region ({region}), and it does not"
    return f"{pol.name}'s requirement is not met"


def _dirty_refusal(s: CampaignTrailState, seat: str, number: int, name: str) -> str | None:
    if dirty.legal(s, seat, number, name):
        return None
    c = _c()
    me = s.players[seat]
    money = _money(s, seat)
    extra = dirty.extra_cost(s, seat)
    if money < extra:
        return f"your candidate pays ${extra}M for any dirty action and {me.party} has ${money}M"
    ethics = f"your ethically minded states ({', '.join(dirty.ethics_states(me.party))})"
    have = dirty.ethics_voters(s, me.party)
    if name == "smear_campaign":
        listed = dirty.smear_states(s, seat, number)
        if me.pawn not in listed:
            return f"a smear campaign needs your pawn in one of the card's states ({_states(listed)}); it is in {me.pawn}"
        return f"a smear campaign is paid with {plural(dirty.smear_cost(s, seat), 'voter')} from {ethics}, and {me.party} has {have} there"
    if name == "mudslinging":
        return f"mudslinging costs {plural(dirty.mudsling_cost(s, seat, []), 'voter')} from {ethics} an issue, and {me.party} has {have} there"
    if name == "dirty_tricks":
        pid = c.card(number).actions.dirty_tricks
        return f"{c.politicks[pid].name} needs ${extra + effects.money_needed(pid)}M and {me.party} has ${money}M"
    return None


def play_refusal(s: CampaignTrailState, seat: str, number: int) -> str:
    """Why card `number` is not offered at the start of the turn (rules.decisions: cards with an action you can take)."""
    hand = s.players[seat].hand
    if number not in hand:
        return f"#{number} is not in your hand (you hold {', '.join(card_name(n) for n in hand)})"
    reasons = [r for name in _c().card(number).actions.present() if (r := action_refusal(s, seat, number, name))]
    why = f" ({reasons[0]})" if reasons else ""
    playable = ", ".join(card_name(n) for n in hand if legal_actions(s, seat, n))
    return f"none of {card_name(number)}'s actions can be taken now{why}: play a card that has one ({playable})"


# ---------------------------------------------------------------- the steps of an action under way


def travel_refusal(s: CampaignTrailState, seat: str, action: Action, offered: set[str]) -> str | None:
    """`to`, `fly` and `mate` in a travel or a voter suppression (moves.travel_options)."""
    c = _c()
    t = s.turn
    tr = c.card(t.card).actions.get(t.action)
    card = card_name(t.card)
    mover = t.mover or seat
    whose = "your pawn" if mover == seat else f"{mover}'s pawn"
    pawn = s.players[mover].pawn
    if action.verb == "to":
        code = action.args[0]
        if "to" not in offered:
            if tr.mode == "plane":
                return f"{card}'s {words(t.action)} flies to a city; it does not move state by state"
            if t.flown and tr.mode == "steps_or_plane":
                return f"this {words(t.action)} flew, so it moves no further"
            return f"this {words(t.action)} has moved {t.steps} state{'s' if t.steps != 1 else ''}, as far as {card} allows: finish with `done`"
        if code == pawn:
            return f"{whose} is already in {code}"
        return f"{code} does not border {pawn}, where {whose} is (neighbours: {', '.join(neighbours()[pawn])})"
    if action.verb == "fly":
        code = action.args[0]
        cities = {city.state: city.name for city in c.cities.values()}
        if code not in cities:
            listed = ", ".join(f"{name} ({st})" for st, name in cities.items())
            return f"{code} is not a city: fly to one of the cities ({listed})"
        if "fly" not in offered:
            if tr.mode == "steps":
                return f"{card}'s {words(t.action)} has no plane: move state by state"
            if t.flown:
                return f"this {words(t.action)} has already flown"
            return f"{card}'s {words(t.action)} moves state by state or flies, and it has already moved"
        if code == pawn:
            return f"{whose} is already in {code}"
        return None
    if action.verb == "mate":
        mate = abilities.running_mate(s, seat)
        if mate is None:
            return "you have no running mate to make the move"
        if not abilities.travel_bonus(s, seat):
            return "only Frequent Flyer in play lets your running mate's pawn make the move"
        if t.mover is not None:
            return f"{t.mover}'s pawn is already making this move"
        return "your pawn has already moved on this travel"
    return None


def campaign_vote_refusal(s: CampaignTrailState, seat: str, code: str) -> str | None:
    """A campaign's next voter (moves.campaign_votes, rule by rule)."""
    t = s.turn
    party = s.players[seat].party
    most = abilities.stat(s, seat, "campaign", "max_voters", moves.CAMPAIGN_MAX)
    if t.placed >= most:
        return f"a campaign places at most {plural(most, 'voter')} and you have placed {t.placed}: finish with `done`"
    if s.parties[party].registered + t.free_left <= 0:
        return f"{party} has no registered voters left to place: finish with `done`"
    cost = moves.campaign_voter_cost(s, seat)
    if s.parties[party].money < cost:
        return f"each voter costs ${cost}M now (Local Funds Dry Up) and {party} has ${s.parties[party].money}M"
    pawn = s.players[seat].pawn
    rule = abilities.restriction(s, seat, "campaign")
    if rule is not None and rule.get("must_include") == "pawn" and t.placed == 0:
        return f"your candidate's first campaign voter goes where your pawn is ({pawn})"
    listed = moves.campaign_states(s, seat, t.card)
    if code not in listed:
        return f"{code} is not one of {card_name(t.card)}'s campaign states ({_states(listed)})"
    cap = abilities.stat(s, seat, "campaign", "max_per_state", 99)
    if t.per_state.get(code, 0) >= cap:
        return f"your candidate places at most {plural(cap, 'campaign voter')} per state, and {code} has {t.per_state[code]}"
    return None


def issue_refusal(s: CampaignTrailState, seat: str, issue: str) -> str | None:
    """An advertise's or a mudslinging's next issue."""
    c = _c()
    t = s.turn
    name = c.debate_issues[issue].name
    card = card_name(t.card)
    if t.action == "mudslinging":
        on_card = list(c.card(t.card).actions.mudslinging or [])
        if not dirty.mudsling_issues(s, seat, t.card, t.bought):
            party = s.players[seat].party
            return (f"the next issue costs {plural(dirty.mudsling_cost(s, seat, t.bought), 'voter')} from your ethically minded states, "
                    f"and {party} has {dirty.ethics_voters(s, party)} there")
        if issue in t.bought:
            return f"you have already slung mud on {name}"
        if issue not in on_card:
            return f"{card} slings mud on {', '.join(c.debate_issues[i].name for i in on_card)}: {name} is not on it"
        return None
    on_card = list(c.card(t.card).actions.advertise or [])
    if issue not in on_card and issue not in moves.free_issues(s, seat, t.card, t.bought):
        return f"{card} advertises {', '.join(c.debate_issues[i].name for i in on_card)}: {name} is not on it"
    if issue in on_card and issue not in moves.card_issues_left(t.card, t.bought):
        return f"you have already bought {name} as often as {card} shows it"
    party = s.players[seat].party
    cost = moves.advertise_cost(s, seat)
    if _money(s, seat) < cost:
        return f"an issue costs ${cost}M and {party} has ${_money(s, seat)}M"
    voters = s.parties[party].registered + free_left(s, seat)
    if voters < len(issue_states(issue)):
        return f"{name} shows in {plural(len(issue_states(issue)), 'state')} and {party} has {plural(voters, 'voter')} to place"
    return None


def dirty_step_refusal(s: CampaignTrailState, seat: str, action: Action, offered: set[str]) -> str | None:
    """`pay`, `remove`, `target` and `done` in a stepped dirty action (dirty.step_options)."""
    t = s.turn
    party = s.players[seat].party
    verb = action.verb
    if t.ethics_due > 0:
        if verb == "pay":
            code = action.args[0]
            if code not in dirty.ethics_states(party):
                return f"{code} is not one of {party}'s ethically minded states ({', '.join(dirty.ethics_states(party))})"
            return f"{party} has no voters in {code} to pay with"
        return f"{t.ethics_due} more voter{'s' if t.ethics_due > 1 else ''} from your ethically minded states must be paid first (`pay`)"
    if t.strikes:
        code = next(iter(t.strikes))
        if verb == "remove":
            where, victim = action.args
            if where != code:
                return f"the voters come off in {code} now ({t.strikes[code]} to go)"
            if victim == party:
                return "you remove rival voters, not your own"
            return f"{victim} has no voters in {code}"
        return f"the removal in {code} comes first ({t.strikes[code]} to go): `remove {code} <party>`"
    if t.action in ("flip_contributors", "sway_minds"):
        if verb == "target":
            target = action.args[0]
            if target == party:
                return f"you {'flip' if t.action == 'flip_contributors' else 'sway'} a rival party, not your own"
            return f"{target} is not in this game (rivals: {', '.join(dirty.rivals(s, party))})"
        return f"choose the rival party first (`target {dirty.rivals(s, party)[0]}`)"
    if t.action == "smear_campaign" and verb == "remove":
        return _smear_remove_refusal(s, seat, *action.args)
    if t.action == "mudslinging":
        if verb == "issue":
            return issue_refusal(s, seat, action.args[0])
        if verb == "done" and not t.bought:
            return "sling mud on at least one issue before `done`"
    if verb == "pay":
        return "nothing is owed from your ethically minded states now"
    if verb == "remove":
        if t.action == "voter_suppression":
            return "rival voters are removed where the pawn stops, once its move ends (`done`)"
        if t.action == "mudslinging":
            return "the voters to remove come with each issue you sling mud on, and none is waiting now"
        return f"a {words(t.action)} removes no voters"
    if verb == "target":
        return f"`target` names the rival of a flip contributors or a sway minds, and this is a {words(t.action)}"
    return None


def _smear_remove_refusal(s: CampaignTrailState, seat: str, code: str, victim: str) -> str | None:
    t = s.turn
    party = s.players[seat].party
    most = abilities.stat(s, seat, "smear_campaign", "max_remove", dirty.SMEAR_MAX)
    if t.removed >= most:
        return f"a smear campaign removes at most {plural(most, 'voter')} and you have removed {t.removed}: finish with `done`"
    listed = dirty.smear_states(s, seat, t.card)
    rule = abilities.restriction(s, seat, "smear_campaign")
    if rule is not None and rule.get("must_include") == "pawn" and t.removed == 0 and code != s.players[seat].pawn:
        return f"your candidate's first removal is where your pawn is ({s.players[seat].pawn})"
    if code not in listed:
        return f"{code} is not one of {card_name(t.card)}'s smear states ({_states(listed)})"
    cap = abilities.stat(s, seat, "smear_campaign", "max_per_state", 99)
    if t.per_state.get(code, 0) >= cap:
        return f"your candidate removes at most {plural(cap, 'voter')} per state, and {code} has lost {t.per_state[code]}"
    if victim == party:
        return "you remove rival voters, not your own"
    return f"{victim} has no voters in {code}"
