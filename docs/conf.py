"""Sphinx configuration of the Arbiter site.

The data-driven pages (a page per card and per rule topic, the indexes, the explorer's
data) are generated when the configuration is read by the ``arbiter_docs`` extension in
``_ext/`` into ``generated/``, which is not committed. Build with
``arbiter docs`` or ``sphinx-build -W -b html docs docs/_build/html``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))  # the engine, scenarios and checks packages

project = "Arbiter"
author = "the Arbiter project"
copyright = "the Arbiter project"
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "arbiter_docs",
    "browser_engine",
]
exclude_patterns = ["_build", "README.md"]
templates_path: list[str] = []
html_static_path = ["_static", "generated/_static"]
# Furo: light and dark modes (following the reader's system, with a switch), a layout
# that reflows on a phone, and Sphinx's full-text search (card names and ruling text).
html_theme = "furo"
html_title = "Arbiter: Dominion rulings"
html_favicon = "_static/favicon.svg"
html_theme_options = {
    "sidebar_hide_name": False,
    "navigation_with_keys": True,
}
# The published folder holds what a web server needs: no copies of the page sources.
html_copy_source = False
html_show_sourcelink = False
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
# The engine's docstrings use ``literal`` markup freely; a missing cross-reference
# target in them is not worth a failing build.
nitpicky = False
