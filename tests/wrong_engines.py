"""Deliberately wrong engines for the differential fuzzer's tests: the reference engine
with one rule broken, behind the same in-process adapter.

``WrongMerchant`` gives Merchant's bonus once per Merchant card in play instead of once
per play (a Merchant played twice by Throne Room gives +1 coin, not +2), the mistake
pyminion 0.4.0 makes. ``WeakVillage`` gives Village +1 Action instead of +2.

The others are right about the rules but differ in what they represent or declare: an
engine that forgets unused Actions when the Action phase ends, one that reports no
``turn.extra``, one that has only the 2nd-edition Moneylender, one that refuses Smithy.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar

from engine import cards as catalogue
from engine.context import Context
from engine.game import Game
from engine.model import Card
from scenarios.adapters.reference import ReferenceAdapter


def _once_per_card(ctx: Context) -> None:
    if not any(card == ctx.card for _, card, _ in ctx.game.state.turn.lasting):
        ctx.game.start_lasting(ctx, 0)


WRONG_MERCHANT: dict[str, Callable[[Card], Card]] = {
    "Merchant": lambda card: dataclasses.replace(card, lasting=_once_per_card)
}
WEAK_VILLAGE: dict[str, Callable[[Card], Card]] = {
    "Village": lambda card: dataclasses.replace(card, actions=1)
}


def game_class(changes: dict[str, Callable[[Card], Card]], base: type[Game] = Game) -> type[Game]:
    """``base`` (the reference engine) with the card changes ``changes``."""

    class WrongTable(base.table_class):  # type: ignore[name-defined,misc]
        def definition_by_name(self, name: str) -> Card:
            card: Card | None = self.definitions.get(name)
            if card is None:
                card = catalogue.lookup(name, self.editions)
                change = changes.get(name)
                card = change(card) if change is not None else card
                self.definitions[name] = card
            return card

    class WrongGame(base):  # type: ignore[valid-type,misc]
        table_class = WrongTable

    return WrongGame


class WrongEngine(ReferenceAdapter):
    """The reference with the card changes of ``CHANGES``."""

    CHANGES: ClassVar[dict[str, Callable[[Card], Card]]] = {}

    def load(self, setup: dict[str, Any]) -> None:
        self.game = game_class(self.CHANGES)(setup)


class WrongMerchant(WrongEngine):
    name = "wrong-merchant"
    CHANGES: ClassVar[dict[str, Callable[[Card], Card]]] = WRONG_MERCHANT


class WrongMerchantAndVillage(WrongEngine):
    name = "wrong-merchant-and-village"
    CHANGES: ClassVar[dict[str, Callable[[Card], Card]]] = {**WRONG_MERCHANT, **WEAK_VILLAGE}


class WrongMerchantUnsupported(WrongMerchant):
    """Declares Merchant beyond it: its Merchant bug is a documented limit, not a bug."""

    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        return "no Merchant here" if "Merchant" in cards else None


class TwoToFourPlayers(ReferenceAdapter):
    """The reference, refusing 5 and 6 players as pyminion's adapter does."""

    def load(self, setup: dict[str, Any]) -> None:
        from scenarios.adapters.base import Unsupported

        if setup["players"] > 4:
            raise Unsupported(f"2 to 4 players, not {setup['players']}")
        super().load(setup)


class ReportsNoExtraTurns(ReferenceAdapter):
    """The reference without ``turn.extra`` in its observations (optional: pyminion and
    the JavaScript kit leave it out)."""

    name = "no-extra-turns"

    def observe(self) -> dict[str, Any]:
        state = super().observe()
        del state["turn"]["extra"]
        return state


class ForgetsUnusedActions(ReferenceAdapter):
    """Zeroes the unused Actions when the Action phase ends (as evolvedominion does)."""

    name = "forgets-unused-actions"

    def observe(self) -> dict[str, Any]:
        state = super().observe()
        if state["turn"]["phase"] != "action":
            state["turn"]["actions"] = 0
        return state


class RefusesSmithy(ReportsNoExtraTurns):
    """Refuses to play Smithy: a bug whose regression file expects the turn."""

    name = "refuses-smithy"

    def command(self, verb: str, arg: Any) -> None:
        if verb == "play" and arg == "Smithy":
            from scenarios.adapters.base import Rejected

            raise Rejected("no Smithy today")
        super().command(verb, arg)


class SecondEditionMoneylender(ReferenceAdapter):
    """Has only the 2nd-edition Base set and declares it, as pyminion's adapter does:
    given a 1st-edition game it would play the 2nd-edition Moneylender."""

    name = "second-edition-moneylender"

    def load(self, setup: dict[str, Any]) -> None:
        super().load({**setup, "editions": {**setup["editions"], "base": 2}})

    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        if "Moneylender" in cards and editions.get("base") == 1:
            return "lacks the text of Moneylender (edition 1)"
        return super().unsupported_reason(cards, editions)


class RevealsMoatUnasked(ReferenceAdapter):
    """Reveals Moat against every Attack without asking its owner, as evolvedominion 1.0.3
    does: a question the rules ask and the engine does not."""

    name = "reveals-moat-unasked"

    def command(self, verb: str, arg: Any) -> None:
        super().command(verb, arg)
        self._reveal_moats()

    def answer(self, value: Any) -> None:
        super().answer(value)
        self._reveal_moats()

    def _reveal_moats(self) -> None:
        while (pending := self.pending()) is not None and pending["choices"] == ["Moat"]:
            super().answer("Moat")


class ReversesEventsWithinSteps(ReferenceAdapter):
    """Logs the events of each command or answer in reverse order, and declares it."""

    name = "events-reversed-within-steps"
    declares: frozenset[str] = frozenset({"event_order"})

    def representation(self) -> frozenset[str]:
        return self.declares

    def load(self, setup: dict[str, Any]) -> None:
        super().load(setup)
        self.logged: list[str] = super().events()

    def command(self, verb: str, arg: Any) -> None:
        super().command(verb, arg)
        self._log_step()

    def answer(self, value: Any) -> None:
        super().answer(value)
        self._log_step()

    def _log_step(self) -> None:
        lines = super().events()
        self.logged += reversed(lines[len(self.logged) :])

    def events(self) -> list[str]:
        return list(self.logged)


class AnswersTakeEffectTogether(ReferenceAdapter):
    """Shows the state and events as they were when a card's first question was asked until
    nothing is pending any more (as an engine that offers whole outcomes does), and
    declares it."""

    name = "answers-take-effect-together"
    declares: frozenset[str] = frozenset({"atomic_answers"})

    def representation(self) -> frozenset[str]:
        return self.declares

    def load(self, setup: dict[str, Any]) -> None:
        super().load(setup)
        self.frozen: tuple[dict[str, Any], list[str]] | None = None

    def command(self, verb: str, arg: Any) -> None:
        before = (super().observe(), super().events())
        super().command(verb, arg)  # a refused command changes nothing
        self._freeze(self.frozen if self.frozen is not None else before)

    def answer(self, value: Any) -> None:
        super().answer(value)
        self._freeze(self.frozen)

    def _freeze(self, before: tuple[dict[str, Any], list[str]] | None) -> None:
        # While a decision is pending, what the command led to is not shown yet.
        self.frozen = before if self.pending() is not None else None

    def observe(self) -> dict[str, Any]:
        return self.frozen[0] if self.frozen is not None else super().observe()

    def events(self) -> list[str]:
        return list(self.frozen[1]) if self.frozen is not None else super().events()
