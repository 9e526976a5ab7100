"""Writing reStructuredText and HTML safely: every string that came from a user (a
scenario's title, note, card names, ruling text) goes through :func:`esc` on its way into
reStructuredText and through :func:`html_text` on its way into raw HTML.
"""

from __future__ import annotations

import html
import re
import unicodedata
from typing import Any

# Every character str.splitlines() (and so docutils) breaks a line at.
LINE_BREAKING = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")


def one_line(text: object) -> str:
    """``text`` with every line break and control character turned into a space.

    The loader refuses titles and notes that contain one; this keeps a page safe from a
    string that reached it some other way (a ruling's text, a card built in a test)."""
    return "".join(
        " " if c in LINE_BREAKING or unicodedata.category(c) == "Cc" else c for c in str(text)
    )


def esc(text: object) -> str:
    """Text as literal reStructuredText on one line (no accidental markup)."""
    out = one_line(text)
    for char in ("\\", "*", "`", "|", "_", "[", "<"):
        out = out.replace(char, "\\" + char)
    # Text at the start of a line could still open a directive (".. raw::"), a list or a
    # section: an escaped space in front is invisible and disarms it.
    return "\\ " + out if out and not out[0].isalnum() else out


def html_text(text: object) -> str:
    """Text as HTML on one line (for raw HTML blocks and attributes)."""
    return html.escape(one_line(text), quote=True)


def heading(text: str, char: str = "=") -> str:
    """A section title; ``text`` is reStructuredText (pass user text through esc)."""
    text = one_line(text)
    return f"{text}\n{char * max(len(text), 3)}\n\n"


def indent(text: str, by: int = 3) -> str:
    pad = " " * by
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


def raw_html(markup: str, by: int = 0) -> str:
    """A ``.. raw:: html`` block (``markup`` must already be escaped)."""
    return indent(".. raw:: html\n\n" + indent(markup), by) + "\n\n"


# The link schemes a page may hold: a scenario's note or a ruling's text is anyone's, and
# docutils makes a live link of any scheme it knows, javascript: and data: included.
SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
_SCHEME = re.compile(r"^([a-z][a-z0-9+.-]*):")


def link_scheme(uri: str) -> str | None:
    """The scheme of ``uri`` as a browser reads it (it drops spaces and control
    characters, so ``java\tscript:`` is javascript:), or None for a relative link."""
    cleaned = "".join(c for c in uri if c > " " and c != "\x7f").lower()
    found = _SCHEME.match(cleaned)
    return found[1] if found else None


def disarm_links(doctree: Any) -> int:
    """Turn every link whose scheme is not http, https or mailto into its plain text (a
    ``javascript:`` or ``data:`` URL in a scenario's note was a live link on the site);
    returns how many. For Sphinx's ``doctree-read``, and any docutils document."""
    from docutils import nodes

    disarmed = 0
    for reference in list(doctree.findall(nodes.reference)):
        scheme = link_scheme(reference.get("refuri", ""))
        if scheme is not None and scheme not in SAFE_SCHEMES:
            reference.replace_self(nodes.Text(reference.astext()))
            disarmed += 1
    return disarmed
