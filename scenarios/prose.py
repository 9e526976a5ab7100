"""A scenario told in plain words, for readers who do not read YAML.

Four parts, in plain text (a page escapes them for its markup: reStructuredText on the
site, HTML or Markdown for ``arbiter share``):

*Position*
    who holds what, the Kingdom, the turn, and the editions when the file chooses them;
    written from the scenario file.
*What happens*
    numbered steps: each command, each decision the rules ask (who, what, from which card,
    the legal answers), the answer given and what followed. Written from the engine's
    play-by-play (``scenarios.trace``) when it is available; otherwise from the file's
    steps alone (the commands and answers, without what the engine asked).
*Result*
    what the scenario checks at the end, in words.
*Proves*
    the rulings it proves (the caller links them).

Nothing here is markup: the caller escapes every sentence as a whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine import cards as catalogue
from engine.sets import REGISTRY

ZONE_WORDS = {
    "hand": "in hand",
    "deck": "in the deck (top first)",
    "discard": "in the discard pile",
    "in_play": "in play",
    "set_aside": "set aside",
    # The mats the sets declare (Island, Native Village), in their own words.
    **{mat.name: f"on the {mat.title} mat" for mat in catalogue.MATS.values()},
}
# A player's tokens, by their setup key (the kinds the sets declare, ``engine.tokens``):
# the noun of one token, and where they are. A set adding a kind adds its words here
# (tests/test_adding_a_set.py fails otherwise).
TOKEN_WORDS = {
    "vp_tokens": ("VP token", ""),
    "pirate_ship": ("Coin token", " on the Pirate Ship mat"),
    "coffers": ("Coin token", " on the Coffers mat"),
}
COUNT_WORDS = {
    "hand_count": "cards in hand",
    "deck_count": "cards in the deck",
    "discard_count": "cards in the discard pile",
}
NUMBERS = ("no", "one", "two", "three", "four", "five", "six")
EDITION_WORDS = {1: "first edition", 2: "second edition"}
KIND_WORDS = {
    "cards": "to pick cards",
    "gain": "to pick a card to gain",
    "option": "to pick an option",
    "yes_no": "to answer yes or no",
    "amount": "to answer a number",
    "order": "to put cards in an order",
    "name": "to name a card",
    "react": "whether to reveal a Reaction",
    "trigger": "which ability resolves next",
}
PHASE_WORDS = {"action": "Action", "buy": "Buy", "cleanup": "Clean-up"}
SET_WORDS = {card_set.name: card_set.title for card_set in REGISTRY}


def cards(names: Iterable[str]) -> str:
    """``Copper, Copper, Estate`` as "2 Coppers, Estate", keeping first-seen order."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    parts = [name if n == 1 else f"{n} {plural(name)}" for name, n in counts.items()]
    return ", ".join(parts) if parts else "nothing"


def plural(name: str) -> str:
    if name.endswith("s"):
        return name  # Gardens
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"  # Duchies
    return name + ("es" if name.endswith(("ch", "sh", "x")) else "s")


def counted(count: object, noun: str, nouns: str | None = None) -> str:
    """``1 coin token``, ``2 coin tokens``: a count with its noun, singular or plural."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def join_words(parts: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def number(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def answer_text(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, int):  # an amount (how much to overpay)
        return str(value)
    if isinstance(value, (list, tuple)):
        return cards(value) if value else "nothing (no card)"
    return str(value)


# --- Position ---------------------------------------------------------------------------


def _turn(turn: Mapping[str, Any]) -> str:
    actions, buys, coins = turn.get("actions", 1), turn.get("buys", 1), turn.get("coins", 0)
    counters = f"{counted(actions, 'Action')}, {counted(buys, 'Buy')} and ${coins}."
    whose = f"{turn.get('player', 'p1')}'s {'extra ' if turn.get('extra') else ''}turn"
    if turn.get("phase") == "start":
        return f"{whose} is about to start (its start-of-turn effects come first), with {counters}"
    return (
        f"It is {whose}, "
        f"{PHASE_WORDS.get(turn.get('phase', 'action'), 'Action')} phase, with {counters}"
    )


def _entries(entries: Iterable[Any]) -> str:
    """Cards in play, each a name or ``{card, by, set_aside}``: "Bridge (played by Throne
    Room, in play too)", "Haven (with Gold set aside)"."""
    parts = []
    for entry in entries:
        if isinstance(entry, str):
            parts.append(entry)
            continue
        notes = [f"played by {entry['by']}, in play too"] if "by" in entry else []
        if "set_aside" in entry:
            notes.append(f"with {cards(entry['set_aside'])} set aside")
        parts.append(f"{entry['card']}" + (f" ({'; '.join(notes)})" if notes else ""))
    return ", ".join(parts)


