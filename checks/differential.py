"""Differential fuzzing: random legal games on the reference engine, replayed on another.

The reference engine (the oracle) plays a random legal game; the engine under test is
driven through its :class:`~scenarios.adapters.base.Adapter` with the same position, the
same shuffle orders and the same commands and answers, and the observable state of the
two is compared after every step. The first step where they disagree is a
:class:`Divergence`; :func:`shrink` cuts it down to a small position and step list that
still diverges, and :func:`scenario_document` writes that as a scenario whose
expectation is the reference engine's result.

How the inputs are made identical:

* **The position.** Every game starts from an explicit setup mapping (the scenario
  format's): each player's 7 Coppers and 3 Estates already shuffled into a 5-card hand
  and a 5-card deck, every Supply pile's size written out. Nothing is left to either
  engine's setup code, which :func:`setup_divergence` checks on its own, once per game.
* **The shuffles.** The reference game is played first by :class:`PinningGame`, which
  records the order of every shuffle; the replay gives those orders to both engines as
  ``pN.shuffles``, so no randomness is left.
* **The inputs.** :func:`checks.random_play.step` draws each command and answer from what
  the reference engine accepts (the same generator the random-games tests use).

What is compared (:func:`differences`): while neither engine waits for a decision,
every zone of every player (hand, discard, in play, set aside as multisets, the deck in
order), the score, every mat and token kind the sets declare (``engine.tokens``: cards on
a player's mat, tokens on a player, on piles and on the table's mat), the Supply, the
trash, the turn (player, phase, buys, coins, and the unused Actions in the Action phase
only: no card can see them after it, ``scenarios.model.turn_key_observable``), game over
and the winners. A shrunk case starts from the reference's own writing of its position
(``engine.position.setup_of``, the position that round-trips: :func:`position_at`).
While a decision is pending only the decision is compared (who, kind, source, the legal
answers, how many): where an engine keeps the cards an effect is looking at is its own
business until the effect ends. Events are not compared: engines log differently, the
zones are the truth.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from checks import random_play
from engine import cards as catalogue
from engine import rules
from engine.errors import IllegalAnswer, IllegalMove
from engine.game import BASIC_PILES, COLONY_PILES, Game
from engine.position import NotAPosition, setup_of
from engine.sets import BY_NAME, KINGDOM_SETS
from engine.setup_check import declared
from engine.table import Table
from engine.triggers import Listeners
from engine.verbs import Verbs
from engine.vocabulary import PlayerZone
from scenarios.adapters.base import Adapter, Rejected, Unsupported
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import build_setup, format_tokens_cached
from scenarios.model import TURN_KEYS, turn_key_observable

Input = tuple[str, Any]  # ("command", (verb, arg)) or ("answer", value), as random_play.step
SETS = KINGDOM_SETS
HAND = 5
MULTISET_ZONES = ("hand", "discard", "in_play", "set_aside")
PENDING_KEYS = ("player", "kind", "source", "choices", "min", "max")
SETUP = -1  # the step index of a divergence found by loading the setup
SKIPPED_ON_ENGINE = "the engine skips it: "


# --- the reference engine, recording its shuffles -------------------------------------------


class PinningVerbs(Verbs):
    """The reference engine's verbs, pinning and recording the order (top first) of every
    shuffle (see :class:`PinningGame`)."""

    def __init__(self, table: Table, listeners: Listeners) -> None:
        super().__init__(table, listeners)
        # The setup's orders are the ones wanted, pinned here: the plain verbs would refuse
        # one that does not fit.
        self.wanted, self.shuffle_orders = self.shuffle_orders, [[] for _ in self.shuffle_orders]
        self.recorded: list[list[list[str]]] = [[] for _ in self.wanted]

    def shuffle(self, player: int) -> None:
        deck = self.state.players[player].deck
        before = len(deck)
        super().shuffle(player)
        self._pin(player, len(deck) - before)  # the shuffled cards go under the deck

    def shuffle_into_deck(self, player: int, cards: Iterable[int], source: PlayerZone) -> int:
        moved = super().shuffle_into_deck(player, cards, source)
        if moved:
            self._pin(player, len(self.state.players[player].deck))  # the whole deck
        return moved

    def _pin(self, player: int, shuffled: int) -> None:
        """The bottom ``shuffled`` cards of the deck were just shuffled: put them in the
        wanted order, if it fits, and record the order they take."""
        if shuffled <= 0:
            return
        deck = self.state.players[player].deck
        names_of = self.table.names_of
        wanted = self.wanted[player].pop(0) if self.wanted[player] else None
        if wanted is not None and Counter(wanted) == Counter(names_of(deck[:shuffled])):
            deck[:shuffled] = reversed(self._in_order(deck[:shuffled], wanted))
        elif wanted is not None:
            self.wanted[player].clear()
        self.recorded[player].append(names_of(reversed(deck[:shuffled])))

    def _in_order(self, cards: list[int], order: list[str]) -> list[int]:
        left = list(cards)
        arranged = []
        for name in order:
            card = next(c for c in left if self.state.names[c] == name)
            left.remove(card)
            arranged.append(card)
        return arranged


class PinningGame(Game):
    """The reference engine, recording the order (top first) of every shuffle.

    ``setup["pN"]["shuffles"]`` is taken as the orders *wanted*: a wanted order that is a
    rearrangement of the cards being shuffled is used, one that is not (the shrinker
    dropped a card) is dropped with every later one and the shuffle is random from the
    seed. Either way :attr:`recorded` holds the orders actually used, so that giving them
    as ``shuffles`` replays the game exactly.
    """

    verbs_class = PinningVerbs

    def __init__(self, setup: Mapping[str, Any]) -> None:
        super().__init__(setup)
        assert isinstance(self.verbs, PinningVerbs)
        self.pinning = self.verbs
        # The game's setup is the position without fixed orders: its verbs pinned them.
        stripped = copy.deepcopy(self.table.setup)
        for number in range(len(self.state.players)):
            if f"p{number + 1}" in stripped:
                stripped[f"p{number + 1}"]["shuffles"] = []
        self.table.setup = stripped

    @property
    def wanted(self) -> list[list[list[str]]]:
        """Per player, the wanted orders not used yet."""
        return self.pinning.wanted

    @property
    def recorded(self) -> list[list[list[str]]]:
        """Per player, the order of every shuffle so far, first first."""
        return self.pinning.recorded


def _zones(setup: Mapping[str, Any], index: int) -> Mapping[str, Any]:
    zones: Mapping[str, Any] = setup.get(f"p{index + 1}", {}) or {}
    return zones


def pin_shuffles(setup: Mapping[str, Any], inputs: Sequence[Input]) -> dict[str, Any] | None:
    """``setup`` with the shuffle orders the reference uses over ``inputs``, or None when
    the reference refuses one of the inputs (a shrunk candidate that no longer plays)."""
    try:
        game = PinningGame(setup)
        for kind, value in inputs:
            apply_input(game, kind, value)
    except (IllegalMove, IllegalAnswer, ValueError):
        return None
    pinned = copy.deepcopy(dict(setup))
    for index, orders in enumerate(game.recorded):
        pinned[f"p{index + 1}"]["shuffles"] = orders
    return pinned


def written_answer(value: Any) -> Any:
    """An answer as scenarios write it, and so as the engine under test receives it: one
    pick or one option label alone, not in a list (``Adapter.answer``'s contract)."""
    return value[0] if isinstance(value, list) and len(value) == 1 else value


def apply_input(target: Game | Adapter, kind: str, value: Any) -> None:
    if kind == "command":
        verb, arg = value
        target.command(verb, arg)
    else:
        target.answer(value)


# --- comparing two engines ----------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """One observed key on which the engines disagree (``p2.hand``, ``turn.coins``...)."""

    key: str
    reference: Any
    engine: Any

    @property
    def general_key(self) -> str:
        """The key as a bug's identity: without the player (the same bug seen on p1 and
        on p3 is one bug), the pile (Swindler's gains skipping the Supply show on
        whichever pile) or the part of the decision (a decision asked of the wrong player
        also has the wrong choices)."""
        key = re.sub(r"^p\d+\.", "pN.", self.key)
        return key.partition(".")[0] if key.startswith(("supply.", "pending.")) else key

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "reference": self.reference, "engine": self.engine}


