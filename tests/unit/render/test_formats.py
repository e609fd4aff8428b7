"""The renderers are registered once, against the row's typed format ids: every id a row
may name has a renderer (except "none", an upload target's), and no renderer is unreachable."""

from __future__ import annotations

from typing import get_args

from skill_ls.clients.activation import ActivationFormat
from skill_ls.clients.listing import CatalogFormat, CatalogView
from skill_ls.clients.loaders import LOADERS
from skill_ls.clients.reading import YamlLoader
from skill_ls.clients.table import TARGETS
from skill_ls.render.formats import ACTIVATIONS, CATALOG_VIEWS, CATALOGS


def test_every_catalog_format_has_a_renderer() -> None:
    assert set(get_args(CatalogFormat)) - {"none"} == set(CATALOGS)
    assert set(get_args(CatalogView)) == set(CATALOG_VIEWS)


def test_every_activation_format_has_a_renderer() -> None:
    assert set(get_args(ActivationFormat)) - {"none"} == set(ACTIVATIONS)


def test_every_renderer_serves_a_row() -> None:
    assert {c.listing.format for c in TARGETS} - {"none"} == set(CATALOGS)
    assert {c.activation.format for c in TARGETS} - {"none"} == set(ACTIVATIONS)
    assert {c.listing.view for c in TARGETS} - {None} == set(CATALOG_VIEWS)


def test_the_loader_ids_are_the_loaders_table() -> None:
    assert set(get_args(YamlLoader)) == set(LOADERS)
