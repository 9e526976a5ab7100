"""Tokens and mats, declared by the sets that use them.

A set's card module declares the kinds of token its cards use in a ``TOKENS`` tuple and
the mats that hold cards in a ``MATS`` tuple, beside its ``CARDS`` (the catalogue,
``engine.cards``, collects them). The core knows no kind by name: the state holds tokens
by kind (``PlayerState.tokens``, ``GameState.pile_tokens``, ``GameState.tokens``) and mats
by name (``PlayerState.mats``), and the setup, the snapshot, scoring and the ``spend``
command read these declarations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from engine.api import CardAPI

# Where a kind of token sits: on a player's mat (VP tokens, Coffers), on Supply piles
# (Embargo's), or on piles and, once taken off them, on a mat of the whole table (Trade
# Route's: a token on each Victory pile moves to the Trade Route mat).
TokenPlace = Literal["player", "pile", "pile_and_mat"]


@dataclass(frozen=True)
class Spend:
    """What a spendable token gives (one token per ``spend`` command: Coffers, +$1) and
    ``refusal(game, edition)``: why its player may not spend one now, or None; ``edition``
    is the edition of the declaring set in this game."""

    refusal: Callable[[CardAPI, int], str | None]
    coins: int = 1


@dataclass(frozen=True)
class TokenKind:
    """A kind of token.

    ``name`` is what card code and commands call it (``game.add_tokens(p, "coffers", 1)``,
    ``spend coffers``), ``title`` what people call it ("Coffers"). ``key`` is its key in
    a scenario's setup and in the snapshot: ``pN.<key>: count`` for a player's tokens,
    ``<key>: {pile: count}`` for tokens on piles, ``<key>: {mat: count, piles: [...]}``
    for tokens on piles with a mat (one token per pile listed; the snapshot shows the
    mat's count). ``scores``: each token is 1 VP at the end. ``needs``: a setup may give
    these tokens only with this card in the Kingdom. ``always_shown``: the snapshot shows
    the count even when it is 0 (a key of scenario format version 1). ``added``: the log
    line's verb when tokens are added (``{}``: the pile), None for no line. ``set``: the set
    that declares it (its edition decides ``spend``).
    """

    name: str
    title: str
    where: TokenPlace
    key: str
    set: str
    scores: bool = False
    needs: str | None = None
    always_shown: bool = False
    added: str | None = None
    spend: Spend | None = None


@dataclass(frozen=True)
class Mat:
    """A player's mat that holds cards (Island, Native Village): a zone kind named
    ``name`` (``("island", player)``, the scenario key ``pN.island``). Its cards are the
    player's (scored at the end) but in no hand, deck, discard pile or play. ``title``
    names it in the log (``p1 puts Gold on the Island mat``); ``needs``: a setup may put
    cards on it only with this card in the Kingdom."""

    name: str
    title: str
    needs: str

    @property
    def verb(self) -> str:
        return f"puts {{}} on the {self.title} mat"
