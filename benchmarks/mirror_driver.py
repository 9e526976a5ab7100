"""Play Big Money mirrors on the reference engine found in one directory, and say what it cost.

    python benchmarks/mirror_driver.py ENGINE_ROOT GAMES [SEED]

``benchmarks/bench_revisions.py`` runs this once per revision and round, each time in a new
process whose ``engine`` package comes from ``ENGINE_ROOT`` (an extracted revision), so
several revisions of the engine can be timed side by side. It drives the engine only
through what every revision since the first benchmark has had (``Game.new``,
``Game.command``, the state's hands, coins and piles) and brings its own copy of the buy
rule, so each revision does the same work whatever its bots look like.

Prints one line: ``cpu_seconds player_turns events fingerprint`` (CPU time of the games
alone, imports and interpreter start left out; the fingerprint is a hash of where every card
of every game ended, so two revisions that print the same one played the same games).
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Cards both engines of bench_engine.py have; Big Money buys none of them, they only fill
# the Supply.
KINGDOM = [
    "Cellar",
    "Chapel",
    "Moat",
    "Village",
    "Workshop",
    "Smithy",
    "Militia",
    "Market",
    "Laboratory",
    "Witch",
]
TREASURES = frozenset({"Copper", "Silver", "Gold"})
MAX_TURNS = 1_000
# Set to Kingdom set names, comma-separated: the catalogue loads only those
# (``bench_revisions.py --sets``: does a game cost more when the engine knows more cards?).
SETS_VARIABLE = "ARBITER_BENCH_SETS"


def big_money_buy(coins: int, provinces_left: int) -> str | None:
    """The canonical Big Money rule (``engine.bots.big_money_buy`` without Colony), copied
    here because the revisions measured may not share one copy: each must do the same work."""
    if coins >= 8:
        return "Province"
    if coins >= 5 and provinces_left <= 4:
        return "Duchy"
    if coins >= 6:
        return "Gold"
    if 2 <= coins <= 4 and provinces_left <= 2:
        return "Estate"
    if coins >= 3:
        return "Silver"
    return None


def play_turn(game: Any) -> None:
    state = game.state
    hand = state.players[state.turn.player].hand
    for name in [state.names[card] for card in hand]:
        if name in TREASURES:
            game.command("play", name)
    target = big_money_buy(state.turn.coins, len(state.supply["Province"]))
    if target is not None and state.supply[target]:
        game.command("buy", target)
    game.command("end", "turn")


class Tally:
    """What a run of games did: player-turns, events, and a hash of where every card of every
    game ended (two revisions with the same hash played the same games, whatever they log)."""

    def __init__(self) -> None:
        self.turns = 0
        self.events = 0
        self._positions = hashlib.sha256()

    def add(self, game: Any, turns: int) -> None:
        state = game.state
        self.turns += turns
        self.events += len(state.events)
        zones = [
            [state.names[card] for card in getattr(player, zone)]
            for player in state.players
            for zone in ("hand", "deck", "discard", "in_play")
        ]
        piles = sorted((pile, len(cards)) for pile, cards in state.supply.items())
        self._positions.update(repr((zones, piles)).encode())

    def line(self) -> str:
        return f"{self.turns} {self.events} {self._positions.hexdigest()[:16]}"


def play_games(game_class: Any, games: int, seed: int) -> Tally:
    """``games`` 2-player mirrors from ``seed`` on."""
    tally = Tally()
    for index in range(games):
        game = game_class.new(players=2, kingdom=KINGDOM, seed=seed + index, colony=False)
        played = 0
        while not game.state.game_over:
            if played == MAX_TURNS:
                raise SystemExit(f"game {seed + index} did not end in {MAX_TURNS} turns")
            play_turn(game)
            played += 1
        tally.add(game, played)
    return tally


def load_engine(argv: list[str], usage: str) -> tuple[int, int]:
    """Put ``ENGINE_ROOT`` (``argv[0]``) first on the path and make sure the engine comes
    from it; the games and the seed the rest of ``argv`` asks for."""
    if len(argv) not in (2, 3):
        raise SystemExit(f"usage: {usage} ENGINE_ROOT GAMES [SEED]")
    root = Path(argv[0]).resolve()
    sys.path.insert(0, str(root))
    import engine

    if root not in Path(engine.__file__).resolve().parents:
        raise SystemExit(f"engine imported from {engine.__file__}, not from {root}")
    if SETS_VARIABLE in os.environ:
        load_only(os.environ[SETS_VARIABLE].split(","))
    return int(argv[1]), int(argv[2]) if len(argv) == 3 else 0


def load_only(kept: list[str]) -> None:
    """Make the catalogue load only the Kingdom sets ``kept`` (and the basic cards), as an
    engine that knew only those would: the registry is cut before the catalogue reads it.
    Checked: the catalogue must then hold exactly those sets' cards."""
    from engine import sets

    if "engine.cards" in sys.modules:
        raise SystemExit("the catalogue was loaded before the registry could be cut")
    unknown = set(kept) - {card_set.name for card_set in sets.REGISTRY}
    if unknown:
        raise SystemExit(f"no such sets in this revision's registry: {sorted(unknown)}")
    wanted = {s.name for s in sets.REGISTRY if s.name in kept or not s.kingdom}
    sets.REGISTRY = tuple(s for s in sets.REGISTRY if s.name in wanted)
    from engine import cards

    loaded = {card.set for card in cards.ALL_CARDS}
    if loaded != wanted:
        raise SystemExit(f"the catalogue loaded {sorted(loaded)}, not {sorted(wanted)}")


def print_timed(play: Callable[[], Tally]) -> None:
    """Play, and print ``cpu_seconds player_turns events fingerprint``."""
    start = time.process_time()
    tally = play()
    print(f"{time.process_time() - start:.6f} {tally.line()}")


def main(argv: list[str]) -> None:
    games, seed = load_engine(argv, "mirror_driver.py")
    from engine.game import Game

    print_timed(lambda: play_games(Game, games, seed))


if __name__ == "__main__":
    main(sys.argv[1:])
