"""Random complete games with Intrigue: Kingdoms drawn from Base and Intrigue together.

The same check as ``test_random_games`` (random legal commands and answers from
``checks.random_play``, the invariants after every turn, the game over exactly when the
rules say so), over both editions of each set and 2 to 6 players. A second test builds
Kingdoms from Intrigue cards only, so that every Intrigue card of each edition is played
in some game whatever the random draw.
"""

from __future__ import annotations

import os

import options
import pytest

from checks.random_play import InvariantBroken, play_random_game
from engine import cards as catalogue

GAMES = int(os.environ.get("ARBITER_RANDOM_GAMES") or options.games(200))
CHUNK = 25
MAX_TURNS = 400
SETS = ("base", "intrigue")


def game_params(seed: int) -> tuple[int, dict[str, int]]:
    """Players 2..6, and every pairing of Base and Intrigue editions, spread over the seeds."""
    players = 2 + seed % 5
    pairing = (seed // 5) % 4
    return players, {"base": 1 + pairing % 2, "intrigue": 1 + pairing // 2}


def _play(seed: int, **kwargs: object) -> str | None:
    players, editions = game_params(seed)
    try:
        result = play_random_game(
            players,
            seed,
            editions=editions,
            max_turns=MAX_TURNS,
            **kwargs,  # type: ignore[arg-type]
        )
    except InvariantBroken as broken:
        return f"seed {seed} ({players} players, {editions}): {broken}"
    game = result.game
    assert game.state.game_over
    assert game.winners(), f"seed {seed}: a finished game has winners"
    assert game.event_lines()[-1] == "game ends"
    return None


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_base_and_intrigue_random_games_end_by_the_rules(first: int) -> None:
    failures = [
        failure
        for seed in range(first, min(first + CHUNK, GAMES))
        if (failure := _play(seed, sets=SETS)) is not None
    ]
    assert not failures, "\n".join(failures)


def _intrigue_kingdoms(edition: int) -> list[list[str]]:
    """Kingdoms of 10 Intrigue cards of one edition that together use every card."""
    names = sorted(card.name for card in catalogue.kingdom_cards("intrigue", edition))
    return [
        [names[(start + offset) % len(names)] for offset in range(10)]
        for start in range(0, len(names), 10)
    ]


KINGDOMS = [
    (edition, index, kingdom)
    for edition in (1, 2)
    for index, kingdom in enumerate(_intrigue_kingdoms(edition))
]


@pytest.mark.parametrize(
    ("edition", "kingdom"),
    [(edition, kingdom) for edition, _, kingdom in KINGDOMS],
    ids=[f"intrigue{edition}-{index}" for edition, index, _ in KINGDOMS],
)
def test_every_intrigue_card_in_random_games(edition: int, kingdom: list[str]) -> None:
    failures = []
    for seed in range(10):
        players = 2 + seed % 5
        editions = {"base": 2, "intrigue": edition}
        try:
            result = play_random_game(
                players,
                seed,
                editions=editions,
                kingdom=kingdom,
                colony=False,
                max_turns=MAX_TURNS,
                thorough=seed == 0,
            )
        except InvariantBroken as broken:
            failures.append(f"seed {seed} ({players} players, {kingdom}): {broken}")
            continue
        assert result.game.state.game_over
    assert not failures, "\n".join(failures)
