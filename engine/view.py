"""What a bot is given and what it returns (``engine.bots``): a :class:`GameView` of what
its player may know, and a :class:`Command`, :data:`PLAY_TREASURES` or an
:class:`Answer` to its pending decision. The :class:`Bot` protocol is any player that
maps one to the other."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from engine.costs import Cost
from engine.decisions import Decision
from engine.model import Card

if TYPE_CHECKING:
    from engine.game import Game


class Command(NamedTuple):
    """A command for the active player: ``play``/``buy`` a card or ``end`` action/turn."""

    verb: str
    arg: str


class Answer(NamedTuple):
    """An answer to the pending decision, in the form ``Game.answer`` takes."""

    value: Any


@dataclass(frozen=True)
class PlayTreasures:
    """Play every Treasure in hand, first in hand first: ``Game.play_treasures``, the
    same as a ``play`` command for each of them (faster)."""


Move = Command | Answer | PlayTreasures
END_TURN = Command("end", "turn")
END_ACTIONS = Command("end", "action")
PLAY_TREASURES = PlayTreasures()


class GameView:
    """What player ``player`` may see of ``game``; all a bot is given.

    Hidden information (other players' hands, the order of any deck, the contents of
    other players' discard piles below the top card) is not reachable through the
    public attributes and methods of this class. The game itself is held in a private
    slot; a bot must not reach for it, and ``tests/test_bots.py`` checks that bots choose
    the same moves whatever the hidden cards are.
    """

    __slots__ = ("__game", "__hand", "__names", "player")

    def __init__(self, game: Game, player: int) -> None:
        self.__game = game
        self.player = player
        # The game's own lists (never replaced during a game), read by ``hand``.
        self.__hand = game.state.players[player].hand
        self.__names = game.state.names

    # -- the table ------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.__game.table.players

    @property
    def active(self) -> int:
        """Whose turn it is."""
        return self.__game.state.turn.player

    @property
    def my_turn(self) -> bool:
        return self.__game.state.turn.player == self.player

    @property
    def turn_number(self) -> int:
        """The active player's turn number, counting from 1."""
        return self.__game.table.player(self.active).turns_taken + 1

    @property
    def phase(self) -> str:
        return self.__game.state.turn.phase

    @property
    def plays_this_turn(self) -> int:
        """How many cards the active player has played this turn (public)."""
        return len(self.__game.state.turn.plays)

    @property
    def actions(self) -> int:
        return self.__game.state.turn.actions

    @property
    def buys(self) -> int:
        return self.__game.state.turn.buys

    @property
    def coins(self) -> int:
        return self.__game.state.turn.coins

    @property
    def potions(self) -> int:
        return self.__game.state.turn.potions

    @property
    def bought(self) -> bool:
        """Whether the active player has bought a card this turn."""
        return self.__game.state.turn.bought

    @property
    def kingdom(self) -> tuple[str, ...]:
        return tuple(self.__game.state.kingdom)

    def supply_count(self, pile: str) -> int:
        """Cards left in a Supply pile (0 for a pile not in this game)."""
        cards = self.__game.state.supply.get(pile)
        return len(cards) if cards is not None else 0

    def supply(self) -> dict[str, int]:
        return {pile: len(cards) for pile, cards in self.__game.state.supply.items()}

    def trash(self) -> list[str]:
        return self.__game.table.names_of(self.__game.state.trash)

    def card(self, name: str) -> Card:
        """The definition of a card in this game's editions (public knowledge)."""
        return self.__game.table.definition_by_name(name)

    def cost(self, name: str) -> Cost:
        """The current cost of a card (reductions included)."""
        return self.__game.verbs.cost_of(name)

    def buy_restriction(self, name: str) -> str | None:
        """Why the active player may not buy ``name`` now whatever their coins and Buys
        (Contraband's ban, Grand Market with a Copper in play), or None."""
        return self.__game.turn.buy_restriction(name)

    # -- my own cards ----------------------------------------------------------------

    @property
    def hand(self) -> list[str]:
        """My hand, by name."""
        names = self.__names
        hand = []
        for card in self.__hand:  # a loop: cheaper than a comprehension in Python 3.11
            hand.append(names[card])
        return hand

    def owned(self) -> Counter[str]:
        """Every card I own, by name (I know my own cards, not the order of my deck)."""
        game = self.__game
        return Counter(game.table.names_of(game.table.player(self.player).all_cards()))

    def my_revealed(self) -> list[str]:
        return self.__game.table.names_of(self.__game.table.player(self.player).revealed)

    # -- anyone's public zones -------------------------------------------------------

    def in_play(self, player: int | None = None) -> list[str]:
        who = self.player if player is None else player
        return self.__game.table.names_of(self.__game.table.player(who).in_play)

    def discard_top(self, player: int | None = None) -> str | None:
        who = self.player if player is None else player
        discard = self.__game.table.player(who).discard
        return self.__game.table.name_of(discard[-1]) if discard else None

    def hand_size(self, player: int | None = None) -> int:
        return len(self.__game.table.player(self.player if player is None else player).hand)

    def deck_size(self, player: int | None = None) -> int:
        return len(self.__game.table.player(self.player if player is None else player).deck)

    def discard_size(self, player: int | None = None) -> int:
        return len(self.__game.table.player(self.player if player is None else player).discard)

    def tokens(self, kind: str, player: int | None = None) -> int:
        """A player's tokens of ``kind`` (public: VP tokens, Coffers)."""
        return self.__game.verbs.tokens(self.player if player is None else player, kind)

    def held_tokens(self, player: int | None = None) -> dict[str, int]:
        """A player's tokens by kind, the kinds they have some of (most players: none)."""
        held = self.__game.state.players[self.player if player is None else player].tokens
        return {kind: count for kind, count in held.items() if count} if held else {}

    # -- what the game waits for -----------------------------------------------------

    @property
    def pending(self) -> Decision | None:
        """The decision put to me, or None (a decision for someone else is not shown)."""
        decision = self.__game.pending
        if decision is None or decision.player != self.player:
            return None
        return decision

    @property
    def awaiting_command(self) -> bool:
        """Whether the game waits for a command from me."""
        game = self.__game
        return game.awaiting_command and game.state.turn.player == self.player

    def legal_commands(self) -> list[Command]:
        """Every command the game would accept from me now (empty when none is awaited):
        ``Game.legal_commands()``, the engine's own validation run on each candidate."""
        game = self.__game
        if not self.awaiting_command or game.state.game_over:
            return []
        return [Command(verb, arg) for verb, arg in game.legal_commands()]


class Bot(Protocol):
    """A player: given what it may see, the next command or answer."""

    name: str

    def act(self, view: GameView) -> Move: ...
