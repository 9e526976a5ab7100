"""The position: a setup in the scenario format's terms <-> the game state.

The engine's equivalent of a FEN. :func:`build_state` turns a setup (what a scenario's
``setup`` says, or what :func:`new_game_setup` makes for the standard start) into a
:class:`GameState`; :func:`snapshot` describes a game's state in the same terms again.
Nothing here plays: the table (``engine.table``) holds the state this builds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from engine import cards as catalogue
from engine import rules
from engine.entries import entry_set_aside, play_entry, times_played
from engine.errors import BadPosition
from engine.model import VICTORY, Card
from engine.setup_check import BASIC_PILES, COLONY_PILES, cached_pile_size, check_setup
from engine.state import MATS, GameState, Phase, PlayerState, PlayerZone, TurnState

if TYPE_CHECKING:
    from engine.game import Game


# Looks a card's definition up by name (and caches it): the table's ``definition_by_name``.
Define = Callable[[str], Card]

# One play of a card a setup lists in the active player's ``in_play``: (card, the card
# that played it or None). A Bridge played by Throne Room is two of these.
SetupPlay = tuple[int, int | None]


def new_game_setup(
    players: int,
    kingdom: Iterable[str] | None,
    seed: int,
    editions: Mapping[str, int] | None,
    colony: bool | None,
    sets: Iterable[str],
) -> dict[str, Any]:
    """The setup of the standard start: 7 Coppers and 3 Estates each, to be shuffled and
    5 drawn (``deal``); a random kingdom from ``sets`` unless ``kingdom`` is given."""
    given = {"players": players, "seed": seed, "editions": editions or {}}
    if kingdom is not None:  # a string is not a list of cards: check_setup says so
        given["kingdom"] = kingdom if isinstance(kingdom, str) else list(kingdom)
    check_setup(given)
    chosen_editions = {**catalogue.DEFAULT_EDITIONS, **(editions or {})}
    names = list(kingdom) if kingdom is not None else None
    if names is None or colony is None:  # chosen at random from the seed, in this order
        rng = random.Random(seed)
        if names is None:
            names = random_kingdom(rng, chosen_editions, sets)
        if colony is None and names:
            # The Prosperity rule: as if one of the Kingdom cards were picked at random,
            # Colony and Platinum are used when it is a Prosperity card.
            colony = rng.randrange(len(names)) < _prosperity_share(names, chosen_editions)
    start = {"discard": ["Copper"] * rules.STARTING_COPPERS + ["Estate"] * rules.STARTING_ESTATES}
    setup: dict[str, Any] = {
        "players": players,
        "kingdom": names,
        "colony": bool(colony),
        "editions": chosen_editions,
        "seed": seed,
        "deal": True,
    }
    setup.update({f"p{i + 1}": dict(start) for i in range(players)})
    return setup


def changes_in_game(kingdom: Iterable[str], editions: Mapping[str, int]) -> dict[str, Card]:
    """The definitions that Kingdom cards change for the whole game (Charlatan: Curse is
    also a Treasure), by name: what a game's definition cache starts with."""
    changed: dict[str, Card] = {}
    for name in kingdom:
        for card in catalogue.lookup(name, editions).changes_in_game:
            changed[card.name] = card
    return changed


def build_state(
    setup: Mapping[str, Any], editions: dict[str, int], define: Define
) -> tuple[GameState, list[SetupPlay]]:
    """The state ``setup`` describes (one that engine.setup_check accepted), and the plays
    of this turn it lists (``pN.in_play``), whose lasting effects the game then applies."""
    players = int(setup.get("players", 2))
    kingdom = list(setup.get("kingdom", []))
    colony = bool(setup.get("colony", False))
    state = GameState(
        names=[],
        players=[PlayerState() for _ in range(players)],
        supply={},
        kingdom=kingdom,
        editions=editions,
        colony=colony,
    )
    piles = list(BASIC_PILES) + (list(COLONY_PILES) if colony else []) + kingdom
    sizes = dict(setup.get("supply", {}) or {})
    for pile in piles:
        definition = define(pile)
        size = sizes.get(pile)
        if size is None:
            size = cached_pile_size(pile, definition.is_(VICTORY), definition.kingdom, players)
        # One pile's cards in one go: ids are consecutive (what _new_card gives).
        first = len(state.names)
        state.names.extend([pile] * int(size))
        state.supply[pile] = card_ids(first, len(state.names))
    turn = setup.get("turn", {}) or {}
    active = _player_index(turn.get("player", "p1"), players)
    plays: list[SetupPlay] = []
    for index in range(players):
        zones = setup.get(f"p{index + 1}", {}) or {}
        plays += _build_player(state, index, zones, define, index == active, turn.get("phase"))
    state.trash = [_new_card(state, name, define) for name in setup.get("trash", []) or []]
    _build_turn(state, setup, players, define)
    state.turn.plays.extend(state.names[card] for card, _ in plays)
    return state, plays


