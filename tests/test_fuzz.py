"""Differential fuzzing (checks/differential.py, `arbiter fuzz`).

A deliberately wrong engine (tests/wrong_engines.py) must be caught, shrunk to a small
scenario that passes on the reference and fails on it; the reference against itself, in
process and over the wire, must never diverge.
"""

from __future__ import annotations

import copy
import dataclasses
import io
import json
import sys
from pathlib import Path
from typing import Any

import options
import pytest
from wrong_engines import (
    ForgetsUnusedActions,
    RefusesSmithy,
    ReportsNoExtraTurns,
    SecondEditionMoneylender,
    TwoToFourPlayers,
    WrongMerchant,
    WrongMerchantAndVillage,
    WrongMerchantUnsupported,
)

from arbiter import cli
from arbiter.fuzz import Console
from checks import differential
from checks.differential import (
    FuzzConfig,
    Fuzzer,
    GameSpec,
    PinningGame,
    Summary,
    differences,
    play_reference,
)
from engine.errors import IllegalAnswer, IllegalMove
from engine.game import Game
from scenarios.adapters.base import Adapter
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.adapters.wire import WireAdapter
from scenarios.loader import load_text
from scenarios.runner import Status, run_scenario

MERCHANT_KINGDOM = ("Merchant", "Throne Room")
FOCUSED = FuzzConfig(
    engine="wrong",
    games=8,
    seed=1,
    sets=("base",),
    players=(2,),
    kingdom=MERCHANT_KINGDOM,
    max_inputs=200,
)
SERVER = [sys.executable, "-m", "scenarios.wire_server"]


def fuzz(engine: Adapter, config: FuzzConfig = FOCUSED) -> Summary:
    return Fuzzer(dataclasses.replace(config, engine=engine.name), engine).run()


# --- a wrong engine is caught -------------------------------------------------------------


def test_a_wrong_merchant_is_found_and_shrunk_to_a_small_scenario() -> None:
    summary = fuzz(WrongMerchant())
    assert len(summary.findings) == 1
    finding = summary.findings[0]
    steps, cards = finding.case.size
    assert steps <= 3 and cards <= 10, finding.text
    assert finding.case.divergence.key == "turn.coins"
    assert finding.document["id"].startswith("base/merchant/fuzz-")
    assert finding.problem is None
    scenario = load_text(finding.text, "found.yaml")
    assert run_scenario(scenario, ReferenceAdapter()).status is Status.PASS
    assert run_scenario(scenario, WrongMerchant()).status is Status.FAIL


def test_each_bug_is_reported_once() -> None:
    kingdom = (*MERCHANT_KINGDOM, "Village")
    config = dataclasses.replace(FOCUSED, kingdom=kingdom, games=20)
    summary = fuzz(WrongMerchantAndVillage(), config)
    bugs = [finding.case.divergence.bug for finding in summary.findings]
    assert len(bugs) == len(set(bugs))  # a card and key is reported once
    # The same wrong Village seen through Throne Room is Throne Room's step: another card.
    cards = {finding.document["id"].split("/")[1] for finding in summary.findings}
    assert {"merchant", "village"} <= cards <= {"merchant", "village", "throne-room"}
    assert summary.duplicates > 0  # Village is played in most games: found again and again
    assert all(finding.problem is None for finding in summary.findings)
    assert sum(summary.divergences.values()) == len(summary.findings) + summary.duplicates


def test_a_kingdom_the_engine_declares_beyond_it_is_refused_before_any_game() -> None:
    engine = WrongMerchantUnsupported()
    played: list[GameSpec] = []
    fuzzer = Fuzzer(dataclasses.replace(FOCUSED, engine=engine.name), engine)
    fuzzer.play = lambda number, spec: played.append(spec)  # type: ignore[method-assign]
    with pytest.raises(ValueError, match="cannot play Merchant, Throne Room in any edition"):
        fuzzer.run()
    assert played == []


def test_random_kingdoms_leave_out_the_cards_the_engine_declares_beyond_it() -> None:
    config = dataclasses.replace(FOCUSED, kingdom=None, games=3, max_inputs=60)
    summary = fuzz(WrongMerchantUnsupported(), config)
    assert summary.games == 3
    assert summary.findings == [] and not summary.divergences and not summary.skipped


