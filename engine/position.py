"""The position: a setup in the scenario format's terms <-> the game state.

The engine's equivalent of a FEN. :func:`build_state` turns a setup (what a scenario's
``setup`` says, or what :func:`new_game_setup` makes for the standard start) into a
:class:`GameState`; :func:`snapshot` describes a game's state in the same terms again.
Nothing here plays: the table (``engine.table``) holds the state this builds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from engine import cards as catalogue
from engine import rules
from engine.abilities import (
    Bane,
    ChangesCards,
    HoldsSetAside,
    PileSetup,
    SetAsidePile,
    SetsUp,
    of_kind,
    setup_changes,
)
from engine.entries import FOR_NEXT_TURN, entry_set_aside, play_entry, times_played
from engine.errors import BadPosition
from engine.model import VICTORY, Card
from engine.setup_check import (
    BASIC_PILES,
    COLONY_PILES,
    asked_set_aside,
    cached_pile_size,
    check_new_game,
    declared,
    fits_range,
    per_generation,
    set_aside_pile,
)
from engine.state import (
    PLAYER_ZONES,
    ExtraTurn,
    GameState,
    Phase,
    PlayerState,
    TurnState,
    Zone,
)
from engine.vocabulary import POSITION_ZONES

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
    # A string is not a list of cards: the check says so.
    given = kingdom if kingdom is None or isinstance(kingdom, str) else list(kingdom)
    check_new_game(players, given, editions or {}, seed)
    chosen_editions = {**catalogue.DEFAULT_EDITIONS, **(editions or {})}
    names = list(kingdom) if kingdom is not None else None
    # What is chosen at random comes from the seed, in this order (a source made only when
    # something is chosen: seeding one costs a tenth of a set-up).
    chooses = names is not None and _kingdom_chooses(tuple(names))
    rng = random.Random(seed) if names is None or colony is None or chooses else None
    if names is None:
        assert rng is not None
        names = random_kingdom(rng, chosen_editions, sets)
    if colony is None and names:
        assert rng is not None
        # The Prosperity rule: as if one of the Kingdom cards were picked at random,
        # Colony and Platinum are used when it is a Prosperity card.
        colony = rng.randrange(len(names)) < _prosperity_share(names, chosen_editions)
    bane = None if rng is None else _choose_bane(rng, names, chosen_editions, sets)
    start = {"discard": ["Copper"] * rules.STARTING_COPPERS + ["Estate"] * rules.STARTING_ESTATES}
    setup: dict[str, Any] = {
        "players": players,
        "kingdom": names,
        "colony": bool(colony),
        "editions": chosen_editions,
        "seed": seed,
        "deal": True,
    }
    if bane is not None:
        setup["bane"] = bane
    if rng is not None:
        setup.update(_choose_set_aside(rng, names, chosen_editions, sets, bane))
    setup.update({f"p{i + 1}": dict(start) for i in range(players)})
    return setup


def _banes(kingdom: Iterable[str], editions: Mapping[str, int] | None = None) -> list[Bane]:
    """The Banes the Kingdom cards ask for (Young Witch's)."""
    return [
        change.bane
        for name in kingdom
        for change in of_kind(catalogue.lookup(name, editions or {}).static, SetsUp)
        if change.bane is not None
    ]


@per_generation
def _kingdom_chooses(kingdom: tuple[str, ...]) -> bool:
    """Whether a card of the Kingdom asks set-up to choose a pile at random: a Bane or a
    pile set out beside the Supply. Any edition's definition counts: a pile is chosen only
    when one does ask."""
    definitions = [card for name in kingdom for card in catalogue.definitions(name)]
    return any(_banes_of(card) for card in definitions) or bool(asked_set_aside(definitions))


def _banes_of(card: Card) -> list[Bane]:
    return [c.bane for c in of_kind(card.static, SetsUp) if c.bane is not None]


def _choose_bane(
    rng: random.Random, kingdom: list[str], editions: Mapping[str, int], sets: Iterable[str]
) -> str | None:
    """The Bane a Kingdom card asks for (Young Witch), chosen at random among the Kingdom
    cards of ``sets`` in its cost range and not in the Kingdom; None when none asks.
    Asks nothing of ``rng`` when no card asks (a game without one plays as before)."""
    banes = _banes(kingdom, editions)
    if not banes:
        return None
    pool = sorted(
        {
            card.name
            for set_name in sets
            for card in catalogue.kingdom_cards(set_name, editions.get(set_name, 2))
            if card.name not in kingdom and bane_fits(banes[0], card)
        }
    )
    if not pool:
        raise BadPosition("no Kingdom card of the chosen sets can be the Bane")
    return rng.choice(pool)


def _choose_set_aside(
    rng: random.Random,
    kingdom: list[str],
    editions: Mapping[str, int],
    sets: Iterable[str],
    bane: str | None,
) -> dict[str, str]:
    """The Kingdom piles the Kingdom's cards ask set-up to set out beside the Supply
    (Ferryman's), each chosen at random among the Kingdom cards of ``sets`` in its cost
    range and in neither the Kingdom nor the Bane: setup key -> card."""
    asked = asked_set_aside(catalogue.lookup(name, editions) for name in kingdom)
    taken = {*kingdom, *([bane] if bane is not None else [])}
    chosen: dict[str, str] = {}
    for aside, asker in asked:
        pool = sorted(
            {
                card.name
                for set_name in sets
                for card in catalogue.kingdom_cards(set_name, editions.get(set_name, 2))
                if card.name not in taken and fits_range(aside, card)
            }
        )
        if not pool:
            raise BadPosition(f"no Kingdom card of the chosen sets can be {asker}'s pile")
        chosen[aside.key] = rng.choice(pool)
        taken.add(chosen[aside.key])
    return chosen


def bane_fits(bane: Bane, card: Card) -> bool:
    """Whether ``card`` may be the Bane: a Kingdom card whose printed cost is in range."""
    return bool(
        card.kingdom
        and rules.cost_at_most(bane.low, card.cost)
        and rules.cost_at_most(card.cost, bane.high)
    )


class KingdomSetUp(NamedTuple):
    """What the cards of a game's Kingdom piles ask of set-up, in the game's editions:
    worked out once per Kingdom (:func:`kingdom_set_up`) and shared by its games, which
    must not change it."""

    # The definitions Kingdom cards change for the whole game, by name (Charlatan: Curse
    # is also a Treasure): what a game's definition cache starts with.
    changed: dict[str, Card]
    # What set-up adds for the Kingdom piles (``engine.abilities.setup_changes``).
    changes: list[SetsUp]
    # The Kingdom piles they ask set-up to set out beside the Supply, with who asks.
    set_aside: list[tuple[SetAsidePile, str]]


@per_generation
def kingdom_set_up(
    kingdom: tuple[str, ...], bane: str | None, editions: tuple[tuple[str, int], ...]
) -> KingdomSetUp:
    """What set-up does for the Kingdom ``kingdom`` and its ``bane`` in ``editions``: the
    same for every game with them (until a mutant changes the engine: ``per_generation``)."""
    chosen = dict(editions)
    changed: dict[str, Card] = {}
    for name in kingdom:
        for change in of_kind(catalogue.lookup(name, chosen).static, ChangesCards):
            changed.update((card.name, card) for card in change.cards)

    def define(name: str) -> Card:  # as the game's definition_by_name will
        return changed.get(name) or catalogue.lookup(name, chosen)

    piles = [*kingdom, bane] if bane is not None else list(kingdom)
    changes = game_setup_changes(piles, define)
    return KingdomSetUp(changed, changes, asked_set_aside(define(name) for name in piles))


def kingdom_piles(setup: Mapping[str, Any]) -> list[str]:
    """The Kingdom piles of a setup: its ``kingdom`` and its ``bane``."""
    kingdom = list(setup.get("kingdom", []))
    bane = setup.get("bane")
    return [*kingdom, bane] if bane is not None else kingdom


def game_setup_changes(kingdom: Iterable[str], define: Define) -> list[SetsUp]:
    """What set-up adds for these Kingdom piles (``engine.abilities.setup_changes``)."""
    return setup_changes([define(name) for name in kingdom], catalogue.SETUP_RULES)


def added_piles(changes: Iterable[SetsUp]) -> dict[str, PileSetup]:
    """The piles set-up adds, by name (a pile two cards ask for is one pile)."""
    return {pile.name: pile for change in changes for pile in change.piles}


class _NotASetupValue(Exception):
    """A value of a kind no setup holds (``setup_key``)."""


# What marks a mapping in a frozen setup: no list holds it, so a mapping and a list of
# pairs never freeze alike.
_MAPPING = ("mapping",)


def setup_key(setup: Mapping[str, Any]) -> Hashable | None:
    """``setup`` as a hashable value, equal for equal setups, its seed left out (what
    set-up builds does not depend on it: the shuffles' random source is made later); None
    when it holds a value of a kind no setup holds."""
    try:
        return tuple([(key, _frozen(value)) for key, value in setup.items() if key != "seed"])
    except _NotASetupValue:
        return None


def _frozen(value: Any) -> Hashable:
    if value is None or isinstance(value, (str, int)):  # the leaves (a bool is an int)
        return value
    if isinstance(value, list):
        frozen: tuple[Any, ...] = tuple(value)
    elif isinstance(value, Mapping):
        frozen = (_MAPPING, *value.items())
    else:
        raise _NotASetupValue
    try:
        hash(frozen)  # most lists hold names, most mappings counts: nothing to freeze
        return frozen
    except TypeError:  # a list or a mapping inside
        pass
    if isinstance(value, list):
        return tuple([_frozen(item) for item in value])
    return (_MAPPING, *[(key, _frozen(item)) for key, item in value.items()])


class Built(NamedTuple):
    """What set-up builds from a setup: the state, the plays of this turn it lists
    (``pN.in_play``), whose lasting effects the game then applies, and the pile of each
    card name that has one (``Table.pile_of``)."""

    state: GameState
    plays: list[SetupPlay]
    pile_of: dict[str, Zone]


def build_state(
    setup: Mapping[str, Any], editions: dict[str, int], define: Define, asks: KingdomSetUp
) -> Built:
    """The state ``setup`` describes (one that engine.setup_check accepted), whose Kingdom
    asks set-up for ``asks``."""
    players = int(setup.get("players", 2))
    kingdom = kingdom_piles(setup)
    colony = bool(setup.get("colony", False))
    state = GameState(
        names=[],
        players=[PlayerState(mats={mat: [] for mat in catalogue.MATS}) for _ in range(players)],
        supply={},
        kingdom=kingdom,
        editions=editions,
        colony=colony,
        bane=setup.get("bane"),
        landscapes=list(setup.get("landscapes", [])),
    )
    changes = asks.changes
    added = added_piles(changes)
    for aside, _asker in asks.set_aside:
        chosen = setup.get(aside.key)
        if chosen is not None:  # always, in a setup the check accepted
            state.set_aside_piles[aside.key] = chosen
            added[chosen] = set_aside_pile(define(chosen))
    extra = [pile.name for pile in added.values() if pile.supply]
    piles = [*BASIC_PILES, *(COLONY_PILES if colony else ()), *extra, *kingdom]
    sizes = dict(setup.get("supply", {}) or {})
    for pile in piles:
        definition = define(pile)
        size = sizes.get(pile)
        if size is None and pile in added:
            size = added[pile].size(players)
        elif size is None:
            size = cached_pile_size(pile, definition.is_(VICTORY), definition.kingdom, players)
        # One pile's cards in one go: ids are consecutive (what _new_card gives).
        first = len(state.names)
        state.names.extend([pile] * int(size))
        state.supply[pile] = card_ids(first, len(state.names))
    pile_of: dict[str, Zone] = {pile: ("supply", pile) for pile in state.supply}
    given = setup.get("piles", {}) or {}
    for pile in added.values():
        if pile.supply:
            continue
        names = given.get(pile.name)
        if names is None:
            names = [name for name in pile.cards for _ in range(pile.copies(players))]
        state.piles[pile.name] = _new_cards(state, list(names), define)
        pile_of.update((name, ("pile", pile.name)) for name in pile.cards)
    turn = setup.get("turn", {}) or {}
    active = _player_index(turn.get("player", "p1"), players)
    plays: list[SetupPlay] = []
    for index in range(players):
        zones = setup.get(f"p{index + 1}", {}) or {}
        plays += _build_player(state, index, zones, define, index == active, turn.get("phase"))
        _player_tokens(state.players[index], zones, changes)
    state.trash = [_new_card(state, name, define) for name in setup.get("trash", []) or []]
    for index in range(players):  # once every card is somewhere: a Farmhands may be anywhere
        waiting = (setup.get(f"p{index + 1}", {}) or {}).get(FOR_NEXT_TURN)
        if waiting:
            _build_for_next_turn(state, index, waiting, define)
    _build_turn(state, setup, players)
    _pile_tokens(state, setup, changes, define)
    state.turn.plays.extend(state.names[card] for card, _ in plays)
    return Built(state, plays, pile_of)


def _player_tokens(player: PlayerState, zones: Mapping[str, Any], changes: list[SetsUp]) -> None:
    """A player's tokens: as the setup gives them (``pN.<key>``), else what set-up gives
    each player (Baker's Coffers)."""
    tokens = player.tokens
    for change in changes:
        for name, count in change.player_tokens:
            tokens[name] = tokens.get(name, 0) + count
    for key, kind in declared().player_tokens.items():
        if key in zones:
            tokens[kind.name] = int(zones[key])
    if tokens:
        for empty in [name for name, count in tokens.items() if not count]:
            del tokens[empty]


def _pile_tokens(
    state: GameState, setup: Mapping[str, Any], changes: list[SetsUp], define: Define
) -> None:
    """Tokens on piles (and on the table's mats): as the setup gives them (``<key>``), else
    what set-up puts on piles (Trade Route's on the Victory piles)."""
    kinds = catalogue.TOKEN_KINDS
    for change in changes:
        for tokens in change.pile_tokens:
            if setup.get(kinds[tokens.kind].key) is None:
                on = {pile: 1 for pile in state.supply if tokens.fits(define(pile))}
                state.pile_tokens.setdefault(tokens.kind, {}).update(on)
    for key, kind in declared().pile_tokens.items():
        given = setup.get(key)
        if given is None:
            continue
        if kind.where == "pile":
            on = {pile: int(count) for pile, count in given.items() if count}
            if on:
                state.pile_tokens[kind.name] = on
        else:  # on piles and a mat (Trade Route's)
            state.tokens[kind.name] = int(given.get("mat", 0))
            on = dict.fromkeys(given.get("piles", []) or [], 1)
            if on:
                state.pile_tokens[kind.name] = on


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
    built = ("hand", "discard", "in_play", "set_aside", "deck", *player.mats)
    for zone in built:
        if zone == "in_play":
            # Durations first: they were played on an earlier turn than this turn's plays.
            for entry in zones.get("durations", []) or []:
                _build_entry(
                    state, index, entry, define, scheduled=waiting, stays=not active, earlier=True
                )
            for entry in zones.get("in_play", []) or []:
                plays += _build_entry(
                    state, index, entry, define, scheduled=True, stays=True, earlier=False
                )
            continue
        names = zones.get(zone)
        if names:
            # The scenario lists the deck top first; the engine keeps the top last.
            player.zone(zone).extend(
                _new_cards(state, names[::-1] if zone == "deck" else names, define)
            )
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
    earlier: bool,
) -> list[SetupPlay]:
    """Put an ``in_play`` / ``durations`` entry in play (the card that played it first, as
    it was played first); its plays. A Duration card among them set up its start-of-turn
    triggers once per play (``scheduled``) and stays at the next Clean-up (``stays``), as
    if it had been played in the scenario (``Verbs.stay_in_play``,
    ``Verbs.at_start_of_next_turn``); one played on an ``earlier`` turn stayed, and with it
    the card that played it."""
    player = state.players[index]
    name, by_name = play_entry(entry)
    by = None if by_name is None else _new_card(state, by_name, define)
    card = _new_card(state, name, define)
    definition = define(name)
    times = 1 if by_name is None else times_played(define(by_name), definition)
    player.in_play.extend([card] if by is None else [by, card])
    waiting = times
    held: list[int] = []
    if of_kind(definition.static, HoldsSetAside):
        # Haven, Blockade: each play that set a card aside acts at the next turn (a play
        # that found nothing to set aside does not). A Blockade from a setup affects every
        # other player (``Verbs.still_attacks``).
        held = [_new_card(state, held_name, define) for held_name in entry_set_aside(entry)]
        player.set_aside.extend(held)
        player.held.extend((held_card, card) for held_card in held)
        waiting = len(held)
    if isinstance(entry, Mapping) and "waiting" in entry:  # fewer plays set something up
        waiting = int(entry["waiting"])
    affects = entry.get("affects") if isinstance(entry, Mapping) else None
    # Whom each play of a Duration Attack affects until it is done, by its set-aside card
    # (Blockade's) if it has one: every other player unless the setup says.
    for play, victims in enumerate(affects or []):
        aside = held[play] if play < len(held) else None
        affected = tuple(_player_index(victim, len(state.players)) for victim in victims)
        player.attacks.append((card, aside, affected))
    waits = [i for i, trigger in enumerate(definition.triggers) if trigger.where == "next_turn"]
    if waits and scheduled:
        player.next_turn.extend((card, i) for _ in range(waiting) for i in waits)
    if waits and stays and waiting:
        player.staying.extend([card] if by is None else [card, by])
    if by is not None and (earlier or (waits and waiting)):  # it stayed, with its player
        player.played_by[card] = by
    plays: list[SetupPlay] = [] if by is None else [(by, None)]
    return plays + [(card, by)] * times