def shuffle_orders(setup: Mapping[str, Any], players: int) -> list[list[list[str]]]:
    """Each player's fixed orders for their next shuffles (``pN.shuffles``), first first."""
    return [
        [list(order) for order in setup.get(f"p{i + 1}", {}).get("shuffles", [])]
        for i in range(players)
    ]


def _build_player(
    state: GameState,
    index: int,
    zones: Mapping[str, Any],
    define: Define,
    active: bool,
    phase: str | None,
) -> list[SetupPlay]:
    """Build one player's zones; the plays of this turn its ``in_play`` lists."""
    player = state.players[index]
    plays: list[SetupPlay] = []
    # Another player's Durations wait for the start of that player's next turn and stay
    # until then. The active player's did their start-of-turn part already (unless the
    # turn is about to start) and go at this turn's Clean-up.
    waiting = not active or phase == "start"
    built: tuple[PlayerZone, ...] = ("hand", "discard", "in_play", "set_aside", "deck", *MATS)
    for zone in built:
        if zone == "in_play":
            # Durations first: they were played on an earlier turn than this turn's plays.
            for entry in zones.get("durations", []) or []:
                _build_entry(state, index, entry, define, scheduled=waiting, stays=not active)
            for entry in zones.get("in_play", []) or []:
                plays += _build_entry(state, index, entry, define, scheduled=True, stays=True)
            continue
        names = zones.get(zone)
        if names:
            # The scenario lists the deck top first; the engine keeps the top last.
            player.zone(zone).extend(
                _new_cards(state, names[::-1] if zone == "deck" else names, define)
            )
    player.vp_tokens = int(zones.get("vp_tokens", 0))
    player.pirate_ship = int(zones.get("pirate_ship", 0))
    player.gained_last_turn = list(zones.get("gained_last_turn", []) or [])
    return plays


def _build_entry(
    state: GameState,
    index: int,
    entry: str | Mapping[str, str],
    define: Define,
    *,
    scheduled: bool,
    stays: bool,
) -> list[SetupPlay]:
    """Put an ``in_play`` / ``durations`` entry in play (the card that played it first, as
    it was played first); its plays. A Duration card among them set up its start-of-turn
    triggers once per play (``scheduled``) and stays at the next Clean-up (``stays``), as
    if it had been played in the scenario (``Verbs.stay_in_play``,
    ``Verbs.at_start_of_next_turn``)."""
    player = state.players[index]
    name, by_name = play_entry(entry)
    by = None if by_name is None else _new_card(state, by_name, define)
    card = _new_card(state, name, define)
    definition = define(name)
    times = 1 if by_name is None else times_played(define(by_name), definition)
    player.in_play.extend([card] if by is None else [by, card])
    waiting = times
    if definition.holds_set_aside:
        # Haven, Blockade: each play that set a card aside acts at the next turn (a play
        # that found nothing to set aside does not). A Blockade from a setup affects every
        # other player (``Verbs.still_attacks``).
        held = [_new_card(state, held_name, define) for held_name in entry_set_aside(entry)]
        player.set_aside.extend(held)
        player.held.extend((held_card, card) for held_card in held)
        waiting = len(held)
    waits = [i for i, trigger in enumerate(definition.triggers) if trigger.where == "next_turn"]
    if waits and scheduled:
        player.next_turn.extend((card, i) for _ in range(waiting) for i in waits)
    if waits and stays and waiting:
        player.staying.extend([card] if by is None else [card, by])
    plays: list[SetupPlay] = [] if by is None else [(by, None)]
    return plays + [(card, by)] * times


def _build_turn(state: GameState, setup: Mapping[str, Any], players: int, define: Define) -> None:
    turn = dict(setup.get("turn", {}) or {})
    active = _player_index(turn.get("player", "p1"), players)
    # A turn about to start is, to the state, a turn in its Action phase: the game runs
    # its start-of-turn effects before it waits for a command (Turn._loop).
    phase: Phase = "action" if turn.get("phase") == "start" else turn.get("phase", "action")
    state.turn = TurnState(
        player=active,
        phase=phase,
        actions=int(turn.get("actions", 1)),
        buys=int(turn.get("buys", 1)),
        coins=int(turn.get("coins", 0)),
        extra=bool(turn.get("extra", False)),
    )
    state.embargo = {pile: int(n) for pile, n in (setup.get("embargo", {}) or {}).items() if n}
    for name, count in (setup.get("turns_taken", {}) or {}).items():
        state.players[_player_index(name, players)].turns_taken = int(count)
    trade_route = setup.get("trade_route")
    if trade_route is not None:
        state.trade_route_mat = int(trade_route.get("mat", 0))
        state.trade_route_tokens = list(trade_route.get("piles", []))
        return
    # What Kingdom cards add at set-up (Trade Route's tokens), unless the setup says.
    for name in state.kingdom:
        sets_up = define(name).sets_up
        if sets_up is not None:
            sets_up(state, define)


