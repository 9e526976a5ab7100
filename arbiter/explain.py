"""``arbiter explain A B``: what the rules say about two cards together.

The rulings that name both cards (with their sources), the bundled scenarios about both,
and how the interaction graph joins them; when no ruling names both, it says so.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from scenarios.catalogue import Ruling, catalogue, rulings_for_card
from scenarios.model import Scenario

WIDTH = 88


def _wrapped(text: str, indent: str) -> str:
    return textwrap.fill(
        " ".join(text.split()), WIDTH, initial_indent=indent, subsequent_indent=indent
    )


def ruling_lines(ruling: Ruling, indent: str = "  ") -> list[str]:
    """One ruling: id, editions, what it is about, its text and its source."""
    editions = ",".join(map(str, ruling.editions))
    return [
        f"{indent}{ruling.id} [editions {editions}] (about {ruling.subject})",
        _wrapped(ruling.text, indent + "  "),
        f"{indent}  Source: {ruling.source}",
    ]


def rulings_naming_both(first: str, second: str) -> list[Ruling]:
    return [r for r in rulings_for_card(first) if r.mentions(second)]


def scenarios_naming_both(first: str, second: str, loaded: Sequence[Scenario]) -> list[Scenario]:
    return [s for s in loaded if first in s.named and second in s.named]


def interactions(first: str, second: str, loaded: Sequence[Scenario]) -> list[tuple[str, str]]:
    """How the interaction graph joins the two cards: ``(kind: doer -> taker, reason)``
    for each interaction, then ``(no special rule, ruling's words)`` for each pair a
    ruling says needs no rule beyond each card's own (the graph's data API, ``pair_report``)."""
    from checks import graph as card_graph
    from engine.cards import ALL_CARDS

    built = card_graph.build_graph(
        ALL_CARDS,
        catalogue().values(),
        [card_graph.ScenarioInfo.from_scenario(s) for s in loaded],
    )
    report = card_graph.pair_report(built, first, second)
    found = []
    for row in report.interactions:
        doer, taker = (row.card, row.other) if row.direction == "out" else (row.other, row.card)
        found.append((f"{row.kind}: {doer} -> {taker}", row.reason))
    for clarified in report.non_interactions:
        found.append((f"no special rule ({clarified.ruling})", clarified.sentence()))
    return found


def pair_text(first: str, second: str, loaded: Sequence[Scenario]) -> str:
    """The whole report for two cards, as the catalogue spells them."""
    rulings = rulings_naming_both(first, second) + rulings_naming_both(second, first)
    rulings = list({ruling.id: ruling for ruling in rulings}.values())
    scenarios = scenarios_naming_both(first, second, loaded)
    out = [f"{first} and {second}", ""]
    if rulings:
        out.append(f"Rulings that name both ({len(rulings)}):")
        out += [line for ruling in rulings for line in ruling_lines(ruling)]
    else:
        out.append("No ruling links these two cards.")
    out += ["", f"Scenarios about both ({len(scenarios)}):"]
    out += [f"  {s.id}: {s.title}\n    {s.file}" for s in scenarios]
    joined = interactions(first, second, loaded)
    out += ["", f"Interactions in the graph ({len(joined)}):"]
    for head, reason in joined:
        out += [f"  {head}", *([_wrapped(reason, "    ")] if reason else [])]
    if not joined:
        out.append("  none: the graph does not join these two cards")
    return "\n".join(out)


# --- the questions a card asks (checks/questions.py) ------------------------------------


def ability_title(when: str) -> str:
    """An ability of the spec (``play``, ``react``, ``order``, ``attack (hand)``) in words."""
    if when == "play":
        return "When played"
    if when == "react":
        return "As a Reaction (whether to use it)"
    if when == "order":
        return "Beside other abilities of the same event (which resolves first)"
    event, _, where = when.partition(" (")
    return f"When triggered: {event}, from {where.rstrip(')')}"


def _writes(events: Sequence[dict[str, str]]) -> str:
    return ", ".join(f"{e['who']}: {e['verb']}" for e in events)


def question_words(question: dict[str, Any]) -> str:
    """One question of the spec in a line: who, kind, purpose, bounds, and the caveats."""
    bounds = (
        f"pick {question['min']}"
        if question["min"] == question["max"]
        else f"pick {question['min']} to {question['max']}"
    )
    notes = [
        *(["choices may repeat"] if question["choices_repeat"] else []),
        *(["asked again within one resolution"] if question["repeats"] else []),
        *(["not always asked"] if not question["always"] else []),
        *(["taken alone when it has one legal answer"] if question["sometimes_forced"] else []),
    ]
    who = "you" if question["who"] == "you" else "another player"
    head = f"{who}: {question['kind']} ({question['purpose']}), {bounds}"
    return "; ".join([head, *notes])


def questions_text(entries: Sequence[dict[str, Any]], indent: str = "  ") -> list[str]:
    """A card's question spec (``checks.questions.spec_json``) as indented lines."""
    lines = []
    for entry in entries:
        editions = " and ".join(map(str, entry["editions"]))
        lines.append(f"{indent}Edition{'s' if len(entry['editions']) > 1 else ''} {editions}:")
        if not entry["abilities"]:
            lines.append(f"{indent}  nothing of it is resolved by any run")
        for ability in entry["abilities"]:
            seen = f"seen {ability['resolutions']} times"
            lines.append(f"{indent}  {ability_title(ability['when'])} ({seen}):")
            if ability["writes"]:
                lines.append(f"{indent}    writes {_writes(ability['writes'])}")
            if not ability["questions"]:
                lines.append(f"{indent}    asks nothing")
            for number, question in enumerate(ability["questions"], 1):
                lines.append(f"{indent}    {number}. {question_words(question)}")
                if question["then_writes"]:
                    lines.append(f"{indent}       then writes {_writes(question['then_writes'])}")
    return lines
