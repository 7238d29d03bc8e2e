"""What an event card does, in the players' words, from its abilities in cards.json: the story's line for a
played event says it ("plays I am King Here!: Robert Baratheon gets +2 STR until the end of the phase; if the
challenge is won, 2 power for the House"). The core's own events for the effect (a kill, a discard, cards drawn)
follow as their own lines; an effect the core reports nothing of (a STR change, a keyword, a lasting effect) is
known only from here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ravenry import count

Effect = dict[str, Any]

#: Where ``take`` moves a card from and to.
FROM = {"dead": "dead pile", "discard": "discard pile", "deck": "deck", "hand": "hand"}
TO = {"play": "into play", "hand": "into hand", "discard": "into the discard pile", "dead": "into the dead pile"}
ICON_WORDS = {"M": "military", "I": "intrigue", "P": "power"}


def _and(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def _on(e: Effect, t: str) -> str:
    """Whom an effect acts on: the chosen card ``t``, or every card its ``on.each`` filter names."""
    each = (e.get("on") or {}).get("each")
    if each is None:
        return t
    if each.get("place") == "defending":
        return "every defending character"
    if each.get("traits"):
        return "every " + "/".join(each["traits"]) + " character"
    return f"every {'unique ' if each.get('unique') else ''}{_and(each.get('types') or ['character'])}"


def _take(e: Effect, t: str) -> str:
    src = FROM.get(str(e.get("from")), str(e.get("from")))
    if e.get("or_from"):
        src += f" or {FROM.get(str(e['or_from']), str(e['or_from']))}"
    whose = "an opponent's" if e.get("whose") == "opponent" else "the"
    n = int(e.get("count", 1))
    return f"puts {count(n, 'card') if n > 1 else 'a card'} from {whose} {src} {TO.get(str(e.get('to')), '')}".strip()


def _str(amount: int, per_x: bool, t: str) -> str:
    return f"{t} gets {'-' if amount < 0 else '+'}{'X' if per_x else abs(amount)} STR until the end of the phase"


#: One phrase per effect op of cards.json, ``t`` being the chosen card's name (or "a character").
OPS: dict[str, Callable[[Effect, str], str]] = {
    "str": lambda e, t: _str(int(e.get("amount", 0)), bool(e.get("per_x")), t),
    "kill_if_zero_str": lambda e, t: "it is killed if its STR is 0",
    "kill": lambda e, t: f"kills {_on(e, t)}",
    "draw": lambda e, t: f"draws {count(int(e.get('n', 1)), 'card')}",
    "stand": lambda e, t: f"stands {t}",
    "kneel": lambda e, t: f"kneels {t}",
    "take": _take,
    "discard": lambda e, t: f"discards {_on(e, t)}",
    "discard_power": lambda e, t: f"discards {'all' if e.get('n') == 255 else e.get('n')} power from {t}",
    "discard_attachments": lambda e, t: "discards every attachment" + ("" if e.get("on") else f" on {t}"),
    "house_power": lambda e, t: f"{e.get('n')} power for the House",
    "claim_power": lambda e, t: f"{_on(e, t)} claims {e.get('n')} power",
    "cannot_be_killed": lambda e, t: f"{t} cannot be killed until the end of the phase",
    "cannot_be_saved": lambda e, t: "",  # said with the discard after it
    "blank": lambda e, t: f"the text of {t} is blank until the end of the phase",
    "cannot_be_declared": lambda e, t: f"{t} cannot attack or defend this phase",
    "mill_opponents": lambda e, t: f"each opponent discards the top {e.get('n')} cards of their deck",
    "top_to_hand": lambda e, t: f"draws the top {e.get('n')} cards of the deck",
    "each_player_draws": lambda e, t: f"each player with at most {e.get('hand_max')} cards in hand draws {e.get('n')}",
    "all_from_dead_piles": lambda e, t: "puts every non-doomed character from every dead pile into play",
    "lose_icons": lambda e, t: f"{t} loses its {_and([ICON_WORDS[i] for i in str(e.get('icons', ''))])} icons",
    "controller_discards_per_printed_icon": lambda e, t: "its controller discards a card per printed icon",
    "no_kneel_to_declare": lambda e, t: f"{t} does not kneel to attack or defend",
    "opponents_cannot_trigger": lambda e, t: "opponents cannot trigger effects in military and power challenges",
    "must_participate_next": lambda e, t: f"{t} must take part in the next challenge",
    "gain_keywords": lambda e, t: f"{t} gains {_and([str(k) for k in e.get('keywords', [])])}",
    "shuffle_discard_into_deck": lambda e, t: "a discard pile is shuffled into its deck",
    "claim_lower": lambda e, t: f"the opponent's claim is {e.get('n')} lower",
    "discard_an_attachment": lambda e, t: "discards an attachment",
    "reject_house": lambda e, t: "kneels a House card and discards its attachments",
    "move": lambda e, t: f"returns {TO.get(str(e.get('to')), '')}",
}


def _boost(a: Effect, t: str) -> str:
    parts = [_str(int(a.get("amount", 0)), False, t)]
    if a.get("no_kneel_defend"):
        parts.append("it does not kneel to defend")
    if a.get("win_power"):
        parts.append(f"if the challenge is won, {a['win_power']} power for the House")
    if a.get("win_draw"):
        parts.append(f"if the challenge is won, draws {count(int(a['win_draw']), 'card')}")
    return "; ".join(parts)


CANCELS = {"event": "an event", "triggered": "a triggered ability", "card": "a card's ability"}

#: One phrase per ability kind that is not a list of effect ops.
KINDS: dict[str, Callable[[Effect, str], str]] = {
    "challenge_boost": _boost,
    "kill_character": lambda a, t: f"kills {t}",
    "take_control": lambda a, t: f"takes control of {t} until the end of the phase",
    "discard_location": lambda a, t: f"discards {t}" + (" (it cannot be saved)" if a.get("unsaveable") else ""),
    "cancel": lambda a, t: "cancels " + CANCELS.get(str(a.get("what")), "an effect"),
    "save": lambda a, t: f"saves {t}",
    "no_save_until_end_of_phase": lambda a, t: "cards cannot be saved until the end of the phase",
}


def ability_words(a: Effect, target: str | None = None) -> str:
    """One ability's effect as a phrase, naming ``target`` (the chosen card) when known ("" when nothing is
    known to say)."""
    chosen = a.get("target")  # a filter, or a word ("participating") for the older ability kinds
    types = chosen.get("types") or [] if isinstance(chosen, dict) else []
    t = target or ("a location" if a.get("kind") == "discard_location" or types == ["location"] else "a character")
    if a.get("kind") in KINDS:
        return KINDS[a["kind"]](a, t)
    said: list[str] = []
    won = False  # the next effect happens only if the challenge is won
    for e in a.get("effect") or []:
        if e.get("op") == "if_win_challenge":
            won = True
            continue
        phrase = OPS[e["op"]](e, t) if e.get("op") in OPS else ""
        if phrase:
            said.append(("if the challenge is won, " if won else "") + phrase)
            won = False
    return "; ".join(said)


def event_words(card: dict[str, Any], target: str | None = None) -> str:
    """What an event card does when played from hand: its first ability that is not played from a pile."""
    for a in card.get("abilities") or []:
        if a.get("from") in (None, "hand"):
            return ability_words(a, target)
    return ""