def _state_differences(
    reference: Mapping[str, Any], engine: Mapping[str, Any]
) -> Iterator[Difference]:
    for name, ours in reference["players"].items():
        theirs = engine.get("players", {}).get(name, {})
        for zone in MULTISET_ZONES:
            if Counter(ours[zone]) != Counter(theirs.get(zone, [])):
                yield Difference(f"{name}.{zone}", sorted(ours[zone]), sorted(theirs.get(zone, [])))
        for key in ("deck", "vp_tokens", "score"):
            if ours[key] != theirs.get(key):
                yield Difference(f"{name}.{key}", ours[key], theirs.get(key))
        # The mats and tokens the sets declare, shown only while some are there.
        for mat in catalogue.MATS:
            if Counter(ours.get(mat, [])) != Counter(theirs.get(mat, [])):
                mine, other = sorted(ours.get(mat, [])), sorted(theirs.get(mat, []))
                yield Difference(f"{name}.{mat}", mine, other)
        for key in declared().player_tokens:
            if ours.get(key, 0) != theirs.get(key, 0):
                yield Difference(f"{name}.{key}", ours.get(key, 0), theirs.get(key, 0))
    supply, their_supply = reference["supply"], engine.get("supply", {})
    for pile in sorted(set(supply) | set(their_supply)):
        if supply.get(pile) != their_supply.get(pile):
            yield Difference(f"supply.{pile}", supply.get(pile), their_supply.get(pile))
    if Counter(reference["trash"]) != Counter(engine.get("trash", [])):
        yield Difference("trash", sorted(reference["trash"]), sorted(engine.get("trash", [])))
    for key in observed_turn_keys(reference["turn"]):
        if reference["turn"][key] != engine.get("turn", {}).get(key):
            yield Difference(f"turn.{key}", reference["turn"][key], engine.get("turn", {}).get(key))
    for key in declared().pile_tokens:  # tokens on piles (Embargo's), on a mat (Trade Route's)
        if reference.get(key, {}) != engine.get(key, {}):
            yield Difference(key, reference.get(key), engine.get(key))
    if reference["game_over"] != engine.get("game_over"):
        yield Difference("game_over", reference["game_over"], engine.get("game_over"))
    if sorted(reference["winners"]) != sorted(engine.get("winners", [])):
        yield Difference("winners", sorted(reference["winners"]), sorted(engine.get("winners", [])))


def observed_turn_keys(turn: Mapping[str, Any]) -> tuple[str, ...]:
    """The values of ``turn`` (the reference's) that are compared and that a written
    scenario may expect: what every engine reports, and what a card could see."""
    return tuple(key for key in TURN_KEYS if turn_key_observable(key, turn["phase"]))


