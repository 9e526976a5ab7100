"""The kinds of ability a card has besides what it does when played and its triggers.

A card (``engine.model.Card``) is a composition of a few kinds of ability:

- on play: its vanilla bonuses as data, ``effect`` and ``lasting``;
- triggered (``engine.model.Trigger``, reactions are optional triggers);
- **static** (``Card.static``): what holds while the card is in play, for the rest of the
  turn after a play, while it is in the Kingdom, or of the card itself: cost changes
  (:class:`CostChange`), buy restrictions (:class:`BuyRestriction`), game-long changes of
  other cards (:class:`ChangesCards`), what happens after any gain (:class:`WhenAnyGained`),
  what set-up adds (:class:`SetsUp`), and two marks the setup check reads
  (:class:`HoldsSetAside`, :class:`GivesExtraTurn`);
- **replacement** (``Card.replacements``, :class:`Replacement`): "when ... would ...,
  instead ...", consulted before the move it replaces.

Nothing here runs by itself: the engine's indexes (``engine.indexes``) find the abilities
of a game's cards once, and the verbs apply them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from engine.costs import Cost
from engine.vocabulary import (
    COST_CHANGE_PLACES,
    REPLACED_EVENTS,
    REPLACEMENT_PLACES,
    TRIGGER_WHO,
    CostChangePlace,
    ReplacedEvent,
    ReplacementPlace,
    TriggerWho,
)

if TYPE_CHECKING:
    from engine.api import CardAPI
    from engine.context import ReplacementContext
    from engine.model import Card, Effect
    from engine.state import Zone

# --- static abilities ----------------------------------------------------------------------


@dataclass(frozen=True)
class CostChange:
    """Cards cost less: ``amount(game, card)`` coins less (at least 0; only the coin part
    is ever lowered, never below $0: rulings ``rules/costs/13``).

    ``where``: ``in_play`` while this card is in play (1st-edition Quarry: once per copy);
    ``turn`` for the rest of the turn from each play, wherever the card then goes (Bridge,
    2nd-edition Quarry: its ``lasting`` calls ``game.start_lasting_cost(ctx)``, once per
    play); ``self`` this card's own cost (Peddler; ``card`` is then the card itself)."""

    where: CostChangePlace
    amount: Callable[[CardAPI, Card], int]


@dataclass(frozen=True)
class BuyRestriction:
    """A card may not be bought now: ``why_not(game, pile)`` is the reason, or None.

    ``where``: ``self`` restricts buying this card (Grand Market); ``turn`` applies once
    this card has been played this turn, to any pile (Contraband's named card)."""

    where: Literal["self", "turn"]
    why_not: Callable[[CardAPI, str], str | None]


@dataclass(frozen=True)
class HoldsSetAside:
    """The cards its plays set aside stay with it until its start-of-turn part puts them
    into the hand (Haven, Blockade: ``game.hold``); a setup lists them with it."""


@dataclass(frozen=True)
class GivesExtraTurn:
    """Its play gives an extra turn (Outpost), so it is in play from an earlier turn only
    during that extra turn (what a setup may say)."""


