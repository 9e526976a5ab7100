"""``arbiter simulate``: same results for any number of workers, clear errors, the table."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from arbiter import simulate
from arbiter.cli import main as cli_main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = simulate.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _json_results(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    data.pop("timing")
    return data


def test_same_results_for_one_and_two_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["--games", "12", "--seed", "11", "--bots", "random,bigmoney:Smithy"]
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    assert _run(capsys, *common, "--workers", "1", "--json", str(one))[0] == 0
    assert _run(capsys, *common, "--workers", "2", "--json", str(two))[0] == 0
    first, second = _json_results(one), _json_results(two)
    assert first == second
    assert [game["index"] for game in first["results"]] == list(range(12))
    assert first["summary"]["bots"][1]["wins"] >= 8  # Smithy Big Money beats random play


def test_another_seed_gives_other_games() -> None:
    config = simulate.Config(2, ("bigmoney", "bigmoney"), 4, 1, None)
    other = simulate.Config(2, ("bigmoney", "bigmoney"), 4, 2, None)
    assert simulate.run_games(config) != simulate.run_games(other)
    assert simulate.run_games(config) == simulate.run_games(config)


def test_seats_rotate_and_seeds_are_stable() -> None:
    assert [simulate.seating(i, 3) for i in range(3)] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    assert simulate.game_seed(5, 7) == simulate.game_seed(5, 7)
    assert len({simulate.game_seed(5, i) for i in range(100)}) == 100


def test_random_kingdoms_include_the_bots_cards() -> None:
    config = simulate.Config(2, ("bigmoney:Smithy", "bigmoney:Moat:2"), 1, 0, None)
    for index in range(10):
        kingdom = simulate.game_kingdom(config, simulate.game_seed(0, index))
        assert len(kingdom) == len(set(kingdom)) == 10
        assert {"Smithy", "Moat"} <= set(kingdom)


def test_table_and_json_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--games", "3", "--kingdom", "Smithy,Village", "--colony", "yes")
    assert code == 0
    assert "win rate" in out and "95% CI" in out and "1:bigmoney" in out and "Colony: yes" in out
    code, out, _ = _run(capsys, "--games", "2", "--players", "3", "--json")
    data = json.loads(out)
    assert data["config"]["players"] == 3 and len(data["summary"]["bots"]) == 3
    for bot in data["summary"]["bots"]:
        low, high = bot["win_rate_ci95"]
        assert 0 <= low <= bot["win_rate"] <= high <= 1


def test_progress_bar_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "--games", "2", "--progress")
    assert code == 0 and "2/2 games" in err
    stream = io.StringIO()
    simulate.run_games(simulate.Config(2, ("bigmoney", "random"), 2, 0, None), 1, stream)
    assert "[" in stream.getvalue()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "smart"], "unknown bot"),
        (["--bots", "bigmoney:Smithy:0"], "positive integer"),
        (["--bots", "bigmoney:Nope"], "unknown card"),
        (["--bots", "bigmoney:Province"], "not a kingdom card"),
        (["--players", "7"], "2 to 6"),
        (["--players", "3", "--bots", "random,bigmoney"], "3 players need 3 bots"),
        (["--games", "0"], "--games"),
        (["--games", "many"], "invalid int"),
        (["--workers", "0"], "--workers"),
        (["--kingdom", "Smithy,Smithy"], "given twice"),
        (["--kingdom", "Village", "--bots", "bigmoney:Smithy,random"], "not in --kingdom"),
        (["--editions", "base=3"], "--editions"),
        (["--editions", "atlantis=1"], "--editions"),
        (["--json", "/no/such/dir/out.json"], "no such directory"),
        (["--frobnicate"], "unrecognized"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("arbiter simulate: error:") and message in err


def test_arbiter_cli_forwards_to_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["simulate", "--games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["games"] == 1
    assert cli_main(["simulate", "--bots", "nobody"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_colony_follows_the_prosperity_rule_unless_forced() -> None:
    parser = simulate.build_parser()
    assert simulate.make_config(parser.parse_args([])).colony is None
    assert simulate.make_config(parser.parse_args(["--colony", "no"])).colony is False
    prosperity = "Bank,City,Expand,Forge,Hoard,Mint,Monument,Peddler,Quarry,Vault"
    everything = simulate.make_config(parser.parse_args(["--kingdom", prosperity]))
    assert everything.to_json()["colony"] == "auto"
    # Ten Prosperity cards of ten: the rule gives Colony in every game.
    for index in range(5):
        game = simulate.new_game(everything, index)
        assert "Colony" in game.state.supply
