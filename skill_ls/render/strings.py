"""String operations several agents' renderers share; they live with the listing budgets
(`workspace.listings.strings`), which measure entries the same way."""

from __future__ import annotations

from skill_ls.workspace.listings.strings import (
    JS_WHITESPACE,
    js_head,
    js_length,
    js_trim,
    utf8_size,
)

__all__ = ["JS_WHITESPACE", "js_head", "js_length", "js_trim", "utf8_size"]