def test_a_kingdom_is_played_only_in_the_editions_the_engine_has_its_cards_in() -> None:
    # The reproduction of issue 33: pyminion has only the 2nd-edition Moneylender, and
    # `--kingdom Moneylender,Village` played 1st-edition games, reported their divergences,
    # then dropped them as skipped.
    engine = SecondEditionMoneylender()
    config = dataclasses.replace(FOCUSED, kingdom=("Moneylender", "Village"), games=6, seed=3)
    played: list[GameSpec] = []
    fuzzer = Fuzzer(dataclasses.replace(config, engine=engine.name), engine)
    fuzzer.play = lambda number, spec: played.append(spec)  # type: ignore[method-assign]
    fuzzer.run()
    assert len(played) == 6
    assert {spec.editions["base"] for spec in played} == {2}


def test_no_game_is_skipped_after_it_was_compared() -> None:
    engine = SecondEditionMoneylender()
    config = dataclasses.replace(FOCUSED, kingdom=("Moneylender", "Village"), games=6, seed=3)
    summary = fuzz(engine, config)
    assert summary.games == 6 and not summary.skipped
    assert summary.findings == [] and not summary.divergences


def test_unused_actions_forgotten_after_the_action_phase_are_no_divergence() -> None:
    config = dataclasses.replace(FOCUSED, kingdom=("Village", "Smithy", "Market"), games=4)
    summary = fuzz(ForgetsUnusedActions(), config)
    assert summary.steps > 100
    assert summary.findings == [] and not summary.divergences


def test_a_written_scenario_expects_only_what_every_engine_reports() -> None:
    # A refused step writes the turn as the expectation: never turn.extra, which an
    # engine without extra turns does not report, and unused Actions only in the Action
    # phase. Once the bug is fixed the file passes on such an engine instead of skipping.
    config = dataclasses.replace(FOCUSED, kingdom=("Village", "Smithy"), games=2)
    summary = fuzz(RefusesSmithy(), config)
    assert summary.findings
    for finding in summary.findings:
        turn = finding.document["expect"]["turn"]
        assert "extra" not in turn
        assert "actions" not in turn or turn["phase"] == "action"
        scenario = load_text(finding.text, "found.yaml")
        assert run_scenario(scenario, RefusesSmithy()).status is Status.FAIL
        assert run_scenario(scenario, ReportsNoExtraTurns()).status is Status.PASS


def test_player_counts_the_engine_refuses_are_not_played() -> None:
    config = dataclasses.replace(FOCUSED, games=6, players=(2, 3, 4, 5, 6), max_inputs=30)
    summary = fuzz(TwoToFourPlayers(), config)
    assert sorted(summary.dropped_players) == [5, 6]
    assert summary.games == 6 and summary.findings == [] and not summary.skipped


# --- the reference against itself ---------------------------------------------------------

# 300 games of 40 steps each under `pytest --full`, a quarter by default (tests/options.py):
# about 6 s of CPU in process, 8 s over the wire for all 300 (measured with
# `python -m pytest tests/test_fuzz.py --durations=0` on an idle machine).
SMALL_GAMES = FuzzConfig(
    engine="reference",
    games=300,
    seed=11,
    sets=("base", "intrigue", "prosperity"),
    players=(2, 3, 4, 5, 6),
    max_inputs=40,
)


def test_the_reference_never_diverges_from_itself_in_process() -> None:
    games = options.games(SMALL_GAMES.games)
    summary = fuzz(ReferenceAdapter(), dataclasses.replace(SMALL_GAMES, games=games))
    assert summary.games == games and summary.steps == games * 40
    assert not summary.divergences and not summary.skipped


def test_whole_games_to_the_end_do_not_diverge_either() -> None:
    config = dataclasses.replace(SMALL_GAMES, games=6, players=(2,), max_inputs=5000)
    summary = fuzz(ReferenceAdapter(), config)
    assert summary.steps > 6 * 200  # every game played to its end, not cut
    assert not summary.divergences


