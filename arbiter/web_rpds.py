"""A pure-Python ``rpds``, for jsonschema in the reader's browser.

jsonschema 4.18+ and its ``referencing`` keep their registries in the persistent
(immutable) collections of ``rpds-py``, a compiled extension that Pyodide's npm package does
not ship. The site's browser engine (``docs/_ext/browser_engine.py``) installs this module
under the name ``rpds`` instead, so that the validator of record, jsonschema itself, words
the same messages in the page as ``arbiter check`` does (tests/test_web.py runs the loader
on every malformed fixture with this module in place of rpds-py and compares).

Only the behaviour jsonschema and referencing use is kept: each collection is a frozen
copy, and every change returns a new collection. The schemas are a few dozen entries, so
copying is cheaper than a trie would be to write.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")


class HashTrieMap(Mapping[K, V]):
    """An immutable mapping: ``insert``, ``remove``, ``discard`` and ``update`` return a
    new map."""

    __slots__ = ("_items",)

    def __init__(self, value: Mapping[K, V] | Iterable[tuple[K, V]] = (), **kwds: V) -> None:
        self._items: dict[Any, V] = dict(value, **kwds)

    @classmethod
    def convert(cls, value: Mapping[K, V] | Iterable[tuple[K, V]]) -> HashTrieMap[K, V]:
        return value if isinstance(value, HashTrieMap) else cls(value)

    @classmethod
    def fromkeys(cls, keys: Iterable[K], value: V | None = None) -> HashTrieMap[K, V | None]:
        return HashTrieMap((key, value) for key in keys)

    def _with(self, items: dict[Any, V]) -> HashTrieMap[K, V]:
        new: HashTrieMap[K, V] = HashTrieMap()
        new._items = items
        return new

    def insert(self, key: K, value: V) -> HashTrieMap[K, V]:
        return self._with({**self._items, key: value})

    def remove(self, key: K) -> HashTrieMap[K, V]:
        if key not in self._items:
            raise KeyError(key)
        return self.discard(key)

    def discard(self, key: K) -> HashTrieMap[K, V]:
        return self._with({k: v for k, v in self._items.items() if k != key})

    def update(self, *maps: Mapping[K, V] | Iterable[tuple[K, V]], **kwds: V) -> HashTrieMap[K, V]:
        items = dict(self._items)
        for each in maps:
            items.update(each)
        items.update(kwds)
        return self._with(items)

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"HashTrieMap({self._items!r})"


class HashTrieSet(Generic[T]):
    """An immutable set: ``insert``, ``discard``, ``remove`` and ``update`` return a new set."""

    __slots__ = ("_items",)

    def __init__(self, value: Iterable[T] = ()) -> None:
        self._items: frozenset[T] = frozenset(value)

    def insert(self, value: T) -> HashTrieSet[T]:
        return HashTrieSet(self._items | {value})

    def discard(self, value: T) -> HashTrieSet[T]:
        return HashTrieSet(self._items - {value})

    def remove(self, value: T) -> HashTrieSet[T]:
        if value not in self._items:
            raise KeyError(value)
        return self.discard(value)

    def update(self, *iterables: Iterable[T]) -> HashTrieSet[T]:
        return HashTrieSet(self._items.union(*iterables))

    def __contains__(self, value: object) -> bool:
        return value in self._items

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HashTrieSet):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"HashTrieSet({set(self._items)!r})"


class List(Generic[T]):
    """An immutable list built at its front: ``push_front`` returns a new list."""

    __slots__ = ("_items",)

    def __init__(self, value: Iterable[T] = (), *more: T) -> None:
        self._items: tuple[T, ...] = (*value, *more)

    def push_front(self, value: T) -> List[T]:
        return List((value, *self._items))

    def drop_first(self) -> List[T]:
        if not self._items:
            raise IndexError("empty List")
        return List(self._items[1:])

    @property
    def first(self) -> T:
        if not self._items:
            raise IndexError("empty List")
        return self._items[0]

    @property
    def rest(self) -> List[T]:
        return List(self._items[1:])

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __reversed__(self) -> Iterator[T]:
        return reversed(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, List):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"List({list(self._items)!r})"
