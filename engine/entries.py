"""What an ``in_play`` or ``durations`` entry of a setup says: its card, the card that
played it (Throne Room) and how many times, the cards set aside with it, and which cards
may wait in play for a later turn; and what waits for the next turn out of play
(``set_aside_for_next_turn``: Farmhands' card, Horse Traders). Read by the setup check
(``engine.setup_check``) and by set-up (``engine.position``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import BadPosition, Key
from engine.model import Card


def play_entry(entry: str | Mapping[str, Any]) -> tuple[str, str | None]:
    """The card of an ``in_play`` / ``durations`` entry (checked) and the card that played
    it (None: played once, by a command)."""
    if isinstance(entry, str):
        return entry, None
    return entry["card"], entry.get("by")


def entry_set_aside(entry: str | Mapping[str, Any]) -> list[str]:
    """The cards an entry's plays set aside with it (Haven, Blockade), first first."""
    return [] if isinstance(entry, str) else list(entry.get("set_aside", []))


def times_played(by: Card, card: Card, where: Key = ()) -> int:
    """How many times ``by`` (Throne Room: 2, King's Court: 3) plays ``card`` from hand;
    BadPosition when it cannot play it. Read from the card's own declaration of what it
    plays (``Card.targets.plays``)."""
    plays = by.targets.plays
    if plays is None or plays.source != "hand" or plays.times < 2:
        raise BadPosition(
            f"{by.name} does not play a card more than once (by is a card like Throne Room)",
            where,
        )
    if not plays.covers(card.types):
        kinds = " or ".join(sorted(plays.types))
        but = f", not {' or '.join(sorted(plays.excluded))} cards" if plays.excluded else ""
        raise BadPosition(f"{by.name} plays {kinds} cards{but}; {card.name} is not one", where)
    again = card.targets.plays
    if again is not None and again.times >= 2:  # what its plays played is not said
        raise BadPosition(
            f"{by.name} playing {card.name} is more than one entry can say (the cards"
            f" {card.name} played): play them in the steps",
            where,
        )
    return plays.times


def is_duration(card: Card) -> bool:
    """A card that can stay in play for a later turn: it sets up start-of-turn effects."""
    return "Duration" in card.types or any(t.where == "next_turn" for t in card.triggers)


# A player's cards set aside out of play for the start of their next turn: each a card that
# set itself aside (Horse Traders) or ``{card, by}``, the card set aside and the card whose
# start-of-turn part takes it (a gained Farmhands, which plays it).
FOR_NEXT_TURN = "set_aside_for_next_turn"


def waits_out_of_play(card: Card) -> bool:
    """A card whose start-of-next-turn part waits while it is not in play (Horse Traders
    set aside, Farmhands gained): one with such a part that is no Duration card (a
    Duration card's part waits in play: ``durations``)."""
    return "Duration" not in card.types and any(t.where == "next_turn" for t in card.triggers)


def plays_for_next_turn(card: Card) -> bool:
    """A card that sets another card aside and plays it at the start of its owner's next
    turn (Farmhands): its part waits out of play and it declares plays from the set-aside
    zone; a ``set_aside_for_next_turn`` entry's ``by``."""
    plays = card.targets.plays
    return waits_out_of_play(card) and plays is not None and plays.source == "set_aside"
