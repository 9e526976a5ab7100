"""A hypothesis state machine that plays random legal games and checks every invariant.

Each example sets up a random game (a random Kingdom from every card the engine has, in
random editions, 2-6 players, with or without Colony, sometimes with short Supply piles
so that games end), then plays random legal inputs drawn from what the engine says is
legal (:mod:`checks.random_play`), and after every input checks every invariant of
:mod:`checks.invariants`. At the end, replaying (setup, inputs) on a fresh game must give
the same events and snapshot, and the game must survive a JSON round trip.

A failure shrinks (hypothesis shrinks the random draws and the number of steps) and is
reported as a scenario YAML file (the format of ``docs/guides/writing-scenarios.rst``)
that replays the failing game from the position after the deal, with every later
shuffle fixed, ready to drop into ``scenarios/``.

Run it from ``tests/test_state_machine.py``; the hypothesis profile (``HYPOTHESIS_PROFILE``,
see ``tests/conftest.py``) sets how many games are played.
"""

from __future__ import annotations

import json
import random
import zlib
from collections import Counter
from collections.abc import Mapping
from typing import Any

import yaml
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from checks import invariants as inv
from checks.random_play import WatchedGame, random_answer, random_command
from engine import cards as catalogue
from engine.game import BASIC_PILES, COLONY_PILES, Game
from engine.sets import BY_NAME, KINGDOM_SETS
from engine.table import Table
from engine.triggers import Listeners
from engine.verbs import Verbs
from scenarios.loader import format_tokens_cached

SETS = KINGDOM_SETS


class RecordingVerbs(Verbs):
    """The verbs of a :class:`RecordingGame`: they remember every shuffle."""

    def __init__(self, table: Table, listeners: Listeners) -> None:
        super().__init__(table, listeners)
        self.shuffled: list[tuple[int, list[str]]] = []

    def shuffle(self, player: int) -> None:
        count = len(self.state.players[player].discard)
        super().shuffle(player)
        if count:
            deck = self.state.players[player].deck  # the new cards are at the bottom (start)
            self.shuffled.append((player, self.table.names_of(reversed(deck[:count]))))


class RecordingGame(WatchedGame):
    """A :class:`Game` that remembers the order of every shuffle (top first), so that a
    failing random game can be written as a scenario with fixed ``shuffles``."""

    verbs_class = RecordingVerbs

    @property
    def shuffled(self) -> list[tuple[int, list[str]]]:
        """Every shuffle so far: (player, the order of the cards shuffled, top first)."""
        assert isinstance(self.verbs, RecordingVerbs)
        return self.verbs.shuffled


# --- random set-ups -------------------------------------------------------------------------


@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    """A standard set-up (as ``Game.new`` makes it) of a random game, sometimes with a few
    Supply piles cut short so that the game ends within a few turns."""
    players = draw(st.integers(2, 6), label="players")
    editions = {
        name: draw(st.sampled_from(sorted(BY_NAME[name].editions)), label=f"{name} edition")
        for name in SETS
    }
    pool = sorted(
        {card.name for name in SETS for card in catalogue.kingdom_cards(name, editions[name])}
    )
    kingdom = draw(
        st.lists(st.sampled_from(pool), min_size=10, max_size=10, unique=True), label="kingdom"
    )
    colony = draw(st.booleans(), label="colony")
    seed = draw(st.integers(0, 2**16), label="seed")
    setup = dict(Game.new(players, kingdom, seed, editions, colony).table.setup)
    piles = [*BASIC_PILES, *(COLONY_PILES if colony else ()), *kingdom]
    short = draw(
        st.dictionaries(st.sampled_from(piles), st.integers(0, 2), max_size=6), label="short piles"
    )
    if draw(st.booleans(), label="near the end"):
        # One pile short of the end condition (or at it, which ends the game after the
        # first turn, with the tie-break by turns in play): random games reach the end.
        needed = 3 if players <= 4 else 4
        for pile in draw(
            st.lists(st.sampled_from(piles), min_size=needed - 1, max_size=needed, unique=True),
            label="empty piles",
        ):
            short[pile] = 0
    if short:
        setup["supply"] = short
    return setup


# --- a failing game as a scenario --------------------------------------------------------------


def _step(kind: str, value: Any) -> dict[str, Any]:
    if kind == "answer":
        return {"choose": value}
    verb, arg = value
    return {verb: arg}


