"""pyminion (https://pypi.org/project/pyminion/, version 0.4.0) behind the Adapter interface.

pyminion is a Python Dominion simulator with the 2nd-edition Base and Intrigue cards. It
is written for bots: a game calls ``Decider`` methods synchronously (``binary_decision``,
``discard_decision``, ``gain_decision``...) from deep inside card effects. To take our
answers one at a time, each game runs in its own thread (:mod:`scenarios.adapters.threaded`)
and the deciders *block*: a question is shown as ``pending()`` until ``answer()`` hands
its value over.

What the adapter does itself, and why (everything else is pyminion's own code):

* **The position.** pyminion can only start a game from scratch, so ``load`` builds the
  players, Supply (basic piles from ``Game._create_basic_piles``, kingdom piles from
  ``Game._create_kingdom_piles``, then the scenario's sizes) and trash directly with
  pyminion's own classes. Deck lists are reversed (pyminion draws from the end).
* **The turn.** pyminion's turn loop (``Player.take_turn``) asks a bot for a whole phase at
  a time and ends the turn by itself after the last Buy, so the adapter sequences the
  turn from our commands instead, calling pyminion's primitives: ``Player.play`` for an
  Action, ``Player.exact_play`` for a Treasure, ``Player.buy``, ``start_cleanup_phase``,
  ``Game.is_over`` and ``Game.get_winners``, as ``Game.play`` does between turns (it also
  resets Bridge's ``card_cost_reduction``). Illegal commands are refused before pyminion
  is called, with the reference engine's rules of the turn (a Treasure ends the Action
  phase; no Treasure after a buy; no Action in the Buy phase).
* **Shuffles.** pyminion shuffles with the global ``random``; the adapter's ``Deck``
  subclass takes the scenario's ``shuffles`` orders first, then a ``Random(seed)``.
* **Decisions.** Each Decider call is translated to our decision kinds and answer
  vocabulary (a table per card, below), with the forced-answer rule: a question with one
  distinct legal answer is answered without asking, as the scenario format requires of every
  implementation. A yes/no or an option that pyminion asks where we ask for a card or a
  yes/no (Moneylender, Baron) is a menu of outcomes (:mod:`scenarios.adapters.menus`).
* **Representation.** pyminion keeps the cards an effect decides about in local lists
  (Sentry's, Library's) and moves them once the effect has its answers, and logs a group
  of reveals after the draw that led to them: the adapter declares ``atomic_answers`` and
  ``event_order`` (``Adapter.representation``), and the harness compares accordingly.
* **Events.** pyminion has no event stream, only log lines. The adapter reads them and
  turns them into our event grammar (``p1 buys X`` also means ``p1 gains X``; a
  ``DeckCounter`` like "2 Copper, 1 Estate" becomes one line per card); draws are taken
  from the deck itself because pyminion logs them grouped by name. Movements pyminion
  does not log (cleanup, some topdecks and trashes) have no event: that is a documented
  limit of the adapter (``docs/reports/pyminion.rst``).
"""

from __future__ import annotations

import logging
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scenarios.adapters.base import JSON, Adapter, Rejected, Unsupported
from scenarios.adapters.menus import Ask, Menu, Outcome
from scenarios.adapters.threaded import EngineThread
from scenarios.adapters.wire import second_edition_table, unsupported_by_table

try:
    from pyminion.core import Card, CardType, Deck, Supply, Trash
    from pyminion.expansions import base as pm_base
    from pyminion.expansions import intrigue as pm_intrigue
    from pyminion.game import Game
    from pyminion.player import Player
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "the pyminion engine needs pyminion: pip install 'dominion-arbiter[pyminion]'"
    ) from exc

BASIC = (
    pm_base.copper,
    pm_base.silver,
    pm_base.gold,
    pm_base.estate,
    pm_base.duchy,
    pm_base.province,
    pm_base.curse,
)
CARDS: dict[str, Card] = {
    card.name: card for card in (*BASIC, *pm_base.base_set, *pm_intrigue.intrigue_set)
}
SETS = {
    **{card.name: "basic" for card in BASIC},
    **{card.name: "base" for card in pm_base.base_set},
    **{card.name: "intrigue" for card in pm_intrigue.intrigue_set},
}