def _player_line(name: str, zones: Mapping[str, Any]) -> str | None:
    held = [
        f"{_entries(zones[zone]) if zone == 'in_play' else cards(zones[zone])} {words}"
        for zone, words in ZONE_WORDS.items()
        if zones.get(zone)
    ]
    if zones.get("durations"):
        held.append(f"{_entries(zones['durations'])} in play from an earlier turn")
    for key, (noun, where) in TOKEN_WORDS.items():
        if zones.get(key):
            held.append(f"{counted(zones[key], noun)}{where}")
    if zones.get("gained_last_turn"):
        held.append(f"gained {cards(zones['gained_last_turn'])} on their last turn")
    for entry in zones.get("set_aside_for_next_turn", []):
        if isinstance(entry, str):
            held.append(f"{entry} set aside by its own ability until the start of their next turn")
        else:
            held.append(
                f"{entry['card']} set aside by {entry['by']}, to be played at the start of their"
                " next turn"
            )
    for order in zones.get("shuffles", []):
        held.append(f"the next shuffle puts {cards(order)} on top, in that order")
    return f"{name} has " + "; ".join(held) + "." if held else None


def chosen_editions(scenario: Any) -> dict[str, int]:
    """The editions a scenario's file sets itself (``editions: {base: 1}``), the ones its
    position names; the others are the defaults (``scenario`` is a Scenario)."""
    return {
        str(key[1]): scenario.editions[key[1]]
        for key in scenario.lines
        if len(key) == 2 and key[0] == "editions" and key[1] in scenario.editions
    }


def editions_line(chosen: Mapping[str, int]) -> str | None:
    if not chosen:
        return None
    parts = [
        f"{SET_WORDS.get(s, s)} cards in their {EDITION_WORDS.get(e, f'edition {e}')}"
        for s, e in sorted(chosen.items())
    ]
    return "Editions: " + "; ".join(parts) + "."


def position(setup: Mapping[str, Any], chosen_editions: Mapping[str, int]) -> list[str]:
    """Sentences describing the starting position."""
    players = int(setup.get("players", 2))
    kingdom = setup.get("kingdom", [])
    lines = [
        f"{number(players).capitalize()} players. "
        + (f"Kingdom: {cards(kingdom)}." if kingdom else "")
        + (" Platinum and Colony are in the game." if setup.get("colony") else ""),
        _turn(setup.get("turn", {})),
    ]
    line = editions_line(chosen_editions)
    if line:
        lines.append(line)
    for n in range(1, players + 1):
        held = _player_line(f"p{n}", setup.get(f"p{n}", {}))
        if held:
            lines.append(held)
    taken = {p: t for p, t in setup.get("turns_taken", {}).items() if t}
    if taken:
        lines.append(
            "Turns taken so far: " + ", ".join(f"{p} {t}" for p, t in sorted(taken.items())) + "."
        )
    if setup.get("supply"):
        piles = ", ".join(f"{p} {n}" for p, n in setup["supply"].items())
        lines.append(f"Supply piles set to: {piles}.")
    if setup.get("trash"):
        lines.append(f"The trash holds {cards(setup['trash'])}.")
    if setup.get("embargo"):
        tokens = ", ".join(f"{n} on {p}" for p, n in setup["embargo"].items())
        lines.append(f"Embargo tokens: {tokens}.")
    if setup.get("bane"):
        lines.append(f"The Bane is {setup['bane']}, its pile an 11th Kingdom pile.")
    if setup.get("ferryman"):
        lines.append(f"Ferryman's pile, set out beside the Supply, is {setup['ferryman']}.")
    for pile, held in setup.get("piles", {}).items():
        lines.append(f"The {pile} pile holds {cards(held) if held else 'nothing'}.")
    route = setup.get("trade_route")
    if route:
        lines.append(
            f"The Trade Route mat holds {counted(route['mat'], 'coin token')}; tokens sit on "
            f"{cards(route['piles']) if route['piles'] else 'no pile'}."
        )
    return lines


