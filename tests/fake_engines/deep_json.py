"""When asked to play a Smithy, answers with JSON nested 100000 levels deep."""

from _broken import serve, write


def deep(_request: object) -> None:
    write("[" * 100_000 + "]" * 100_000)


serve(on_trigger=deep)