def test_the_reference_never_diverges_from_itself_over_the_wire() -> None:
    games = options.games(SMALL_GAMES.games)
    adapter = WireAdapter(SERVER, timeout=30)
    try:
        summary = fuzz(adapter, dataclasses.replace(SMALL_GAMES, seed=12, games=games))
    finally:
        adapter.close()
    assert summary.games == games and summary.steps == games * 40
    assert not summary.divergences and not summary.skipped


# --- the pieces ---------------------------------------------------------------------------


def spec(players: int = 2, seed: int = 5) -> GameSpec:
    kingdom = ("Cellar", "Library", "Smithy", "Village", "Militia", "Moat")
    return GameSpec(seed, players, {"base": 2, "intrigue": 2, "prosperity": 2}, kingdom, False)


def test_recorded_shuffles_replay_the_game_exactly() -> None:
    played = play_reference(spec(3), max_inputs=400)
    assert any(orders for n in range(1, 4) for orders in played.setup[f"p{n}"]["shuffles"])
    first = Game.replay(played.setup, played.inputs)
    other_seed = {**copy.deepcopy(played.setup), "seed": 999}
    assert Game.replay(other_seed, played.inputs).snapshot() == first.snapshot()


def test_a_shuffle_order_that_no_longer_fits_is_replaced() -> None:
    played = play_reference(spec(), max_inputs=400)
    setup = copy.deepcopy(played.setup)
    setup["p1"]["deck"] = setup["p1"]["deck"][1:]  # one card fewer: p1's orders cannot fit
    with pytest.raises(ValueError, match="shuffles"):
        Game.replay(setup, played.inputs)
    game, applied = PinningGame(setup), 0
    for kind, value in played.inputs:
        try:
            differential.apply_input(game, kind, value)
        except (IllegalMove, IllegalAnswer):
            break  # the inputs stop fitting once the position differs
        applied += 1
    assert game.recorded[0], "p1 shuffled"
    pinned = copy.deepcopy(setup)
    for number, orders in enumerate(game.recorded, start=1):
        pinned[f"p{number}"]["shuffles"] = orders
    assert Game.replay(pinned, played.inputs[:applied]).snapshot() == game.snapshot()


def observed(game: Game) -> tuple[Any, Any]:
    adapter = ReferenceAdapter()
    adapter.game = game
    return adapter.observe(), adapter.pending()


def test_differences_name_what_differs() -> None:
    game = Game(
        {"kingdom": ["Cellar"], "p1": {"hand": ["Cellar", "Copper"], "deck": ["Estate", "Gold"]}}
    )
    state, pending = observed(game)
    assert differences(state, pending, state, pending) == []
    other = copy.deepcopy(state)
    other["players"]["p1"]["hand"] = ["Copper", "Cellar"]  # hands are multisets
    assert differences(state, pending, other, pending) == []
    other["players"]["p1"]["deck"] = ["Gold", "Estate"]  # the deck is in order
    other["supply"]["Cellar"] = 9
    assert [d.key for d in differences(state, pending, other, pending)] == [
        "p1.deck",
        "supply.Cellar",
    ]
    game.command("play", "Cellar")
    state, pending = observed(game)
    assert pending is not None
    asked = {**pending, "choices": [*pending["choices"], "Gold"]}
    assert [d.key for d in differences(state, pending, state, asked)] == ["pending.choices"]
    assert [d.key for d in differences(state, pending, state, None)] == ["pending"]


# --- the command --------------------------------------------------------------------------


def fuzz_command(tmp_path: Path, *extra: str) -> list[str]:
    return [
        "fuzz",
        "--engine",
        "wrong_engines:WrongMerchant",
        "--games",
        "2",
        "--seed",
        "1",
        "--sets",
        "base",
        "--players",
        "2",
        "--kingdom",
        ",".join(MERCHANT_KINGDOM),
        "--max-steps",
        "200",
        "--out",
        str(tmp_path / "found"),
        *extra,
    ]


