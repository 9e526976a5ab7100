"""The one validation of a setup: what ``Game(setup)``, the scenario loader and
``arbiter wire``'s ``load`` accept.

A setup is the mapping ``Game`` documents (``players``, ``kingdom``, ``bane``,
``landscapes``, ``colony``, ``supply``, ``piles``, ``trash``, ``turn``, ``turns_taken``, the
keys of the token kinds the sets declare (``trade_route``, ``embargo``), ``editions``,
``seed``, ``deal`` and ``p1`` .. ``pN``). :func:`check_setup` raises
:class:`~engine.errors.BadPosition` for the first bad value, naming its key
(``supply.Copper``) and the value; a setup it accepts can be built, and the sizes below keep
building and playing it within seconds and a few hundred MB. ``turn.phase`` may be ``start``
(a turn about to start: nothing in play yet); ``pN.in_play`` and ``pN.durations`` entries
are card names or ``{card, by}``, ``by`` a card that plays that card more than once, and
``durations`` hold only cards that set something up for a later turn. The limits, all
documented in ``docs/guides/writing-scenarios.rst``:

- ``players``: 2 to :data:`MAX_PLAYERS`.
- ``kingdom``: at most :data:`MAX_KINGDOM` distinct Kingdom cards.
- Cards: at most :data:`MAX_CARDS` in the whole setup (every Supply pile, as given or by
  its default size, every player's zones and the trash), and at most as many names in
  all shuffle orders together.
- Counts (``actions``, ``buys``, ``coins``, ``potions``, tokens such as ``vp_tokens``,
  ``turns_taken``, the Trade Route mat): whole numbers from 0 to :data:`MAX_COUNT`;
  ``true`` is not a count.
- ``seed``: a whole number below 2**64 in size.

The module has no imports beyond the engine's own, like the rest of the engine.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Generic, TypeVar

from engine import cards as catalogue
from engine import rules
from engine.abilities import (
    GivesExtraTurn,
    HoldsSetAside,
    PileSetup,
    SetAsidePile,
    SetsUp,
    of_kind,
    setup_changes,
)
from engine.entries import (
    FOR_NEXT_TURN,
    is_duration,
    play_entry,
    plays_for_next_turn,
    times_played,
    waits_out_of_play,
)
from engine.errors import BadPosition, Key
from engine.landscapes import BUILT_KINDS
from engine.model import ATTACK, VICTORY, Card
from engine.shapes import (
    MAX_CARDS,
    SetupReader,
    as_list,
    flag,
    is_int,
    is_mapping,
    is_player_key,
    mapping,
    number,
    or_empty,
    show,
)
from engine.tokens import TokenKind
from engine.vocabulary import POSITION_ZONES

MAX_PLAYERS = 6
MAX_KINGDOM = 30
MAX_COUNT = 1_000_000
MAX_SEED_BITS = 64

BASIC_PILES = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
COLONY_PILES = ("Platinum", "Colony")
PHASES = ("action", "buy")
# A setup may also start before the turn's start-of-turn effects (``turn.phase: start``).
SETUP_PHASES = (*PHASES, "start")
# The phases a gain of this turn may have been made in (``turn.gains``). A constant: mypyc
# fails on `in (*A, "b")` written in a test.
GAIN_PHASES = (*PHASES, "cleanup")
ZONES = POSITION_ZONES
# Cards in play as entries: a name, or {card, by, set_aside} (played by a Throne Room,
# with the cards its plays set aside: Haven, Blockade).
PLAY_ZONES = ("in_play", "durations")
# The keys of a setup and of a player, besides those of the mats and tokens the sets
# declare (engine.tokens): a mat's cards (pN.<mat>), a player's tokens (pN.<key>), tokens
# on piles (<key>), each by the declaration's name or key (``Declared``).
SETUP_KEYS = (
    "players",
    "kingdom",
    "bane",
    "landscapes",
    "colony",
    "supply",
    "piles",
    "trash",
    "turn",
    "turns_taken",
    "extra_turns",
    "editions",
    "seed",
    "deal",
)
PLAYER_KEYS = (*ZONES, "durations", FOR_NEXT_TURN, "gained_last_turn", "shuffles")
# A player's keys whose check has nothing to look at in an empty list (not a mat's: the
# mat's card must be in the Kingdom all the same).
NOTHING_IF_EMPTY = frozenset((*ZONES, *PLAY_ZONES, FOR_NEXT_TURN, "gained_last_turn", "shuffles"))
TURN_KEYS = (
    "player",
    "phase",
    "actions",
    "buys",
    "coins",
    "potions",
    "extra",
    "controller",
    "regular",
    "in_a_row",
    "gains",
)
GAIN_KEYS = ("card", "bought", "phase")
EXTRA_TURN_KEYS = ("player", "controller", "kind", "counts")


def check_setup(setup: Any, *, bane_chosen_later: bool = False) -> None:
    """Raise BadPosition unless ``setup`` is a setup ``Game`` can build within the limits.
    ``bane_chosen_later``: the parameters of a new game, whose Bane set-up chooses after
    this check (``position.new_game_setup``), so none is asked for yet."""
    if not is_mapping(setup):
        raise BadPosition(f"a setup is a mapping, not {show(setup)}")
    check = _SetupCheck(setup)
    check.bane_chosen_later = bane_chosen_later
    check.run()


# The check's generation: it changes whenever the engine's code or card definitions are
# changed under it (checks.mutants does both), after which a setup the check accepted
# before must be checked again. A list so that the compiled module can change it.
_generation = [0]


def check_generation() -> int:
    """The check's generation now: a setup it accepted counts as accepted only while this
    is unchanged (the loader's scenarios, scenarios.model.SetupAcceptance)."""
    return _generation[0]


def forget_checked_setups() -> None:
    """Start a new generation: the engine's code or a card definition was changed in
    place (a mutant), so what :func:`check_setup` accepted before may be refused now."""
    _generation[0] += 1


_Answer = TypeVar("_Answer")
# How many answers a function remembered per generation keeps: games of ever new random
# Kingdoms must not make them grow for ever.
_REMEMBERED = 256


class Remembered(Generic[_Answer]):
    """Answers by a hashable key, forgotten when the check's generation changes (a mutant,
    a toy set) and, past :data:`_REMEMBERED` of them, all at once: what set-up works out
    the same way game after game. An answer is shared: its users must not change it."""

    def __init__(self) -> None:
        self._answers: dict[Hashable, _Answer] = {}
        self._generation = -1

    def get(self, key: Hashable) -> _Answer | None:
        if self._generation != _generation[0]:
            self._answers.clear()
            self._generation = _generation[0]
        return self._answers.get(key)

    def put(self, key: Hashable, answer: _Answer) -> None:
        if len(self._answers) >= _REMEMBERED:
            self._answers.clear()
        self._answers[key] = answer


def per_generation(function: Callable[..., _Answer]) -> Callable[..., _Answer]:
    """``function``'s answers (never its exceptions, never None) :class:`Remembered` by its
    arguments, which must be hashable."""
    remembered: Remembered[_Answer] = Remembered()

    @functools.wraps(function)
    def answer(*arguments: Hashable) -> _Answer:
        known = remembered.get(arguments)
        if known is None:
            known = function(*arguments)
            remembered.put(arguments, known)
        return known

    return answer


def check_new_game(players: object, kingdom: object, editions: object, seed: object) -> None:
    """Raise BadPosition unless these are parameters a new game can start from
    (``position.new_game_setup``; its Bane is chosen after this check). Parameters accepted
    once are accepted again without a second check while the generation lasts: a
    simulation starts thousands of games from the same ones."""
    check_seed(seed)
    key = _parameters_key(players, kingdom, editions)
    if key is None:  # not of the types a check can accept: it says what is wrong
        _check_parameters(players, kingdom, editions)
    else:
        _accepted_parameters(*key)


def _parameters_key(
    players: object, kingdom: object, editions: object
) -> tuple[int, tuple[str, ...] | None, tuple[tuple[str, int], ...]] | None:
    """The parameters as a key, or None unless they are exactly of the types a check
    accepts (``True`` is not the number 1 to it, so not to the key either)."""
    if type(players) is not int or not isinstance(editions, dict):
        return None
    if not all(type(name) is str and type(edition) is int for name, edition in editions.items()):
        return None
    if kingdom is None:
        return players, None, tuple(editions.items())
    if not isinstance(kingdom, list) or not all(type(name) is str for name in kingdom):
        return None
    return players, tuple(kingdom), tuple(editions.items())


def _check_parameters(players: object, kingdom: object, editions: object) -> None:
    given = {"players": players, "editions": editions}
    if kingdom is not None:
        given["kingdom"] = kingdom
    check_setup(given, bane_chosen_later=True)


@per_generation
def _accepted_parameters(
    players: int, kingdom: tuple[str, ...] | None, editions: tuple[tuple[str, int], ...]
) -> bool:
    """True, or BadPosition: an answer to remember."""
    _check_parameters(players, None if kingdom is None else list(kingdom), dict(editions))
    return True


def check_seed(seed: Any) -> None:
    """Raise BadPosition unless ``seed`` is a whole number below 2**64 in size."""
    if not is_int(seed) or abs(seed).bit_length() > MAX_SEED_BITS:
        raise BadPosition(
            f"must be a whole number below 2**64 in size, not {show(seed)}", ("seed",)
        )


class Declared:
    """The setup keys of what the sets declare (``engine.tokens``), read from the catalogue
    when a check starts: mats (``pN.<name>``, the card each needs), players' tokens
    (``pN.<key>``) and tokens on piles (``<key>``), by key."""

    def __init__(self) -> None:
        kinds = catalogue.TOKEN_KINDS.values()
        self.mats = {name: mat.needs for name, mat in catalogue.MATS.items()}
        self.player_tokens = {k.key: k for k in kinds if k.where == "player"}
        self.pile_tokens = {k.key: k for k in kinds if k.where != "player"}
        # The keys naming a Kingdom pile set out beside the Supply (ferryman).
        self.set_aside = {aside.key for aside, _asker in asked_set_aside(catalogue.ALL_CARDS)}

    def setup_keys(self) -> tuple[str, ...]:
        return (*SETUP_KEYS, *self.pile_tokens, *sorted(self.set_aside))

    def player_keys(self) -> tuple[str, ...]:
        return (*PLAYER_KEYS, *self.mats, *self.player_tokens)


# The catalogue's declarations as a check reads them, made once per generation (a toy set
# installed into the catalogue starts a new one: engine.cards.installed).
_declared: list[tuple[int, Declared]] = []


def declared() -> Declared:
    """The setup keys of what the sets declare, as the catalogue has them now."""
    if not _declared or _declared[0][0] != _generation[0]:
        _declared[:] = [(_generation[0], Declared())]
    return _declared[0][1]


class _SetupCheck(SetupReader):
    bane_chosen_later = False
    declared: Declared

    def run(self) -> None:
        setup = self.setup
        self.declared = declared()
        player_keys = []
        for key in setup:
            if key in SETUP_KEYS or key in self.declared.pile_tokens:
                continue
            if key in self.declared.set_aside:
                continue
            if not is_player_key(key):
                known = ", ".join(self.declared.setup_keys())
                raise BadPosition(f"unknown key {key!r} (known: {known}, p1..)")
            player_keys.append(key)
        self.players = number(setup.get("players", 2), ("players",), 2, MAX_PLAYERS)
        self.check_editions()
        check_seed(setup.get("seed", 0))
        for key in ("colony", "deal"):
            flag(setup.get(key, False), (key,))
        piles = self.check_supply()
        self.check_landscapes()
        self.check_turn()
        for key in player_keys:
            self.check_player(key)
        self.card_list(setup.get("trash", []), ("trash",))
        for kind in self.declared.pile_tokens.values():
            if kind.where == "pile":
                self.check_pile_tokens(kind, piles)
            else:
                self.check_pile_and_mat_tokens(kind.key, piles)
        self.check_extra_turn()
        self.check_extra_turns()

    def check_editions(self) -> None:
        editions = mapping(self.setup.get("editions", {}), ("editions",))
        for name, edition in editions.items():
            if name not in catalogue.DEFAULT_EDITIONS:
                known = ", ".join(catalogue.DEFAULT_EDITIONS)
                raise BadPosition(f"unknown set {name!r} (one of {known})", ("editions",))
            if not is_int(edition) or edition not in (1, 2):
                raise BadPosition(
                    f"edition must be 1 or 2, not {show(edition)}", ("editions", name)
                )
            self.editions[name] = edition

    def check_supply(self) -> list[str]:
        """The game's Supply piles; every size checked and counted; the piles outside the
        Supply checked."""
        kingdom = self.kingdom = self.names(self.setup.get("kingdom", []), ("kingdom",))
        if len(kingdom) > MAX_KINGDOM:
            raise BadPosition(f"{len(kingdom)} cards; at most {MAX_KINGDOM}", ("kingdom",))
        seen: set[str] = set()
        for index, name in enumerate(kingdom):
            where: Key = ("kingdom", index)
            if not self.card(name, where).kingdom:
                raise BadPosition(f"{name} is not a Kingdom card", where)
            if name in seen:
                raise BadPosition(f"{name} is listed twice", where)
            seen.add(name)
        changes = self.check_bane()
        added = {pile.name: pile for change in changes for pile in change.piles}
        added.update((pile.name, pile) for pile in self.check_set_aside())
        colony = self.setup.get("colony", False) is True
        extra = [pile.name for pile in added.values() if pile.supply]
        piles = [*BASIC_PILES, *(COLONY_PILES if colony else ()), *extra, *self.kingdom]
        sizes = mapping(self.setup.get("supply", {}) or {}, ("supply",))
        for name in sizes:
            if name not in piles:
                hint = " (set colony: true)" if name in COLONY_PILES else ""
                raise BadPosition(
                    f"{show(name)} is not a pile of this game{hint}", ("supply", name)
                )
        for pile in piles:
            where = ("supply", pile)
            definition = self.card(pile, where)
            if pile in sizes:
                size = number(sizes[pile], where, 0, MAX_CARDS)
            elif pile in added:
                size = added[pile].size(self.players)
            else:
                size = cached_pile_size(
                    pile, definition.is_(VICTORY), definition.kingdom, self.players
                )
            self.count_cards(size, where)
        self.check_piles([pile for pile in added.values() if not pile.supply])
        return piles

    def check_bane(self) -> list[SetsUp]:
        """The Bane (``bane``): a Kingdom card not in the Kingdom, in the cost range of the
        card that asks for it, given exactly when one asks. Adds it to the Kingdom; what
        set-up adds for the Kingdom."""
        asked = [
            (change.bane, name)
            for name in self.kingdom
            for change in of_kind(self.card(name, ("kingdom",)).static, SetsUp)
            if change.bane is not None
        ]
        bane = self.setup.get("bane")
        if bane is None:
            if asked and not self.bane_chosen_later:
                raise BadPosition(f"{asked[0][1]} needs a Bane: name it (bane: a card)", ())
        elif not asked:
            raise BadPosition("no card of the Kingdom asks for a Bane", ("bane",))
        else:
            if not isinstance(bane, str):
                raise BadPosition(f"a card name is a string, not {show(bane)}", ("bane",))
            card = self.card(bane, ("bane",))
            if bane in self.kingdom:
                raise BadPosition(f"{bane} is in the Kingdom already", ("bane",))
            wanted, asker = asked[0]
            fits = card.kingdom and rules.cost_at_most(wanted.low, card.cost)
            if not (fits and rules.cost_at_most(card.cost, wanted.high)):
                raise BadPosition(
                    f"{bane} cannot be {asker}'s Bane: a Kingdom card costing from"
                    f" {wanted.low} to {wanted.high}",
                    ("bane",),
                )
            self.kingdom = [*self.kingdom, bane]
        cards = [self.card(name, ("kingdom",)) for name in self.kingdom]
        return setup_changes(cards, catalogue.SETUP_RULES)

    def check_set_aside(self) -> list[PileSetup]:
        """The Kingdom piles set out beside the Supply (``ferryman: Village``): for each
        Kingdom card asking for one, a Kingdom card in its cost range, in neither the
        Kingdom nor the Bane, given exactly when one asks. Their piles outside the Supply."""
        cards = [self.card(name, ("kingdom",)) for name in self.kingdom]
        asked = asked_set_aside(cards)
        keys = {aside.key for aside, _asker in asked}
        for key in self.declared.set_aside - keys:
            if key in self.setup:
                raise BadPosition(f"no card of the Kingdom asks for {key!r}", (key,))
        piles: list[PileSetup] = []
        for aside, asker in asked:
            chosen = self.setup.get(aside.key)
            if chosen is None:
                if not self.bane_chosen_later:
                    raise BadPosition(
                        f"{asker} needs a Kingdom pile set out of the Supply: name it "
                        f"({aside.key}: a card)",
                        (),
                    )
                continue
            if not isinstance(chosen, str):
                raise BadPosition(f"a card name is a string, not {show(chosen)}", (aside.key,))
            card = self.card(chosen, (aside.key,))
            taken = [*self.kingdom, *(pile.name for pile in piles)]
            if chosen in taken:
                raise BadPosition(f"{chosen} is in the Kingdom already", (aside.key,))
            if not (card.kingdom and fits_range(aside, card)):
                raise BadPosition(
                    f"{chosen} cannot be {asker}'s pile: a Kingdom card costing from"
                    f" {aside.low} to {aside.high}",
                    (aside.key,),
                )
            piles.append(set_aside_pile(card))
        return piles

    def check_piles(self, added: list[PileSetup]) -> None:
        """``piles``: the cards of piles outside the Supply that the Kingdom's cards add
        (Prizes), each one of that pile's cards."""
        given = mapping(self.setup.get("piles", {}) or {}, ("piles",))
        by_name = {pile.name: pile for pile in added}
        for name, cards in given.items():
            where: Key = ("piles", name)
            pile = by_name.get(name)
            if pile is None:
                known = ", ".join(by_name) or "none in this game"
                raise BadPosition(f"{show(name)} is not a pile of this game ({known})", where)
            self.card_list(cards, where)
            for index, card in enumerate(cards):
                if card not in pile.cards:
                    raise BadPosition(f"{card} is not one of the {name}", (*where, index))
        for pile in added:
            if pile.name not in given:
                self.count_cards(pile.size(self.players), ("piles", pile.name))

    def check_landscapes(self) -> None:
        """``landscapes``: Landscapes the sets declare (``engine.landscapes``), each once,
        of a kind the engine can play."""
        seen: set[str] = set()
        names = self.names(self.setup.get("landscapes", []), ("landscapes",))
        for index, name in enumerate(names):
            where: Key = ("landscapes", index)
            landscape = catalogue.LANDSCAPES.get(name)
            if landscape is None:
                known = ", ".join(catalogue.LANDSCAPES) or "none"
                raise BadPosition(f"{show(name)} is not a Landscape (known: {known})", where)
            if landscape.kind not in BUILT_KINDS:
                raise BadPosition(f"{name}: the engine cannot play a {landscape.kind} yet", where)
            if name in seen:
                raise BadPosition(f"{name} is listed twice", where)
            seen.add(name)

    def check_turn(self) -> None:
        turn = mapping(or_empty(self.setup.get("turn")), ("turn",))
        for key in turn:
            if key not in TURN_KEYS:
                raise BadPosition(f"unknown key {key!r} (known: {', '.join(TURN_KEYS)})", ("turn",))
        self.player_name(turn.get("player", "p1"), ("turn", "player"))
        self.active = turn.get("player", "p1")
        phase = turn.get("phase", "action")
        if phase not in SETUP_PHASES:
            raise BadPosition(f"must be action, buy or start, not {show(phase)}", ("turn", "phase"))
        self.phase = phase
        for key in ("actions", "buys", "coins", "potions"):
            number(turn.get(key, 0), ("turn", key), 0, MAX_COUNT)
        if "in_a_row" in turn:  # how many turns in a row its player has taken, this one too
            number(turn["in_a_row"], ("turn", "in_a_row"), 1, MAX_COUNT)
        flag(turn.get("extra", False), ("turn", "extra"))
        for key in ("controller", "regular"):  # regular: the regular turn this one follows
            if key in turn:
                self.player_name(turn[key], ("turn", key))
        self.turn_gains(turn.get("gains", []), ("turn", "gains"))
        taken = mapping(self.setup.get("turns_taken", {}) or {}, ("turns_taken",))
        for name, count in taken.items():
            self.player_name(name, ("turns_taken", name))
            number(count, ("turns_taken", name), 0, MAX_COUNT)

    def turn_gains(self, value: Any, where: Key) -> None:
        """``turn.gains``: the active player's gains this turn so far, in order, each a
        card name (gained, not bought, in the turn's phase) or ``{card, bought, phase}``."""
        for index, gained in enumerate(as_list(value or [], where)):
            at: Key = (*where, index)
            if isinstance(gained, str):
                self.card(gained, at)
                continue
            gained = mapping(gained, at)
            for key in gained:
                if key not in GAIN_KEYS:
                    raise BadPosition(
                        f"unknown key {show(key)} (known: {', '.join(GAIN_KEYS)})", at
                    )
            if not isinstance(gained.get("card"), str):
                raise BadPosition("a gain names its card", (*at, "card"))
            self.card(gained["card"], (*at, "card"))
            flag(gained.get("bought", False), (*at, "bought"))
            if gained.get("phase", "action") not in GAIN_PHASES:
                raise BadPosition(
                    f"must be action, buy or cleanup, not {show(gained.get('phase'))}",
                    (*at, "phase"),
                )

    def check_player(self, key: str) -> None:
        self.player_name(key, (key,))
        zones = mapping(self.setup[key], (key,))
        for name, value in zones.items():
            if type(value) is list and not value and name in NOTHING_IF_EMPTY:
                continue  # most zones of most setups
            where: Key = (key, name)
            if name in PLAY_ZONES:
                self.play_entries(value, where)
                if name == "in_play" and value and key != self.active:
                    raise BadPosition(
                        f"only the active player ({self.active}) has cards played this turn"
                        " (cards from an earlier turn go in durations)",
                        where,
                    )
                if name == "in_play" and value and self.phase == "start":
                    raise BadPosition(
                        "nothing is played yet at the start of the turn (turn.phase: start);"
                        " cards from an earlier turn go in durations",
                        where,
                    )
            elif name in ZONES:
                self.card_list(value, where)
            elif name in self.declared.mats:
                self.card_list(value, where)
                self.needs_card(self.declared.mats[name], where)
            elif name == "gained_last_turn":
                self.known(self.names(value, where), where)
            elif name == FOR_NEXT_TURN:
                self.for_next_turn(value, where)
            elif name in self.declared.player_tokens:
                number(value, where, 0, MAX_COUNT)
                self.needs_card(self.declared.player_tokens[name].needs, where)
            elif name == "shuffles":
                orders = as_list(value, where)
                for index, order in enumerate(orders):
                    names = self.names(order, (*where, index))
                    self.shuffled += len(names)
                    if self.shuffled > MAX_CARDS:
                        raise BadPosition(
                            f"more than {MAX_CARDS} names in shuffle orders", (*where, index)
                        )
                    self.known(names, (*where, index))
            else:
                known = ", ".join(self.declared.player_keys())
                raise BadPosition(f"unknown key {name!r} (known: {known})", (key,))

    def check_pile_and_mat_tokens(self, key: str, piles: list[str]) -> None:
        """Tokens on piles with a mat (Trade Route's): ``{mat: count, piles: [...]}``."""
        route = self.setup.get(key)
        if route is None:
            return
        route = mapping(route, (key,))
        for name in route:
            if name not in ("mat", "piles"):
                raise BadPosition(f"unknown key {name!r} (known: mat, piles)", (key,))
        number(route.get("mat", 0), (key, "mat"), 0, MAX_COUNT)
        tokens = self.names(route.get("piles", []), (key, "piles"))
        for index, name in enumerate(tokens):
            if name not in piles:
                raise BadPosition(f"{name} is not a pile of this game", (key, "piles", index))

    def check_pile_tokens(self, kind: TokenKind, piles: list[str]) -> None:
        """Tokens on Supply piles (Embargo's): ``{pile: count}``."""
        key, needs = kind.key, kind.needs
        tokens = mapping(self.setup.get(key, {}) or {}, (key,))
        for pile, count in tokens.items():
            if pile not in piles:
                raise BadPosition(f"{show(pile)} is not a pile of this game", (key, pile))
            number(count, (key, pile), 0, MAX_COUNT)
        if tokens and needs is not None:
            self.needs_card(needs, (key,))
            pile = (self.setup.get("supply", {}) or {}).get(needs, 1)
            if pile == 0 and not self.named_outside_supply(needs):
                article = "an" if needs[0] in "AEIOU" else "a"
                raise BadPosition(
                    f"{kind.title} tokens need {article} {needs} card in the game (its rule is"
                    f" the card's): the {needs} pile is empty and no zone holds one",
                    (key,),
                )

    def named_outside_supply(self, name: str) -> bool:
        """Whether the setup puts a card of ``name`` in the trash or a player's zone."""
        lists = [self.setup.get("trash", []) or []]
        for key, zones in self.setup.items():
            if is_player_key(key) and is_mapping(zones):
                for zone, value in zones.items():
                    # not `in (*A, *B)`: mypyc fails on it
                    if zone in ZONES or zone in self.declared.mats:
                        lists.append(value)
                    elif zone in PLAY_ZONES:
                        lists.append([play_entry(entry)[0] for entry in value])
        return any(name in names for names in lists)

    def check_extra_turn(self) -> None:
        """An Outpost is in play from an earlier turn exactly while the extra turn it gave
        is under way: the active player's, with ``turn.extra``. An extra turn another
        player controls (Possession's) needs no card in play."""
        turn = or_empty(self.setup.get("turn"))
        extra = turn.get("extra", False)
        givers = [
            (player, index, card)
            for player, index, card in self.durations
            if of_kind(self.card(card, (player, "durations", index)).static, GivesExtraTurn)
        ]
        for player, index, card in givers:
            if player != self.active or not extra:
                raise BadPosition(
                    f"{card} is in play from an earlier turn only during the extra turn it"
                    f" gave (turn: {{player: {player}, extra: true}})",
                    (player, "durations", index),
                )
        controlled = turn.get("controller", self.active) != self.active
        if extra and not givers and not controlled:  # a controlled turn's card need not stay
            raise BadPosition(
                f"an extra turn is given by a card that stays in play for it: list the"
                f" Outpost in {self.active}'s durations",
                ("turn", "extra"),
            )

    def check_extra_turns(self) -> None:
        """``extra_turns``: the turns queued after this one, each ``{player, controller,
        kind, counts}`` (``controller`` default the player, ``counts`` default false)."""
        queue = as_list(self.setup.get("extra_turns", []) or [], ("extra_turns",))
        for index, extra in enumerate(queue):
            where: Key = ("extra_turns", index)
            extra = mapping(extra, where)
            for key in extra:
                if key not in EXTRA_TURN_KEYS:
                    known = ", ".join(EXTRA_TURN_KEYS)
                    raise BadPosition(f"unknown key {show(key)} (known: {known})", where)
            self.player_name(extra.get("player"), (*where, "player"))
            self.player_name(extra.get("controller", extra.get("player")), (*where, "controller"))
            if not isinstance(extra.get("kind", "extra"), str):
                raise BadPosition("a kind of turn is a word", (*where, "kind"))
            flag(extra.get("counts", False), (*where, "counts"))

    def needs_card(self, card: str | None, where: Key) -> None:
        """BadPosition unless ``card`` (a mat's or token's, None for none) is in the Kingdom."""
        if card is not None and card not in self.kingdom:
            raise BadPosition(f"{card} is not in this game's Kingdom", where)

    def play_entries(self, value: Any, where: Key) -> None:
        """``in_play`` / ``durations``: card names or ``{card, by, set_aside}`` mappings,
        each ``by`` a card that plays the card more than once (Throne Room, King's Court),
        each ``set_aside`` the cards its plays set aside with it, one per play at most."""
        entries = as_list(value, where)
        durations = where[-1] == "durations"
        for index, entry in enumerate(entries):
            at: Key = (*where, index)
            card_name, by_name = self.entry(entry, at)
            card = self.card(card_name, (*at, "card") if is_mapping(entry) else at)
            self.count_cards(1 if by_name is None else 2, at)
            times = 1
            if by_name is not None:
                times = times_played(self.card(by_name, (*at, "by")), card, (*at, "by"))
            if durations and not is_duration(card):
                raise BadPosition(
                    f"{card_name} is not a Duration card: nothing of it waits for a later turn,"
                    " so it cannot still be in play from an earlier one",
                    at,
                )
            if durations:
                self.durations.append((str(where[0]), index, card_name))
            # A Duration from an earlier turn still holds its cards until the start of its
            # player's next turn: another player's, or this one's about to start.
            waiting = durations and (where[0] != self.active or self.phase == "start")
            self.set_aside_with(entry, card, times, waiting, at)
            self.affects(entry, card, times, str(where[0]), at)
            if is_mapping(entry) and "waiting" in entry:
                number(entry["waiting"], (*at, "waiting"), 1, times)

    def for_next_turn(self, value: Any, where: Key) -> None:
        """``pN.set_aside_for_next_turn``: cards set aside out of play until the start of
        the player's next turn, each a card that set itself aside and comes back then
        (Horse Traders) or ``{card, by}``: a card set aside by a card not in play that plays
        it then (a gained Farmhands), which must be somewhere in the game."""
        for index, entry in enumerate(as_list(value, where)):
            at: Key = (*where, index)
            if not (isinstance(entry, str) or is_mapping(entry)):
                raise BadPosition(f"must be a card name or {{card, by}}, not {show(entry)}", at)
            if is_mapping(entry) and set(entry) - {"card", "by"}:
                unknown = sorted(map(str, set(entry) - {"card", "by"}))
                raise BadPosition(f"unknown key {unknown[0]!r} (known: card, by)", at)
            name, by_name = self.entry(entry, at)
            card = self.card(name, (*at, "card") if is_mapping(entry) else at)
            self.count_cards(1, at)
            if by_name is None:
                self.sets_itself_aside(card, at)
            else:
                self.sets_aside_for_next_turn(self.card(by_name, (*at, "by")), card, (*at, "by"))

    def sets_itself_aside(self, card: Card, at: Key) -> None:
        """A card set aside for the next turn with no ``by``: it set itself aside."""
        if not waits_out_of_play(card) or plays_for_next_turn(card):
            raise BadPosition(
                f"{card.name} does not set itself aside for the next turn (Horse Traders"
                " does); a card another card set aside is given as {card, by}",
                at,
            )

    def sets_aside_for_next_turn(self, by: Card, card: Card, at: Key) -> None:
        """A card set aside by ``by`` for the next turn: ``by`` plays it then, so it must
        be of a type ``by`` plays, and a ``by`` card must be in the game."""
        if not plays_for_next_turn(by):
            raise BadPosition(
                f"{by.name} does not set a card aside to play at the start of the next turn"
                " (by is a card like Farmhands)",
                at,
            )
        plays = by.targets.plays
        assert plays is not None  # plays_for_next_turn
        if not plays.covers(card.types):
            kinds = " or ".join(sorted(plays.types))
            raise BadPosition(f"{by.name} sets aside {kinds} cards; {card.name} is not one", at)
        supply = self.setup.get("supply", {}) or {}
        a_pile = by.name in self.kingdom or by.name == self.setup.get("bane")
        if not (a_pile and supply.get(by.name) != 0) and not self.named_outside_supply(by.name):
            raise BadPosition(
                f"no {by.name} in the game: the {by.name} that set {card.name} aside must be"
                " somewhere (its Supply pile, a zone or the trash)",
                at,
            )

    def affects(self, entry: Any, card: Card, times: int, owner: str, at: Key) -> None:
        """An entry's ``affects``: for a Duration Attack, the other players each of its
        plays affects until it is done (those a Moat or Lighthouse did not keep out),
        one list per play; by default every other player."""
        affects = entry.get("affects") if is_mapping(entry) else None
        if affects is None:
            return
        where: Key = (*at, "affects")
        if ATTACK not in card.types:
            raise BadPosition(f"{card.name} is not an Attack: it affects no one", where)
        plays = as_list(affects, where)
        if len(plays) > times:
            raise BadPosition(f"{len(plays)} plays of a card played {times} time(s)", where)
        for index, victims in enumerate(plays):
            for position, victim in enumerate(as_list(victims, (*where, index))):
                self.player_name(victim, (*where, index, position))
                if victim == owner:
                    raise BadPosition(f"{owner}'s Attack affects other players", where)

    def set_aside_with(self, entry: Any, card: Card, times: int, waiting: bool, at: Key) -> None:
        """An entry's ``set_aside``: only for a card that keeps what it sets aside (Haven,
        Blockade), at most one card per play; required for such a card from an earlier
        turn whose start-of-turn part is still to come (one that set nothing aside did not
        stay), and impossible once that part is done (the cards went into the hand)."""
        held = entry.get("set_aside") if is_mapping(entry) else None
        where: Key = (*at, "set_aside")
        if held is not None:
            self.card_list(held, where)
            if not of_kind(card.static, HoldsSetAside):
                raise BadPosition(f"{card.name} sets nothing aside with itself", where)
            if len(held) > times:
                plays = "once" if times == 1 else f"{times} times"
                raise BadPosition(
                    f"{len(held)} cards set aside with a {card.name} played {plays}: one per"
                    " play at most",
                    where,
                )
        if not of_kind(card.static, HoldsSetAside) or at[1] != "durations":
            return
        if waiting and not held:
            raise BadPosition(
                f"{card.name} stays in play from an earlier turn only with the card it set"
                f" aside: give it as {{card: {card.name}, set_aside: [...]}}",
                at,
            )
        if not waiting and held:
            raise BadPosition(
                f"the start of this turn already put what {card.name} set aside into the"
                " hand: list those cards in hand",
                where,
            )


# rules.pile_size is pure and set-up asks it the same questions game after game.
cached_pile_size = functools.cache(rules.pile_size)


def asked_set_aside(cards: Iterable[Card]) -> list[tuple[SetAsidePile, str]]:
    """The Kingdom piles ``cards`` ask set-up to set out beside the Supply, each with the
    name of the card asking (Ferryman's)."""
    return [
        (change.set_aside, card.name)
        for card in cards
        for change in of_kind(card.static, SetsUp)
        if change.set_aside is not None
    ]


def fits_range(asked: SetAsidePile, card: Card) -> bool:
    """Whether ``card``'s printed cost is in the range a set-aside pile asks for."""
    return bool(
        rules.cost_at_most(asked.low, card.cost) and rules.cost_at_most(card.cost, asked.high)
    )


def set_aside_pile(card: Card) -> PileSetup:
    """The pile outside the Supply of a Kingdom card set out beside it: the card's name,
    at the size its Supply pile would have."""
    victory = card.is_(VICTORY)

    def size(players: int) -> int:
        sized: int = cached_pile_size(card.name, victory, True, players)
        return sized

    return PileSetup(card.name, (card.name,), size, supply=False)
