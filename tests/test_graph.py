"""The interaction graph: edges from declarations only, rulings and scenarios attached,
editions kept per end, queries, the kingdom sheet and the command line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import networkx as nx  # type: ignore[import-untyped]
import pytest

from arbiter import graph_cli
from checks import graph as g
from checks import interactions, rulings_sheet
from checks.interactions import lasting, while_in_play
from engine.abilities import CostChange
from engine.cards import ALL_CARDS, definitions
from engine.cards.common import declared_tags
from engine.context import TriggerContext
from engine.model import ACTION, ATTACK, CURSE, REACTION, TREASURE, VICTORY, Card, Effect, Trigger
from engine.targets import DECK, HAND, Count, Gain, Plays, Targets, of
from scenarios.catalogue import CatalogueError, Ruling, catalogue_files, read_catalogue


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


HAG = card(
    "Hag",
    ACTION,
    ATTACK,
    declares="attacks gives-curses",
    effect=_nothing,
    targets=Targets(gains=(Gain(names=of("Hex"), receiver="others"),)),
)
WALL = card(
    "Wall",
    ACTION,
    REACTION,
    declares="reacts-to-attack blocks-attack",
    triggers=(Trigger("attack", "hand", _react, optional=True, who="others"),),
)
DOUBLER = card(
    "Doubler",
    declares="plays-actions",
    effect=_nothing,
    targets=Targets(plays=Plays(of(ACTION), HAND, 2)),
)
GARDEN = card("Garden", VICTORY, declares="counts-cards", targets=Targets(counts=(Count("owned"),)))
PLAIN = card("Plain", effect=_nothing)
COUNTER = card("Counter", effect=_nothing, targets=Targets(counts=(Count("played", of(ACTION)),)))
HEX = Card("Hex", "basic", 0, frozenset({CURSE}), "-1 VP.", vp=-1, kingdom=False)
COIN = Card("Coin", "basic", 0, frozenset({TREASURE}), "1.", coins=1, kingdom=False)
TOY = [HAG, WALL, DOUBLER, GARDEN, PLAIN, COUNTER, HEX, COIN]


def kinds_between(graph: nx.MultiDiGraph, a: str, b: str) -> set[str]:
    return {k for s, t, k in graph.edges(keys=True) if {s, t} == {a, b}}


@pytest.fixture(scope="module")
def real() -> nx.MultiDiGraph:
    return g.default_graph()


def linked(graph: nx.MultiDiGraph, a: str, b: str) -> bool:
    return bool(kinds_between(graph, a, b))


# --- edges from declarations ---------------------------------------------------------------


def test_edges_come_from_declarations() -> None:
    graph = g.build_graph(TOY)
    assert set(graph.nodes) == {c.name for c in TOY}
    assert graph.has_edge("Hag", "Wall", key="attack-reaction")
    assert graph.has_edge("Hag", "Hex", key="names")
    assert graph.has_edge("Doubler", "Counter", key="double-play")
    assert graph.has_edge("Doubler", "Doubler", key="double-play")  # Throne Room on itself
    # A plain double play, strategy (cursing for a Garden) and reverse reactions are not edges.
    assert kinds_between(graph, "Doubler", "Plain") == set()
    assert kinds_between(graph, "Hag", "Garden") == set()
    assert not graph.has_edge("Wall", "Hag", key="attack-reaction")
    edge = graph.edges["Hag", "Wall", "attack-reaction"]
    assert edge["family"] == g.DECLARED
    assert edge["reason"] == (
        "Wall can be revealed from hand when another player plays Hag, "
        "and its holder is then unaffected"
    )


def test_adding_a_declaration_changes_the_edges() -> None:
    before = g.build_graph(TOY)
    trasher = dataclasses.replace(PLAIN, targets=Targets(trashes=of("self")))
    after = g.build_graph([trasher if c is PLAIN else c for c in TOY])
    assert not before.has_edge("Doubler", "Plain")
    assert after.has_edge("Doubler", "Plain", key="double-play")
    assert "trashes itself" in after.edges["Doubler", "Plain", "double-play"]["reason"]
    assert after.has_edge("Counter", "Plain", key="counted-after-leaving")


def test_editions_are_kept_per_end_so_mixed_tables_keep_their_interactions() -> None:
    old = dataclasses.replace(HAG, editions=(1,))
    new = dataclasses.replace(WALL, editions=(2,))
    graph = g.build_graph([old, new])
    edge = graph.edges["Hag", "Wall", "attack-reaction"]
    assert edge["source_editions"] == [1] and edge["target_editions"] == [2]


def test_no_hand_kept_pairs_in_the_graph_code() -> None:
    names = {c.name for c in ALL_CARDS} - {t for c in ALL_CARDS for t in c.types}
    for module in (g, interactions, rulings_sheet):
        source = Path(module.__file__ or "").read_text()
        for name in names - set(rulings_sheet.BASICS) - set(rulings_sheet.PLATINUM_COLONY):
            assert f'"{name}"' not in source, f"{module.__name__} names the card {name}"


# --- the real cards: wrong edges the issue found, and missing ones -------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Clerk", "Artisan"),  # Clerk plays only itself
        ("Throne Room", "Investment"),  # a Treasure: Throne Room cannot play it
        ("Bandit", "Hoard"),  # Hoard needs a bought Victory card
        ("Anvil", "Duke"),  # strategy at most: Anvil cannot even gain a Duchy
        ("Village", "Royal Seal"),  # only shared a scenario
        ("Throne Room", "Village"),  # a plain double play
        ("Moat", "Masquerade"),  # ruled not to interact
        ("Royal Seal", "Witch"),  # the Curse comes on another player's turn
    ],
)
def test_pairs_the_old_graph_linked_wrongly(real: nx.MultiDiGraph, a: str, b: str) -> None:
    assert not linked(real, a, b)


def test_missing_interactions_are_there(real: nx.MultiDiGraph) -> None:
    # Seaside adds Island, Alchemy Vineyard, Hinterlands Farmland, Silk Road and Tunnel,
    # Cornucopia & Guilds Fairgrounds; Demesne, a Reward, is never bought and has no Supply
    # pile for Trade Route's token.
    victory = [
        n for n, d in real.nodes(data=True) if VICTORY in d["types"] and "Reward" not in d["types"]
    ]
    assert len(victory) == 16
    assert not linked(real, "Hoard", "Demesne") and not linked(real, "Trade Route", "Demesne")
    for pile in victory:
        assert real.has_edge("Hoard", pile, key="watched-type"), pile
        assert real.has_edge("Trade Route", pile, key="watched-type"), pile
    assert not linked(real, "Hoard", "Curse") and not linked(real, "Trade Route", "Curse")
    goons = real.edges["Goons", "Diplomat", "attack-reaction"]
    assert goons["source_editions"] == [1] and goons["target_editions"] == [2]
    kc = real.edges["King's Court", "Goons", "double-play"]
    assert kc["reason"] == (
        "King's Court plays Goons three times but only one Goons is in play: "
        "its while-in-play ability works once"
    )
    assert "prosperity/goons/4" in kc["rulings"]
    assert kc["scenarios"]


def test_definitions_as_nodes_keep_mixed_edition_pairs() -> None:
    nodes = g.definition_graph(ALL_CARDS)
    assert nodes.has_edge(("Goons", (1,)), ("Diplomat", (2,)), key="attack-reaction")
    assert nodes.has_edge(("Throne Room", (1,)), ("Feast", (1,)), key="double-play")
    assert nodes.has_edge(("Throne Room", (2,)), ("Feast", (1,)), key="double-play")
    assert not nodes.has_edge(("Throne Room", (1,)), ("Throne Room", (2,)))


def test_hoard_reasons_differ_by_edition(real: nx.MultiDiGraph) -> None:
    variants = real.edges["Tiara", "Hoard", "double-play"]["variants"]
    by_edition = {tuple(v["target_editions"]): v["reason"] for v in variants}
    assert "only one Hoard is in play" in by_edition[(1,)]
    assert "sets up Hoard's effect for the turn again" in by_edition[(2,)]


# --- declarations (each fix has a test) ----------------------------------------------------


def _all(tag: str) -> list[Card]:
    return [c for c in ALL_CARDS if tag in declared_tags(c)]


def test_plays_tags_match_what_cards_play() -> None:
    for c in ALL_CARDS:
        plays = c.targets.plays
        assert ("plays-actions" in declared_tags(c)) == bool(plays and ACTION in plays.types), (
            c.name
        )
        assert ("plays-treasures" in declared_tags(c)) == bool(plays and TREASURE in plays.types), (
            c.name
        )
    clerk = definitions("Clerk")[0]
    assert clerk.targets.plays is None and "plays-actions" not in clerk.declares


def test_self_trashing_gains_and_cost_tags_match_the_targets() -> None:
    for c in ALL_CARDS:
        t = c.targets
        assert ("trashes-self" in declared_tags(c)) == ("self" in t.trashes), c.name
        gives = any(CURSE in g_.names and g_.receiver == "others" for g_ in t.gains)
        assert ("gives-curses" in declared_tags(c)) == gives, c.name
        own = [x for x in t.gains if x.receiver == "self"]
        assert ("gains-to-hand" in declared_tags(c)) == any(x.to == HAND for x in own), c.name
        assert ("gains-to-deck" in declared_tags(c)) == any(x.to == DECK for x in own), c.name
        varies = any(change.where == "self" for change in c.static_of(CostChange))
        reduces = t.reduces is not None or varies
        assert ("reduces-costs" in declared_tags(c)) == reduces, c.name
        if any(x.from_trash for x in t.gains):
            assert "gains-from-trash" in declared_tags(c), c.name


def test_buy_versus_gain_and_while_in_play_versus_this_turn() -> None:
    for c in ALL_CARDS:
        buys = any(w.event == "buy" or w.bought_only for w in c.targets.watches)
        assert ("when-buy" in declared_tags(c)) == buys, c.name
        assert ("while-in-play" in declared_tags(c)) == while_in_play(c), c.name
    first, second = sorted(definitions("Hoard"), key=lambda c: c.editions)
    assert while_in_play(first) and not lasting(first)
    assert lasting(second) and not while_in_play(second)
    assert "when-gain" not in declared_tags(second)  # it fires only on cards bought
    quarry_1, quarry_2 = sorted(definitions("Quarry"), key=lambda c: c.editions)
    assert while_in_play(quarry_1) and lasting(quarry_2)
    assert quarry_1.targets.reduces == {ACTION}


def test_gains_on_other_players_turns(real: nx.MultiDiGraph) -> None:
    watchtower = {
        r.other
        for grp in g.card_interactions(real, "Watchtower", kind="gain-reaction")
        for r in grp.rows
    }
    assert {"Witch", "Torturer", "Mountebank", "Swindler", "Saboteur", "Charlatan"} <= watchtower
    assert "Workshop" not in watchtower  # an ordinary gain to the discard pile on one's own turn


def test_cost_change_reaches_only_what_it_applies_to(real: nx.MultiDiGraph) -> None:
    bridge = {
        r.other for grp in g.card_interactions(real, "Bridge", kind="cost-change") for r in grp.rows
    }
    assert {"Workshop", "Remodel", "Talisman", "Bishop", "Peddler"} <= bridge
    assert "Bureaucrat" not in bridge  # gains a Silver whatever it costs
    quarry = {
        r.other for grp in g.card_interactions(real, "Quarry", kind="cost-change") for r in grp.rows
    }
    assert {"Talisman", "Peddler", "Anvil"} <= quarry
    assert "Mine" not in quarry and "Workshop" not in quarry  # Treasures; before the Buy phase


# --- rulings and scenarios -----------------------------------------------------------------


def test_rulings_attach_or_clarify_never_join_unrelated_cards() -> None:
    attached = Ruling("t/hag/1", "t", "Wall stops Hag.", "src", card="Hag", cards=("Wall",))
    unrelated = Ruling(
        "t/plain/1",
        "t",
        "Plain is not an Attack.",
        "src",
        card="Plain",
        cards=("Wall",),
        unrelated=("Wall",),
    )
    example = Ruling(
        "t/hag/2", "t", "Say, a Coin.", "src", card="Hag", cards=("Coin",), examples=("Coin",)
    )
    ruled = Ruling(
        "t/garden/1", "t", "Garden counts Coins.", "src", card="Garden", cards=("Coin", "Nope")
    )
    general = Ruling(
        "rules/x/1", "rules", "Hag, Wall and Garden follow the rule.", "src", topic="x",
        cards=("Hag", "Wall", "Garden"),
    )  # fmt: skip
    graph = g.build_graph(TOY, [attached, unrelated, example, ruled, general])
    # A general rule backs the edge the cards have, and joins no other two of them.
    assert graph.edges["Hag", "Wall", "attack-reaction"]["rulings"] == ["rules/x/1", "t/hag/1"]
    assert not linked(graph, "Hag", "Garden") and not linked(graph, "Wall", "Garden")
    assert not linked(graph, "Plain", "Wall")
    [non] = g.non_interactions(graph, "Wall")
    assert non.cards == ("Plain", "Wall") and non.other("Wall") == "Plain"
    assert non.sentence() == "Plain and Wall: no special rule. Plain is not an Attack."
    assert not linked(graph, "Hag", "Coin")
    assert graph.edges["Garden", "Coin", "ruled"]["reason"] == "Garden counts Coins."
    assert g.ruled_only(graph) == [("Garden", "Coin", ["t/garden/1"])]
    assert "Nope" not in graph


def test_catalogue_refuses_unrelated_cards_it_does_not_name(tmp_path: Path) -> None:
    for name in ("base", "intrigue", "prosperity", "rules"):
        (tmp_path / f"{name}.yaml").write_text("rulings: []\n")
    (tmp_path / "base.yaml").write_text(
        "rulings:\n  - id: b/x/1\n    card: X\n    text: t\n    source: s\n"
        "    cards: [Y]\n    unrelated: [Z]\n"
    )
    with pytest.raises(CatalogueError, match="Z in unrelated but not in cards"):
        read_catalogue(tmp_path)


@pytest.mark.parametrize(
    "subject", ["    card: X\n    topic: t\n", "    cards: [X]\n"], ids=["both", "neither"]
)
def test_catalogue_refuses_a_ruling_without_exactly_one_card_or_topic(
    tmp_path: Path, subject: str
) -> None:
    for path in catalogue_files(tmp_path):
        path.write_text("rulings: []\n")
    (tmp_path / "rules.yaml").write_text(
        f"rulings:\n  - id: rules/t/1\n{subject}    text: t\n    source: s\n"
    )
    with pytest.raises(CatalogueError, match="needs a card or a topic, not both"):
        read_catalogue(tmp_path)


def test_non_interaction_rulings_of_the_catalogue(real: nx.MultiDiGraph) -> None:
    pair = g.pair_report(real, "Moat", "Masquerade")
    assert not pair.interactions
    assert {n.ruling for n in pair.non_interactions} >= {"base/moat/6", "intrigue/masquerade/6"}
    assert not linked(real, "Watchtower", "Masquerade")
    assert g.non_interactions(real, "Masquerade", "Watchtower")


def test_scenarios_attach_to_the_edges_they_test() -> None:
    ruling = Ruling("t/hag/1", "t", "text", "src", card="Hag", cards=("Wall",))
    proof = g.ScenarioInfo("t/hag/wall-blocks", ("Hag", "Wall"), ())
    citing = g.ScenarioInfo("t/other/cites", ("Plain",), ("t/hag/1",))
    filler = g.ScenarioInfo("t/plain/busy", ("Plain", "Hag", "Wall", "Coin"), ())
    graph = g.build_graph(TOY, [ruling], [proof, citing, filler])
    edge = graph.edges["Hag", "Wall", "attack-reaction"]
    assert edge["scenarios"] == ["t/hag/wall-blocks", "t/other/cites"]
    assert not linked(graph, "Plain", "Coin")  # a card that only fills a scenario gets no edge
    assert frozenset({"Hag", "Wall"}) in g.tested_pairs(graph)
    assert all(row.cards != ("Hag", "Wall") for row in g.untested(graph))


# --- editions ------------------------------------------------------------------------------


def test_edition_choices(real: nx.MultiDiGraph) -> None:
    assert g.parse_editions(None) is None and g.parse_editions("both") is None
    first = g.select(real, g.parse_editions("1"))
    assert "Diplomat" not in first and first.has_edge("Goons", "Moat", key="attack-reaction")
    mixed = g.select(real, g.parse_editions("prosperity=1,intrigue=2"))
    assert mixed.has_edge("Goons", "Diplomat", key="attack-reaction")
    second = g.select(real, g.parse_editions("2"))
    assert "Goons" not in second
    tiara = second.edges["Tiara", "Hoard", "double-play"]
    assert [v["target_editions"] for v in tiara["variants"]] == [[2]]
    with pytest.raises(g.GraphQueryError, match="bad --editions part 'base=3'"):
        g.parse_editions("base=3")


# --- data API ------------------------------------------------------------------------------


def test_card_interactions_group_by_kind_with_counts(real: nx.MultiDiGraph) -> None:
    groups = g.card_interactions(real, "throne room")
    by_kind = {group.kind: group for group in groups}
    double = by_kind["double-play"]
    assert double.title == "Played more than once" and double.count == len(double.rows)
    feast = next(r for r in double.rows if r.other == "Feast")
    assert feast.direction == "out" and feast.rulings and "trashes itself" in feast.reason
    assert "Village" not in {r.other for r in double.rows}


def test_neighbourhood_stays_legible_for_hubs(real: nx.MultiDiGraph) -> None:
    hood = g.neighbourhood(real, "King's Court", limit=12)
    shown = hood.shown
    assert len(shown) == 12
    listed = [c for grp in hood.groups for c in (*grp.shown, *grp.rest)]
    assert len(listed) == hood.total == len(set(listed))
    assert sum(grp.count for grp in hood.groups) == hood.total
    small = g.neighbourhood(real, "Baron")
    assert all(not grp.rest for grp in small.groups)


def test_path_steps_carry_reasons(real: nx.MultiDiGraph) -> None:
    steps = g.path_steps(real, "Goons", "Diplomat")
    assert [(s.card, s.next) for s in steps] == [("Goons", "Diplomat")]
    assert steps[0].rows[0].reason.startswith("Diplomat can be revealed")


def test_communities_are_named_by_their_mechanic(real: nx.MultiDiGraph) -> None:
    found = g.named_communities(real)
    assert len(found) > 3
    # No community swallows the graph: each holds under a third of its cards (a fixed bound
    # stops meaning that as sets join).
    assert max(len(c.cards) for c in found) < real.number_of_nodes() / 3
    assert all(c.kind in interactions.KIND_BY_ID for c in found)


# --- the kingdom sheet ---------------------------------------------------------------------


def test_kingdom_sheet_lists_exactly_the_expected_pairs(real: nx.MultiDiGraph) -> None:
    kingdom = ["Throne Room", "Feast", "Watchtower", "Witch", "Trade Route"]
    sheet = rulings_sheet.kingdom_sheet(real, kingdom)
    # Checked against the rules: Throne Room doubles Feast (which trashes itself), itself
    # and Trade Route (which trashes); Watchtower can trash a Curse Witch gives on another
    # player's turn; Witch names Curse; Trade Route puts tokens on the Victory piles.
    # Throne Room on Witch is a plain double play, Feast's gain to the discard pile does not
    # involve Watchtower, and Trade Route gets no token on the Curse pile.
    expected = {
        frozenset(pair)
        for pair in (
            ("Throne Room", "Feast"),
            ("Throne Room",),
            ("Throne Room", "Trade Route"),
            ("Watchtower", "Witch"),
            ("Witch", "Curse"),
            ("Trade Route", "Estate"),
            ("Trade Route", "Duchy"),
            ("Trade Route", "Province"),
        )
    }
    assert sheet.pairs() == expected
    # Each interaction is under both its cards; a card that meets none says so.
    under = {part.card: {row.other for row in part.rows} for part in sheet.cards}
    for pair in expected:
        for card in pair:
            assert set(pair) - {card} <= under[card] or pair == {card}, (card, pair)
    assert under["Watchtower"] == {"Witch"} and under["Witch"] == {"Watchtower", "Curse"}
    assert [(part.card, n.cards) for part in sheet.cards for n in part.non_interactions] == [
        ("Throne Room", ("Witch", "Throne Room")),
        ("Witch", ("Witch", "Throne Room")),
    ]
    lonely = rulings_sheet.kingdom_sheet(real, ["Village", "Witch"])
    assert [p.rows for p in lonely.cards if p.card == "Village"] == [()]
    assert rulings_sheet.NONE_ON_THE_TABLE in rulings_sheet.render(lonely)
    colony = rulings_sheet.kingdom_sheet(real, kingdom, platinum_colony=True)
    assert colony.pairs() - sheet.pairs() == {
        frozenset(p)
        for p in (("Trade Route", "Colony"), ("Platinum", "Colony"), ("Colony", "Province"))
    }


def test_sheet_formats(real: nx.MultiDiGraph) -> None:
    sheet = rulings_sheet.kingdom_sheet(real, ["Throne Room", "Feast"])
    text = rulings_sheet.render(sheet, "text")
    assert text.startswith("Rulings sheet: Throne Room, Feast") and "base/feast/2" in text
    markdown = rulings_sheet.render(sheet, "markdown")
    assert markdown.startswith("# Rulings sheet") and "## Throne Room" in markdown
    page = rulings_sheet.render(sheet, "html")
    assert page.startswith("<!DOCTYPE html>") and "<h2>Throne Room</h2>" in page
    with pytest.raises(ValueError, match="unknown sheet format"):
        rulings_sheet.render(sheet, "pdf")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "needs card names"),
        ("Throne Room, Nonesuch", "unknown card 'Nonesuch'"),
        ("Throne Room, Copper", "not a Kingdom card: Copper"),
        ("Witch, witch", "named twice"),
        (", ".join(sorted({c.name for c in ALL_CARDS if c.kingdom})[:11]), "at most 10"),
    ],
)
def test_bad_kingdoms_are_refused(real: nx.MultiDiGraph, text: str, message: str) -> None:
    with pytest.raises(g.GraphQueryError, match=message):
        rulings_sheet.parse_kingdom(real, text)


# --- export and command line ---------------------------------------------------------------


def test_export_round_trips(tmp_path: Path) -> None:
    ruling = Ruling("t/hag/1", "t", "text", "src", card="Hag", cards=("Wall",))
    graph = g.build_graph(TOY, [ruling], [g.ScenarioInfo("t/hag/s", ("Hag", "Wall"), ())])

    def edges(x: nx.MultiDiGraph) -> set[tuple[str, str, str, str]]:
        return {
            (s, t, k, json.dumps(d, sort_keys=True)) for s, t, k, d in x.edges(keys=True, data=True)
        }

    back = g.from_json(json.loads(json.dumps(g.to_json(graph))))
    assert dict(back.nodes(data=True)) == dict(graph.nodes(data=True))
    assert edges(back) == edges(graph)
    path = tmp_path / "graph.graphml"
    g.to_graphml(graph, path)
    again = g.from_graphml(path)
    assert dict(again.nodes(data=True)) == dict(graph.nodes(data=True))
    assert edges(again) == edges(graph)


def test_cli(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    real: nx.MultiDiGraph,
) -> None:
    out = tmp_path / "g.json"
    assert graph_cli.main(["--format", "json", "--out", str(out)]) == 0
    assert {"nodes", "edges"} <= set(json.loads(out.read_text()))
    capsys.readouterr()
    # The queries below on the graph already built, not on one built again for each
    # (a copy: a query must not change the graph the other tests read).
    monkeypatch.setattr(g, "default_graph", real.copy)
    assert graph_cli.main([]) == 0
    summary = capsys.readouterr().out
    assert "interactions joining" in summary and "Played more than once (double-play)" in summary

    assert graph_cli.main(["--kingdom", "Throne Room, Feast", "--format", "markdown"]) == 0
    assert capsys.readouterr().out.startswith("# Rulings sheet: Throne Room, Feast")
    assert graph_cli.main(["--neighbors", "Goons", "--editions", "prosperity=1,intrigue=2"]) == 0
    text = capsys.readouterr().out
    assert (
        "Diplomat: Diplomat can be revealed" in text
        and "No special rule" in text
        and "with Workshop: " in text
    )
    assert graph_cli.main(["--path", "Goons", "Diplomat"]) == 0
    assert "1. Goons -> Diplomat" in capsys.readouterr().out
    assert graph_cli.main(["--top", "3"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3
    assert graph_cli.main(["--communities"]) == 0
    assert "(around " in capsys.readouterr().out

    for argv, message in (
        (["--neighbors", "Nonesuch"], "unknown card 'Nonesuch'"),
        (["--format", "html"], "--format html goes with --kingdom"),
        (["--kingdom", "Copper"], "not a Kingdom card"),
        (["--editions", "3"], "bad --editions"),
        (["--kind", "double-play"], "--kind goes with --neighbors"),
        (["--out", str(tmp_path / "missing" / "g.json")], "cannot write"),
    ):
        assert graph_cli.main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, (argv, err)
    with pytest.raises(SystemExit) as stop:
        graph_cli.main(["--top", "x"])
    assert stop.value.code == 2


def test_every_kind_has_a_docs_row() -> None:
    assert [m.kind for m in g.MEETINGS] == [k.id for k in interactions.ALL_KINDS]
    assert g.facets(definitions("Throne Room")[0]) >= {"plays"}
    assert g.meeting_vocabulary() >= {"plays", "gains", "reaction"}


@pytest.mark.parametrize("typed", ["kings court", "KING'S COURT", "  king\u2019s   court "])
def test_the_graph_matches_card_names_as_check_and_explain_do(
    real: nx.MultiDiGraph, typed: str
) -> None:
    from arbiter.cli import find_card

    assert g.resolve(real, typed) == find_card(typed) == "King's Court"


def test_a_misspelt_name_in_the_graph_gets_the_same_suggestions_as_explain(
    real: nx.MultiDiGraph, capsys: pytest.CaptureFixture[str]
) -> None:
    from arbiter.cli import UsageError, find_card

    with pytest.raises(UsageError) as explained:
        find_card("Fest")
    with pytest.raises(g.GraphQueryError) as graphed:
        g.resolve(real, "Fest")
    assert str(graphed.value) == str(explained.value)
    assert str(graphed.value).startswith("unknown card 'Fest' (did you mean 'Feast'")
    assert graph_cli.main(["--neighbors", "fest"]) == 2
    assert "unknown card 'fest' (did you mean 'Feast'" in capsys.readouterr().err


def test_a_double_play_of_a_duration_claims_nothing_a_ruling_denies() -> None:
    """seaside/tactician/5: Throne Room on Tactician gives the next-turn bonus once (the
    second play finds an empty hand). The graph's reason for the pair, shown on the card
    pages, the sheet and ``explain``, must not say the part happens twice."""
    graph = g.default_graph(with_scenarios=False)
    reason = graph.edges["Throne Room", "Tactician", "double-play"]["reason"]
    assert "twice" in reason and "happens twice" not in reason, reason
    assert "none if that play found nothing to set up" in reason
    assert (
        "seaside/tactician/5" in graph.edges["Throne Room", "Tactician", "double-play"]["rulings"]
    )
