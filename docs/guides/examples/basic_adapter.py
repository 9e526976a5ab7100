"""A complete minimal adapter: an engine that knows only the basic cards.

Copy this file, replace each ``Game`` call with your engine's own, and run the suite with
``arbiter check --engine basic_adapter:BasicAdapter`` from the folder that holds it.
Here the engine behind the adapter is the reference engine, limited on purpose to the
seven basic cards and the two Prosperity basics, so the file runs as it is:
``tests/test_adapter_guide.py`` runs the whole bundled suite on it.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAnswer, IllegalMove
from engine.game import Game
from scenarios.adapters.base import Adapter, Rejected, Unsupported

BASIC_CARDS = {"Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"}
MAX_PLAYERS = 4


class BasicAdapter(Adapter):
    name = "basic"  # shown in skip reasons: "basic lacks Smithy"

    def __init__(self) -> None:
        self.game: Game | None = None

    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        # Asked before every scenario; a reason makes it a skip, never a failure.
        missing = sorted(cards - BASIC_CARDS)
        return f"{self.name} lacks {', '.join(missing)}" if missing else None

    def load(self, setup: dict[str, Any]) -> None:
        # What only the position shows is refused here, and is a skip as well.
        if setup["players"] > MAX_PLAYERS:
            raise Unsupported(f"{self.name} plays 2 to {MAX_PLAYERS} players")
        self.game = Game(setup)  # your engine: build the position from `setup`

    def command(self, verb: str, arg: Any) -> None:
        try:
            self._game().command(verb, arg)
        except IllegalMove as refused:  # your engine's "illegal move" exception
            raise Rejected(str(refused)) from refused

    def answer(self, value: Any) -> None:
        try:
            self._game().answer(value)
        except IllegalAnswer as refused:
            raise Rejected(str(refused)) from refused

    def pending(self) -> dict[str, Any] | None:
        decision = self._game().pending
        if decision is None:
            return None
        return {
            "player": f"p{decision.player + 1}",
            "kind": decision.kind,
            "source": decision.source,
            "choices": decision.labels(),
            "min": decision.min,
            "max": decision.max,
        }

    def observe(self) -> dict[str, Any]:
        state = self._game().snapshot()  # players, supply, trash, turn, game_over, ...
        return {
            "players": {
                name: {key: zones[key] for key in OBSERVED}
                for name, zones in state["players"].items()
            },
            "supply": state["supply"],
            "trash": state["trash"],
            "trade_route": state["trade_route"],
            "turn": state["turn"],
            "game_over": state["game_over"],
            "winners": state["winners"],
        }

    def events(self) -> list[str]:
        return self._game().event_lines()  # "p1 plays Copper", "p1 buys Silver", ...

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("load a setup first")
        return self.game


OBSERVED = ("hand", "deck", "discard", "in_play", "set_aside", "vp_tokens", "score")
