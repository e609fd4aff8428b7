"""Hypothesis strategies for documents built to make scans backtrack: long repetitions of a
short fragment of the characters the project's patterns treat specially, placed where
those patterns read (frontmatter values, headings, inline code, links, link definitions).

A backtracking pattern is quadratic on some run of one or two such characters, usually
after a prefix that starts a match (`# a`, `](`, `` ` ``, `1`) and before one character that
ends it in failure (`x`, `)`, a newline).
"""

from __future__ import annotations

from hypothesis import strategies as st

# The characters the patterns under `skill_ls/` look at.
SPECIAL = "# ]()`_:-![]<>{}&*|'\"\\/.,$0123456789abxAZ\t"
# Fragments that made patterns here backtrack once (headings, link prefixes, file names in
# inline code, `_` in numbers, `<` destinations): drawn as often as random ones.
KNOWN = (" #", "](a", "a", "1_", "_", "[](<", "a.", ":1", "!<", "\t#")
# What a quadratic pattern needs before the run to start matching, and after it to fail.
PREFIXES = ("", "# a", "## ", "](", "[a](", "[a](<", "`", "1", "0b", "1_.", "a:", "- ", "!")
ENDINGS = ("", "x", ")", "`", "#", " ", "\t", ":", ".", "!", "_")

# Run lengths: long enough that quadratic work shows (40,000 steps squared), small enough
# that a linear check of the whole document stays well under the CPU guard.
MIN_REPEAT = 40_000
MAX_REPEAT = 80_000


@st.composite
def runs(draw: st.DrawFn, max_repeat: int = MAX_REPEAT) -> str:
    """One line: a prefix, a fragment of one to three special characters repeated
    thousands of times, an ending."""
    fragment = draw(
        st.one_of(st.sampled_from(KNOWN), st.text(st.sampled_from(SPECIAL), min_size=1, max_size=3))
    )
    repeat = draw(st.integers(MIN_REPEAT, max_repeat)) // len(fragment)
    return draw(st.sampled_from(PREFIXES)) + fragment * repeat + draw(st.sampled_from(ENDINGS))


@st.composite
def hostile_documents(draw: st.DrawFn) -> tuple[str, str]:
    """(where, text): a SKILL.md with one run placed where a pattern reads it."""
    run = draw(runs())
    places = {
        "name": f"---\nname: {run}\ndescription: Does a thing. Use when asked.\n---\nBody\n",
        "description": f"---\nname: my-skill\ndescription: {run}\n---\nBody\n",
        "other-key": f"---\nname: my-skill\ndescription: Does it.\nlicense: {run}\n---\n",
        "metadata": f"---\nname: my-skill\ndescription: Does it.\nmetadata:\n  k: {run}\n---\n",
        "key": f"---\nname: my-skill\ndescription: Does it.\n{run}: v\n---\n",
        "heading": f"---\nname: my-skill\ndescription: Does it.\n---\n# {run}\n",
        "body": f"---\nname: my-skill\ndescription: Does it.\n---\n{run}\n",
        "inline-code": f"---\nname: my-skill\ndescription: Does it.\n---\nSee `{run}`.\n",
        "link": f"---\nname: my-skill\ndescription: Does it.\n---\n[a]({run})\n",
        "link-definition": f"---\nname: my-skill\ndescription: Does it.\n---\n[a]: {run}\n",
        "no-frontmatter": run + "\n",
    }
    where = draw(st.sampled_from(sorted(places)))
    return where, places[where]