def _new_cards(state: GameState, names: list[str], define: Define) -> list[int]:
    """New cards with these names, in order (an unknown name fails before any exists)."""
    for name in dict.fromkeys(names):
        define(name)
    first = len(state.names)
    state.names += names
    return card_ids(first, len(state.names))


# Card ids first..stop-1 of every game, shared: a card id is an int compared by value, so
# games take their ids from this one list (a slice copies references) instead of making
# every int above 256 again for every game (what a Supply's cards cost most to set up).
_CARD_IDS: list[int] = []


def card_ids(first: int, stop: int) -> list[int]:
    """The card ids ``first`` to ``stop - 1``, as a new list."""
    if stop > len(_CARD_IDS):
        _CARD_IDS.extend(range(len(_CARD_IDS), stop))
    return _CARD_IDS[first:stop]


def _new_card(state: GameState, name: str, define: Define) -> int:
    define(name)  # an unknown name fails here, before the card exists
    state.names.append(name)
    return len(state.names) - 1


def snapshot(game: Game) -> dict[str, Any]:
    """The visible state in scenario terms (what the adapters report)."""
    turn = game.state.turn
    names = game.state.names  # what names_of reads, without a call per zone
    players = {}
    for index, state in enumerate(game.state.players):
        player: dict[str, Any] = {
            "hand": [names[card] for card in state.hand],
            "deck": [names[card] for card in reversed(state.deck)],
            "discard": [names[card] for card in state.discard],
            "in_play": [names[card] for card in state.in_play],
            "set_aside": [names[card] for card in state.set_aside],
            "revealed": [names[card] for card in state.revealed],
            "vp_tokens": state.vp_tokens,
            "score": game.score(index),
            "turns_taken": state.turns_taken,
        }
        # Duration cards, mats and the like: only while there are any, so that games
        # without them report exactly what they always did.
        if state.staying:
            player["staying"] = [names[card] for card in state.staying]
        if state.next_turn:
            player["next_turn"] = [names[card] for card, _ in state.next_turn]
        if state.held:
            player["held"] = [[names[card], names[by]] for card, by in state.held]
        for mat in MATS:
            cards = getattr(state, mat)
            if cards:
                player[mat] = [names[card] for card in cards]
        if state.pirate_ship:
            player["pirate_ship"] = state.pirate_ship
        if state.gained_last_turn:
            player["gained_last_turn"] = list(state.gained_last_turn)
        players[f"p{index + 1}"] = player
    shown_turn: dict[str, Any] = {
        "player": f"p{turn.player + 1}",
        "phase": turn.phase,
        "actions": turn.actions,
        "buys": turn.buys,
        "coins": turn.coins,
    }
    if turn.extra:  # an extra turn (Outpost's); a game without one reports what it did
        shown_turn["extra"] = True
    shown: dict[str, Any] = {
        "players": players,
        "supply": {pile: len(cards) for pile, cards in game.state.supply.items()},
        "trash": [names[card] for card in game.state.trash],
        "trade_route": game.state.trade_route_mat,
        "turn": shown_turn,
        "game_over": game.state.game_over,
        "winners": [f"p{p + 1}" for p in game.winners()],
    }
    if game.state.embargo:
        shown["embargo"] = dict(game.state.embargo)
    return shown


def _player_index(name: Any, players: int) -> int:
    text = str(name)
    if not (text.startswith("p") and text[1:].isdigit() and 1 <= int(text[1:]) <= players):
        raise BadPosition(f"unknown player {name!r} (players are p1 to p{players})")
    return int(text[1:]) - 1


def random_kingdom(
    rng: random.Random, editions: Mapping[str, int], sets: Iterable[str]
) -> list[str]:
    """Ten distinct kingdom cards from the chosen sets, each in its chosen edition."""
    pool = sorted(
        {
            card.name
            for set_name in sets
            for card in catalogue.kingdom_cards(set_name, editions.get(set_name, 2))
        }
    )
    if len(pool) < 10:
        raise BadPosition(f"only {len(pool)} kingdom cards in the chosen sets")
    return rng.sample(pool, 10)


def _prosperity_share(kingdom: list[str], editions: Mapping[str, int]) -> int:
    """How many of the kingdom cards are from Prosperity (the chance of Colony, in tenths)."""
    return sum(1 for name in kingdom if catalogue.lookup(name, editions).set == "prosperity")