# multiple_option_decision: pyminion's options, by index, as our option labels.
OPTION_LABELS: dict[str, tuple[str, ...]] = {
    "Courtier": ("+1 Action", "+1 Buy", "+$3", "Gold"),
    "Pawn": ("+1 Card", "+1 Action", "+1 Buy", "+$1"),
    "Nobles": ("+3 Cards", "+2 Actions"),
    "Steward": ("+2 Cards", "+$2", "trash"),
    "Minion": ("+$2", "discard"),
    "Torturer": ("discard", "Curse"),
    "Lurker": ("trash", "gain"),
}
REACTIONS = ("Moat", "Diplomat")
# Whole sets pyminion 0.4.0 does not have, by the engine's set name, with the reason given
# for skipping a scenario that uses any of their cards.
MISSING_SETS = {
    "seaside": "pyminion 0.4.0 has no Seaside",
    "alchemy": "pyminion 0.4.0 has no Alchemy",
    "hinterlands": "pyminion 0.4.0 has no Hinterlands",
    "cornucopia-guilds": "pyminion 0.4.0 has no Cornucopia or Guilds",
}


def supported_table() -> dict[str, dict[str, JSON]]:
    return second_edition_table(SETS)


@dataclass
class Question:
    """A Decider call shown as ``pending()``; ``accept`` turns our answer into
    pyminion's return value or raises Rejected."""

    player: str
    kind: str
    source: str | None
    choices: list[str]
    low: int
    high: int
    accept: Callable[[Any], Any]
    forced: Any = None  # our answer when there is only one, else None
    is_forced: bool = False
    purpose: str = "choose"  # what the picks are for: by the Decider method that asks

    def shown(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "source": self.source,
            "purpose": self.purpose,
            "choices": self.choices,
            "min": self.low,
            "max": self.high,
        }


def _names(value: Any) -> list[str]:
    """An answer as a list of names/labels: ``"X"`` -> ``["X"]``, ``[]`` -> ``[]``."""
    if isinstance(value, list):
        if not all(isinstance(item, str) for item in value):
            raise Rejected(f"{value!r} is not a list of card names")
        return list(value)
    if isinstance(value, str):
        return [value]
    raise Rejected(f"{value!r} is not a card name or a list of card names")


def _pick(valid: Sequence[Card], names: list[str]) -> list[Card]:
    """The cards of ``valid`` that ``names`` picks (a multiset), or Rejected."""
    left = list(valid)
    picked = []
    for name in names:
        match = next((card for card in left if card.name == name), None)
        if match is None:
            raise Rejected(
                f"{name} is not among the choices "
                f"({', '.join(card.name for card in valid) or 'none'})"
            )
        left.remove(match)
        picked.append(match)
    return picked


def _is_yes(value: Any, source: str | None = None) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("yes", "no"):
        return value.lower() == "yes"
    if value == [] or value is None:
        return False
    if source is not None and value in (source, [source]):  # a reaction named
        return True
    raise Rejected(f"answer yes or no, not {value!r}")


def _forced_cards(valid: Sequence[Card], low: int, high: int) -> tuple[bool, Any]:
    """The forced-answer rule of the scenario format for a pick of cards."""
    high = min(high, len(valid))
    if low != high:
        return False, None
    if low == 0:
        return True, []
    if low == len(valid) or len({card.name for card in valid}) == 1:
        return True, [card.name for card in valid[:low]]
    return False, None


