"""What a card's instructions reach on other cards, as plain data.

The engine's play never reads these: they are declarations for the interaction graph
(``checks/graph.py``) and the docs, precise enough that an edge between two cards can be
derived, with its reason, from the two definitions alone. They are checked against what
the cards do: ``scenarios/declarations.py`` watches every scenario the reference engine runs
and fails one in which a card gains, trashes, plays or watches something its targets do
not cover, and ``tests/test_declarations.py`` that every declaration is followed (and
every cost limit reached) by some scenario. Each card definition carries one
:class:`Targets` (``Card.targets``); a field left at its default means "none of this".

Types are the words of the type line (``Action``, ``Treasure``, ``Victory``, ``Curse``,
``Attack``, ``Reaction``). An empty set of types means "any card".
"""

from __future__ import annotations

from dataclasses import dataclass

# Where a card is, or where it sends a card.
HAND = "hand"
DECK = "deck"  # the top of the deck
DISCARD = "discard"
GAINED = "gained"  # the card just gained, wherever it went (Sailor plays it)
TRASH = "trash"

# When an ability of a card lasts, for :class:`Watch`.
SELF = "self"  # the ability is on the card being bought or gained (Mint)
TURN = "turn"  # set up by a play for the rest of the turn, once per play (2nd-edition Hoard)
WHILE_IN_PLAY = "in_play"  # while the card is in play, once per copy (Goons)
FROM_HAND = "hand"  # revealed from hand (Watchtower)
SETUP = "setup"  # from the start of the game (Trade Route's tokens on Victory piles)
TOKEN = "token"  # from the play that placed its token, for the rest of the game (Embargo)


@dataclass(frozen=True)
class Plays:
    """The card plays other cards: which types, from where, and how many times each.

    Throne Room: Actions from hand, twice. Venture: a Treasure from the deck, once.
    A card that only plays itself (Clerk at the start of its turn) declares no ``Plays``.
    ``excluded``: types it may not play even when they are among ``types`` (Coronet: a
    Reward).
    """

    types: frozenset[str]
    source: str
    times: int
    excluded: frozenset[str] = frozenset()

    def covers(self, card_types: frozenset[str]) -> bool:
        """Whether a card of these types may be played by it (``types`` empty: any)."""
        return (not self.types or bool(self.types & card_types)) and not (
            self.excluded & card_types
        )


@dataclass(frozen=True)
class Gain:
    """One kind of gain the card makes.

    ``types`` / ``names`` filter the gained card (empty: any card); ``max_cost`` is a fixed
    limit compared with current costs (None when the limit depends on another card, as
    Remodel's, or when cost is not tested) and ``relative`` says the limit depends on
    another card: together, the ``CostLimit`` the card's pile is picked under
    (``scenarios/declarations.py`` compares them). ``to`` is where the card arrives,
    ``receiver`` who gains it (``self``, or ``others`` for an Attack's victims, on the
    attacker's turn).
    ``when`` says what makes the gain: the card's ``play``, a ``reaction`` or a ``watch``
    (an ability on buying or gaining). ``inspected``: the instructions go on with the gained
    card after it is gained (Ironworks' bonus by its types, Replace moving it).
    """

    types: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    max_cost: int | None = None
    relative: bool = False
    to: str = DISCARD
    receiver: str = "self"
    when: str = "play"
    from_trash: bool = False
    inspected: bool = False


@dataclass(frozen=True)
class Watch:
    """An ability that fires when a card is bought or gained.

    ``event`` is ``buy`` or ``gain`` (2nd-edition Hoard: ``gain``, with ``bought_only``);
    ``types`` the card must have one of (empty: any), ``excluded`` types it must not have,
    ``max_cost`` the most it may cost. ``lasts`` is one of the module constants (SELF, TURN,
    WHILE_IN_PLAY, FROM_HAND, SETUP, TOKEN) and ``turns`` whose turns it works on (``own`` or
    ``any``). ``does`` is what the ability then does, in a few words ("gains a Gold").
    ``moves`` says the ability moves the gained card (Watchtower, Royal Seal).
    ``gainer`` is whose gains it watches: ``self`` (its owner's), ``right`` (the player to
    the owner's right: Monkey) or ``any`` (every player's, the owner's included: Pirate).
    """

    event: str
    lasts: str
    does: str
    types: frozenset[str] = frozenset()
    excluded: frozenset[str] = frozenset()
    max_cost: int | None = None
    turns: str = "own"
    bought_only: bool = False
    moves: bool = False
    gainer: str = "self"


@dataclass(frozen=True)
class Count:
    """Something the card counts: ``where`` is ``played`` (plays this turn, even of cards
    that left play), ``in_play`` (cards in play now: one per copy), ``hand`` or ``owned``
    (every card its owner has); ``types`` / ``names`` filter what is counted."""

    where: str
    types: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Targets:
    """Everything a card's instructions reach on other cards (see the module docstring).

    ``asks``: types its instructions test on other cards (Tribute: Action, Treasure,
    Victory); the word ``types`` means it counts a card's types (Courtier).
    ``names``: cards its text or its setup singles out, each with what it does to them in
    a few words (Moneylender: Copper -> "trashes a Copper from hand for +3 coins").
    ``reduces``: the types its cost change applies to (empty: every card); None when it
    changes no cost. ``trashes``: where its play trashes cards from (``self`` for a card that
    trashes itself, ``in_play``, ``hand``, ``deck``, ``others`` for other players' cards,
    ``supply``). ``trashes_when_gained``: where it trashes from when it is bought or gained
    (Mint: ``in_play``), with the types it trashes in ``asks``.
    """

    plays: Plays | None = None
    gains: tuple[Gain, ...] = ()
    watches: tuple[Watch, ...] = ()
    counts: tuple[Count, ...] = ()
    asks: frozenset[str] = frozenset()
    names: tuple[tuple[str, str], ...] = ()
    reduces: frozenset[str] | None = None
    trashes: frozenset[str] = frozenset()
    trashes_when_gained: frozenset[str] = frozenset()


def of(*words: str) -> frozenset[str]:
    """A set of types (spelled as on the type line), card names or places."""
    return frozenset(words)