def _pending_shown(pending: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A decision as compared: the distinct legal answers (a ``name`` decision's are the
    engine's whole card list, which differs between engines by design), and ``max`` no
    higher than the number of choices (``up to 4`` from 2 cards is up to 2)."""
    if pending is None:
        return None
    shown = {key: pending.get(key) for key in PENDING_KEYS}
    choices = list(shown["choices"] or [])
    shown["choices"] = [] if shown["kind"] == "name" else sorted(set(choices))
    if choices and isinstance(shown["max"], int):
        shown["max"] = min(shown["max"], len(choices))
    return shown


def differences(
    reference: Mapping[str, Any],
    reference_pending: Mapping[str, Any] | None,
    engine: Mapping[str, Any],
    engine_pending: Mapping[str, Any] | None,
) -> list[Difference]:
    """Every way the engine's observation differs from the reference's (module docstring)."""
    if reference == engine and reference_pending == engine_pending:
        return []  # the common case, at C speed
    ours, theirs = _pending_shown(reference_pending), _pending_shown(engine_pending)
    if ours is None and theirs is None:
        found = list(_state_differences(reference, engine))
        if reference["game_over"] and engine.get("game_over"):
            # Once the game is over the turn is no one's: its phase and counts mean nothing.
            found = [d for d in found if not d.key.startswith("turn.")]
        return found
    if ours is None or theirs is None:
        return [Difference("pending", ours, theirs)]
    return [
        Difference(f"pending.{key}", ours[key], theirs[key])
        for key in PENDING_KEYS
        if ours[key] != theirs[key]
    ]


# --- replaying inputs on both engines --------------------------------------------------------


@dataclass(frozen=True)
class Divergence:
    """The first step (index into the inputs, :data:`SETUP` for the setup itself) at which
    the engine under test disagrees with the reference, and on what."""

    step: int
    card: str
    differences: tuple[Difference, ...]

    @property
    def key(self) -> str:
        return self.differences[0].general_key

    @property
    def bug(self) -> tuple[str, str]:
        """What makes two divergences the same bug: the same card, the same key."""
        return (self.card, self.key)

    def describe(self, engine: str) -> str:
        """What differs, in one line."""
        first = self.differences[0]
        if first.key == "rejected":
            return f"{engine} refuses it ({_short(first.engine)})"
        if first.key == "crash":
            return f"{engine} fails ({_short(first.engine)})"
        return (
            f"{first.key} is {_short(first.reference)} on the reference, "
            f"{_short(first.engine)} on {engine}"
        )


def _short(value: Any, limit: int = 60) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass
class Replay:
    """What :func:`replay` saw: the reference's observation after each step it played,
    and the divergence, if any (``steps`` counts the steps both engines played)."""

    observations: list[tuple[Any, Any]] = field(default_factory=list)
    divergence: Divergence | None = None
    steps: int = 0


class EngineUnsupported(Exception):
    """The engine under test declared this game beyond it (a documented adapter limit)."""


class ReferenceRefused(Exception):
    """The reference refused an input: the inputs do not fit the setup."""


def step_card(kind: str, value: Any, pending: Mapping[str, Any] | None) -> str:
    """The card a step is about: the card played or bought, the source of the decision
    answered, or the turn's part for ``end``."""
    if kind == "answer":
        source = pending.get("source") if pending else None
        return str(source) if source else "(answer)"
    verb, arg = value
    if verb == "end":
        return "(end of turn)" if arg == "turn" else "(end of the Action phase)"
    return str(arg)


def _observe(adapter: Adapter) -> tuple[Any, Any]:
    # Copies (an in-process engine may hand out structures it later changes), made by a
    # JSON round trip: observations are JSON by contract, and this is many times faster
    # than copy.deepcopy on the thousands of observations of a run.
    state, pending = json.loads(json.dumps([adapter.observe(), adapter.pending()]))
    return state, pending


def _engine_step(engine: Adapter, kind: str, value: Any) -> Difference | None:
    try:
        apply_input(engine, kind, value)
    except Rejected as exc:
        return Difference("rejected", None, str(exc))
    except Unsupported as exc:
        raise EngineUnsupported(str(exc) or "unsupported") from exc
    except Exception as exc:  # the engine's own failure is what we are looking for
        return Difference("crash", None, f"{type(exc).__name__}: {exc}")
    return None


def _engine_load(engine: Adapter, setup: Mapping[str, Any]) -> Difference | None:
    try:
        engine.load(copy.deepcopy(dict(setup)))
    except Unsupported as exc:
        raise EngineUnsupported(str(exc) or "unsupported") from exc
    except Exception as exc:
        return Difference("crash", None, f"load: {type(exc).__name__}: {exc}")
    return None


def _setup_card(found: Sequence[Difference]) -> str:
    key = found[0].key
    return key.removeprefix("supply.") if key.startswith("supply.") else "(setup)"


def replay(
    setup: Mapping[str, Any],
    inputs: Sequence[Input],
    engine: Adapter,
    reference: Adapter | None = None,
) -> Replay:
    """Play ``inputs`` from ``setup`` on the reference and the engine, comparing after the
    load and after every step; stop at the first divergence.

    Raises :class:`EngineUnsupported` when the engine declares the game beyond it and
    :class:`ReferenceRefused` when the reference refuses an input.
    """
    reference = reference or ReferenceAdapter()
    seen = Replay()
    try:
        reference.load(copy.deepcopy(dict(setup)))
    except ValueError as exc:
        raise ReferenceRefused(f"setup: {exc}") from exc
    crash = _engine_load(engine, setup)
    ours = _observe(reference)
    found = [crash] if crash else differences(*ours, *_observe(engine))
    if found:
        seen.divergence = Divergence(SETUP, _setup_card(found), tuple(found))
        return seen
    for index, (kind, value) in enumerate(inputs):
        card = step_card(kind, value, ours[1])
        try:
            apply_input(reference, kind, value)
        except (Rejected, ValueError) as exc:
            raise ReferenceRefused(f"step {index + 1}: {exc}") from exc
        ours = _observe(reference)
        seen.observations.append(ours)
        failed = _engine_step(engine, kind, value)
        found = [failed] if failed else differences(*ours, *_observe(engine))
        seen.steps += 1
        if found:
            seen.divergence = Divergence(index, card, tuple(found))
            return seen
    return seen


def setup_divergence(setup: Mapping[str, Any], engine: Adapter) -> Divergence | None:
    """Whether the engine builds the standard position (Supply sizes left to it) as the
    reference does: ``setup`` without its ``supply`` sizes, loaded and compared."""
    standard = copy.deepcopy(dict(setup))
    standard["supply"] = {}
    return replay(standard, [], engine).divergence


# --- random games ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    """What the engine under test can play, as its adapter declares it."""

    pools: Mapping[tuple[str, int], tuple[str, ...]]  # (set, edition) -> kingdom cards
    colony: bool  # Platinum and Colony supported
    # With a fixed kingdom (``--kingdom``): every choice of editions the engine plays it in.
    kingdom_editions: tuple[Mapping[str, int], ...] = ()

    def editions_of(self, set_name: str) -> list[int]:
        return [e for e in sorted(BY_NAME[set_name].editions) if self.pools.get((set_name, e))]


def engine_limits(
    engine: Adapter, sets: Sequence[str], kingdom: Sequence[str] | None = None
) -> Limits:
    """Ask the adapter, card by card and edition by edition, what it supports; with a
    fixed ``kingdom``, under which editions it plays those cards together (ValueError
    when under none: the game cannot be played, which is bad input, not a finding)."""
    pools: dict[tuple[str, int], tuple[str, ...]] = {}
    for set_name in sets:
        for edition in sorted(BY_NAME[set_name].editions):
            editions = {**catalogue.DEFAULT_EDITIONS, set_name: edition}
            pools[(set_name, edition)] = tuple(
                card.name
                for card in catalogue.kingdom_cards(set_name, edition)
                if not engine.unsupported_reason({card.name, *BASIC_PILES}, editions)
            )
    colony = not engine.unsupported_reason(set(COLONY_PILES), dict(catalogue.DEFAULT_EDITIONS))
    if kingdom is None:
        return Limits(pools, colony)
    return Limits(pools, colony, playable_editions(engine, kingdom))


def playable_editions(engine: Adapter, kingdom: Sequence[str]) -> tuple[dict[str, int], ...]:
    """Every choice of editions, for the sets of the ``kingdom``'s cards (the others at
    their default), under which the engine declares it plays them all; ValueError with
    the engine's reason when there is none."""
    sets = sorted({card.set for name in kingdom for card in catalogue.definitions(name)})
    cards = {*kingdom, *BASIC_PILES}
    found, reasons = [], []
    for chosen in itertools.product(*(sorted(BY_NAME[name].editions) for name in sets)):
        editions = {**catalogue.DEFAULT_EDITIONS, **dict(zip(sets, chosen, strict=True))}
        reason = engine.unsupported_reason(cards, editions)
        if reason:
            reasons.append(reason)
        else:
            found.append(editions)
    if not found:
        raise ValueError(
            f"--kingdom: {engine.name} cannot play {', '.join(kingdom)} in any edition "
            f"({reasons[-1]})"
        )
    return tuple(found)


@dataclass(frozen=True)
class GameSpec:
    """The random choices of one game."""

    seed: int
    players: int
    editions: Mapping[str, int]
    kingdom: tuple[str, ...]
    colony: bool

    def cards(self) -> set[str]:
        """Every pile of the game."""
        return {*self.kingdom, *BASIC_PILES, *(COLONY_PILES if self.colony else ())}


def random_spec(
    rng: random.Random,
    limits: Limits,
    sets: Sequence[str],
    players: Sequence[int],
    kingdom: Sequence[str] | None = None,
) -> GameSpec | None:
    """A random game the engine supports, or None when the sets leave no card. A fixed
    ``kingdom`` is played in one of ``limits.kingdom_editions``."""
    editions = dict(catalogue.DEFAULT_EDITIONS)
    if kingdom is not None:
        editions = dict(rng.choice(limits.kingdom_editions))
    for set_name in sets if kingdom is None else ():
        choices = limits.editions_of(set_name)
        if choices:
            editions[set_name] = rng.choice(choices)
    if kingdom is None:
        pool = sorted({c for s in sets for c in limits.pools.get((s, editions[s]), ())})
        if not pool:
            return None
        kingdom = rng.sample(pool, min(10, len(pool)))
    from_prosperity = sum(catalogue.lookup(c, editions).set == "prosperity" for c in kingdom)
    # The Prosperity rule, as Game.new applies it.
    colony = limits.colony and rng.randrange(len(kingdom)) < from_prosperity if kingdom else False
    return GameSpec(
        rng.randrange(2**31), rng.choice(list(players)), editions, tuple(kingdom), colony
    )


def starting_setup(spec: GameSpec) -> dict[str, Any]:
    """The standard start as an explicit position: hands and decks dealt, every pile sized."""
    rng = random.Random(spec.seed)
    raw: dict[str, Any] = {"players": spec.players, "colony": spec.colony}
    for number in range(1, spec.players + 1):
        cards = ["Copper"] * rules.STARTING_COPPERS + ["Estate"] * rules.STARTING_ESTATES
        rng.shuffle(cards)
        raw[f"p{number}"] = {"hand": cards[:HAND], "deck": cards[HAND:]}
    # The Bane and the piles set out of the Supply (Ferryman's) as the standard set-up
    # chooses them from the seed.
    chosen = Game.new(spec.players, list(spec.kingdom), spec.seed, spec.editions, spec.colony)
    for key in ("bane", *format_tokens_cached().set_aside_keys):
        if key in chosen.table.setup:
            raw[key] = chosen.table.setup[key]
    setup = build_setup(raw, list(spec.kingdom), spec.editions, spec.seed)
    setup["supply"] = Game(setup).snapshot()["supply"]
    return setup


@dataclass(frozen=True)
class PlayedGame:
    """A random game the reference played: the position with every shuffle pinned, and
    every input."""

    spec: GameSpec
    setup: dict[str, Any]
    inputs: tuple[Input, ...]


def play_reference(spec: GameSpec, max_inputs: int) -> PlayedGame:
    """Play a random legal game on the reference, recording its shuffles."""
    start = starting_setup(spec)
    game = PinningGame(start)
    rng = random.Random(spec.seed * 7919 + spec.players)
    inputs: list[Input] = []
    while not game.state.game_over and len(inputs) < max_inputs:
        decision = game.pending
        if decision is not None and decision.kind == "name":
            # A card of this game: the engine under test may know no other card.
            named = rng.choice(sorted(game.state.supply))
            game.answer(named)
            inputs.append(("answer", named))
            continue
        kind, value = random_play.step(game, rng)
        inputs.append((kind, written_answer(value) if kind == "answer" else value))
    setup = copy.deepcopy(start)
    for index, orders in enumerate(game.recorded):
        setup[f"p{index + 1}"]["shuffles"] = orders
    return PlayedGame(spec, setup, tuple(inputs))


# --- shrinking --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A position and the steps from it that diverge (``setup`` is normalized and pinned:
    what ``Adapter.load`` receives)."""

    setup: dict[str, Any]
    inputs: tuple[Input, ...]
    divergence: Divergence

    @property
    def size(self) -> tuple[int, int]:
        """(steps, cards in the position) - what the shrinker makes small."""
        return len(self.inputs), sum(len(zone) for _, zone in card_zones(self.setup))


def card_zones(setup: Mapping[str, Any]) -> Iterator[tuple[tuple[str, ...], list[str]]]:
    """Every list of cards of a position, with its path: ``("p1", "hand")``, ``("trash",)``."""
    for number in range(1, setup["players"] + 1):
        for zone in ("hand", "deck", "discard", "in_play", "set_aside"):
            yield (f"p{number}", zone), setup[f"p{number}"][zone]
    yield ("trash",), setup["trash"]


def position_at(setup: Mapping[str, Any], inputs: Sequence[Input], index: int) -> dict[str, Any]:
    """The reference's position before ``inputs[index]`` (a command: nothing is pending)
    as a setup mapping, with the shuffles still to come."""
    game = PinningGame(setup)
    for kind, value in inputs[:index]:
        apply_input(game, kind, value)
    # The engine's own writing of its position (NotAPosition once the turn's plays are
    # under way), in the loader's normal form, as a scenario's setup is handed to engines.
    written = setup_of(game)
    position = build_setup(written, written["kingdom"], written["editions"], written["seed"])
    for player in range(game.table.players):
        position[f"p{player + 1}"]["shuffles"] = [list(order) for order in game.wanted[player]]
    return position


Candidate = tuple[dict[str, Any], tuple[Input, ...]]


class Shrinker:
    """Cuts a divergence down: the latest faithful position before the diverging step,
    then fewer steps, fewer cards, fewer kingdom piles and Supply sizes, default turn
    values, fewer players, as long as the same bug (card and key) still shows."""

    def __init__(self, engine: Adapter, bug: tuple[str, str], budget: int = 4000) -> None:
        self.engine = engine
        self.bug = bug
        self.budget = budget
        self.tries = 0

    def attempt(self, setup: Mapping[str, Any], inputs: Sequence[Input]) -> Case | None:
        """The case if ``inputs`` from ``setup`` still show the bug, else None."""
        if self.tries >= self.budget:
            return None
        self.tries += 1
        pinned = pin_shuffles(setup, inputs)
        if pinned is None:
            return None
        try:
            seen = replay(pinned, inputs, self.engine)
        except (ReferenceRefused, EngineUnsupported):
            return None
        found = seen.divergence
        if found is None or found.bug != self.bug:
            return None
        return Case(pinned, tuple(inputs[: found.step + 1]), found)

    def start(self, played: PlayedGame, original: Replay) -> Case:
        """The latest command boundary of the diverging turn from which the reference
        plays exactly as in the game and the engine still diverges the same way."""
        divergence = original.divergence
        assert divergence is not None
        if divergence.step == SETUP:
            standard = copy.deepcopy(played.setup)
            standard["supply"] = {}
            return Case(standard, (), divergence)
        inputs, last = played.inputs, divergence.step
        turn_start = max(
            (i + 1 for i in range(last) if inputs[i] == ("command", ("end", "turn"))), default=0
        )
        for index in range(last, turn_start - 1, -1):
            if inputs[index][0] != "command":
                continue
            try:
                position = position_at(played.setup, inputs, index)
            except NotAPosition:  # a turn's plays under way: an earlier command
                continue
            case = self.attempt(position, inputs[index : last + 1])
            if case is not None and self._faithful(case, original.observations[index:]):
                return case
        return Case(played.setup, inputs[: last + 1], divergence)

    def _faithful(self, case: Case, expected: Sequence[tuple[Any, Any]]) -> bool:
        """Whether the reference plays the case's steps exactly as it did in the game (a
        position cannot say everything a turn remembers)."""
        reference = ReferenceAdapter()
        reference.load(copy.deepcopy(case.setup))
        for (kind, value), wanted in zip(case.inputs, expected, strict=False):
            apply_input(reference, kind, value)
            if _observe(reference) != wanted:
                return False
        return True

    def shrink(self, case: Case) -> Case:
        for _ in range(4):
            before = case.size
            case = self._reduce(case, _steps_of, _with_steps)
            case = self._reduce(case, _cards_of, _with_cards)
            case = self._reduce(case, _kingdom_of, _with_kingdom)
            case = self._reduce(case, _supply_of, _with_supply)
            case = self._simplify(case)
            if case.size == before:
                break
        return case

    def _reduce(
        self,
        case: Case,
        parts: Callable[[Case], list[Any]],
        rebuild: Callable[[Case, list[Any]], Candidate],
    ) -> Case:
        """Drop chunks of ``parts`` (halves, then quarters... then single ones) while the
        bug still shows."""
        items = parts(case)
        chunk = max(1, len(items) // 2)
        while items:
            changed, start = False, 0
            while start < len(items):
                kept = items[:start] + items[start + chunk :]
                found = self.attempt(*rebuild(case, kept))
                if found is not None:
                    case, items, changed = found, parts(found), True
                else:
                    start += chunk
            if not changed:
                if chunk == 1:
                    break
                chunk = max(1, chunk // 2)
        return case

    def _simplify(self, case: Case) -> Case:
        for simplify in SIMPLIFICATIONS:
            changed = simplify(case.setup)
            if changed is not None:
                case = self.attempt(changed, case.inputs) or case
        return case


def _steps_of(case: Case) -> list[Any]:
    return list(case.inputs)


def _with_steps(case: Case, kept: list[Any]) -> Candidate:
    return case.setup, tuple(kept)


def _cards_of(case: Case) -> list[Any]:
    return [(path, name) for path, zone in card_zones(case.setup) for name in zone]


def _with_cards(case: Case, kept: list[Any]) -> Candidate:
    setup = copy.deepcopy(case.setup)
    for path, zone in card_zones(setup):
        zone.clear()
        zone.extend(name for where, name in kept if where == path)
    return setup, case.inputs


def _kingdom_of(case: Case) -> list[Any]:
    return list(case.setup["kingdom"])


def _with_kingdom(case: Case, kept: list[Any]) -> Candidate:
    setup = copy.deepcopy(case.setup)
    setup["kingdom"] = list(kept)
    for pile in set(setup["supply"]) - set(kept) - set(BASIC_PILES) - set(COLONY_PILES):
        del setup["supply"][pile]
    # What the removed cards brought goes with them: tokens on their piles, the tokens and
    # mats that need them.
    piles = set(BASIC_PILES) | set(COLONY_PILES) | set(kept)
    known = declared()
    for key, kind in known.pile_tokens.items():
        given = setup.get(key)
        if given is None:
            continue
        if kind.where == "pile":
            setup[key] = {pile: n for pile, n in given.items() if pile in piles}
        else:
            given["piles"] = [pile for pile in given.get("piles", []) if pile in piles]
    needs = {**{k: kind.needs for k, kind in known.player_tokens.items()}, **known.mats}
    for number in range(1, setup["players"] + 1):
        zones = setup.get(f"p{number}", {})
        for key, card in needs.items():
            if card is not None and card not in kept:
                zones.pop(key, None)
    return setup, case.inputs


def _supply_of(case: Case) -> list[Any]:
    return sorted(case.setup["supply"].items())


def _with_supply(case: Case, kept: list[Any]) -> Candidate:
    setup = copy.deepcopy(case.setup)
    setup["supply"] = dict(kept)
    return setup, case.inputs


def _default_turn(key: str, default: int) -> Callable[[Mapping[str, Any]], dict[str, Any] | None]:
    def simplify(setup: Mapping[str, Any]) -> dict[str, Any] | None:
        if setup["turn"][key] == default:
            return None
        changed = copy.deepcopy(dict(setup))
        changed["turn"][key] = default
        return changed

    return simplify


def _no_turns_taken(setup: Mapping[str, Any]) -> dict[str, Any] | None:
    if not any(setup["turns_taken"].values()):
        return None
    changed = copy.deepcopy(dict(setup))
    changed["turns_taken"] = dict.fromkeys(setup["turns_taken"], 0)
    return changed


def _fewer_players(setup: Mapping[str, Any]) -> dict[str, Any] | None:
    """The last player left out, when someone else is to act."""
    players = setup["players"]
    if players <= 2 or setup["turn"]["player"] == f"p{players}":
        return None
    changed = copy.deepcopy(dict(setup))
    changed["players"] = players - 1
    del changed[f"p{players}"], changed["turns_taken"][f"p{players}"]
    return changed


# Each puts one value of a position back to its default, or returns None if it is there.
SIMPLIFICATIONS: tuple[Callable[[Mapping[str, Any]], dict[str, Any] | None], ...] = (
    _fewer_players,
    _fewer_players,
    _fewer_players,
    _fewer_players,
    _default_turn("actions", 1),
    _default_turn("buys", 1),
    _default_turn("coins", 0),
    _no_turns_taken,
)


# --- the shrunk case as a scenario -------------------------------------------------------------


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def scenario_id(card: str, key: str, engine: str) -> str:
    """``set/card/fuzz-engine-key`` for a kingdom card, ``rules/fuzz/...`` otherwise."""
    try:
        definition = catalogue.lookup(card)
    except catalogue.UnknownCard:
        definition = None
    tail = f"{slug(engine)}-{slug(key.removeprefix('pN.'))}"
    if definition is not None and definition.kingdom:
        return f"{definition.set}/{slug(card)}/fuzz-{tail}"
    return f"rules/fuzz/{slug(card)}-{tail}"


def _written_step(kind: str, value: Any) -> dict[str, Any]:
    if kind == "answer":
        return {"choose": value}
    verb, arg = value
    return {verb: arg}


def _written_setup(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The position as a scenario writes it: only what differs from the defaults."""
    written: dict[str, Any] = {}
    if setup["players"] != 2:
        written["players"] = setup["players"]
    written["kingdom"] = list(setup["kingdom"])
    if setup["colony"]:
        written["colony"] = True
    if setup["supply"]:
        written["supply"] = dict(setup["supply"])
    if setup["trash"]:
        written["trash"] = list(setup["trash"])
    turn = {
        key: value
        for key, value in setup["turn"].items()
        if value != {"player": "p1", "phase": "action", "actions": 1, "buys": 1, "coins": 0}[key]
    }
    if turn:
        written["turn"] = turn
    taken = {name: count for name, count in setup["turns_taken"].items() if count}
    if taken:
        written["turns_taken"] = taken
    if setup.get("trade_route") is not None:
        written["trade_route"] = copy.deepcopy(setup["trade_route"])
    for number in range(1, setup["players"] + 1):
        zones = setup[f"p{number}"]
        kept = {key: copy.deepcopy(value) for key, value in zones.items() if value}
        if kept:
            written[f"p{number}"] = kept
    return written


