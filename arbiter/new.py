"""``arbiter new CARD [CARD ...] [--out FILE]``: a scenario skeleton for a dispute.

The skeleton is a scenario that loads and passes as it is (it checks only that nothing is
left to answer): the cards in the Kingdom, each card with the player who would hold it in
the dispute (p1, whose turn it is, holds the cards to play; a card that answers another
player's Attack goes to p2: Moat to p2's hand, a Lighthouse to p2's cards in play from
their last turn), each card's text and option labels as comments, and commented example
steps and expectations to fill in. It is printed, or written to a new file; an existing
file is never replaced.
"""

from __future__ import annotations

import argparse
import functools
import json
from collections.abc import Callable, Sequence

from arbiter import output
from engine.abilities import SetsUp, of_kind
from engine.cards import ALL_CARDS, definitions
from engine.model import Card
from engine.position import bane_fits
from engine.sets import KINGDOM_SETS
from engine.setup_check import fits_range
from scenarios.names import fold


def slug(name: str) -> str:
    """``King's Court`` -> ``kings-court``: the form scenario ids use."""
    plain = fold(name).replace(" ", "-")
    return "-".join("".join(c if c.isalnum() else " " for c in plain).split())


def _comment(text: str, width: int = 86) -> list[str]:
    """``text`` as ``#`` lines no wider than ``width``."""
    lines, line = [], "#"
    for word in text.split():
        if len(line) + 1 + len(word) > width:
            lines.append(line)
            line = "#"
        line += " " + word
    return [*lines, line]


def _card_notes(name: str) -> list[str]:
    cards = sorted(definitions(name), key=lambda card: card.editions)
    notes: list[str] = []
    for card in cards:
        which = f" (edition {','.join(map(str, card.editions))})" if len(cards) > 1 else ""
        notes += _comment(f"{card.name}{which}, {card.cost}: {card.text}")
        if card.options:
            notes.append(f"#   option labels: {', '.join(card.options)}")
    return notes


def _editions_line(cards: Sequence[Card]) -> list[str]:
    """A commented ``editions:`` line when a card's text changed between editions."""
    changed = sorted({card.set for card in cards if len(definitions(card.name)) > 1})
    changed = [name for name in changed if name in KINGDOM_SETS]
    if not changed:
        return []
    sets = ", ".join(f"{name}: 1" for name in changed)
    return [
        f"# editions: {{{sets}}}  # a card here changed between editions; 2 is the default",
    ]


def _first_steps(cards: Sequence[Card]) -> list[str]:
    mine = [c.name for c in cards if len(cards) == 1 or holder(c) == ("p1", "hand")]
    actions = [n for n in mine if any(c.is_("Action") for c in definitions(n))]
    lines = ["steps: []  # replace [] by the steps, one verb each, for example:"]
    if actions:
        lines.append(f"  # - play: {actions[0]}")
    lines += [
        "  # - choose: ...        # answer the question asked: a card, a list of cards,",
        "  #                      # yes / no, [] for nothing, or an option label",
        "  #   source: ...        # (optional) the card whose effect asks",
        "  # - expect: {p1: {hand_count: 4}}   # a checkpoint between steps",
    ]
    return lines


def _asked_piles(cards: Sequence[Card], taken: Sequence[str]) -> list[str]:
    """Setup lines for the Kingdom piles the cards ask set-up for (Young Witch's Bane,
    Ferryman's pile): the first Kingdom card that fits, not already in the scenario."""
    lines: list[str] = []
    used = set(taken)

    def first(fits: Callable[[Card], bool]) -> str:
        pool = sorted({c.name for c in ALL_CARDS if c.kingdom and c.name not in used})
        name = next(n for n in pool if fits(definitions(n)[0]))
        used.add(name)
        return name

    for card in cards:
        for change in of_kind(card.static, SetsUp):
            bane, aside = change.bane, change.set_aside
            if bane is not None:
                chosen = first(functools.partial(bane_fits, bane))
                lines.append(f"  bane: {chosen}   # {card.name}'s Bane: any Kingdom card "
                             f"from {bane.low} to {bane.high}")  # fmt: skip
            if aside is not None:
                chosen = first(functools.partial(fits_range, aside))
                lines.append(f"  {aside.key}: {chosen}   # {card.name}'s pile: any Kingdom card "
                             f"from {aside.low} to {aside.high}")  # fmt: skip
    return lines


def holder(card: Card) -> tuple[str, str]:
    """Who holds ``card`` in a dispute about several cards, and where: p1 (whose turn it
    is) holds what is played; a card whose ability answers another player's Attack is
    p2's, in hand (Moat) or in play from p2's last turn (Lighthouse)."""
    for trigger in card.triggers:
        if trigger.event == "attack" and trigger.who == "others":
            if trigger.where == "hand":
                return "p2", "hand"
            if trigger.where == "in_play" and card.is_("Duration"):
                return "p2", "durations"
    return "p1", "hand"


def _players(cards: Sequence[Card]) -> list[str]:
    """The setup lines for the players' cards."""
    held: dict[str, dict[str, list[str]]] = {"p1": {"hand": []}}
    for card in cards:
        player, zone = holder(card) if len(cards) > 1 else ("p1", "hand")
        held.setdefault(player, {}).setdefault(zone, []).append(card.name)
    lines = []
    for player, zones in held.items():
        lines.append(f"  {player}:")
        lines += [f"    {zone}: [{', '.join(names)}]" for zone, names in zones.items()]
        if player == "p1":
            lines.append("    # deck: [...]      # top card first")
    if "p2" not in held:
        lines.append("  # p2: {hand: [...]}")
    return lines


def skeleton(names: Sequence[str]) -> str:
    """The scenario text for these cards (already spelt as the catalogue does)."""
    cards = [definitions(name)[0] for name in names]
    kingdom = [card.name for card in cards if card.kingdom]
    scenario_id = f"mine/{slug(names[0])}/{'-'.join(slug(n) for n in names[1:]) or 'case'}"
    lines = [
        f"# A scenario about {', '.join(names)}: fill in the steps and what must hold, then",
        "#   arbiter check THIS-FILE --trace",
        "# The format: docs/guides/writing-scenarios.rst (arbiter docs builds it).",
        "#",
        *(note for name in names for note in _card_notes(name)),
        f"id: {scenario_id}",
        f"title: {json.dumps(' and '.join(names) + ' - say in one line what this shows')}",
        *_editions_line(cards),
        "setup:",
        f"  kingdom: [{', '.join(kingdom)}]" if kingdom else "  kingdom: []",
        *_asked_piles(cards, names),
        *_players(cards),
        *_first_steps(cards),
        "expect:",
        "  pending: null        # nothing is left to answer",
        "  # p1: {hand: [...], discard: [...], in_play: [...]}",
        "  # supply: {Duchy: 7}",
        "  # trash: [...]",
        "  # events: [p1 gains Duchy]",
    ]
    return "\n".join(lines) + "\n"


def run_new(args: argparse.Namespace) -> int:
    from arbiter.cli import find_card  # (cli imports this module to register the command)

    names = list(dict.fromkeys(find_card(name) for name in args.cards))
    text = skeleton(names)
    if args.out is None or args.out == output.STDOUT:
        print(text, end="")
        return 0
    (target,) = output.plan([("--out", args.out)])
    output.write_new(target, text)
    print(f"wrote {target}: fill it in, then run arbiter check {target}")
    return 0


def configure_new(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="+", metavar="CARD", help="the cards (any case)")
    parser.add_argument(
        "--out", metavar="FILE", help="write the skeleton to FILE, which must not exist yet"
    )