@dataclass(frozen=True)
class ChangesCards:
    """Definitions that replace other cards' own for the whole game while this card is in
    the Kingdom (Charlatan: Curse is also a Treasure worth $1)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class WhenAnyGained:
    """What happens after any card is gained while this card is in the Kingdom, as a rule
    of the game rather than a player's ability (Trade Route's tokens moving to its mat):
    ``effect(game, card gained, the zone it came from)``. Runs on every gain, the plain
    buy included, and asks nothing."""

    effect: Callable[[CardAPI, int, Zone], None]


@dataclass(frozen=True)
class PileSetup:
    """A pile set-up adds: ``name``, the names of its ``cards`` and how many ``copies`` of
    each by player count, in the Supply or not (``supply``). A Supply pile can be bought,
    is offered by "gain a card" and counts for the end of the game; a pile outside the
    Supply (Prizes, Rewards) is gained from only by the card that names it
    (``game.gain_from_pile``). A pile with one name is a Supply pile like any other
    (Potion: ``PileSetup("Potion", ("Potion",), lambda players: 16, supply=True)``)."""

    name: str
    cards: tuple[str, ...]
    copies: Callable[[int], int]
    supply: bool

    def size(self, players: int) -> int:
        return len(self.cards) * self.copies(players)


@dataclass(frozen=True)
class Bane:
    """An extra Kingdom pile in the Supply, chosen at set-up among the Kingdom cards whose
    printed cost is from ``low`` to ``high`` (compared part by part: a Potion cost is
    never between two coin costs), not already in the Kingdom (Young Witch)."""

    low: Cost
    high: Cost


@dataclass(frozen=True)
class SetAsidePile:
    """A Kingdom card chosen at set-up among those whose printed cost is from ``low`` to
    ``high``, not in the Kingdom (nor the Bane), whose pile is set out beside the Supply,
    not in it (Ferryman's): a setup names it by ``key`` (``ferryman: Village``; the random
    Kingdom of ``Game.new`` chooses it), the pile outside the Supply takes the card's name
    and its usual size, and ``game.state.set_aside_piles[key]`` says which it is. Its
    cards are gained only by the card that asks for it (``game.gain_from_pile``)."""

    key: str
    low: Cost
    high: Cost


@dataclass(frozen=True)
class PileTokens:
    """Tokens of kind ``kind`` set-up puts on each Supply pile whose card passes ``fits``
    (Trade Route: one on each Victory pile), unless the setup places them itself."""

    kind: str
    fits: Callable[[Card], bool]


@dataclass(frozen=True)
class SetsUp:
    """What set-up adds when this card is in the Kingdom: ``piles`` (in or outside the
    Supply), a ``bane`` pile, a Kingdom pile set out beside the Supply (``set_aside``:
    Ferryman's), ``player_tokens`` each player starts with ((kind, count): Baker's
    Coffers), ``pile_tokens`` on Supply piles."""

    piles: tuple[PileSetup, ...] = ()
    bane: Bane | None = None
    set_aside: SetAsidePile | None = None
    player_tokens: tuple[tuple[str, int], ...] = ()
    pile_tokens: tuple[PileTokens, ...] = ()


@dataclass(frozen=True)
class Overpay:
    """Its buyer may pay more than its cost when buying it (the "+" on a Guilds cost): the
    buy asks how much more, an ``amount`` decision (purpose ``overpay``) from 0 to the
    coins left, and with a Potion left a ``yes_no`` whether a Potion is part of it. What is
    overpaid is spent, and the buy's and the bought card's gain's happenings carry it:
    ``happening.data["overpaid"]``, a ``Cost`` (absent when nothing was). What the overpay
    does is the card's own trigger: on its buy (first-edition "when you buy this") or on
    its gain (second-edition "Overpay:"). A card gained any other way is never overpaid."""


Static = (
    CostChange
    | BuyRestriction
    | HoldsSetAside
    | GivesExtraTurn
    | ChangesCards
    | WhenAnyGained
    | SetsUp
    | Overpay
)

# A set's rule of set-up over the Kingdom (the Kingdom cards' definitions): what it adds,
# or None. Declared in a card module's ``SETUP_RULES`` (Alchemy: the Potion pile when some
# Kingdom card costs a Potion).
SetupRule = Callable[[Sequence["Card"]], SetsUp | None]

_Kind = TypeVar("_Kind")


def of_kind(abilities: Sequence[Any], kind: type[_Kind]) -> list[_Kind]:
    """The abilities of one kind among a card's (``of_kind(card.static, CostChange)``)."""
    return [ability for ability in abilities if isinstance(ability, kind)]


# --- replacement abilities -----------------------------------------------------------------


@dataclass(frozen=True)
class Replacement:
    """ "When ... would ``event``, instead ...": consulted before the move it replaces.

    ``event`` is ``gain`` or ``trash``. ``where`` says where the card must be: ``self``
    (the card that would be gained or trashed: Nomad Camp), ``hand`` (Trader, revealed
    from hand), ``in_play``, ``game`` (while the card is in the Kingdom: Possession's rule
    of a controlled turn). ``who``: whose events (``own``, ``others``, ``any``).
    ``effect(ctx)`` changes ``ctx.would`` (``engine.context.Would``): cancel it and do
    something else (``would.cancel()`` then ``yield from game.gain(...)``: first-edition
    Trader's Silver), give it to another player (``would.redirect(player)``), send the
    card elsewhere (``would.send_to("deck")``; the instruction's own destination wins).
    ``optional``: its owner is asked first (a ``react`` decision whose source is the card
    that would move). Each replacement applies at most once to an event, and never to the
    events its own effect causes.
    """

    event: ReplacedEvent
    where: ReplacementPlace
    effect: Callable[[ReplacementContext], Effect[None]]
    condition: Callable[[ReplacementContext], bool] = lambda _ctx: True
    optional: bool = False
    who: TriggerWho = "own"

    def problems(self) -> list[str]:
        """What is wrong with its words (each one of its vocabulary's)."""
        fields = (
            ("replacement event", self.event, REPLACED_EVENTS),
            ("replacement where", self.where, REPLACEMENT_PLACES),
            ("replacement who", self.who, TRIGGER_WHO),
        )
        return [f"{name}={value!r}" for name, value, allowed in fields if value not in allowed]


def static_problems(abilities: Sequence[Static]) -> list[str]:
    """What is wrong with a card's static abilities' words."""
    return [
        f"cost change where={ability.where!r}"
        for ability in abilities
        if isinstance(ability, CostChange) and ability.where not in COST_CHANGE_PLACES
    ]


def setup_changes(kingdom: Sequence[Card], rules: Sequence[SetupRule]) -> list[SetsUp]:
    """What set-up adds for a Kingdom (its cards' definitions, the Bane included): each
    card's ``SetsUp`` and what the sets' rules of set-up add (the Potion pile)."""
    changes = [change for card in kingdom if card.static for change in of_kind(card.static, SetsUp)]
    for rule in rules:
        change = rule(kingdom)
        if change is not None:
            changes.append(change)
    return changes
