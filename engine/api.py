"""The card API: everything a card's effect may ask of the game, and nothing else.

A card effect is handed a :class:`~engine.context.Context` whose ``game`` is a
:class:`CardAPI`: the look-ups, the costs, the shared verbs and the decision helpers. The
driver's side of the game (``command``, ``answer``, ``pending``) is not part of it, so a
card that tried to drive the game would not type-check. ``engine.verbs.Verbs``, the part
of a game cards are given, implements it (mypy checks that, below); the driver
(``engine.game.Game``) does not: it holds the verbs as ``game.verbs``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from engine.context import Context
    from engine.costs import Cost, CostLimit
    from engine.decisions import DecisionKind, Purpose
    from engine.model import Card, Effect
    from engine.state import GameState, Phase, PlayerState, PlayerZone, Zone
    from engine.verbs import Verbs


class CardAPI(Protocol):
    """The verbs cards use (implemented by ``engine.verbs.Verbs``)."""

    # --- look-ups

    @property
    def state(self) -> GameState: ...

    @property
    def players(self) -> int: ...

    @property
    def active(self) -> int: ...

    def player(self, index: int) -> PlayerState: ...

    def turn_order(self, start: int | None = None) -> list[int]: ...

    def others(self, player: int) -> list[int]: ...

    def definition(self, card: int) -> Card: ...

    def definition_by_name(self, name: str) -> Card: ...

    def name_of(self, card: int) -> str: ...

    def in_phase(self, phase: Phase) -> bool: ...

    def cost(self, card: Card) -> Cost: ...

    def cost_of(self, name: str) -> Cost: ...

    def pile_of(self, name: str) -> Zone | None: ...

    # --- moving cards

    def top_of_deck(self, player: int) -> int | None: ...

    def shuffle(self, player: int) -> None: ...

    def shuffle_into_deck(self, player: int, cards: Iterable[int], source: PlayerZone) -> int: ...

    def draw(self, player: int, count: int = 1) -> list[int]: ...

    def reveal_top(self, player: int, verb: str = "reveals") -> int | None: ...

    def reveal(self, player: int, cards: Iterable[int]) -> None: ...

    def discard(self, player: int, card: int, source: PlayerZone = "hand") -> Effect[bool]: ...

    def discard_cards(
        self, player: int, cards: Iterable[int], source: PlayerZone = "hand"
    ) -> Effect[list[int]]: ...

    def topdeck(self, player: int, card: int, source: PlayerZone = "hand") -> bool: ...

    def set_aside(self, player: int, card: int, source: PlayerZone = "hand") -> bool: ...

    def put(
        self, player: int, card: int, source: Zone, destination: PlayerZone, *, depth: int = 0
    ) -> bool: ...

    def put_into_hand(self, player: int, card: int, source: Zone) -> bool: ...

    def put_on_mat(self, player: int, card: int, source: Zone, mat: str) -> bool: ...

    def hold(self, player: int, card: int, holder: int) -> bool: ...

    def held_with(self, player: int, holder: int) -> list[int]: ...

    def take_held(self, player: int, holder: int) -> list[int]: ...

    def put_held_into_hand(self, player: int, holder: int) -> bool: ...

    def trash(self, player: int, card: int, source: Zone) -> Effect[bool]: ...

    def pass_card(self, giver: int, card: int, receiver: int) -> bool: ...

    def return_to_supply(self, player: int, card: int, source: Zone) -> bool: ...

    def exchange(self, player: int, card: int, source: Zone, pile: str) -> int | None: ...

    def gain(
        self,
        player: int,
        pile: str,
        to: PlayerZone | None = None,
        *,
        bought: bool = False,
        besides: int | None = None,
        instead_of: int | None = None,
    ) -> Effect[int | None]: ...

    def gain_card(
        self,
        player: int,
        card: int,
        source: Zone,
        to: PlayerZone | None = None,
        *,
        bought: bool = False,
        instead_of: int | None = None,
    ) -> Effect[int | None]: ...

    def gain_from_pile(
        self, player: int, pile: str, name: str, to: PlayerZone | None = None
    ) -> Effect[int | None]: ...

    # --- counters

    def bonus(
        self,
        player: int,
        cards: int = 0,
        actions: int = 0,
        buys: int = 0,
        coins: int = 0,
        potions: int = 0,
    ) -> None: ...

    # --- tokens (of the kinds the sets declare: engine.tokens)

    def tokens(self, player: int, kind: str) -> int: ...

    def add_tokens(self, player: int, kind: str, count: int = 1) -> None: ...

    def remove_tokens(self, player: int, kind: str, count: int = 1) -> bool: ...

    def pile_tokens(self, pile: str, kind: str) -> int: ...

    def add_pile_token(self, player: int, pile: str, kind: str) -> bool: ...

    def take_pile_token(self, pile: str, kind: str) -> bool: ...

    def mat_tokens(self, kind: str) -> int: ...

    # --- turns

    def queue_turn(
        self,
        player: int,
        kind: str = "extra",
        *,
        controller: int | None = None,
        counts: bool = False,
    ) -> bool: ...

    def draw_next_hand(self, size: int) -> None: ...

    # --- playing

    def play(
        self,
        player: int,
        card: int,
        source: PlayerZone | Literal["trash"] = "hand",
        *,
        by: int | None = None,
    ) -> Effect[bool]: ...

    def play_again(self, player: int, card: int, *, by: int | None = None) -> Effect[None]: ...

    def attacked(self, context: Context) -> list[int]: ...

    def start_lasting(self, context: Context, trigger_index: int) -> None: ...

    def start_lasting_cost(self, context: Context) -> None: ...

    def stay_in_play(self, context: Context) -> None: ...

    def at_start_of_next_turn(self, context: Context, trigger_index: int) -> None: ...

    def attacks_until_done(self, context: Context, held: int | None = None) -> None: ...

    def still_attacks(
        self, owner: int, card: int, victim: int, held: int | None = None
    ) -> bool: ...

    def end_lasting(self, owner: int, card: int, trigger_index: int) -> None: ...

    # --- decisions

    def choose_cards(
        self,
        player: int,
        source: str,
        candidates: Iterable[int],
        minimum: int,
        maximum: int,
        prompt: str,
        kind: DecisionKind = "cards",
        *,
        purpose: Purpose,
    ) -> Effect[list[int]]: ...

    def choose_order(
        self, player: int, source: str, cards: list[int], prompt: str
    ) -> Effect[list[int]]: ...

    def choose_gain(
        self,
        player: int,
        source: str,
        limit: CostLimit | None,
        prompt: str,
        *,
        fits: Callable[[Card], bool] | None = None,
        optional: bool = False,
        empty_too: bool = False,
        outside: Iterable[str] = (),
    ) -> Effect[str | None]: ...

    def choose_option(
        self,
        player: int,
        source: str,
        labels: Iterable[str],
        prompt: str,
        minimum: int = 1,
        maximum: int = 1,
        *,
        purpose: Purpose = "choose",
    ) -> Effect[list[str]]: ...

    def yes_no(
        self, player: int, source: str, prompt: str, *, purpose: Purpose = "choose"
    ) -> Effect[bool]: ...

    def choose_amount(
        self, player: int, source: str, least: int, most: int, prompt: str, *, purpose: Purpose
    ) -> Effect[int]: ...

    def name_a_card(self, player: int, source: str, prompt: str) -> Effect[str]: ...


if TYPE_CHECKING:

    def _verbs_implement_the_card_api(verbs: Verbs) -> CardAPI:
        """mypy refuses this while ``Verbs`` lacks a name of ``CardAPI`` or types it
        otherwise (never run)."""
        return verbs