def scenario_yaml(
    game: RecordingGame, dealt: Mapping[str, Any], deal_shuffles: int, problem: str
) -> str:
    """The game as a scenario: the position after the deal, every later shuffle fixed,
    the inputs as steps, and what the rulebook expects at the end."""
    setup = game.table.setup
    position: dict[str, Any] = {
        "players": game.table.players,
        "kingdom": list(setup["kingdom"]),
        "colony": bool(setup.get("colony", False)),
    }
    for key in ("bane", *format_tokens_cached().set_aside_keys):
        if key in setup:  # as the standard set-up chose them
            position[key] = setup[key]
    if setup.get("supply"):
        position["supply"] = dict(setup["supply"])
    later: dict[int, list[list[str]]] = {}
    for player, order in game.shuffled[deal_shuffles:]:
        later.setdefault(player, []).append(order)
    for index in range(game.table.players):
        zones = dict(dealt[f"p{index + 1}"])
        if later.get(index):
            zones["shuffles"] = later[index]
        position[f"p{index + 1}"] = zones
    expect: dict[str, Any] = {}
    c = inv.counts_of(game)
    over = bool(inv.rulebook_game_ends(c.pile_counts, c.province, c.colony, c.players))
    if game.state.game_over or over:
        expect["game_over"] = over
    if game.state.game_over:
        flags = inv.rulebook_winners(c.scores, c.turns)
        expect["winners"] = [f"p{i + 1}" for i, wins in enumerate(flags) if wins]
    document: dict[str, Any] = {
        "id": f"rules/found/game-{zlib.crc32(json.dumps(game.inputs).encode()):08x}",
        "title": "A random game found by checks.state_machine that breaks an invariant",
        "note": problem,
        "editions": dict(setup.get("editions", {})),
        "seed": int(setup.get("seed", 0)),
        "setup": position,
        "steps": [_step(kind, value) for kind, value in game.inputs],
    }
    if expect:
        document["expect"] = expect
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)


class InvariantFailure(AssertionError):
    """An invariant broke; the message carries the scenario that reproduces it."""


# --- the machine -----------------------------------------------------------------------------


class GameMachine(RuleBasedStateMachine):
    """Random legal games, every invariant after every input."""

    game: RecordingGame
    rng: random.Random

    def __init__(self) -> None:
        super().__init__()
        self.steps = 0

    @initialize(setup=setups(), rng=st.randoms(use_true_random=False))
    def start(self, setup: dict[str, Any], rng: random.Random) -> None:
        self.game = RecordingGame(setup)
        self.rng = rng
        self.created: Counter[str] = inv.created_by_setup(self.game)
        self.turns = self._turns_taken()
        self.end_of_turn = False
        snapshot = self.game.snapshot()["players"]
        self.dealt = {
            player: {"hand": zones["hand"], "deck": zones["deck"]}
            for player, zones in snapshot.items()
        }
        self.deal_shuffles = len(self.game.shuffled)
        if "supply" not in setup:
            self._fail_if(inv.setup_violations(self.game))
        GameMachine.games_started += 1

    # Totals over a run (reported by tests/test_state_machine.py and the deep run).
    games_started = 0
    steps_taken = 0
    games_over = 0

    def _turns_taken(self) -> int:
        return sum(player.turns_taken for player in self.game.state.players)

    def _fail_if(self, problems: list[str]) -> None:
        if problems:
            text = "; ".join(problems)
            raise InvariantFailure(
                f"{text}\n\nA scenario that reproduces it:\n\n"
                + scenario_yaml(self.game, self.dealt, self.deal_shuffles, text)
            )

    @rule()
    def play(self) -> None:
        """One random legal input: an answer when a decision is pending, else a command
        (nothing once the game is over: the state machine then only re-checks)."""
        game = self.game
        if game.state.game_over:
            self.end_of_turn = False
            return
        decision = game.pending
        if decision is not None:
            game.answer(random_answer(decision, self.rng))
        else:
            game.command(*random_command(game, self.rng))
        turns = self._turns_taken()
        self.end_of_turn = turns != self.turns and (game.state.game_over or game.awaiting_command)
        self.turns = turns
        self.steps += 1
        GameMachine.steps_taken += 1

    @invariant()
    def invariants_hold(self) -> None:
        if not hasattr(self, "game"):
            return
        game = self.game
        problems = inv.violations(
            game,
            self.created,
            end_of_turn=self.end_of_turn,
            piles_at_turn_end=game.piles_at_turn_end if self.end_of_turn else None,
        )
        self._fail_if(problems)

    def teardown(self) -> None:
        if not hasattr(self, "game"):
            return
        game = self.game
        GameMachine.games_over += game.state.game_over
        problems = []
        again = RecordingGame.replay(game.table.setup, game.inputs)
        if again.event_lines() != game.event_lines():
            problems.append("replaying (setup, inputs) gives other events")
        if again.snapshot() != game.snapshot():
            problems.append("replaying (setup, inputs) gives another state")
        try:
            data = json.loads(json.dumps(game.to_json()))
            loaded = Game.from_json(data)
        except (TypeError, ValueError) as error:
            problems.append(f"the JSON round trip fails: {error}")
        else:
            if loaded.snapshot() != game.snapshot():
                problems.append("the JSON round trip gives another state")
        self._fail_if(problems)
