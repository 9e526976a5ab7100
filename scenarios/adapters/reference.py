"""The reference engine behind the Adapter interface, in process."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import cards as catalogue
from engine.errors import IllegalAnswer, IllegalMove
from engine.game import Game
from engine.state import EventRecord, event_line
from scenarios.adapters.base import Adapter, Rejected
from scenarios.declarations import DeclarationCheck, DeclarationError, Followed
from scenarios.loader import DECLARED_TOKEN_KEYS
from scenarios.model import FORMAT_FEATURES, CheckedSetup

# "revealed": the cards being revealed or looked at (Sentry, Bandit's victim), while a
# decision about them is pending; empty otherwise. Seaside's mats, reported always (the
# snapshot shows them only while they hold something).
OBSERVED_PLAYER_KEYS = (
    "hand", "deck", "discard", "in_play", "set_aside", "revealed", "vp_tokens", "score",
    "island", "native_village", "pirate_ship",
)  # fmt: skip
# The player tokens sets declare (pN.coffers), 0 when a player has none.
OBSERVED = frozenset(OBSERVED_PLAYER_KEYS) | DECLARED_TOKEN_KEYS
# What an empty mat reports: a new one each time (list() is [], int() is 0).
MAT_DEFAULTS: dict[str, Callable[[], object]] = {
    "island": list,
    "native_village": list,
    "pirate_ship": int,
}


class ReferenceAdapter(Adapter):
    name = "reference"
    # The engine it loads each setup into (checks subclass it to watch the engine work).
    game_class: type[Game] = Game

    def __init__(self, followed: Followed | None = None, *, declarations: bool = True) -> None:
        """``followed`` gathers the declarations the games follow (tests/
        test_declarations.py); ``declarations=False`` leaves them unchecked, for runs that
        stand for another engine (the mutants of checks/mutants.py)."""
        self.game: Game | None = None
        self.event_lines: list[str] = []
        self.last_seen: EventRecord | None = None
        self.declarations: DeclarationCheck | None = None
        self.followed = followed  # the declarations followed, over every game it loads
        self.check_declarations = declarations
        self.known = catalogue.card_names()

    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        missing = sorted(cards - self.known)
        return f"the reference engine lacks {', '.join(missing)}" if missing else None

    def supported_features(self) -> frozenset[str]:
        return frozenset(FORMAT_FEATURES)

    def load(self, setup: dict[str, Any]) -> None:
        self.close()  # the last scenario's game, freed now rather than by the collector
        self.event_lines = []
        self.last_seen = None
        # A setup the loader had the engine's own check accept (and that the check, as it
        # is now, accepted exactly) is not checked a second time; any other is.
        checked = isinstance(setup, CheckedSetup) and setup.accepted()
        self.game = self.game_class(setup, _setup_checked=checked)
        # Every card's declared targets are checked against what it does: a wrong
        # declaration fails the scenarios that exercise the card (scenarios/declarations.py).
        if self.check_declarations:
            self.declarations = self.game.table.watcher = DeclarationCheck(
                self.game.verbs, self.followed
            )

    def close(self) -> None:
        if self.game is not None:
            self.game.close()

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("load a setup first")
        return self.game

    def command(self, verb: str, arg: Any) -> None:
        try:
            self._game().command(verb, arg)
        except IllegalMove as refused:
            raise Rejected(str(refused)) from refused
        self._declared()

    def answer(self, value: Any) -> None:
        try:
            self._game().answer(value)
        except IllegalAnswer as refused:
            raise Rejected(str(refused)) from refused
        self._declared()

    def _declared(self) -> None:
        if self.declarations is not None and self.declarations.problems:
            raise DeclarationError(self.declarations.problems[0])

    def pending(self) -> dict[str, Any] | None:
        decision = self._game().pending
        if decision is None:
            return None
        pending = {
            "player": f"p{decision.player + 1}",
            "kind": decision.kind,
            "source": decision.source,
            "choices": decision.labels(),
            "min": decision.min,
            "max": decision.max,
            "prompt": decision.prompt,
            "about": list(decision.about),
            "purpose": decision.purpose,
        }
        if decision.controller is not None:  # a controlled turn's: who answers it
            pending["controller"] = f"p{decision.controller + 1}"
        return pending

    def observations_are_copies(self) -> bool:
        # This class's observe and pending build new dicts and lists on every call; a
        # subclass that overrides either may hand out structures it keeps.
        kind = type(self)
        return kind.observe is ReferenceAdapter.observe and kind.pending is ReferenceAdapter.pending

    def taken_alone(self) -> list[dict[str, Any]]:
        return [
            {
                "player": f"p{decision.player + 1}",
                "kind": decision.kind,
                "source": decision.source,
                "answer": [c.label for c in decision.choices if c.value in values],
            }
            for decision, values in self._game().taken_alone
        ]

    def observe(self) -> dict[str, Any]:
        snapshot = self._game().snapshot()
        snapshot["turns_taken"] = {}
        for name, player in snapshot["players"].items():
            snapshot["turns_taken"][name] = player["turns_taken"]
            for key in player.keys() - OBSERVED:
                del player[key]
            for key, empty in MAT_DEFAULTS.items():
                if key not in player:
                    player[key] = empty()
            for key in DECLARED_TOKEN_KEYS - player.keys():
                player[key] = 0
        snapshot.setdefault("embargo", {})
        snapshot.setdefault("piles", {})
        turn = snapshot["turn"]
        turn.setdefault("extra", False)
        turn.setdefault("potions", 0)
        game = self._game()
        snapshot["costs"] = {pile: str(game.verbs.cost_of(pile)) for pile in snapshot["supply"]}
        return snapshot

    def events(self) -> list[str]:
        # The game's log only grows, so the lines of its records are worked out once
        # each (the runner asks for them at every checkpoint); a log that did anything
        # else is read again whole.
        records = self._game().state.events
        lines = self.event_lines
        if len(lines) > len(records) or (lines and records[len(lines) - 1] is not self.last_seen):
            lines.clear()
        if len(lines) < len(records):
            lines += map(event_line, records[len(lines) :])
            self.last_seen = records[-1]
        return list(lines)