# --- Result -------------------------------------------------------------------------------


def _player_result(name: str, wanted: Mapping[str, Any]) -> list[str]:
    out = []
    for zone, words in ZONE_WORDS.items():
        if zone in wanted:
            out.append(f"{name} has {cards(wanted[zone])} {words.split(' (')[0]}")
    for key, words in COUNT_WORDS.items():
        if key in wanted:
            out.append(f"{name} has {wanted[key]} {words}")
    if "discard_top" in wanted:
        top = wanted["discard_top"]
        out.append(
            f"the top of {name}'s discard pile is {top}"
            if top
            else f"{name}'s discard pile is empty"
        )
    if "vp_tokens" in wanted:
        out.append(f"{name} has {wanted['vp_tokens']} VP tokens")
    if "pirate_ship" in wanted:
        tokens = counted(wanted["pirate_ship"], "Coin token")
        out.append(f"{name} has {tokens} on the Pirate Ship mat")
    if "coffers" in wanted:
        out.append(f"{name} has {counted(wanted['coffers'], 'Coin token')} on the Coffers mat")
    if "score" in wanted:
        out.append(f"{name} scores {wanted['score']} VP")
    return out


def checked(expect: Mapping[str, Any]) -> list[str]:
    """What an ``expect`` mapping checks, as clauses."""
    out: list[str] = []
    for key in sorted(k for k in expect if k.startswith("p") and k[1:].isdigit()):
        out += _player_result(key, expect[key])
    if "trash" in expect:
        out.append(f"the trash holds {cards(expect['trash'])}")
    if "supply" in expect:
        out += [f"{n} left in the {p} pile" for p, n in expect["supply"].items()]
    out += [
        f"the {p} pile holds {cards(held) if held else 'nothing'}"
        for p, held in expect.get("piles", {}).items()
    ]
    if "trade_route" in expect:
        out.append(f"the Trade Route mat holds {counted(expect['trade_route'], 'coin token')}")
    out += [
        f"{counted(n, 'Embargo token')} on the {p} pile"
        for p, n in expect.get("embargo", {}).items()
    ]
    out += [f"{p} has taken {counted(n, 'turn')}" for p, n in expect.get("turns_taken", {}).items()]
    turn = expect.get("turn", {})
    for key, word in (("actions", "Action"), ("buys", "Buy")):
        if key in turn:
            out.append(f"{counted(turn[key], word)} left")
    if "coins" in turn:
        out.append(f"${turn['coins']} to spend")
    if "phase" in turn:
        out.append(f"the turn is in its {PHASE_WORDS.get(turn['phase'], 'Action')} phase")
    if "player" in turn:
        out.append(f"it is {turn['player']}'s turn")
    if "extra" in turn:
        out.append("it is an extra turn" if turn["extra"] else "it is not an extra turn")
    if expect.get("events"):
        out.append("these happen, in this order: " + "; ".join(map(str, expect["events"])))
    if expect.get("no_events"):
        out.append("none of these happens: " + "; ".join(map(str, expect["no_events"])))
    if "pending" in expect:
        out.append(_pending(expect["pending"]))
    if "game_over" in expect:
        out.append("the game is over" if expect["game_over"] else "the game goes on")
    if "winners" in expect:
        out.append("the winner is " + " and ".join(map(str, expect["winners"])))
    return out


def _pending(pending: Mapping[str, Any] | None) -> str:
    if pending is None:
        return "nothing is left to decide"
    who = str(pending.get("player", "a player"))
    what = KIND_WORDS.get(pending.get("kind", ""), "to decide")
    source = f" for {pending['source']}" if "source" in pending else ""
    return f"the rules are waiting for {who} {what}{source}"


def sentence(clauses: Sequence[str]) -> str:
    if not clauses:
        return "Nothing is checked but that every step is accepted."
    text = "; ".join(clauses)
    if not (text[0] == "p" and text[1:2].isdigit()):  # p1 stays p1
        text = text[0].upper() + text[1:]
    return text + "."


