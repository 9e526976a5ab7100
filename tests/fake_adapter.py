"""A tiny in-memory Dominion behind the Adapter interface, for testing the scenario runner.

It knows a handful of cards, enough to exercise every verb, decision kind and expectation
key without depending on the reference engine (which is written in parallel and must not
be what the runner's own tests stand on). Rules are simplified where the runner does not
care: no auto-answer of forced decisions, no tie-break by turns.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from scenarios.adapters.base import Adapter, Rejected
from scenarios.model import CardIndex

COST = {
    "Copper": 0,
    "Silver": 3,
    "Gold": 6,
    "Estate": 2,
    "Duchy": 5,
    "Province": 8,
    "Curse": 0,
    "Platinum": 9,
    "Colony": 11,
    "Village": 3,
    "Smithy": 4,
    "Chapel": 2,
    "Moat": 2,
    "Militia": 4,
    "Workshop": 3,
    "Pawn": 2,
    "Chancellor": 3,
}
COINS = {"Copper": 1, "Silver": 2, "Gold": 3, "Platinum": 5}
VP = {"Estate": 1, "Duchy": 3, "Province": 6, "Colony": 10, "Curse": -1}
ACTIONS = {"Village", "Smithy", "Chapel", "Moat", "Militia", "Workshop", "Pawn", "Chancellor"}
PAWN = ("+1 Card", "+1 Action", "+1 Buy", "+$1")
BASIC_SUPPLY = {
    "Copper": 46,
    "Silver": 40,
    "Gold": 30,
    "Estate": 8,
    "Duchy": 8,
    "Province": 8,
    "Curse": 10,
}


@dataclass(frozen=True)
class _FakeCard:
    name: str
    kingdom: bool
    options: tuple[str, ...] = ()

    @property
    def types(self) -> frozenset[str]:
        return frozenset({"Victory"}) if self.name in VP and self.name != "Curse" else frozenset()


FAKE_CARDS = CardIndex.from_cards(
    [_FakeCard(name, name in ACTIONS, PAWN if name == "Pawn" else ()) for name in COST]
)

Decision = dict[str, Any]
Effect = Generator[Decision, Any, None]


class FakeAdapter(Adapter):
    name = "fake"

    def __init__(self) -> None:
        self.closed = False
        self.loads: list[dict[str, Any]] = []
        self.calls: list[tuple[str, Any]] = []

    # --- Adapter interface ------------------------------------------------------------------

    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        missing = sorted(cards - set(COST))
        return f"fake engine lacks {', '.join(missing)}" if missing else None

    def load(self, setup: dict[str, Any]) -> None:
        self.loads.append(setup)
        count = setup["players"]
        self.players = [self._zones(setup[f"p{n}"]) for n in range(1, count + 1)]
        self.orders = [list(setup[f"p{n}"]["shuffles"]) for n in range(1, count + 1)]
        self.supply = {**BASIC_SUPPLY, **{name: 10 for name in setup["kingdom"]}}
        self.supply.update(setup["supply"])
        self.trash = list(setup["trash"])
        self.turn = dict(setup["turn"])
        route = setup["trade_route"]
        self.trade_route = route["mat"] if route else 0
        self.rng = random.Random(setup["seed"])
        self.log: list[str] = []
        self.effect: Effect | None = None
        self.decision: Decision | None = None
        self.over = False

    def command(self, verb: str, arg: Any) -> None:
        self.calls.append((verb, arg))
        if self.decision is not None:
            raise Rejected("a decision is pending")
        if verb == "play":
            self._play(arg)
        elif verb == "buy":
            self._buy(arg)
        elif verb == "end" and arg == "action" and self.turn["phase"] == "action":
            self.turn["phase"] = "buy"
        elif verb == "end" and arg == "turn":
            self._end_turn()
        else:
            raise Rejected(f"cannot {verb} {arg} now")

    def answer(self, value: Any) -> None:
        self.calls.append(("answer", value))
        if self.decision is None:
            raise Rejected("nothing is pending")
        self._advance(self._validate(self.decision, value))

    def pending(self) -> dict[str, Any] | None:
        return dict(self.decision) if self.decision else None

    def observe(self) -> dict[str, Any]:
        players = {
            f"p{n + 1}": {
                **{zone: list(cards) for zone, cards in zones.items() if zone != "vp_tokens"},
                "vp_tokens": zones["vp_tokens"],
                "score": self._score(n),
            }
            for n, zones in enumerate(self.players)
        }
        return {
            "players": players,
            "supply": dict(self.supply),
            "trash": list(self.trash),
            "trade_route": self.trade_route,
            "turn": dict(self.turn),
            "game_over": self.over,
            "winners": self._winners() if self.over else [],
        }

    def events(self) -> list[str]:
        return list(self.log)

    def close(self) -> None:
        self.closed = True

    # --- state helpers ----------------------------------------------------------------------

    @staticmethod
    def _zones(raw: dict[str, Any]) -> dict[str, Any]:
        zones: dict[str, Any] = {
            zone: list(raw[zone]) for zone in ("hand", "deck", "discard", "in_play", "set_aside")
        }
        zones["vp_tokens"] = raw["vp_tokens"]
        return zones

    @property
    def active(self) -> int:
        return int(self.turn["player"][1:]) - 1

    def _say(self, player: int, text: str) -> None:
        self.log.append(f"p{player + 1} {text}")

    def _score(self, player: int) -> int:
        zones = self.players[player]
        cards = [
            c for zone in ("hand", "deck", "discard", "in_play", "set_aside") for c in zones[zone]
        ]
        return sum(VP.get(card, 0) for card in cards) + int(zones["vp_tokens"])

    def _winners(self) -> list[str]:
        scores = [self._score(n) for n in range(len(self.players))]
        return [f"p{n + 1}" for n, score in enumerate(scores) if score == max(scores)]

    def _shuffle(self, player: int) -> None:
        zones = self.players[player]
        cards = zones["discard"]
        if self.orders[player]:
            order = self.orders[player].pop(0)
            if Counter(order) != Counter(cards):
                raise ValueError(
                    f"p{player + 1}.shuffles: {order} is not a rearrangement of {sorted(cards)}"
                )
            cards = list(order)
        else:
            self.rng.shuffle(cards)
        zones["deck"], zones["discard"] = list(cards), []
        self._say(player, "shuffles")

    def _draw(self, player: int, count: int) -> None:
        zones = self.players[player]
        for _ in range(count):
            if not zones["deck"] and zones["discard"]:
                self._shuffle(player)
            if not zones["deck"]:
                return
            card = zones["deck"].pop(0)
            zones["hand"].append(card)
            self._say(player, f"draws {card}")

    def _gain(self, player: int, card: str) -> None:
        self.supply[card] -= 1
        self.players[player]["discard"].append(card)
        self._say(player, f"gains {card}")

    # --- commands ---------------------------------------------------------------------------

    def _play(self, card: str) -> None:
        zones, turn = self.players[self.active], self.turn
        if card not in zones["hand"]:
            raise Rejected(f"{card} is not in hand")
        if card in COINS:
            if turn["phase"] == "action":
                turn["phase"] = "buy"
            turn["coins"] += COINS[card]
        elif card in ACTIONS and turn["phase"] == "action" and turn["actions"] > 0:
            turn["actions"] -= 1
        else:
            raise Rejected(f"cannot play {card} now")
        zones["hand"].remove(card)
        zones["in_play"].append(card)
        self._say(self.active, f"plays {card}")
        if card in ACTIONS:
            self.effect = getattr(self, f"_{card.lower()}")()
            self._advance(None)

    def _buy(self, card: str) -> None:
        turn = self.turn
        if self.supply.get(card, 0) <= 0 or turn["buys"] < 1 or COST[card] > turn["coins"]:
            raise Rejected(f"cannot buy {card}")
        turn["phase"], turn["buys"], turn["coins"] = (
            "buy",
            turn["buys"] - 1,
            turn["coins"] - COST[card],
        )
        self._say(self.active, f"buys {card}")
        self._gain(self.active, card)

    def _end_turn(self) -> None:
        player, zones = self.active, self.players[self.active]
        zones["discard"] += zones["in_play"] + zones["hand"]
        zones["in_play"], zones["hand"] = [], []
        self._draw(player, 5)
        empty = sum(1 for count in self.supply.values() if count == 0)
        if self.supply.get("Province") == 0 or empty >= 3:
            self.over = True
            self.log.append("game ends")
            return
        following = (player + 1) % len(self.players)
        self.turn = {
            "player": f"p{following + 1}",
            "phase": "action",
            "actions": 1,
            "buys": 1,
            "coins": 0,
        }

    # --- decisions --------------------------------------------------------------------------

    def _advance(self, value: Any) -> None:
        assert self.effect is not None
        try:
            self.decision = self.effect.send(value)
        except StopIteration:
            self.effect, self.decision = None, None

    @staticmethod
    def _validate(decision: Decision, value: Any) -> Any:
        kind, choices = decision["kind"], decision["choices"]
        if kind == "yes_no" and isinstance(value, bool):
            return value
        if kind in ("gain", "react") and value in choices:
            return value
        if kind == "react" and value in (False, []):
            return None
        if kind in ("cards", "option"):
            picked = value if isinstance(value, list) else [value]
            if kind == "option":
                labels = {label.lower(): label for label in choices}
                picked = [labels.get(str(item).lower(), "?") for item in picked]
                if len(set(picked)) != len(picked):
                    raise Rejected("pick different options")
            enough = decision["min"] <= len(picked) <= decision["max"]
            if enough and not Counter(picked) - Counter(choices):
                return picked
        raise Rejected(f"{value!r} is not a legal answer")

    def _ask(
        self, player: int, kind: str, source: str, choices: list[str], low: int = 1, high: int = 1
    ) -> Decision:
        return {
            "player": f"p{player + 1}",
            "kind": kind,
            "source": source,
            "choices": choices,
            "min": low,
            "max": high,
        }

    def _village(self) -> Effect:
        self._draw(self.active, 1)
        self.turn["actions"] += 2
        yield from ()

    def _smithy(self) -> Effect:
        self._draw(self.active, 3)
        yield from ()

    def _moat(self) -> Effect:
        self._draw(self.active, 2)
        yield from ()

    def _chapel(self) -> Effect:
        me = self.active
        hand = self.players[me]["hand"]
        picked = yield self._ask(me, "cards", "Chapel", list(hand), 0, 4)
        for card in picked:
            hand.remove(card)
            self.trash.append(card)
            self._say(me, f"trashes {card}")

    def _workshop(self) -> Effect:
        choices = [c for c, n in self.supply.items() if n > 0 and COST[c] <= 4]
        self._gain(self.active, (yield self._ask(self.active, "gain", "Workshop", choices)))

    def _pawn(self) -> Effect:
        picked = yield self._ask(self.active, "option", "Pawn", list(PAWN), 2, 2)
        for label in picked:
            if label == "+1 Card":
                self._draw(self.active, 1)
            else:
                key = {"+1 Action": "actions", "+1 Buy": "buys", "+$1": "coins"}[label]
                self.turn[key] += 1

    def _chancellor(self) -> Effect:
        self.turn["coins"] += 2
        zones = self.players[self.active]
        if (yield self._ask(self.active, "yes_no", "Chancellor", ["yes", "no"])):
            zones["discard"] += zones["deck"]
            zones["deck"] = []

    def _militia(self) -> Effect:
        self.turn["coins"] += 2
        count = len(self.players)
        for other in [(self.active + n) % count for n in range(1, count)]:
            hand = self.players[other]["hand"]
            if "Moat" in hand and (yield self._ask(other, "react", "Moat", ["Moat"])):
                self._say(other, "reacts with Moat")
                continue
            if len(hand) > 3:
                extra = len(hand) - 3
                for card in (yield self._ask(other, "cards", "Militia", list(hand), extra, extra)):
                    hand.remove(card)
                    self.players[other]["discard"].append(card)
                    self._say(other, f"discards {card}")
