"""The engine's words, defined once: zones, phases, commands, decision kinds and purposes,
trigger events, places and listeners, replacement events, and the verbs of the event log.

Everything else reads them from here (the types cards are checked against, the setup
check, the scenario loader, the schemas and the documentation); a set that needs a new
word adds it here and nowhere else by hand. Mats and tokens are declared by the set that
uses them (``engine.tokens``), not here: their words come from their declarations.
"""

from __future__ import annotations

from typing import Literal, get_args

# --- zones ------------------------------------------------------------------------------

# The kinds of zone every player has. ``revealed`` holds cards revealed or looked at from
# the deck until an instruction moves them. Card-holding mats (Island, Native Village) are
# zone kinds too, declared by their set (``engine.tokens.Mat``).
PlayerZone = Literal["hand", "deck", "discard", "in_play", "set_aside", "revealed"]
PLAYER_ZONES: tuple[PlayerZone, ...] = get_args(PlayerZone)
# The player zones a position holds cards in, as a setup, a snapshot and the wire write
# them: every one but ``revealed``, which is empty whenever the game waits for a command.
POSITION_ZONES: tuple[PlayerZone, ...] = tuple(zone for zone in PLAYER_ZONES if zone != "revealed")
# The shared zones: a Supply pile ``("supply", pile)``, a pile outside the Supply
# ``("pile", pile)`` (Prizes), the trash ``("trash", None)``.
SharedZone = Literal["supply", "pile", "trash"]
SHARED_ZONES: tuple[SharedZone, ...] = get_args(SharedZone)

# --- the turn ---------------------------------------------------------------------------

# The phases of a turn (the Clean-up is "cleanup").
Phase = Literal["action", "buy", "cleanup"]
TURN_PHASES: tuple[Phase, ...] = get_args(Phase)

# What a player may do when the game waits for a command: play a card, buy a card, end the
# Action phase or the turn, spend a token (Coffers: ``spend coffers``).
CommandVerb = Literal["play", "buy", "end", "spend"]
COMMAND_VERBS: tuple[CommandVerb, ...] = get_args(CommandVerb)
END_ARGS = ("action", "turn")

# --- decisions --------------------------------------------------------------------------

# What a decision asks for: cards among some, a Supply pile to gain, labelled options, yes
# or no, an order of cards, a card name, whether to react (an optional trigger or
# replacement), which of several simultaneous abilities resolves next (trigger), or a
# whole number between a least and a most (amount: how much to overpay, how many Coffers
# Butcher removes).
DecisionKind = Literal[
    "cards", "gain", "option", "yes_no", "order", "name", "react", "trigger", "amount"
]
DECISION_KINDS: tuple[DecisionKind, ...] = get_args(DecisionKind)

# What a decision is for, as data (bots and adapters read this, never the prompt text):
# the cards picked are trashed, discarded, put on the deck, played, gained, passed,
# revealed, taken into hand, returned or set aside (with a card, or on a mat); "choose"
# picks among a card's options; "name" names a card; "react" uses an optional trigger or
# replacement; "order_triggers" orders simultaneous triggers; "overpay" is how much more
# than its cost a bought card is paid for (an amount, or whether a Potion is part of it);
# "spend" is how many tokens an effect removes from its player's mat (Butcher's Coffers).
Purpose = Literal[
    "trash",
    "discard",
    "topdeck",
    "play",
    "gain",
    "pass",
    "reveal",
    "take",
    "return",
    "set_aside",
    "choose",
    "name",
    "react",
    "order_triggers",
    "overpay",
    "spend",
]
PURPOSES: tuple[Purpose, ...] = get_args(Purpose)

# --- abilities --------------------------------------------------------------------------

# What a triggered ability listens to (``engine.model.Trigger``): a gain, a buy, a trash, a
# discard (the happening says from where, and whether in the Clean-up), an Attack played, a
# play, the end of the Buy phase, the start of the Clean-up, the end of a turn (after the
# Clean-up's new hand: Possession's set-aside cards go back), the start of a turn.
TriggerEvent = Literal[
    "gain", "buy", "trash", "discard", "attack", "buy_end", "cleanup", "turn_end", "start", "play"
]
TRIGGER_EVENTS: tuple[TriggerEvent, ...] = get_args(TriggerEvent)
# Where its card must be for it to fire (see ``engine.model.Trigger``).
TriggerPlace = Literal["self", "hand", "in_play", "turn", "next_turn", "game"]
TRIGGER_PLACES: tuple[TriggerPlace, ...] = get_args(TriggerPlace)
# Whose events it hears.
TriggerWho = Literal["own", "others", "any"]
TRIGGER_WHO: tuple[TriggerWho, ...] = get_args(TriggerWho)

# What a replacement ability replaces ("when ... would gain / would trash, instead ...":
# ``engine.abilities.Replacement``) and where its card must be.
ReplacedEvent = Literal["gain", "trash"]
REPLACED_EVENTS: tuple[ReplacedEvent, ...] = get_args(ReplacedEvent)
ReplacementPlace = Literal["self", "hand", "in_play", "game"]
REPLACEMENT_PLACES: tuple[ReplacementPlace, ...] = get_args(ReplacementPlace)

# Where a static cost change applies from: while its card is in play, for the rest of the
# turn from each play, or the card's own cost (``engine.abilities.CostChange``).
CostChangePlace = Literal["in_play", "turn", "self"]
COST_CHANGE_PLACES: tuple[CostChangePlace, ...] = get_args(CostChangePlace)

# --- Landscapes ---------------------------------------------------------------------------

# What sits beside the Supply without being a card of it (``engine.landscapes``).
LandscapeKind = Literal["event", "landmark", "project", "way", "trait"]
LANDSCAPE_KINDS: tuple[LandscapeKind, ...] = get_args(LandscapeKind)

# --- the event log ----------------------------------------------------------------------

# The verbs of the log lines ``pN <verb> <card>``; a verb with ``{}`` has its card inside
# (``p1 puts Gold into hand``), a verb without a card stands alone (``p1 shuffles``).
CARD_VERBS = (
    "plays",
    "buys",
    "gains",
    "trashes",
    "discards",
    "draws",
    "reveals",
    "topdecks",
    "returns",
    "sets aside",
    "reacts with",
    "resolves",
    "embargoes",
)
PASSES = "passes"  # p1 passes Copper to p2
PUTS_INTO_HAND = "puts {} into hand"
# p1 exchanges Duchy for Silver: the card returned, then the card taken in its place.
EXCHANGES = "exchanges {} for "
# p1 gains Silver instead of Province: a gain made in place of another, which a replacement
# cancelled (first-edition Trader); a gain like any other, that names the gain it replaced.
GAINS_INSTEAD = "gains {} instead of "


def is_gain(verb: str) -> bool:
    """Whether an event record's verb is a gain's (``gains``, or ``gains ... instead of``)."""
    return verb == "gains" or verb.startswith(GAINS_INSTEAD)


ALONE_VERBS = ("shuffles", "starts a turn", "starts an extra turn")
GAME_ENDS = "game ends"
SPENDS = "spends"  # p1 spends Coffers (a token spent by the spend command)
