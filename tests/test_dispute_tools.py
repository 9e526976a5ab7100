"""The dispute settler's tools: ``arbiter new``, ``explain A B``, ``rulings --grep``, and
the messages that name what a user got wrong."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from arbiter import cli
from arbiter.new import skeleton
from engine.cards import ALL_CARDS
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import ScenarioError, load_scenario, load_text
from scenarios.names import canonical, did_you_mean
from scenarios.runner import Status, run_scenario

KINGDOM = sorted({card.name for card in ALL_CARDS if card.kingdom})


@pytest.mark.parametrize("name", KINGDOM)
def test_the_skeleton_of_every_card_loads_and_passes(name: str) -> None:
    scenario = load_text(skeleton([name]), "new.yaml")
    assert scenario.setup["p1"]["hand"] == [name]
    assert name in scenario.setup["kingdom"]
    assert run_scenario(scenario, ReferenceAdapter()).status is Status.PASS


@pytest.mark.parametrize(
    ("names", "p1", "p2"),
    [
        (["Masquerade", "Moat"], {"hand": ["Masquerade"]}, {"hand": ["Moat"]}),
        (["Militia", "Moat"], {"hand": ["Militia"]}, {"hand": ["Moat"]}),
        (["Witch", "Secret Chamber"], {"hand": ["Witch"]}, {"hand": ["Secret Chamber"]}),
        (["Militia", "Lighthouse"], {"hand": ["Militia"]}, {"durations": ["Lighthouse"]}),
        (["Throne Room", "Feast"], {"hand": ["Throne Room", "Feast"]}, None),
        (["Watchtower", "Witch"], {"hand": ["Watchtower", "Witch"]}, None),
    ],
)
def test_each_card_goes_to_a_sensible_player(
    names: list[str], p1: dict[str, list[str]], p2: dict[str, list[str]] | None
) -> None:
    """The player whose turn it is holds what is played; a card that answers another
    player's Attack is the other player's (the issue: Masquerade and Moat were both in p1's
    hand). The skeleton still loads and passes as it is."""
    scenario = load_text(skeleton(names), "new.yaml")
    setup = scenario.setup
    assert {k: v for k, v in setup["p1"].items() if v} == p1
    assert {k: v for k, v in setup.get("p2", {}).items() if v} == (p2 or {})
    assert run_scenario(scenario, ReferenceAdapter()).status is Status.PASS


def test_the_skeleton_lists_the_option_labels_and_fills_in(tmp_path: Path) -> None:
    text = skeleton(["Pawn", "Throne Room"])
    assert "#   option labels: +1 Card, +1 Action, +1 Buy, +$1" in text
    assert "id: mine/pawn/throne-room" in text
    # Filled in the way the comments say: the steps replace [], an expectation is added.
    filled = text.replace(
        "steps: []",
        "steps:\n  - play: Pawn\n  - choose: [+1 Action, +$1]",
    ).replace("  # supply: {Duchy: 7}", "  turn: {actions: 1, coins: 1}")
    path = tmp_path / "pawn.yaml"
    path.write_text(filled)
    assert run_scenario(load_scenario(path), ReferenceAdapter()).status is Status.PASS
    wrong = filled.replace("coins: 1}", "coins: 2}")
    path.write_text(wrong)
    assert run_scenario(load_scenario(path), ReferenceAdapter()).status is Status.FAIL


def test_new_writes_a_new_file_and_never_replaces_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mine.yaml"
    assert cli.main(["new", "king's COURT", "feast", "--out", str(out)]) == 0
    assert "id: mine/kings-court/feast" in out.read_text()
    out.write_text("my own words\n")
    assert cli.main(["new", "Feast", "--out", str(out)]) == 2
    assert capsys.readouterr().err.endswith(
        f"arbiter: --out {out}: that file exists, and is kept\n"
    )
    assert out.read_text() == "my own words\n"
    assert cli.main(["new", "Festival", "Fest"]) == 2
    assert "unknown card 'Fest' (did you mean 'Feast' or " in capsys.readouterr().err


def test_explain_two_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["explain", "throne room", "FEAST"]) == 0
    out = capsys.readouterr().out
    # Feast's own, and Horn of Plenty's and Shop's that name both (Cornucopia & Guilds).
    assert out.startswith("Throne Room and Feast\n\nRulings that name both (3):\n")
    assert "  base/feast/2 [editions 1] (about Feast)\n" in out
    assert "    Source: https://wiki.dominionstrategy.com/index.php/Feast\n" in out
    assert "  base/feast/throne-room: Throne Room on Feast gains two cards" in out
    assert "  double-play: Throne Room -> Feast\n" in out


def test_explain_two_cards_no_ruling_links(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["explain", "Moat", "Chapel"]) == 0
    out = capsys.readouterr().out
    assert "\nNo ruling links these two cards.\n" in out
    assert "Rulings that name both" not in out


def test_explain_shows_each_rulings_source(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["explain", "Feast"]) == 0
    out = capsys.readouterr().out
    assert out.count("  Source: https://") >= 2


def test_explain_takes_one_or_two_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["explain", "Moat", "Chapel", "Feast"]) == 2
    assert "one card, or two" in capsys.readouterr().err


def test_rulings_grep(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rulings", "--grep", "MORE than  once"]) == 0
    out = capsys.readouterr().out
    assert "intrigue/minion/5 [editions 1,2] (about Minion)" in out
    assert "  Source: https://wiki.dominionstrategy.com/index.php/Minion" in out
    assert "  Passing scenarios: intrigue/minion/throne-room" in out
    assert "bureaucrat" not in out.lower()
    assert cli.main(["rulings", "--grep", "no ruling says this"]) == 2
    assert "no ruling mentions 'no ruling says this'" in capsys.readouterr().err


def test_card_names_are_matched_one_way() -> None:
    names = {"King's Court", "Throne Room", "Feast"}
    assert canonical("kings court", names) == "King's Court"
    assert canonical(" throne   ROOM ", names) == "Throne Room"
    assert canonical("Fest", names) is None
    assert did_you_mean("throne room", names) == " (did you mean 'Throne Room'?)"
    assert did_you_mean("Fest", names) == " (did you mean 'Feast'?)"


def _load_error(body: str) -> str:
    with pytest.raises(ScenarioError) as caught:
        load_text("id: mine/a/b\ntitle: t\n" + textwrap.dedent(body), "mine.yaml")
    return caught.value.brief()


def test_card_names_in_a_scenario_match_as_on_the_command_line() -> None:
    text = (Path(__file__).parent.parent / "scenarios/base/feast/throne-room.yaml").read_text()
    lowered = text.replace("Throne Room", "throne room").replace("Feast", "FEAST")
    lowered = lowered.replace("Duchy", "duchy").replace("Copper", "  copper")
    scenario = load_text(lowered, "lower.yaml")
    assert scenario.setup["kingdom"] == ["Throne Room", "Feast"]
    assert scenario.setup["p1"]["hand"] == ["Throne Room", "Feast", "Copper"]
    assert [step.source for step in scenario.steps] == [None, "Feast", "Feast"]
    assert scenario.expect is not None and scenario.expect["supply"] == {"Duchy": 6}
    assert run_scenario(scenario, ReferenceAdapter()).status is Status.PASS
    assert _load_error("setup: {p1: {hand: [throne rom]}}\n") == (
        "setup.p1.hand[1]: unknown card 'throne rom' (did you mean 'Throne Room'?)"
    )


def test_a_wrong_option_label_lists_the_labels_accepted() -> None:
    body = "setup: {p1: {hand: [Pawn]}}\nsteps:\n  - play: Pawn\n  - choose: [+1 Cards, +$1]\n"
    assert _load_error(body) == (
        "steps[2].choose[1]: '+1 Cards' is neither a card nor an option label (did you mean"
        " '+1 Card' or '+3 Cards' or '+2 Cards'?); the labels of the cards here: Pawn: +1 Card,"
        " +1 Action, +1 Buy, +$1"
    )
    sourced = body.replace("+$1]\n", "+$1]\n    source: Pawn\n")
    assert _load_error(sourced).endswith(
        "; the labels it accepts: Pawn: +1 Card, +1 Action, +1 Buy, +$1"
    )