def _build_for_next_turn(
    state: GameState, index: int, entries: list[str | Mapping[str, str]], define: Define
) -> None:
    """A player's ``set_aside_for_next_turn``: each card set aside, waiting for the start
    of the player's next turn (scheduled now, whoever's turn it is: it was set aside on an
    earlier turn only if this one is about to start), by itself (Horse Traders) or held
    with its ``by`` card (Farmhands, ``Lasting.hold``), which is a card of that name
    already in the game (:func:`_holder`)."""
    player = state.players[index]
    holders: list[int] = []
    for entry in entries:
        name, by_name = play_entry(entry)
        holder = None if by_name is None else _holder(state, index, by_name, holders)
        card = _new_card(state, name, define)
        player.set_aside.append(card)
        if holder is None:
            holder = card
        else:
            player.held.append((card, holder))
            holders.append(holder)
        waits = define(state.names[holder]).triggers
        player.next_turn.extend((holder, i) for i, t in enumerate(waits) if t.where == "next_turn")


def _holder(state: GameState, owner: int, name: str, taken: list[int]) -> int:
    """The card named ``name`` that set a card aside for ``owner``'s next turn: where it
    went is no part of what it does then (its part waits out of play), so any card of
    that name will do; the first in the owner's zones and mats, the trash, the other
    players' zones and mats, the Supply, the piles outside it, not one already taken by
    another entry if there is another (the setup check made sure there is one)."""
    players = state.players
    others = [player for at, player in enumerate(players) if at != owner]
    places = [
        *_zones_of(players[owner]),
        state.trash,
        *(zone for player in others for zone in _zones_of(player)),
        *state.supply.values(),
        *state.piles.values(),
    ]
    found = [card for cards in places for card in cards if state.names[card] == name]
    free = [card for card in found if card not in taken]
    return (free or found)[0]


