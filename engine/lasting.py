"""The verbs of what lasts beyond the moment a card is played: Duration cards staying in
play, effects for the rest of the turn or until the owner's next turn, cards set aside
with the card that holds them, mats, tokens and extra turns (Seaside, and Quarry's cost
change for the turn).

With who an Attack affects, now and for as long as a Duration Attack lasts. They are part
of the card API (``engine.api.CardAPI``) like the verbs of ``engine.verbs``, on the class
between the table and those, and move cards only through the table's move primitive.
"""

from __future__ import annotations

from engine.compiled import mypyc_attr
from engine.context import Context
from engine.state import PUTS_ON_MAT, Mat, Zone
from engine.table import Table


@mypyc_attr(allow_interpreted_subclasses=True)  # a base of Game, which may be subclassed
class Lasting(Table):
    """The table, and the verbs of cards that stay in play, hold cards, put cards on mats
    or tokens on piles, attack, and give extra turns."""

    # ------------------------------------------------------------------ mats and set-aside cards

    def put_on_mat(self, player: int, card: int, source: Zone, mat: Mat) -> bool:
        """Put a card on one of the player's mats (Island, Native Village)."""
        event = (player, PUTS_ON_MAT[mat], self.state.names[card], None)
        return self.move(card, source, (mat, player), event)

    def hold(self, player: int, card: int, holder: int) -> bool:
        """Keep ``card``, already in the player's set-aside zone, with ``holder`` until
        ``holder``'s start-of-turn part takes it (Haven, Blockade). False when the card is
        not set aside (a Watchtower moved Blockade's gain), and then nothing is held."""
        if card not in self.player(player).set_aside:
            return False
        self.player(player).held.append((card, holder))
        return True

    def held_with(self, player: int, holder: int) -> list[int]:
        """The cards still held with ``holder`` (and still set aside), first held first."""
        state = self.player(player)
        return [card for card, by in state.held if by == holder and card in state.set_aside]

    # ------------------------------------------------------------------ tokens

    def embargo(self, player: int, pile: str) -> bool:
        """Put an Embargo token on a Supply pile (tokens are unlimited); False for a pile
        that is not in the Supply."""
        if pile not in self.state.supply:
            return False
        self.state.embargo[pile] = self.state.embargo.get(pile, 0) + 1
        self.log((player, "embargoes", pile, None))
        return True

    def take_coin_token(self, player: int) -> None:
        """A Coin token onto the player's Pirate Ship mat."""
        self.player(player).pirate_ship += 1
        self.log((player, "takes a Coin token", None, None))

    # ------------------------------------------------------------------ what lasts

    def stay_in_play(self, context: Context) -> None:
        """Keep the card in play at its player's next Clean-up (a Duration card), and the
        card that played it (a Throne Room stays with the Duration card it played)."""
        staying = self.player(context.player).staying
        for card in (context.card, context.played_by):
            if card is not None and card not in staying:
                staying.append(card)

    def at_start_of_next_turn(self, context: Context, trigger_index: int) -> None:
        """Set up one of the card's ``where='next_turn'`` triggers for the start of its
        player's next turn (once per call: a Duration card played twice does it twice)."""
        self.player(context.player).next_turn.append((context.card, trigger_index))

    def start_lasting(self, context: Context, trigger_index: int) -> None:
        """Set up one of the card's ``where='turn'`` triggers for the rest of the turn."""
        self.state.turn.lasting.append((context.player, context.card, trigger_index))

    def end_lasting(self, owner: int, card: int, trigger_index: int) -> None:
        """Use up one play's ``start_lasting`` trigger before the turn ends (Sailor's
        "once this turn")."""
        self.state.turn.lasting.remove((owner, card, trigger_index))

    def start_lasting_cost(self, context: Context) -> None:
        """Make the card's ``cost_modifier`` apply for the rest of the turn, wherever the
        card goes (2nd-edition Quarry); once per call, so two plays reduce twice."""
        self.state.turn.cost_sources.append(context.card)

    # ------------------------------------------------------------------ Attacks

    def attacked(self, context: Context) -> list[int]:
        """The other players an Attack affects, in turn order (not those a Moat shields)."""
        return [p for p in self.others(context.player) if p not in context.unaffected]

    def attacks_until_done(self, context: Context, held: int | None = None) -> None:
        """This play of a Duration Attack goes on affecting, until its later part is done,
        exactly the players it affects now: those a Moat revealed or a Lighthouse in effect
        made unaffected stay unaffected, the others stay affected even if protected later
        (rulings rules/duration/11). ``held``: the card this play set aside, when what
        lasts is that card's (Blockade's Curses)."""
        victims = tuple(self.attacked(context))
        self.player(context.player).attacks.append((context.card, held, victims))

    def still_attacks(self, owner: int, card: int, victim: int, held: int | None = None) -> bool:
        """Whether ``owner``'s Duration Attack ``card`` still affects ``victim`` (see
        ``attacks_until_done``): some play of it does, or with ``held``, the play that set
        that card aside does. A card in play from a setup has no record of its plays and
        affects every other player."""
        plays = [
            victims
            for attack, aside, victims in self.player(owner).attacks
            if attack == card and (held is None or aside == held)
        ]
        return not plays or any(victim in victims for victims in plays)

    # ------------------------------------------------------------------ the next turn

    def take_extra_turn(self) -> bool:
        """The active player takes an extra turn after this one (Outpost); False when one
        is already due (two Outposts still give one)."""
        turn = self.state.turn
        if turn.extra_turn_next:
            return False
        turn.extra_turn_next = True
        return True

    def draw_next_hand(self, size: int) -> None:
        """The active player draws ``size`` cards, not 5, in this turn's Clean-up
        (Outpost)."""
        self.state.turn.hand_size = size
