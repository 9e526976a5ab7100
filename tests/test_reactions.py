"""Reaction and simultaneous-trigger decisions are described by what they are about, and a
Reaction still in hand may be revealed again (rulings rules/reactions/1)."""

from __future__ import annotations

import itertools
import textwrap

import pytest

from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import bundled_dir, load_scenario, load_text
from scenarios.runner import Status, run_scenario

REACTIONS = bundled_dir() / "rules" / "reactions"


@pytest.mark.parametrize(
    "hand", list(itertools.permutations(["Secret Chamber", "Copper", "Moat"])), ids=str
)
def test_naming_the_reaction_passes_whatever_the_hand_order(hand: tuple[str, ...]) -> None:
    text = (REACTIONS / "named-whatever-the-hand-order.yaml").read_text()
    text = text.replace("hand: [Secret Chamber, Copper, Moat]}", f"hand: [{', '.join(hand)}]}}")
    text = text.replace(
        "    hand: [Secret Chamber, Copper, Moat]\n", f"    hand: [{', '.join(hand)}]\n"
    )
    scenario = load_text(text, "order.yaml")
    assert scenario.setup["p2"]["hand"] == list(hand)
    result = run_scenario(scenario, ReferenceAdapter())
    assert result.status is Status.PASS, result.message


def test_secret_chamber_may_be_revealed_twice_to_one_attack() -> None:
    scenario = load_scenario(REACTIONS / "secret-chamber-twice.yaml")
    assert run_scenario(scenario, ReferenceAdapter()).status is Status.PASS


def _run(body: str) -> tuple[Status, str]:
    result = run_scenario(
        load_text("id: mine/a/b\ntitle: t\n" + textwrap.dedent(body), "mine.yaml"),
        ReferenceAdapter(),
    )
    return result.status, result.message


def test_answering_a_question_the_engine_took_says_so() -> None:
    body = """
    editions: {base: 1}
    setup:
      kingdom: [Throne Room, Feast]
      p1: {hand: [Throne Room, Feast, Copper]}
    steps:
      - play: Throne Room
      - choose: Feast
        source: Throne Room
    """
    assert _run(body) == (
        Status.FAIL,
        "step 2 (choose): source expected Throne Room found Feast: p1 is asked by Feast"
        " (gain), pick 1 of [Copper, Silver, Estate, Duchy, Curse, Throne Room, Feast];"
        " Throne Room's question to p1 had only one legal answer ([Feast]): the engine took"
        " it (remove the choose step that answers it)",
    )
    no_feast = body.replace("Feast, Copper]", "Smithy, Copper]").replace(
        "choose: Feast", "choose: Smithy"
    )
    status, message = _run(
        no_feast.replace("kingdom: [Throne Room, Feast]", "kingdom: [Throne Room, Smithy]")
    )
    assert status is Status.ERROR
    assert message == (
        "step 2 (choose): choose: nothing is pending, there is no decision to answer;"
        " Throne Room's question to p1 had only one legal answer ([Smithy]): the engine"
        " took it (remove the choose step that answers it)"
    )


def test_a_wrong_shuffle_order_is_named_by_its_position() -> None:
    body = """
    setup:
      p1:
        discard: [Estate]
        shuffles:
          - [Estate]
          - [Gold]
    steps:
      - end: turn   # p1 shuffles the Estate (the 1st order) and draws it
      - end: turn
      - end: turn   # p1 discards it and shuffles again: the 2nd order is wrong
    """
    status, message = _run(body)
    assert status is Status.ERROR
    assert message.startswith(
        "step 3 (end): setup.p1.shuffles[2]: ['Gold'] is not a rearrangement"
    ), message


def test_big_money_stops_revealing_secret_chamber_by_itself() -> None:
    """A Reaction may be revealed again, so a bot that always reveals must stop: without
    that, Big Money revealed Secret Chamber to one Militia forever (run in a subprocess
    so that a regression fails on the timeout instead of hanging the suite)."""
    import subprocess
    import sys

    script = textwrap.dedent("""
        from engine.bots import make_bot, play_game
        from engine.game import Game
        kingdom = ["Secret Chamber", "Militia", "Moat", "Diplomat", "Witch", "Village",
                   "Smithy", "Market", "Mine", "Cellar"]
        for seed in range(3):
            game = Game.new(2, kingdom, seed=seed, editions={"intrigue": 1, "base": 1})
            bots = [make_bot("bigmoney:Militia:2", seed),
                    make_bot("bigmoney:Secret Chamber:2", seed + 1)]
            assert play_game(game, bots, max_turns=200).finished
        """)
    done = subprocess.run([sys.executable, "-c", script], timeout=120, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
