"""An engine that asks its questions from deep inside its own calls, run in a thread.

Engines written for bots call the bot synchronously (pyminion's ``Decider`` methods,
evolvedominion's ``Agent.select``) and expect an answer back before they go on. The
Adapter interface takes one answer at a time instead. :class:`EngineThread` bridges the
two: each command runs as a *job* on the engine's own thread; when the engine asks,
:meth:`EngineThread.ask` (called on that thread) shows the question as ``pending`` and
blocks until :meth:`EngineThread.answer` (called by the runner) hands a value over that
the question accepts. The runner's calls return when the job ends or a question is
asked, and raise what the adapter must raise: :class:`Rejected` for a refused command or
answer (nothing changed), :class:`AdapterError` once the engine has crashed or hung.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from scenarios.adapters.base import AdapterError, Rejected
from scenarios.adapters.menus import Menu

STEP_TIMEOUT = 10.0  # seconds the engine may take for one command or answer


class Question(Protocol):
    """What an engine thread asks: ``shown`` is the question as ``Adapter.pending`` gives
    it, ``accept`` turns an answer into the engine's return value, or raises Rejected."""

    @property
    def source(self) -> str | None: ...

    def shown(self) -> dict[str, Any] | None: ...

    def accept(self, value: Any) -> Any: ...


@dataclass
class MenuQuestion:
    """The question a :class:`~scenarios.adapters.menus.Menu` is asking."""

    menu: Menu[Any]

    @property
    def source(self) -> str | None:
        return self.menu.source

    def shown(self) -> dict[str, Any] | None:
        return self.menu.pending()

    def accept(self, value: Any) -> Any:
        self.menu.answer(value)


class _Abort(BaseException):
    """Unwinds an abandoned engine's thread (the adapter loads another game)."""


class EngineThread:
    """One game's thread, and the channel between it and the runner."""

    def __init__(self, engine: str, step_timeout: float = STEP_TIMEOUT) -> None:
        self.engine = engine
        self.step_timeout = step_timeout
        self.question: Question | None = None
        self.dead: str | None = None
        self._jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._answers: queue.Queue[Any] = queue.Queue()
        self._replies: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.thread = threading.Thread(target=self._serve, daemon=True, name=engine)
        self.thread.start()

    # --- the engine's thread ---------------------------------------------------------------

    def _serve(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                job()
            except _Abort:
                return
            except Rejected as exc:
                self._replies.put(("rejected", str(exc)))
                continue
            except Exception as exc:
                self._replies.put(("crashed", exc))
                return
            self._replies.put(("done", None))

    def ask(self, question: Question) -> Any:
        """On the engine's thread: wait for an answer ``question`` accepts, and return what
        it makes of it."""
        self.question = question
        self._replies.put(("asks", question))
        while True:
            value = self._answers.get()
            if value is _Abort:
                raise _Abort
            try:
                result = question.accept(value)
            except Rejected as exc:
                self._replies.put(("rejected", str(exc)))
                continue
            self.question = None
            return result

    def settle(self, menu: Menu[Any]) -> Any:
        """On the engine's thread: the outcome ``menu`` settles on, asking each question
        it leaves open."""
        while not menu.done:
            self.ask(MenuQuestion(menu))
        return menu.chosen

    # --- the runner's side -------------------------------------------------------------------

    def pending(self) -> dict[str, Any] | None:
        return self.question.shown() if self.question is not None else None

    def run(self, job: Callable[[], None], what: str) -> None:
        """Run ``job`` on the engine's thread until it ends or asks a question."""
        self._check_alive()
        if self.question is not None:
            raise Rejected(f"answer {self.question.source}'s question first")
        self._jobs.put(job)
        self._wait(what)

    def answer(self, value: Any) -> None:
        self._check_alive()
        if self.question is None:
            raise Rejected("nothing is pending")
        self._answers.put(value)
        self._wait(f"the answer {value!r}")

    def _wait(self, what: str) -> None:
        try:
            kind, value = self._replies.get(timeout=self.step_timeout)
        except queue.Empty:
            self.dead = f"{self.engine} did not finish {what} within {self.step_timeout:g} s"
            raise AdapterError(self.dead) from None
        if kind == "rejected":
            raise Rejected(value)
        if kind == "crashed":
            self.dead = f"{self.engine} raised {type(value).__name__}: {value}".rstrip(": ")
            raise AdapterError(f"{self.dead} (during {what})")

    def _check_alive(self) -> None:
        if self.dead:
            raise AdapterError(f"the game is over for the adapter: {self.dead}")

    def stop(self) -> None:
        """Let the thread end (it unwinds from a pending question)."""
        if self.question is not None:
            self._answers.put(_Abort)
        self._jobs.put(None)