def _expected_pending(pending: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return None if pending is None else {k: pending[k] for k in ("player", "kind", "source")}


def expectation(
    divergence: Divergence, state: Mapping[str, Any], pending: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The reference's values of the keys that differ (what the engine gets wrong), plus the
    pending decision when the steps end on one (SCENARIOS.md requires it)."""
    expect: dict[str, Any] = {}
    for difference in divergence.differences:
        key = difference.key
        head, _, rest = key.partition(".")
        if re.fullmatch(r"p\d+", head):
            expect.setdefault(head, {})[rest] = state["players"][head][rest]
        elif head in ("supply", "turn"):
            expect.setdefault(head, {})[rest] = state[head][rest]
        elif head in ("trash", "trade_route", "game_over", "winners"):
            expect[head] = state[head]
        elif head in ("rejected", "crash"):
            # Only what every engine reports: a key the engine under test leaves out
            # (``turn.extra``) would make the file a skip there once the bug is fixed.
            expect["turn"] = {key: state["turn"][key] for key in observed_turn_keys(state["turn"])}
    if pending is not None or any(d.key.startswith("pending") for d in divergence.differences):
        expect["pending"] = _expected_pending(pending)
    return expect


def _choice_probe(divergence: Divergence) -> dict[str, Any] | None:
    """A last step that shows a difference in the legal answers, which ``expect`` cannot
    state: an answer only the engine allows, refused (``rejected: true``), or else one
    only the reference allows, given."""
    first = divergence.differences[0]
    if first.key != "pending.choices":
        return None
    only_engine = sorted(set(first.engine) - set(first.reference))
    if only_engine:
        return {"choose": only_engine[0], "rejected": True}
    only_reference = sorted(set(first.reference) - set(first.engine))
    return {"choose": only_reference[0]} if only_reference else None


def _subject(case: Case, state: Mapping[str, Any]) -> str:
    """The card to file the scenario under: the step's card if it is a Kingdom card, else
    the Kingdom card played last (a Silver misbehaving after a Merchant is Merchant's)."""
    card = case.divergence.card
    if _is_kingdom(card):
        return card
    in_play = state["players"][state["turn"]["player"]]["in_play"]
    return next((name for name in reversed(in_play) if _is_kingdom(name)), card)


def _is_kingdom(name: str) -> bool:
    try:
        return catalogue.lookup(name).kingdom
    except catalogue.UnknownCard:
        return False


def _step_words(case: Case) -> str:
    if case.divergence.step == SETUP:
        return "setup"
    kind, value = case.inputs[-1]
    if kind == "answer":
        return f"answering {case.divergence.card}"
    verb, arg = value
    return f"{verb} {arg}"


def scenario_document(case: Case, engine: str, found_by: str) -> dict[str, Any]:
    """The case in the scenario format, the reference's result as the expectation."""
    reference = ReferenceAdapter()
    reference.load(copy.deepcopy(case.setup))
    for kind, value in case.inputs:
        apply_input(reference, kind, value)
    steps = [_written_step(kind, value) for kind, value in case.inputs]
    probe = _choice_probe(case.divergence)
    if probe is not None:
        steps.append(probe)
        if not probe.get("rejected"):
            apply_input(reference, "answer", probe["choose"])
    state, divergence = reference.observe(), case.divergence
    subject = _subject(case, state)
    where = "after the setup" if divergence.step == SETUP else f"after step {len(case.inputs)}"
    about = _step_words(case) + (f" ({subject})" if subject != divergence.card else "")
    shown = "; ".join(
        f"{d.key}: reference {_short(d.reference, 200)}, {engine} {_short(d.engine, 200)}"
        for d in divergence.differences
    )
    document: dict[str, Any] = {
        "id": scenario_id(subject, divergence.key, engine),
        "title": f"Fuzz: {about}: {divergence.describe(engine)}",
        "source": found_by,
        "note": (
            f"Found by differential fuzzing against {engine}, then shrunk; the expectation "
            f"is the reference engine's result {where}. Seen: {shown}"
        ),
    }
    editions = {name: e for name, e in case.setup["editions"].items() if e != 2}
    if editions:
        document["editions"] = editions
    document["setup"] = _written_setup(case.setup)
    if steps:
        document["steps"] = steps
    document["expect"] = expectation(divergence, state, reference.pending())
    return document


def scenario_text(document: Mapping[str, Any]) -> str:
    import yaml

    return yaml.safe_dump(
        dict(document), sort_keys=False, default_flow_style=None, allow_unicode=True, width=96
    )


def verify(text: str, engine: Adapter, path: str = "<fuzz>") -> str | None:
    """Why the written scenario is not yet a regression test (it must load, pass on the
    reference and fail on the engine), or None when it is one."""
    from scenarios.loader import ScenarioError, load_text
    from scenarios.runner import Status, run_scenario

    try:
        scenario = load_text(text, path)
    except ScenarioError as exc:
        return f"the scenario does not load: {exc.brief()}"
    on_reference = run_scenario(scenario, ReferenceAdapter())
    if on_reference.status is not Status.PASS:
        return f"on the reference it is {on_reference.status}: {on_reference.message}"
    on_engine = run_scenario(scenario, engine)
    if on_engine.status is Status.SKIP:
        return SKIPPED_ON_ENGINE + on_engine.message
    if on_engine.status not in (Status.FAIL, Status.ERROR):
        why = f": {on_engine.message}" if on_engine.message else ""
        return f"on the engine it is {on_engine.status}{why}"
    return None


# --- the fuzzing loop -----------------------------------------------------------------------


@dataclass(frozen=True)
class FuzzConfig:
    engine: str  # the engine's name, for messages and ids
    games: int | None = None  # stop after this many games (None: only the time limit)
    seconds: float | None = None  # start no game after this many seconds
    seed: int = 0
    sets: tuple[str, ...] = ("base", "intrigue")
    players: tuple[int, ...] = (2, 3, 4, 5, 6)
    kingdom: tuple[str, ...] | None = None  # every game uses these cards instead of random ones
    max_inputs: int = 2000  # a game longer than this is cut (random games end well before)
    shrink_budget: int = 4000  # candidate positions tried per divergence


@dataclass
class Finding:
    """One bug (card and key): the shrunk case, its scenario, and whether the scenario was
    verified to pass on the reference and fail on the engine."""

    game: int
    seed: int
    original: Divergence
    case: Case
    document: dict[str, Any]
    text: str
    problem: str | None  # why the scenario is not a regression test, None when it is
    path: str | None = None  # where the caller wrote it

    def to_json(self) -> dict[str, Any]:
        divergence = self.case.divergence
        return {
            "card": divergence.card,
            "key": divergence.key,
            "id": self.document["id"],
            "title": self.document["title"],
            "game": self.game,
            "game_seed": self.seed,
            "steps": len(self.case.inputs),
            "cards": self.case.size[1],
            "differences": [d.to_json() for d in divergence.differences],
            "verified": self.problem is None,
            "problem": self.problem,
            "file": self.path,
        }


@dataclass
class Summary:
    """What a fuzzing run did."""

    engine: str
    seed: int
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # this process's, all threads (an in-process engine's too)
    divergences: Counter[str] = field(default_factory=Counter)  # by card, every one seen
    duplicates: int = 0  # divergences that were a bug already found
    skipped: Counter[str] = field(default_factory=Counter)  # reason -> games
    dropped_players: dict[int, str] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "seed": self.seed,
            "games": self.games,
            "steps": self.steps,
            "seconds": round(self.seconds, 1),
            "cpu_seconds": round(self.cpu_seconds, 1),
            "divergences_by_card": dict(sorted(self.divergences.items())),
            "duplicates": self.duplicates,
            "skipped": dict(self.skipped),
            "players_refused": {str(k): v for k, v in sorted(self.dropped_players.items())},
            "findings": [finding.to_json() for finding in self.findings],
        }


def playable_players(engine: Adapter, wanted: Sequence[int]) -> dict[int, str | None]:
    """Which player counts the engine loads (a refusal is the adapter's documented limit)."""
    answers: dict[int, str | None] = {}
    for players in wanted:
        spec = GameSpec(0, players, dict(catalogue.DEFAULT_EDITIONS), (), False)
        try:
            engine.load(starting_setup(spec))
            answers[players] = None
        except Unsupported as exc:
            answers[players] = str(exc) or "unsupported"
    return answers


class Fuzzer:
    """Plays games until the limits and collects one :class:`Finding` per bug."""

    def __init__(
        self,
        config: FuzzConfig,
        engine: Adapter,
        on_finding: Callable[[Finding], None] | None = None,
        on_progress: Callable[[Summary], None] | None = None,
    ) -> None:
        self.config = config
        self.engine = engine
        self.on_finding = on_finding or (lambda finding: None)
        self.on_progress = on_progress or (lambda summary: None)
        self.summary = Summary(config.engine, config.seed)
        self.bugs: set[tuple[str, str]] = set()

    def run(self) -> Summary:
        config, summary = self.config, self.summary
        started, cpu = time.monotonic(), time.process_time()
        limits = engine_limits(self.engine, config.sets, config.kingdom)
        players = []
        for count, refused in playable_players(self.engine, config.players).items():
            if refused:
                summary.dropped_players[count] = refused
            else:
                players.append(count)
        if not players:
            raise ValueError(f"{config.engine} plays none of {list(config.players)} players")
        rng = random.Random(config.seed)
        while config.games is None or summary.games < config.games:
            if config.seconds is not None and time.monotonic() - started >= config.seconds:
                break
            spec = random_spec(rng, limits, config.sets, players, config.kingdom)
            if spec is None:
                raise ValueError(f"{config.engine} supports no kingdom card of {config.sets}")
            self.play(summary.games, spec)
            summary.games += 1
            summary.seconds = time.monotonic() - started
            summary.cpu_seconds = time.process_time() - cpu
            self.on_progress(summary)
        summary.seconds = time.monotonic() - started
        summary.cpu_seconds = time.process_time() - cpu
        return summary

    def play(self, number: int, spec: GameSpec) -> None:
        # Asked before the game is played: a game the engine declares beyond it is never
        # played, compared or reported after the fact (random specs come from what the
        # adapter supports card by card, so this holds unless cards clash together).
        refused = self.engine.unsupported_reason(spec.cards(), dict(spec.editions))
        if refused:
            self.summary.skipped[refused] += 1
            return
        played = play_reference(spec, self.config.max_inputs)
        try:
            at_setup = setup_divergence(played.setup, self.engine)
            if at_setup is not None:
                self.diverged(number, played, Replay(divergence=at_setup))
            seen = replay(played.setup, played.inputs, self.engine)
        except EngineUnsupported as exc:
            self.summary.skipped[str(exc)] += 1
            return
        self.summary.steps += seen.steps
        if seen.divergence is not None:
            self.diverged(number, played, seen)

    def diverged(self, number: int, played: PlayedGame, seen: Replay) -> None:
        divergence = seen.divergence
        assert divergence is not None
        self.summary.divergences[divergence.card] += 1
        if divergence.bug in self.bugs:
            self.summary.duplicates += 1
            return
        shrinker = Shrinker(self.engine, divergence.bug, self.config.shrink_budget)
        case = shrinker.shrink(shrinker.start(played, seen))
        self.bugs.update({divergence.bug, case.divergence.bug})
        found_by = (
            f"arbiter fuzz --engine {self.config.engine} --seed {self.config.seed} "
            f"(game {number + 1}, seed {played.spec.seed})"
        )
        document = scenario_document(case, self.config.engine, found_by)
        text = scenario_text(document)
        finding = Finding(number + 1, played.spec.seed, divergence, case, document, text, None)
        # A scenario the engine skips though it played the game is reported as such (an
        # adapter whose declarations disagree with each other), never dropped as a skip.
        finding.problem = verify(text, self.engine)
        self.summary.findings.append(finding)
        self.on_finding(finding)
