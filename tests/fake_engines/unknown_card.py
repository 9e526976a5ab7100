"""After a Smithy, names a card that does not exist: in observe (default), pending or events.

``python unknown_card.py observe|pending|events``
"""

import sys

from _broken import serve

WHERE = sys.argv[1] if len(sys.argv) > 1 else "observe"


def poison(request: dict, response: dict) -> dict:
    if request.get("op") != WHERE or response.get("status") != "ok":
        return response
    if WHERE == "observe":
        response["result"]["players"]["p1"]["hand"].append("Smithee")
    elif WHERE == "pending":
        response["result"] = {
            "player": "p1",
            "kind": "cards",
            "source": "Smithy",
            "choices": ["Smithee"],
            "min": 1,
            "max": 1,
        }
    else:
        response["result"] = [*response["result"], "p1 draws Smithee"]
    return response


serve(after_trigger=poison)