def test_the_command_writes_the_scenario_and_never_overwrites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "fuzz.json"
    assert cli.main(fuzz_command(tmp_path, "--json", str(report))) == cli.EXIT_FAILED
    out = capsys.readouterr().out
    assert "2 games" in out and "1 bug(s) found" in out
    data = json.loads(report.read_text())
    written = Path(data["findings"][0]["file"])
    first_text = written.read_text()
    assert data["games"] == 2 and data["findings"][0]["verified"] is True
    assert run_scenario(load_text(first_text), ReferenceAdapter()).status is Status.PASS
    assert cli.main(fuzz_command(tmp_path)) == cli.EXIT_FAILED
    files = {p.name for p in (tmp_path / "found").iterdir()}
    assert files == {written.name, written.name.replace(".yaml", "-2.yaml")}
    assert written.read_text() == first_text


def test_no_divergence_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["fuzz", "--engine", "reference", "--games", "3", "--max-steps", "50"]
    assert cli.main([*argv, "--out", str(tmp_path / "none")]) == cli.EXIT_OK
    assert "0 bug(s) found" in capsys.readouterr().out
    assert not (tmp_path / "none").exists()


@pytest.mark.parametrize(
    "bad",
    [
        ["--players", "1-7"],
        ["--players", "many"],
        ["--sets", "atlantis"],
        ["--games", "0"],
        ["--seconds", "-1"],
        ["--kingdom", "Smithy,Nonsense"],
        ["--engine", "no-such-engine"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    bad: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["fuzz", "--engine", "reference", "--games", "1", *bad]
    assert cli.main(argv) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_json_on_standard_output_moves_the_summary_to_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["fuzz", "--engine", "reference", "--games", "2", "--max-steps", "20", "--json", "-"]
    assert cli.main(argv) == cli.EXIT_OK
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 2
    assert "2 games, 40 steps" in captured.err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_line_is_shown_on_a_terminal_only(tmp_path: Path) -> None:
    summary = Summary("x", 0, games=3, steps=120)
    terminal, pipe = Terminal(), io.StringIO()
    Console(tmp_path, terminal).progress(summary)
    Console(tmp_path, pipe).progress(summary)
    assert terminal.getvalue().startswith("\r3 games, 120 steps, 0 bug(s)")
    assert pipe.getvalue() == ""


def test_cards_shuffled_into_a_deck_are_recorded_and_replayed() -> None:
    """Inn shuffles Action cards into the deck: one shuffle of the deck with them, which
    the pinning reference records like any other, so that the replay deals the same deck."""
    setup = {
        "players": 2,
        "kingdom": ["Inn", "Smithy"],
        "turn": {"phase": "buy", "coins": 5},
        "p1": {"deck": ["Gold", "Copper", "Estate"], "discard": ["Smithy"]},
    }
    game = PinningGame(setup)
    inputs: list[tuple[str, Any]] = [("command", ("buy", "Inn")), ("answer", ["Smithy", "Inn"])]
    for kind, value in inputs:
        differential.apply_input(game, kind, value)
    (order,) = game.recorded[0]
    assert sorted(order) == ["Copper", "Estate", "Gold", "Inn", "Smithy"]
    pinned = {**setup, "p1": {**setup["p1"], "shuffles": game.recorded[0]}}
    assert Game.replay(pinned, inputs).snapshot() == game.snapshot()


def test_mats_and_tokens_are_compared() -> None:
    # An engine that loses a card on the Island mat, a Coin token or an Embargo token
    # diverges there (they are part of the state the fuzzer compares).
    setup = {
        "players": 2,
        "kingdom": ["Island", "Pirate Ship", "Embargo"],
        "p1": {"island": ["Gold"], "pirate_ship": 2},
        "embargo": {"Silver": 1},
    }
    reference = ReferenceAdapter()
    reference.load(setup)
    observed = reference.observe()
    assert differential.differences(observed, None, copy.deepcopy(observed), None) == []
    for path, wrong in ((("players", "p1", "island"), []), (("players", "p1", "pirate_ship"), 1)):
        other = copy.deepcopy(observed)
        holder = other
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = wrong
        found = differential.differences(observed, None, other, None)
        assert [d.key for d in found] == [f"p1.{path[-1]}"], found
    other = copy.deepcopy(observed)
    other["embargo"] = {}
    assert [d.key for d in differential.differences(observed, None, other, None)] == ["embargo"]