class ScriptDecider:
    """A pyminion Decider whose every question waits for the runner's answer."""

    def __init__(self, session: Session, player_id: str) -> None:
        self.session = session
        self.player_id = player_id

    # --- picks of cards ---------------------------------------------------------------------

    def _cards(
        self,
        card: Card,
        valid: Sequence[Card],
        low: int,
        high: int,
        purpose: str,
        kind: str = "cards",
    ) -> list[Card]:
        valid = list(valid)
        high = len(valid) if high < 0 else high
        # A pick of "1 card" from no cards is a pick of none (what the rules do: as much
        # as you can); pyminion's own asserts then decide what happens.
        low = min(low, len(valid))

        def translate(value: Any) -> list[Card]:
            picked = _pick(valid, _names(value))
            if not low <= len(picked) <= high:
                raise Rejected(f"pick {low}..{high} cards, not {len(picked)}")
            return picked

        forced, answer = _forced_cards(valid, low, high)
        choices = (
            [c.name for c in valid]
            if kind != "gain"
            else list(dict.fromkeys(c.name for c in valid))
        )
        result: list[Card] = self.session.ask(
            Question(
                self.player_id, kind, card.name, choices, low, high, translate, answer, forced,
                purpose,
            )
        )  # fmt: skip
        return result

    def discard_decision(
        self,
        prompt: str,
        card: Card,
        valid_cards: list[Card],
        player: Player,
        game: Game,
        min_num_discard: int = 0,
        max_num_discard: int = -1,
    ) -> list[Card]:
        return self._cards(card, valid_cards, min_num_discard, max_num_discard, "discard")

    def trash_decision(
        self,
        prompt: str,
        card: Card,
        valid_cards: list[Card],
        player: Player,
        game: Game,
        min_num_trash: int = 0,
        max_num_trash: int = -1,
    ) -> list[Card]:
        if card.name == "Masquerade" and self.session.masquerade_pick is not None:
            picked, self.session.masquerade_pick = self.session.masquerade_pick, None
            return _pick(valid_cards, picked)
        return self._cards(card, valid_cards, min_num_trash, max_num_trash, "trash")

    def gain_decision(
        self,
        prompt: str,
        card: Card,
        valid_cards: list[Card],
        player: Player,
        game: Game,
        min_num_gain: int = 0,
        max_num_gain: int = -1,
    ) -> list[Card]:
        # Lurker gains from the trash: in our decision kinds a pick from a zone, not from
        # the Supply (the fuzzer found the adapter calling it "gain").
        kind = "cards" if card.name == "Lurker" else "gain"
        return self._cards(card, valid_cards, min_num_gain, max_num_gain, "gain", kind)

    def reveal_decision(
        self,
        prompt: str,
        card: Card,
        valid_cards: list[Card],
        player: Player,
        game: Game,
        min_num_reveal: int = 0,
        max_num_reveal: int = -1,
    ) -> list[Card]:
        return self._cards(card, valid_cards, min_num_reveal, max_num_reveal, "reveal")

    def pass_decision(
        self,
        prompt: str,
        card: Card,
        valid_cards: list[Card],
        player: Player,
        game: Game,
        min_num_pass: int = 0,
        max_num_pass: int = -1,
    ) -> list[Card]:
        return self._cards(card, valid_cards, min_num_pass, max_num_pass, "pass")

    def topdeck_decision(
        self,
        prompt: str,
        card: Card,
        valid_cards: list[Card],
        player: Player,
        game: Game,
        min_num_topdeck: int = 0,
        max_num_topdeck: int = -1,
    ) -> list[Card]:
        if card.name != "Patrol":
            return self._cards(card, valid_cards, min_num_topdeck, max_num_topdeck, "topdeck")
        # Patrol puts the cards back one by one, the last one ends on top: our `order`
        # answer (top first) is that list reversed.
        valid = list(valid_cards)

        def translate(value: Any) -> list[Card]:
            picked = _pick(valid, _names(value))
            if len(picked) != len(valid):
                raise Rejected("order all of the cards, top first")
            return list(reversed(picked))

        forced = len({c.name for c in valid}) <= 1
        result: list[Card] = self.session.ask(
            Question(
                self.player_id,
                "order",
                card.name,
                [c.name for c in valid],
                len(valid),
                len(valid),
                translate,
                [c.name for c in valid],
                forced,
                "topdeck",
            )
        )
        return result

    def multi_play_decision(
        self,
        prompt: str,
        card: Card,
        valid_cards: list[Card],
        player: Player,
        game: Game,
        required: bool = True,
    ) -> Card | None:
        valid = list(valid_cards)

        def translate(value: Any) -> Card | None:
            names = _names(value)
            if not names and required:
                raise Rejected(
                    f"pyminion's {card.name} requires an Action card "
                    "(multi_play_decision is called with required=True)"
                )
            if len(names) > 1:
                raise Rejected("pick one card")
            return _pick(valid, names)[0] if names else None

        # Not forced even with one candidate: the rules (2nd edition: "You may play")
        # allow playing nothing, so the question is a real one, whatever pyminion allows.
        result: Card | None = self.session.ask(
            Question(
                self.player_id, "cards", card.name, [c.name for c in valid], 0, 1, translate,
                purpose="play",
            )
        )  # fmt: skip
        return result

    # --- yes/no and options -----------------------------------------------------------------

    def binary_decision(
        self,
        prompt: str,
        card: Card,
        player: Player,
        game: Game,
        relevant_cards: list[Card] | None = None,
    ) -> bool:
        name = card.name
        me = self.player_id
        if name in REACTIONS and (name != "Diplomat" or relevant_cards):
            # pyminion asks once per copy in hand; our react decision is per card name, and
            # "no" is no (SCENARIOS.md): a copy declined is not offered again this Attack.
            if isinstance(player, ArbiterPlayer) and name in player.declined:
                return False

            def react(value: Any) -> bool:
                revealed = _is_yes(value, name)
                if not revealed and isinstance(player, ArbiterPlayer):
                    player.declined |= {name}
                if revealed:  # answering yes is revealing it (pyminion logs no line)
                    self.session.event(f"{me} reacts with {name}")
                    if name == "Moat":
                        self.session.event(f"{me} reveals {name}")
                return revealed

            # The question is about the Attack (our reference's react source), the
            # Reaction is its answer; pyminion asks once per Reaction card in hand.
            attack = relevant_cards[0].name if relevant_cards else name
            asked = Question(me, "react", attack, [name], 0, 1, react, purpose="react")
            return bool(self.session.ask(asked))
        if name == "Moneylender":  # ours: pick a Copper to trash, or nothing
            outcomes = [Outcome(True, {"trash": ("Copper",)}), Outcome(False, {})]
            return bool(self.session.settle(Menu(me, name, (Ask("cards", "trash"),), outcomes)))
        if name == "Masquerade":  # ours: pick a card to trash, or nothing
            hand = list(player.hand.cards)

            def trash(value: Any) -> bool:
                picked = _pick(hand, _names(value))
                if len(picked) > 1:
                    raise Rejected("trash at most one card")
                self.session.masquerade_pick = [c.name for c in picked] or None
                return bool(picked)

            return bool(
                self.session.ask(
                    Question(
                        me, "cards", name, [c.name for c in hand], 0, 1, trash, purpose="trash"
                    )
                )
            )
        if name == "Sentry" and relevant_cards is None:  # the order of the two kept cards
            return self._sentry_order(player)
        return bool(self.session.ask(Question(me, "yes_no", name, ["yes", "no"], 1, 1, _is_yes)))

    def _sentry_order(self, player: Player) -> bool:
        # Sentry asks "switch the order?" of the two cards it looked at, in the order it
        # drew them (top first); pyminion keeps them in a local list we cannot see, so
        # the adapter remembers what was drawn silently for this question.
        drawn = self.session.last_revealed[-2:]
        names = [c.name for c in drawn]

        def translate(value: Any) -> bool:
            order = _names(value)
            if sorted(order) != sorted(names):
                raise Rejected(f"order exactly {', '.join(names)}, top first")
            return order != names

        forced = len(set(names)) <= 1
        return bool(
            self.session.ask(
                Question(
                    self.player_id,
                    "order",
                    "Sentry",
                    names,
                    2,
                    2,
                    translate,
                    names,
                    forced,
                    "topdeck",
                )
            )
        )

    def multiple_option_decision(
        self,
        card: Card,
        options: list[str],
        player: Player,
        game: Game,
        num_choices: int = 1,
        unique: bool = True,
    ) -> list[int]:
        if card.name == "Baron":  # ours: discard an Estate? yes/no
            yes_no = (Ask("yes_no", "choose"),)
            outcomes = [Outcome([0], {"choose": ("yes",)}), Outcome([1], {"choose": ("no",)})]
            result: list[int] = self.session.settle(Menu(self.player_id, "Baron", yes_no, outcomes))
            return result
        labels = OPTION_LABELS.get(card.name, tuple(options))

        def translate(value: Any) -> list[int]:
            chosen = _names(value)
            folded = [label.lower() for label in labels]
            indices = []
            for label in chosen:
                if label.lower() not in folded:
                    raise Rejected(
                        f"{label!r} is not an option of {card.name} ({', '.join(labels)})"
                    )
                indices.append(folded.index(label.lower()))
            if len(indices) != num_choices:
                raise Rejected(f"choose {num_choices} option(s)")
            if unique and len(set(indices)) != len(indices):
                raise Rejected("the choices must be different")
            return indices

        forced = num_choices >= len(labels)
        result = self.session.ask(
            Question(
                self.player_id,
                "option",
                card.name,
                list(labels),
                num_choices,
                num_choices,
                translate,
                list(labels),
                forced,
            )
        )
        return result

    def deck_position_decision(
        self, prompt: str, card: Card, player: Player, game: Game, num_deck_cards: int
    ) -> int:
        # pyminion: an index into the deck list, 0 = bottom, num_deck_cards = top.
        labels = ["top", *(f"under {d}" for d in range(1, num_deck_cards)), "bottom"]

        def translate(value: Any) -> int:
            label = str(value).lower()
            if label == "top":
                return num_deck_cards
            if label == "bottom":
                return 0
            match = re.fullmatch(r"under (\d+)", label)
            if match and 1 <= int(match.group(1)) < num_deck_cards:
                return num_deck_cards - int(match.group(1))
            raise Rejected(f"{value!r} is not a position in a deck of {num_deck_cards}")

        result: int = self.session.ask(
            Question(self.player_id, "option", card.name, labels, 1, 1, translate)
        )
        return result

    def name_card_decision(
        self,
        prompt: str,
        card: Card,
        valid_cards: list[Card],
        player: Player,
        game: Game,
        min_num_name: int = 0,
        max_num_name: int = -1,
    ) -> list[Card]:
        def translate(value: Any) -> list[Card]:
            names = _names(value)
            if len(names) != 1:
                raise Rejected("name one card")
            if names[0] not in CARDS:
                raise Rejected(f"pyminion has no card named {names[0]}")
            return [CARDS[names[0]]]

        result: list[Card] = self.session.ask(
            Question(
                self.player_id, "name", card.name, sorted(CARDS), 1, 1, translate, purpose="name"
            )
        )
        return result

    # --- phases: never called (the adapter sequences the turn) ------------------------------

    def action_phase_decision(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the adapter plays Actions itself")

    treasure_phase_decision = buy_phase_decision = action_phase_decision


class ScenarioDeck(Deck):  # type: ignore[misc]
    """A player's deck that draws with events and shuffles in the scenario's orders."""

    cards: list[Card]

    def __init__(self, session: Session, player: ArbiterPlayer, cards: list[Card]) -> None:
        super().__init__(cards)
        self.session = session
        self.owner = player

    def draw(self) -> Card:
        card: Card = super().draw()
        if self.owner.silent_draw:
            self.session.last_revealed.append(card)
        else:
            self.session.event(f"{self.owner.player_id} draws {card.name}")
        return card

    def shuffle(self) -> None:
        orders = self.session.shuffles[self.owner.player_id]
        cards = self.cards
        if not orders:
            self.session.random.shuffle(cards)
            return
        order = orders.pop(0)
        if Counter(order) != Counter(c.name for c in cards):
            raise ValueError(
                f"setup.{self.owner.player_id}.shuffles: the order "
                f"{', '.join(order)} is not a rearrangement of the shuffled "
                f"cards {', '.join(sorted(c.name for c in cards))}"
            )
        self.cards = [CARDS[name] for name in reversed(order)]


class ArbiterPlayer(Player):  # type: ignore[misc]
    """pyminion's Player, with silent draws told apart (for the draw events)."""

    silent_draw = False
    # The Reactions this player declined against the Attack being resolved.
    declined: frozenset[str] = frozenset()

    def is_attacked(self, player: Player, attack_card: Card, game: Game) -> bool:
        self.declined = frozenset()
        return bool(super().is_attacked(player, attack_card, game))

    def draw(self, num_cards: int = 1, destination: Any = None, silent: bool = False) -> None:
        before, self.silent_draw = self.silent_draw, silent
        try:
            super().draw(num_cards, destination, silent)
        finally:
            self.silent_draw = before


# --- pyminion's log lines as our events ----------------------------------------------------

_LOG_LINE = re.compile(
    r"^(?P<who>p\d+) (?P<verb>plays|buys|gains|trashes|discards|reveals"
    r"|topdecks|passes) (?P<what>.+)$"
)
_COUNTED = re.compile(r"^(\d+) (.+)$")


def _card_list(text: str) -> list[str] | None:
    """``Copper`` or a DeckCounter ``2 Copper, 1 Estate`` as names; None if neither."""
    text = text.removeprefix("hand: ").strip()
    if text in CARDS:
        return [text]
    names: list[str] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        match = _COUNTED.match(part)
        if not match or match.group(2) not in CARDS:
            return None
        names += [match.group(2)] * int(match.group(1))
    return names


def translate_log(message: str) -> list[str]:
    """Our event lines for one pyminion log message (often none)."""
    if message.endswith(" shuffles their deck"):
        return [message.split()[0] + " shuffles"]
    match = _LOG_LINE.match(message.strip())
    if not match:
        return []
    who, verb, what = match.group("who"), match.group("verb"), match.group("what")
    if verb == "passes":
        passed = re.fullmatch(r"(.+) to (p\d+)", what)
        return [f"{who} passes {passed.group(1)} to {passed.group(2)}"] if passed else []
    if verb == "reveals":  # Wishing Well: "reveals Gold and puts it into their hand"
        what = re.sub(r" and (puts it into their hand|topdecks it)$", "", what)
    names = _card_list(what)
    if names is None:
        return []  # "buys nothing", "topdecks 2 cards": nothing we can name
    lines = [f"{who} {verb} {name}" for name in names]
    if verb == "buys":
        lines += [f"{who} gains {name}" for name in names]
    return lines


class _LogTap(logging.Handler):
    """Takes pyminion's log records from one game's thread only."""

    def __init__(self, session: Session) -> None:
        super().__init__(logging.INFO)
        self.session = session

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread != self.session.thread.thread.ident:
            return
        message = record.getMessage()
        if " draws " in message:  # the deck reports draws one by one, in order
            return
        for line in translate_log(message):
            self.session.event(line)


# --- one game in its own thread ------------------------------------------------------------


@dataclass
class Session:
    """One pyminion game, its thread, and the channel between it and the runner."""

    setup: dict[str, Any]
    events: list[str] = field(default_factory=list)
    masquerade_pick: list[str] | None = None
    last_revealed: list[Card] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.random = random.Random(self.setup.get("seed", 0))
        players = self.setup["players"]
        self.ids = [f"p{n}" for n in range(1, players + 1)]
        self.shuffles = {p: [list(o) for o in self.setup[p]["shuffles"]] for p in self.ids}
        self.phase = self.setup["turn"]["phase"]
        self.bought = False
        self.over = False
        self.game = self._build()
        self.thread = EngineThread("pyminion")
        self.tap = _LogTap(self)
        logging.getLogger().addHandler(self.tap)

    # --- building the position --------------------------------------------------------------

    def _cards(self, names: Sequence[str]) -> list[Card]:
        return [CARDS[name] for name in names]

    def _build(self) -> Game:
        setup = self.setup
        players = [ArbiterPlayer(decider=ScriptDecider(self, p), player_id=p) for p in self.ids]
        kingdom = self._cards(setup["kingdom"])
        game = Game(
            players,
            expansions=[pm_base.base_set, pm_intrigue.intrigue_set],
            kingdom_cards=kingdom or None,
            random_order=False,
            log_stdout=False,
        )
        state = random.getstate()  # _create_kingdom_piles draws random fillers we drop
        try:
            piles = game._create_basic_piles()
            if kingdom:
                piles += game._create_kingdom_piles()[: len(kingdom)]
        finally:
            random.setstate(state)
        for name, count in setup["supply"].items():
            pile = next(p for p in piles if p.name == name)
            pile.cards = [CARDS[name]] * count  # Pile keeps its name when emptied
        game.supply = Supply(piles)
        game.all_game_cards = [CARDS[p.name] for p in piles]
        game.trash = Trash(self._cards(setup["trash"]))
        for player in players:
            zones = setup[player.player_id]
            player.hand.cards = self._cards(zones["hand"])
            player.deck = ScenarioDeck(self, player, self._cards(list(reversed(zones["deck"]))))
            player.discard_pile.cards = self._cards(zones["discard"])
            player.turns = setup["turns_taken"][player.player_id]
        self.active = self.ids.index(setup["turn"]["player"])
        me = players[self.active]
        me.turns += 1  # pyminion counts the turn being played, we count finished ones
        me.playmat.cards = self._cards(setup[me.player_id]["in_play"])
        me.actions_played_this_turn = sum(CardType.Action in c.type for c in me.playmat.cards)
        # A Bridge listed in play was played: its reduction lasts for the turn.
        game.card_cost_reduction = sum(c.name == "Bridge" for c in me.playmat.cards)
        turn = setup["turn"]
        me.state.actions, me.state.buys, me.state.money = (
            turn["actions"],
            turn["buys"],
            turn["coins"],
        )
        return game

    # --- the game's thread ------------------------------------------------------------------

    def ask(self, question: Question) -> Any:
        """On the game's thread: a legal answer to ``question``, asked unless forced."""
        if question.is_forced:
            return question.accept(question.forced)
        return self.thread.ask(question)

    def settle(self, menu: Menu[Any]) -> Any:
        """On the game's thread: the outcome of ``menu``, each open question asked."""
        return self.thread.settle(menu)

    @property
    def question(self) -> Any:
        return self.thread.question

    def run(self, job: Callable[[], None], what: str) -> None:
        self.thread.run(job, what)

    def answer(self, value: Any) -> None:
        self.thread.answer(value)

    def event(self, line: str) -> None:
        self.events.append(line)

    def stop(self) -> None:
        logging.getLogger().removeHandler(self.tap)
        self.thread.stop()

    # --- the turn ---------------------------------------------------------------------------

    @property
    def me(self) -> ArbiterPlayer:
        player: ArbiterPlayer = self.game.players[self.active]
        return player

    def command(self, verb: str, arg: Any) -> None:
        if self.over:
            raise Rejected("the game is over")
        if self.question is not None:
            raise Rejected(f"answer {self.question.source}'s question first")
        if verb == "play":
            self.run(self._play_job(arg), f"play {arg}")
        elif verb == "buy":
            self.run(self._buy_job(arg), f"buy {arg}")
        elif verb == "end" and arg == "action":
            if self.phase != "action":
                raise Rejected("the Action phase is already over")
            self.phase = "buy"
        elif verb == "end" and arg == "turn":
            self.run(self._end_turn, "end turn")
        else:
            raise Rejected(f"unknown command {verb} {arg!r}")

    def _play_job(self, name: Any) -> Callable[[], None]:
        me, pid = self.me, self.ids[self.active]
        card = CARDS.get(name) if isinstance(name, str) else None
        if card is None or card not in me.hand.cards:
            raise Rejected(f"{pid} has no {name} in hand")
        if CardType.Action in card.type:
            if self.phase != "action":
                raise Rejected(f"cannot play {name}: Action cards are played in the Action phase")
            if me.state.actions < 1:
                raise Rejected(f"no Action left to play {name}")
            return lambda: me.play(card, self.game)
        if CardType.Treasure in card.type:
            if self.bought:
                raise Rejected(f"cannot play {name}: Treasures cannot be played after buying")

            def treasure() -> None:
                self.phase = "buy"
                self.event(f"{pid} plays {name}")  # pyminion logs Treasures only in bulk
                me.exact_play(card, self.game)

            return treasure
        raise Rejected(f"{name} cannot be played")

    def _buy_job(self, name: Any) -> Callable[[], None]:
        me, game = self.me, self.game
        card = CARDS.get(name) if isinstance(name, str) else None
        pile = next((p for p in game.supply.piles if card is not None and p.name == name), None)
        if card is None or pile is None:
            raise Rejected(f"{name} is not in the Supply")
        if not pile.cards:
            raise Rejected(f"the {name} pile is empty")
        if me.state.buys < 1:
            raise Rejected("no Buy left")
        cost = card.get_cost(me, game)
        if cost > me.state.money:
            raise Rejected(f"{name} costs {cost}, only {me.state.money} coins available")

        def buy() -> None:
            self.phase = "buy"
            self.bought = True
            me.buy(card, game)

        return buy

    def _end_turn(self) -> None:
        game = self.game
        self.me.start_cleanup_phase()
        game.card_cost_reduction = 0  # as Game.play does after each turn
        if game.is_over():
            self.over = True
            self.event("game ends")
            return
        self.active = (self.active + 1) % len(self.ids)
        self.me.start_turn()
        self.phase, self.bought = "action", False

    # --- what the runner sees ---------------------------------------------------------------

    def observe(self) -> dict[str, Any]:
        game = self.game
        players = {}
        for player in game.players:
            players[player.player_id] = {
                "hand": [c.name for c in player.hand.cards],
                "deck": [c.name for c in reversed(player.deck.cards)],
                "discard": [c.name for c in player.discard_pile.cards],
                "in_play": [c.name for c in player.playmat.cards],
                "set_aside": [],
                "vp_tokens": 0,
                "score": player.get_victory_points(),
            }
        me = self.me
        return {
            "players": players,
            "supply": {pile.name: len(pile.cards) for pile in game.supply.piles},
            "trash": [c.name for c in game.trash.cards],
            "trade_route": 0,
            "turn": {
                "player": self.ids[self.active],
                "phase": self.phase,
                "actions": me.state.actions,
                "buys": me.state.buys,
                "coins": me.state.money,
            },
            "game_over": self.over,
            "winners": [p.player_id for p in game.get_winners()] if self.over else [],
        }


class PyminionAdapter(Adapter):
    """pyminion 0.4.0: 2nd-edition Base and Intrigue, 2 to 4 players."""

    name = "pyminion"

    def __init__(self) -> None:
        self.session: Session | None = None

    def supported_cards(self) -> dict[str, dict[str, JSON]] | None:
        return supported_table()

    def missing_sets(self) -> dict[str, str]:
        return dict(MISSING_SETS)

    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        return unsupported_by_table(
            supported_table(), cards, editions, "pyminion", self.missing_sets()
        )

    def load(self, setup: dict[str, Any]) -> None:
        self.close()
        if not 2 <= setup["players"] <= 4:
            raise Unsupported(f"pyminion plays 2 to 4 players, not {setup['players']}")
        if setup.get("colony"):
            raise Unsupported("pyminion has no Platinum or Colony")
        for player in (f"p{n}" for n in range(1, setup["players"] + 1)):
            if setup[player]["set_aside"]:
                raise Unsupported("pyminion has no set-aside zone to start from")
            if setup[player]["vp_tokens"]:
                raise Unsupported("pyminion has no VP tokens")
            if setup[player]["in_play"] and player != setup["turn"]["player"]:
                raise Unsupported("pyminion keeps no cards in play between turns")
        self.session = Session(setup)

    def _session(self) -> Session:
        if self.session is None:
            raise RuntimeError("load a setup first")
        return self.session

    def command(self, verb: str, arg: Any) -> None:
        self._session().command(verb, arg)

    def answer(self, value: Any) -> None:
        self._session().answer(value)

    def pending(self) -> dict[str, Any] | None:
        return self._session().thread.pending()

    def representation(self) -> frozenset[str]:
        return frozenset({"atomic_answers", "event_order"})

    def observe(self) -> dict[str, Any]:
        return self._session().observe()

    def events(self) -> list[str]:
        return list(self._session().events)

    def close(self) -> None:
        if self.session is not None:
            self.session.stop()
            self.session = None
