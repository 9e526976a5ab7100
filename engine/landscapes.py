"""The Landscape slot: what sits beside the Supply without being a card of it (Events,
Landmarks, Projects, Ways, Traits; Adventures onwards).

A Landscape is declared by its set module in ``LANDSCAPES`` (as ``TOKENS`` and ``MATS``
are), named in a game's setup (``landscapes: [Alms]``), held in ``GameState.landscapes``
and written back by the position (``engine.position.setup_of``). It has no card id: it is
never in a zone, never gained, trashed or counted, and nothing moves it.

What each kind does, and where it goes in the engine (only Events are built so far; the
setup check refuses a Landscape of another kind, saying so):

* **Event** (built): bought with ``buy <name>`` like a card: one Buy, its cost paid (no cost
  change touches it: they change cards' costs), the Action phase over and no Treasure
  played afterwards; then its ``on_buy`` effect. Buying an Event is not buying or gaining
  a card, so no "when you buy/gain" ability hears it (the rulebook of Adventures).
* **Project** (to come): bought as an Event is, once per player; its ``on_buy`` puts one of
  the player's cubes on it (a token kind of the set, ``where="player"``), and its ability
  is a ``Trigger`` whose condition asks whether the owner has a cube there: a "game"
  trigger, as Embargo's Curses are.
* **Landmark** (to come): static abilities and triggers of the whole game while it is in
  the game (the ``game`` place of triggers, ``WhenAnyGained``), VP tokens on it as pile
  tokens on a pile named after it, and scoring as a ``vp_counter`` of the game.
* **Way** (to come): a second way to play an Action card: ``play`` asks (an ``option``
  decision) whether to use the card's own instructions or the Way's ``on_play``.
* **Trait** (to come): set on one Kingdom pile at set-up (a setup key naming the pile, as
  the Bane is), its abilities applying to the cards of that pile.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from engine.costs import Cost
from engine.errors import UnknownName, not_one_of
from engine.vocabulary import LANDSCAPE_KINDS, LandscapeKind

if TYPE_CHECKING:
    from engine.api import CardAPI

NO_COST: Final = Cost(0)
# The kinds the engine can play so far (the others are designed above).
BUILT_KINDS: tuple[LandscapeKind, ...] = ("event",)


@dataclass
class LandscapeContext:
    """The context of a Landscape's effect: the game, and the player it acts for."""

    game: CardAPI
    player: int
    name: str


LandscapeEffect = Callable[[LandscapeContext], Generator[Any, Any, None]]


@dataclass(frozen=True)
class Landscape:
    """A Landscape: ``kind`` one of ``engine.vocabulary.LANDSCAPE_KINDS``; ``cost`` what
    buying it costs (Events, Projects); ``on_buy`` what buying it does (an effect, as a
    card's: it may ask with ``yield from ctx.game.choose_...``)."""

    name: str
    set: str
    kind: LandscapeKind
    text: str
    cost: Cost = NO_COST
    on_buy: LandscapeEffect | None = None

    def __post_init__(self) -> None:
        problem = not_one_of("kind", self.kind, LANDSCAPE_KINDS)
        if problem is not None:  # checked at definition, as a card's types are
            raise UnknownName(problem, self.name)