def _zones_of(player: PlayerState) -> list[list[int]]:
    return [*(player.zone(zone) for zone in POSITION_ZONES), *player.mats.values()]


def _build_turn(state: GameState, setup: Mapping[str, Any], players: int) -> None:
    turn = dict(setup.get("turn", {}) or {})
    active = _player_index(turn.get("player", "p1"), players)
    # A turn about to start is, to the state, a turn in its Action phase: the game runs
    # its start-of-turn effects before it waits for a command (Turn.loop).
    phase: Phase = "action" if turn.get("phase") == "start" else turn.get("phase", "action")
    controller = _player_index(turn["controller"], players) if "controller" in turn else active
    state.turn = TurnState(
        player=active,
        phase=phase,
        actions=int(turn.get("actions", 1)),
        buys=int(turn.get("buys", 1)),
        coins=int(turn.get("coins", 0)),
        # A controlled turn (Possession's) is an extra turn too.
        extra=bool(turn.get("extra", False)) or controller != active,
        controller=controller,
        # A controlled turn (Possession's) follows its controller's regular turn, and so
        # does an extra turn taken after it (an Outpost played during it): ``regular``.
        regular=_player_index(turn["regular"], players) if "regular" in turn else controller,
    )
    state.turn.potions = int(turn.get("potions", 0))
    for gained in turn.get("gains", []) or []:  # this turn's gains so far: names
        if isinstance(gained, str):
            state.turn.gains.append((gained, False, state.turn.phase))
        else:
            entry = (gained["card"], bool(gained.get("bought", False)), gained.get("phase", phase))
            state.turn.gains.append(entry)
    # An extra turn the player's own Outpost gave follows their own turn; after another
    # player's Possession turn a player's own turn is their second in a row.
    state.turn.in_a_row = int(turn.get("in_a_row", 2 if turn.get("extra") else 1))
    for name, count in (setup.get("turns_taken", {}) or {}).items():
        state.players[_player_index(name, players)].turns_taken = int(count)
    for extra in setup.get("extra_turns", []) or []:
        player = _player_index(extra["player"], players)
        controller = _player_index(extra.get("controller", extra["player"]), players)
        state.extra_turns.append(
            ExtraTurn(player, controller, extra.get("kind", "extra"), extra.get("counts", False))
        )


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
    kinds = catalogue.TOKEN_KINDS.values()
    player_kinds = [kind for kind in kinds if kind.where == "player"]
    players = {}
    for index, state in enumerate(game.state.players):
        player: dict[str, Any] = {
            "hand": [names[card] for card in state.hand],
            "deck": [names[card] for card in reversed(state.deck)],
            "discard": [names[card] for card in state.discard],
            "in_play": [names[card] for card in state.in_play],
            "set_aside": [names[card] for card in state.set_aside],
            "revealed": [names[card] for card in state.revealed],
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
        for mat, cards in state.mats.items():
            if cards:
                player[mat] = [names[card] for card in cards]
        for kind in player_kinds:
            count = state.tokens.get(kind.name, 0)
            if count or kind.always_shown:
                player[kind.key] = count
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
    # What only some games have, shown only then: a game without reports what it did.
    if turn.potions:
        shown_turn["potions"] = turn.potions
    if turn.extra:  # an extra turn (Outpost's)
        shown_turn["extra"] = True
    if turn.controller != turn.player:  # a controlled turn (Possession's)
        shown_turn["controller"] = f"p{turn.controller + 1}"
    table = game.state
    shown: dict[str, Any] = {
        "players": players,
        "supply": {pile: len(cards) for pile, cards in table.supply.items()},
        "trash": [names[card] for card in table.trash],
    }
    for kind in kinds:  # a mat's count (Trade Route's: scenario format version 1)
        count = table.tokens.get(kind.name, 0)
        if kind.where == "pile_and_mat" and (count or kind.always_shown):
            shown[kind.key] = count
    shown["turn"] = shown_turn
    shown["game_over"] = table.game_over
    shown["winners"] = [f"p{p + 1}" for p in game.winners()]
    if table.piles:
        shown["piles"] = {
            pile: [names[card] for card in cards] for pile, cards in table.piles.items()
        }
    shown.update(table.set_aside_piles)  # ferryman: Village
    for kind in kinds:  # tokens on piles (Embargo's)
        if kind.where == "pile" and table.pile_tokens.get(kind.name):
            shown[kind.key] = dict(table.pile_tokens[kind.name])
    return shown


# What a setup cannot say yet, and so setup_of refuses (NotAPosition): a card out of play
# whose start-of-turn part waits for nothing set aside (or holds a card no longer set
# aside); start-of-turn parts set up out of play before others set up in play (a Farmhands
# gained before a Duration card was played: ``set_aside_for_next_turn`` comes after
# ``durations`` in the order they resolve when nobody orders them).
NOT_IN_PLAY = "a card not in play waits for the next turn with nothing set aside to say it by"
OUT_OF_ORDER = "a card set aside for the next turn waits before a Duration card in play"


class NotAPosition(ValueError):
    """A state that a setup cannot say: a decision is pending, or cards are under way
    between zones (revealed, or played this turn)."""


def setup_of(game: Game) -> dict[str, Any]:
    """The position as a setup in the scenario format's terms, which ``Game(setup)`` reads
    back to an equal game (the engine's FEN: ``tests/test_round_trip.py``), mats, tokens,
    piles outside the Supply, Durations (with the cards that played them and the cards set
    aside with them), the cards set aside out of play for the next turn (a gained
    Farmhands', Horse Traders: ``set_aside_for_next_turn``), extra turns and the Bane
    included. A position is where the game
    waits for a command before anything is played this turn: NotAPosition otherwise. The
    random source is not part of it (the setup keeps the game's seed)."""
    state, turn = game.state, game.state.turn
    if game.pending is not None or not game.awaiting_command or turn.plays or turn.bought:
        raise NotAPosition("a position is taken at a command, before anything is played")
    names = state.names
    setup: dict[str, Any] = {
        "players": len(state.players),
        "kingdom": [name for name in state.kingdom if name != state.bane],
        "colony": state.colony,
        "editions": dict(game.table.editions),
        "seed": game.table.setup.get("seed", 0),
        "supply": {pile: len(cards) for pile, cards in state.supply.items()},
        "trash": [names[card] for card in state.trash],
        "turn": _turn_of(state),
        "turns_taken": {f"p{i + 1}": p.turns_taken for i, p in enumerate(state.players)},
    }
    if state.bane is not None:
        setup["bane"] = state.bane
    setup.update(state.set_aside_piles)  # ferryman: Village
    if state.landscapes:
        setup["landscapes"] = list(state.landscapes)
    if state.piles:
        setup["piles"] = {
            pile: [names[card] for card in cards] for pile, cards in state.piles.items()
        }
    changes = game_setup_changes(state.kingdom, game.table.definition_by_name)
    placed = {tokens.kind for change in changes for tokens in change.pile_tokens}
    for key, kind in declared().pile_tokens.items():
        on = state.pile_tokens.get(kind.name, {})
        if not (on or state.tokens.get(kind.name) or kind.name in placed):
            continue  # none, and set-up places none: nothing to say
        if kind.where == "pile":
            setup[key] = dict(on)
        else:
            piles = [pile for pile, count in on.items() for _ in range(count)]
            setup[key] = {"mat": state.tokens.get(kind.name, 0), "piles": piles}
    if state.extra_turns:
        setup["extra_turns"] = [
            {
                "player": f"p{extra.player + 1}",
                "controller": f"p{extra.controller + 1}",
                "kind": extra.kind,
                "counts": extra.counts,
            }
            for extra in state.extra_turns
        ]
    given = {name for change in changes for name, _ in change.player_tokens}
    for index, player in enumerate(state.players):
        setup[f"p{index + 1}"] = _player_setup(game, player, given)
    return setup


def _turn_of(state: GameState) -> dict[str, Any]:
    turn = state.turn
    shown: dict[str, Any] = {
        "player": f"p{turn.player + 1}",
        "phase": turn.phase,
        "actions": turn.actions,
        "buys": turn.buys,
        "coins": turn.coins,
    }
    if turn.potions:
        shown["potions"] = turn.potions
    if turn.extra:
        shown["extra"] = True
    if turn.controller != turn.player:
        shown["controller"] = f"p{turn.controller + 1}"
    if turn.regular != turn.controller:  # an extra turn after another player's Possession turn
        shown["regular"] = f"p{turn.regular + 1}"
    if turn.in_a_row != (2 if turn.extra else 1):
        shown["in_a_row"] = turn.in_a_row
    if turn.gains:
        shown["gains"] = [
            name
            if (not bought and phase == turn.phase)
            else {"card": name, "bought": bought, "phase": phase}
            for name, bought, phase in turn.gains
        ]
    return shown


def _player_setup(game: Game, player: PlayerState, given: set[str]) -> dict[str, Any]:
    """One player's part of :func:`setup_of`."""
    names = game.state.names
    held = {card for card, _ in player.held}
    if player.revealed:
        raise NotAPosition("cards are revealed: an instruction is under way")
    waiting = _for_next_turn(game, player)
    listed = held | {card for card, _ in waiting}
    zones: dict[str, Any] = {
        "hand": [names[card] for card in player.hand],
        "deck": [names[card] for card in reversed(player.deck)],
        "discard": [names[card] for card in player.discard],
        "set_aside": [names[card] for card in player.set_aside if card not in listed],
        "in_play": [],  # nothing is played yet this turn at a position
    }
    durations = _duration_entries(game, player)
    if durations:
        zones["durations"] = durations
    if waiting:
        zones[FOR_NEXT_TURN] = [entry for _, entry in waiting]
    for mat, cards in player.mats.items():
        if cards:
            zones[mat] = [names[card] for card in cards]
    for key, kind in declared().player_tokens.items():
        count = player.tokens.get(kind.name, 0)
        if count or kind.name in given:
            zones[key] = count
    if player.gained_last_turn:
        zones["gained_last_turn"] = list(player.gained_last_turn)
    return zones


def _for_next_turn(game: Game, player: PlayerState) -> list[tuple[int, str | dict[str, str]]]:
    """The player's cards set aside out of play for their next turn, each with its
    ``set_aside_for_next_turn`` entry: a card that set itself aside (Horse Traders), or
    ``{card, by}`` for a card held with a card not in play (a gained Farmhands), in the
    order their start-of-turn parts wait. NotAPosition for what the format cannot say."""
    names, in_play = game.state.names, set(player.in_play)
    entries: list[tuple[int, str | dict[str, str]]] = []
    waiting: set[int] = set()
    for card, _ in player.next_turn:
        if card in in_play:
            if waiting:  # built after the Durations, it would wait after them
                raise NotAPosition(OUT_OF_ORDER)
            continue
        if card in waiting:
            continue  # one more part of the same card (a Farmhands gained twice)
        waiting.add(card)
        held = [aside for aside, by in player.held if by == card]
        if held and all(aside in player.set_aside for aside in held):
            entries += [(aside, {"card": names[aside], "by": names[card]}) for aside in held]
        elif not held and card in player.set_aside:
            entries.append((card, names[card]))
        else:
            raise NotAPosition(NOT_IN_PLAY)
    if any(by not in in_play and by not in waiting for _, by in player.held):
        raise NotAPosition(NOT_IN_PLAY)
    return entries


def _plays_of(game: Game, card: int, by: int | None, aside: list[str]) -> int:
    """How many plays of ``card`` a setup entry sets up for the next turn by default: one
    per card set aside with it (Haven's), else one per play (``by`` plays it twice or
    three times)."""
    definition = game.table.definition(card)
    if of_kind(definition.static, HoldsSetAside):
        return len(aside)
    return 1 if by is None else times_played(game.table.definition(by), definition)


def _duration_entries(game: Game, player: PlayerState) -> list[str | dict[str, Any]]:
    """The player's cards in play, from earlier turns: each a name, or ``{card, by,
    set_aside}`` (the card that played it, the cards held with it)."""
    names = game.state.names
    by_cards = set(player.played_by.values())
    entries: list[str | dict[str, Any]] = []
    for card in player.in_play:
        if card in by_cards:
            continue  # written with the card it played
        entry: dict[str, Any] = {"card": names[card]}
        by = player.played_by.get(card)
        if by is not None:
            entry["by"] = names[by]
        aside = [names[held] for held, holder in player.held if holder == card]
        if aside:
            entry["set_aside"] = aside
        waits = sum(1 for t in game.table.definition(card).triggers if t.where == "next_turn")
        scheduled = sum(1 for later, _ in player.next_turn if later == card)
        if waits and scheduled and scheduled // waits != _plays_of(game, card, by, aside):
            entry["waiting"] = scheduled // waits
        affects = [victims for attack, _, victims in player.attacks if attack == card]
        if affects:  # a Duration Attack's plays, each with whom it affects until done
            entry["affects"] = [[f"p{v + 1}" for v in victims] for victims in affects]
        entries.append(entry if len(entry) > 1 else names[card])
    return entries


def state_of(game: Game) -> dict[str, Any]:
    """Everything of a game's state that its future play depends on, with card names for
    card ids (a game read back from :func:`setup_of` numbers its cards anew): what two
    games must share to be the same position. Not the event log, the random source, or
    the start-of-turn effects that were due this turn (``TurnState.due``: what the turn's
    start resolved, never read again)."""
    state, names = game.state, game.state.names

    def named(cards: Iterable[int]) -> list[str]:
        return [names[card] for card in cards]

    def player_state(player: PlayerState) -> dict[str, Any]:
        return {
            "zones": {zone: named(player.zone(zone)) for zone in PLAYER_ZONES},
            "mats": {mat: named(cards) for mat, cards in player.mats.items()},
            "tokens": dict(player.tokens),
            "turns_taken": player.turns_taken,
            "staying": named(player.staying),
            "played_by": sorted((names[c], names[by]) for c, by in player.played_by.items()),
            "next_turn": [(names[card], index) for card, index in player.next_turn],
            "attacks": [
                (names[card], None if aside is None else names[aside], victims)
                for card, aside, victims in player.attacks
            ],
            "held": [(names[card], names[holder]) for card, holder in player.held],
            "gained_last_turn": list(player.gained_last_turn),
        }

    turn = state.turn
    return {
        "players": [player_state(player) for player in state.players],
        "supply": {pile: named(cards) for pile, cards in state.supply.items()},
        "piles": {pile: named(cards) for pile, cards in state.piles.items()},
        "trash": named(state.trash),
        "kingdom": list(state.kingdom),
        "bane": state.bane,
        "landscapes": list(state.landscapes),
        "editions": dict(game.table.editions),
        "colony": state.colony,
        "pile_tokens": {kind: dict(on) for kind, on in state.pile_tokens.items() if on},
        "tokens": {kind: count for kind, count in state.tokens.items() if count},
        "extra_turns": list(state.extra_turns),
        "game_over": state.game_over,
        "turn": {
            "player": turn.player,
            "phase": turn.phase,
            "counters": (turn.actions, turn.buys, turn.coins, turn.potions),
            "bought": turn.bought,
            "plays": list(turn.plays),
            "modifiers": dict(turn.modifiers),
            "lasting": [(o, names[c], i) for o, c, i in turn.lasting],
            "cost_sources": named(turn.cost_sources),
            "extra": turn.extra,
            "controller": turn.controller,
            "regular": turn.regular,
            "in_a_row": turn.in_a_row,
            "hand_size": turn.hand_size,
            "gains": list(turn.gains),
        },
    }


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
