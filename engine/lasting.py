"""The verbs of what lasts beyond the moment a card is played: Duration cards staying in
play, effects for the rest of the turn or until the owner's next turn, cards set aside
with the card that holds them, mats, tokens (of the kinds the sets declare) and extra
turns (Seaside, and Quarry's cost change for the turn).

With who an Attack affects, now and for as long as a Duration Attack lasts. They are part
of the card API (``engine.api.CardAPI``) like the verbs of ``engine.verbs``: one part of a
game, the verbs, written in two modules (:class:`Lasting` is the base of
``engine.verbs.Verbs``, nothing else's). It holds the table and the listeners, and moves
cards only through the table's move primitive.
"""

from __future__ import annotations

from engine import cards as catalogue
from engine import rules
from engine.compiled import mypyc_attr
from engine.context import Context
from engine.errors import require_one_of
from engine.state import ExtraTurn, Zone
from engine.table import Table
from engine.tokens import TokenKind
from engine.triggers import Listeners


@mypyc_attr(allow_interpreted_subclasses=True)  # a base of Verbs, which may be subclassed
class Lasting:
    """The verbs of cards that stay in play, hold cards, put cards on mats or tokens on
    piles, attack, and give extra turns; with the parts every verb works on."""

    def __init__(self, table: Table, listeners: Listeners) -> None:
        self.table = table
        # The table's state, held here too: the verbs read it at every step, and a game's
        # state object is never replaced (only its fields are).
        self.state = table.state
        self.listeners = listeners

    # ------------------------------------------------------------------ mats and set-aside cards

    def put_on_mat(self, player: int, card: int, source: Zone, mat: str) -> bool:
        """Put a card on one of the player's mats (a mat a set declares: Island, Native
        Village)."""
        declared = catalogue.MATS.get(mat)
        if declared is None:
            require_one_of("mat", mat, tuple(catalogue.MATS))
        assert declared is not None
        event = (player, declared.verb, self.state.names[card], None)
        return self.table.move(card, source, (mat, player), event)

    def hold(self, player: int, card: int, holder: int) -> bool:
        """Keep ``card``, already in the player's set-aside zone, with ``holder`` until
        ``holder``'s start-of-turn part takes it (Haven, Blockade). False when the card is
        not set aside (a Watchtower moved Blockade's gain), and then nothing is held."""
        if card not in self.table.player(player).set_aside:
            return False
        self.table.player(player).held.append((card, holder))
        return True

    def held_with(self, player: int, holder: int) -> list[int]:
        """The cards still held with ``holder`` (and still set aside), first held first."""
        state = self.table.player(player)
        return [card for card, by in state.held if by == holder and card in state.set_aside]

    def take_held(self, player: int, holder: int) -> list[int]:
        """The cards held with ``holder``, no longer held (still set aside, for the caller
        to move: Farmhands plays its card, Joust discards its Province), first first."""
        state = self.table.player(player)
        cards = self.held_with(player, holder)
        state.held = [(card, by) for card, by in state.held if by != holder]
        return cards

    # ------------------------------------------------------------------ tokens

    def _token_kind(self, kind: str, where: tuple[str, ...]) -> TokenKind:
        """The declared kind of token ``kind``, which sits where ``where`` says; an
        UnknownName otherwise (a misspelt kind in a card's code)."""
        declared = catalogue.TOKEN_KINDS.get(kind)
        if declared is None or declared.where not in where:
            known = tuple(name for name, k in catalogue.TOKEN_KINDS.items() if k.where in where)
            require_one_of("token kind", kind, known)
        assert declared is not None
        return declared

    def tokens(self, player: int, kind: str) -> int:
        """How many tokens of ``kind`` the player has on their mat (VP tokens, Coffers)."""
        self._token_kind(kind, ("player",))
        return self.state.players[player].tokens.get(kind, 0)

    def add_tokens(self, player: int, kind: str, count: int = 1) -> None:
        """Tokens of ``kind`` from the common supply (unlimited) onto the player's mat: VP
        tokens (scored at the end), Coffers, Pirate Ship's Coin tokens. A kind with a log
        verb logs one line per token."""
        declared = self._token_kind(kind, ("player",))
        if not count:
            return
        tokens = self.state.players[player].tokens
        tokens[kind] = tokens.get(kind, 0) + count
        if declared.added is not None:
            for _ in range(count):
                self.table.log((player, declared.added, None, None))

    def remove_tokens(self, player: int, kind: str, count: int = 1) -> bool:
        """Take ``count`` tokens of ``kind`` off the player's mat; False (none taken) when
        they have fewer."""
        self._token_kind(kind, ("player",))
        tokens = self.state.players[player].tokens
        have = tokens.get(kind, 0)
        if not rules.tokens_removable(have, count):
            return False
        if have == count:
            del tokens[kind]
        else:
            tokens[kind] = have - count
        return True

    def pile_tokens(self, pile: str, kind: str) -> int:
        """How many tokens of ``kind`` are on the Supply pile ``pile`` (Embargo's)."""
        self._token_kind(kind, ("pile", "pile_and_mat"))
        return self.state.pile_tokens.get(kind, {}).get(pile, 0)

    def add_pile_token(self, player: int, pile: str, kind: str) -> bool:
        """Put a token of ``kind`` on a Supply pile (tokens are unlimited); False for a
        pile that is not in the Supply."""
        declared = self._token_kind(kind, ("pile", "pile_and_mat"))
        if pile not in self.state.supply:
            return False
        on = self.state.pile_tokens.setdefault(kind, {})
        on[pile] = on.get(pile, 0) + 1
        if declared.added is not None:
            self.table.log((player, declared.added, pile, None))
        return True

    def take_pile_token(self, pile: str, kind: str) -> bool:
        """Take a token of ``kind`` off a pile; one of a kind with a mat goes onto the mat
        (Trade Route's). False when the pile has none."""
        declared = self._token_kind(kind, ("pile", "pile_and_mat"))
        on = self.state.pile_tokens.get(kind)
        if not on or not on.get(pile):
            return False
        on[pile] -= 1
        if not on[pile]:
            del on[pile]
        if declared.where == "pile_and_mat":
            self.state.tokens[kind] = self.state.tokens.get(kind, 0) + 1
        return True

    def mat_tokens(self, kind: str) -> int:
        """How many tokens of ``kind`` are on its mat of the whole table (Trade Route's)."""
        self._token_kind(kind, ("pile_and_mat",))
        return self.state.tokens.get(kind, 0)

    # ------------------------------------------------------------------ what lasts

    def stay_in_play(self, context: Context) -> None:
        """Keep the card in play at its player's next Clean-up (a Duration card), and the
        card that played it (a Throne Room stays with the Duration card it played)."""
        player = self.table.player(context.player)
        staying = player.staying
        for card in (context.card, context.played_by):
            if card is not None and card not in staying:
                staying.append(card)
        if context.played_by is not None:
            player.played_by[context.card] = context.played_by

    def at_start_of_next_turn(self, context: Context, trigger_index: int) -> None:
        """Set up one of the card's ``where='next_turn'`` triggers for the start of its
        player's next turn (once per call: a Duration card played twice does it twice)."""
        self.table.player(context.player).next_turn.append((context.card, trigger_index))

    def start_lasting(self, context: Context, trigger_index: int) -> None:
        """Set up one of the card's ``where='turn'`` triggers for the rest of the turn."""
        self.state.turn.lasting.append((context.player, context.card, trigger_index))

    def end_lasting(self, owner: int, card: int, trigger_index: int) -> None:
        """Use up one play's ``start_lasting`` trigger before the turn ends (Sailor's
        "once this turn")."""
        self.state.turn.lasting.remove((owner, card, trigger_index))

    def start_lasting_cost(self, context: Context) -> None:
        """Make the card's ``CostChange("turn", ...)`` apply for the rest of the turn,
        wherever the card goes (Bridge, 2nd-edition Quarry); once per call, so two plays
        reduce twice."""
        self.state.turn.cost_sources.append(context.card)

    # ------------------------------------------------------------------ Attacks

    def attacked(self, context: Context) -> list[int]:
        """The other players an Attack affects, in turn order (not those a Moat shields)."""
        return [p for p in self.table.others(context.player) if p not in context.unaffected]

    def attacks_until_done(self, context: Context, held: int | None = None) -> None:
        """This play of a Duration Attack goes on affecting, until its later part is done,
        exactly the players it affects now: those a Moat revealed or a Lighthouse in effect
        made unaffected stay unaffected, the others stay affected even if protected later
        (rulings rules/duration/11). ``held``: the card this play set aside, when what
        lasts is that card's (Blockade's Curses)."""
        victims = tuple(self.attacked(context))
        self.table.player(context.player).attacks.append((context.card, held, victims))

    def still_attacks(self, owner: int, card: int, victim: int, held: int | None = None) -> bool:
        """Whether ``owner``'s Duration Attack ``card`` still affects ``victim`` (see
        ``attacks_until_done``): some play of it does, or with ``held``, the play that set
        that card aside does. A card in play from a setup has no record of its plays and
        affects every other player."""
        plays = [
            victims
            for attack, aside, victims in self.table.player(owner).attacks
            if attack == card and (held is None or aside == held)
        ]
        return not plays or any(victim in victims for victims in plays)

    # ------------------------------------------------------------------ the next turn

    def queue_turn(
        self,
        player: int,
        kind: str = "extra",
        *,
        controller: int | None = None,
        counts: bool = False,
    ) -> bool:
        """``player`` takes a turn after this one (and after the turns queued before it),
        decided by ``controller`` (None: themself); ``kind`` names what gave it (a player
        has at most one of each kind queued: two Outposts give one extra turn, so do two
        Possessions); ``counts``: it counts in ``turns_taken`` (the tie-break). False when
        one of the kind is already queued for the player."""
        queue = self.state.extra_turns
        if any(turn.player == player and turn.kind == kind for turn in queue):
            return False
        turn = ExtraTurn(player, player if controller is None else controller, kind, counts)
        # The active player's own extra turns come before the turns they gave others
        # (Outpost's before Possession's, whichever was played first: alchemy/possession/21).
        if player == self.state.turn.player:
            given = [i for i, queued in enumerate(queue) if queued.player != player]
            queue.insert(given[0] if given else len(queue), turn)
        else:
            queue.append(turn)
        return True

    def draw_next_hand(self, size: int) -> None:
        """The active player draws ``size`` cards, not 5, in this turn's Clean-up
        (Outpost)."""
        self.state.turn.hand_size = size
