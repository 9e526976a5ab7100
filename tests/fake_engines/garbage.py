"""Prints something that is not JSON when asked to play a Smithy."""

from _broken import serve, write

serve(on_trigger=lambda _request: write("Smithy played! +3 cards lol"))
