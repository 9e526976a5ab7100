"""The base set's kingdom cards."""

from __future__ import annotations

from engine.model import Card

CARDS: tuple[Card, ...] = ()