# --- What happens (from the file, until the engine's play-by-play is used) ----------------


def file_step(step: Any, player: str) -> str:
    """One step of the file in words (``step`` is a ``scenarios.model.Step``)."""
    who = str(step.player or player)
    refused = " The rules refuse it." if step.rejected else ""
    if step.verb == "play":
        return f"{who} plays {' then '.join(map(str, step.arg))}.{refused}"
    if step.verb == "buy":
        return f"{who} buys {step.arg}.{refused}"
    if step.verb == "end":
        return f"{who} ends the {'Action phase' if step.arg == 'action' else 'turn'}.{refused}"
    if step.verb == "spend":
        return f"{who} spends {len(step.arg)} {step.arg[0].capitalize()}.{refused}"
    if step.verb == "choose":
        asker = f" to {step.source}'s question" if step.source else ""
        verb = "tries to answer" if step.rejected else "answers"
        if not step.player:
            return f"The answer{asker}: {answer_text(step.arg)}.{refused}"
        return f"{who} {verb} {answer_text(step.arg)}{asker}.{refused}"
    clauses = checked(step.arg)
    return "Checked at this point: " + ("; ".join(clauses) if clauses else "nothing") + "."


# --- What happens (from the engine's play-by-play, ``scenarios.trace``) -------------------

VERB_WORDS = {"play": "plays", "buy": "buys", "spend": "spends"}


def _command(record: Any) -> str:
    who = str(record.player)
    if record.verb == "end":
        what = f"ends the {'Action phase' if record.card == 'action' else 'turn'}"
    else:
        what = f"{VERB_WORDS.get(record.verb, str(record.verb))} {record.card}"
    return _refusal(f"{who} {what}", record)


def _refusal(text: str, record: Any) -> str:
    if record.refused is not None:
        return f"{text}: the rules refuse it ({record.refused})."
    return text + "."


def _asked(decision: Any) -> str:
    return f"Asked: {decision.question()}."


def _event_of(record: Any) -> str | None:
    """The event line a command reports itself by (``p1 plays Throne Room``)."""
    if type(record).__name__ == "Command" and record.verb in VERB_WORDS:
        return f"{record.player} {VERB_WORDS[record.verb]} {record.card}"
    return None


def trace_steps(records: Sequence[Any]) -> list[str]:
    """The numbered steps of *What happens* from a scenario's trace records: each command
    or answer, then what it caused and the decision it left the player, and each
    checkpoint on the way (the final checkpoint is the *Result*)."""
    steps: list[str] = []
    last = None  # the command whose events come next
    for record in records:
        kind = type(record).__name__
        if kind in ("Command", "Answer"):
            last = record
        if kind == "Start":
            opening = []
            if record.events:
                opening.append("At the start: " + "; ".join(map(str, record.events)) + ".")
            if record.asked is not None:
                opening.append(_asked(record.asked))
            if opening:
                steps.append(" ".join(opening))
        elif kind == "Command":
            steps.append(_command(record))
        elif kind == "Answer":
            steps.append(_refusal(f"{record.player} answers {answer_text(record.value)}", record))
        elif kind == "Happened" and steps:
            lines = list(record.lines)
            if lines and last is not None and lines[0] == _event_of(last):
                lines = lines[1:]  # "p1 plays Throne Room" has just been said
            if lines:
                steps[-1] += " Then " + "; ".join(map(str, lines)) + "."
        elif kind == "Asked" and steps:
            steps[-1] += " " + _asked(record.decision)
        elif kind == "Checkpoint" and record.step is not None:
            clauses = checked(record.expected)
            verdict = (
                "it holds"
                if not record.problems
                else "it does not hold: " + "; ".join(map(str, record.problems))
            )
            steps.append(
                "Checked at this point: " + ("; ".join(clauses) or "nothing") + f" ({verdict})."
            )
    return steps


def trace_result(records: Sequence[Any]) -> str | None:
    """What the engine showed at the final checkpoint: whether each expectation held."""
    final = [r for r in records if type(r).__name__ == "Checkpoint" and r.step is None]
    if not final:
        return None
    problems = final[-1].problems
    if not problems:
        return "The reference engine's state at the end matches every expectation."
    return "The reference engine differs: " + "; ".join(map(str, problems)) + "."
