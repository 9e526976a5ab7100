"""The interaction graph: built from declarations only, queries, export round-trips."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from checks import graph as g
from engine.cards import ALL_CARDS, definitions
from engine.context import TriggerContext
from engine.model import ACTION, ATTACK, CURSE, REACTION, TREASURE, VICTORY, Card, Effect, Trigger
from scenarios.catalogue import Ruling


def _nothing(_ctx: object) -> Effect:
    yield from ()


def _react(_ctx: TriggerContext) -> Effect:
    yield from ()


def card(name: str, *types: str, declares: str = "", **fields: object) -> Card:
    return Card(
        name,
        "test",
        3,
        frozenset(types or {ACTION}),
        f"{name} text.",
        declares=frozenset(declares.split()),
        **fields,  # type: ignore[arg-type]
    )


HAG = card("Hag", ACTION, ATTACK, declares="attacks gives-curses", effect=_nothing)
WALL = card(
    "Wall",
    ACTION,
    REACTION,
    declares="reacts-to-attack",
    triggers=(Trigger("attack", "hand", _react, optional=True, who="others"),),
)
DOUBLER = card("Doubler", declares="plays-actions", effect=_nothing)
GARDEN = card("Garden", VICTORY, declares="counts-cards")
PLAIN = card("Plain", effect=_nothing)
HEX = Card("Hex", "basic", 0, frozenset({CURSE}), "-1 VP.", vp=-1, kingdom=False)
COIN = Card("Coin", "basic", 0, frozenset({TREASURE}), "1.", coins=1, kingdom=False)
TOY = [HAG, WALL, DOUBLER, GARDEN, PLAIN, HEX, COIN]


def kinds_between(graph: object, a: str, b: str) -> set[str]:
    return {k for s, t, k in graph.edges(keys=True) if {s, t} == {a, b}}  # type: ignore[attr-defined]


def test_edges_come_from_declarations() -> None:
    graph = g.build_graph(TOY)
    assert set(graph.nodes) == {c.name for c in TOY}
    assert graph.has_edge("Hag", "Wall", key="attack-reaction")
    assert graph.has_edge("Hag", "Hex", key="curse-giving")
    assert graph.has_edge("Hag", "Garden", key="card-count")
    assert graph.has_edge("Doubler", "Plain", key="multi-play")
    assert graph.has_edge("Doubler", "Doubler", key="multi-play")  # Throne Room on itself
    assert not graph.has_edge("Wall", "Hag", key="attack-reaction")
    assert kinds_between(graph, "Plain", "Coin") == set()
    edge = graph.edges["Hag", "Wall", "attack-reaction"]
    assert edge["family"] == g.DECLARED and edge["why"] == "attacks -> reacts-to-attack"


def test_adding_a_declaration_changes_the_edges() -> None:
    before = g.build_graph(TOY)
    trasher = dataclasses.replace(PLAIN, declares=frozenset({"trashes"}))
    after = g.build_graph([trasher if c is PLAIN else c for c in TOY])
    assert not before.has_edge("Plain", "Garden")
    assert after.has_edge("Plain", "Garden", key="card-count")
    assert after.number_of_edges() == before.number_of_edges() + 1


def test_structure_implies_tags_even_without_declares() -> None:
    # A hand trigger on attacks is a reaction to attacks whatever `declares` says.
    silent = dataclasses.replace(WALL, declares=frozenset())
    assert "reacts-to-attack" in g.facets(silent)
    assert g.build_graph([HAG, silent]).has_edge("Hag", "Wall", key="attack-reaction")


def test_editions_of_an_edge_are_where_both_ends_exist() -> None:
    old = dataclasses.replace(DOUBLER, editions=(1,))
    graph = g.build_graph([old, PLAIN])
    assert graph.edges["Doubler", "Plain", "multi-play"]["editions"] == [1]
    assert graph.nodes["Doubler"]["editions"] == [1]


def test_no_hand_kept_pairs_in_the_module() -> None:
    source = Path(g.__file__).read_text()
    types = {t for c in ALL_CARDS for t in c.types}
    for name in {c.name for c in ALL_CARDS} - types:
        assert f'"{name}"' not in source, f"graph.py names the card {name}"


def test_rulings_and_scenarios_add_labelled_edges() -> None:
    ruling = Ruling("test/hag/1", "test", "text", "src", card="Hag", cards=("Wall", "Nope"))
    topic = Ruling("rules/x/1", "rules", "text", "src", topic="x", cards=("Plain", "Coin"))
    alone = Ruling("test/hag/2", "test", "text", "src", card="Hag")
    stranger = Ruling("test/other/1", "test", "text", "src", card="Other", cards=("Plain", "Coin"))
    graph = g.build_graph(TOY, [ruling, topic, alone, stranger])
    assert graph.edges["Hag", "Wall", g.RULING]["rulings"] == ["test/hag/1"]
    assert graph.has_edge("Plain", "Coin", key=g.RULING)
    assert "Nope" not in graph
    assert graph.edges["Plain", "Coin", g.RULING]["rulings"] == ["rules/x/1"]

    worklist = g.untested(graph)
    assert worklist[0].cards == ("Hag", "Wall")
    assert worklist[0].rulings == ("test/hag/1",)
    assert set(worklist[0].kinds) == {"attack-reaction", g.RULING}

    proof = g.ScenarioInfo("test/hag/wall", ("Hag", "Wall"), ("test/hag/1",))
    tested = g.build_graph(TOY, [ruling], [proof])
    assert tested.edges["Hag", "Wall", g.SCENARIO]["scenarios"] == ["test/hag/wall"]
    assert all(row.cards != ("Hag", "Wall") for row in g.untested(tested))
    # A scenario citing the ruling proves the pair even if it is only about one card.
    single = g.ScenarioInfo("test/hag/only", ("Hag",), ("test/hag/1",))
    assert frozenset({"Hag", "Wall"}) in g.tested_pairs(g.build_graph(TOY, [ruling], [single]))


def test_queries() -> None:
    graph = g.build_graph(TOY)
    found = g.neighbours(graph, "hag")
    assert [n.card for n in found["attack-reaction"]] == ["Wall"]
    assert found["attack-reaction"][0].direction == "out"
    assert [n.card for n in g.neighbours(graph, "Wall")["attack-reaction"]] == ["Hag"]
    assert set(g.neighbours(graph, "Hag", "card-count")) == {"card-count"}
    hops = g.path(graph, "Wall", "Garden")
    assert [(a, b) for a, b, _ in hops] == [("Wall", "Hag"), ("Hag", "Garden")]
    assert g.path(graph, "Wall", "Coin") == []
    top = g.most_connected(graph, 2)
    assert top[0][0] == "Hag"
    groups = g.communities(graph)
    assert sorted(c for group in groups for c in group) == sorted(
        n for n in graph if g.undirected(graph).degree(n) > 0
    )
    with pytest.raises(g.GraphQueryError, match="did you mean 'Hag'"):
        g.neighbours(graph, "Hga")


def test_real_cards_make_a_graph() -> None:
    graph = g.default_graph(with_scenarios=False)
    names = {c.name for c in ALL_CARDS}
    assert set(graph.nodes) == names
    if {"Witch", "Moat"} <= names:
        assert graph.has_edge("Witch", "Moat", key="attack-reaction")
        assert graph.has_edge("Witch", "Curse", key="curse-giving")
    if {"Throne Room", "Feast"} <= names:
        assert graph.has_edge("Throne Room", "Feast", key="multi-play")
    summary = g.stats(graph)
    assert summary["nodes"] == len(names)
    assert sum(summary["edges_by_kind"].values()) == graph.number_of_edges()


def test_export_round_trips(tmp_path: Path) -> None:
    ruling = Ruling("test/hag/1", "test", "text", "src", card="Hag", cards=("Wall",))
    graph = g.build_graph(TOY, [ruling], [g.ScenarioInfo("s/1", ("Hag", "Garden"), ("r/1",))])

    def edges(x: object) -> set[tuple[str, str, str, str]]:
        return {
            (s, t, k, json.dumps(d, sort_keys=True))
            for s, t, k, d in x.edges(keys=True, data=True)  # type: ignore[attr-defined]
        }

    data = json.loads(json.dumps(g.to_json(graph)))
    back = g.from_json(data)
    assert dict(back.nodes(data=True)) == dict(graph.nodes(data=True))
    assert edges(back) == edges(graph)

    path = tmp_path / "graph.graphml"
    g.to_graphml(graph, path)
    again = g.from_graphml(path)
    assert dict(again.nodes(data=True)) == dict(graph.nodes(data=True))
    assert edges(again) == edges(graph)


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g.json"
    assert g.main(["--format", "json", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert {"nodes", "edges"} <= set(data)
    assert g.main(["--out", str(tmp_path / "g.graphml")]) == 0
    assert (tmp_path / "g.graphml").read_text().startswith("<?xml")
    capsys.readouterr()
    assert g.main(["--format", "graphml"]) == 0
    assert capsys.readouterr().out.startswith("<?xml")

    assert g.main(["--neighbors", "Nonesuch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown card 'Nonesuch'" in err

    with pytest.raises(SystemExit) as stop:
        g.main(["--top", "x"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1

    assert g.main(["--out", str(tmp_path / "missing" / "g.json")]) == 2
    assert "cannot write" in capsys.readouterr().err

    assert g.main(["--top", "3"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3
    assert g.main(["--untested"]) == 0
    assert "without a scenario" in capsys.readouterr().out


def test_a_turn_long_cost_change_is_not_a_while_in_play_ability() -> None:
    first, second = sorted(definitions("Quarry"), key=lambda card: card.editions)
    assert {"reduces-costs", "while-in-play"} <= g.facets(first)
    assert "reduces-costs" in g.facets(second)
    assert "while-in-play" not in g.facets(second)


def test_a_cost_change_meets_cards_that_compare_costs_not_every_gain() -> None:
    graph = g.default_graph(with_scenarios=False)
    found = g.neighbours(graph, "Bridge", "cost-change")
    near = {row.card for rows in found.values() for row in rows}
    assert {"Workshop", "Remodel", "Talisman", "Bishop"} <= near
    assert "Bureaucrat" not in near  # gains a Silver whatever it costs
