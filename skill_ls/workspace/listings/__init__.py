"""Catalog entries as the agents with a listing budget measure them, and what each budget
cuts: the one computation the catalog renderers (`skill_ls.render`) and the cross-skill
finding SKL508 (`workspace.budget_findings`) share.

Each module here holds one agent format's entry text (as far as the budget counts it) and
its allocation over those entries; `budget.py` runs them over an index's views, keeping
each entry's measure between changes so that a keystroke re-measures one skill only.
"""
