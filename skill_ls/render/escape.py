"""Escaping user-controlled text for each format; it lives with the listing budgets
(`workspace.listings.escape`), which measure escaped entries the same way."""

from __future__ import annotations

from skill_ls.workspace.listings.escape import (
    guard_closing_tags,
    html_escape,
    one_line,
    xml_entities,
    xml_text,
)

__all__ = ["guard_closing_tags", "html_escape", "one_line", "xml_entities", "xml_text"]
