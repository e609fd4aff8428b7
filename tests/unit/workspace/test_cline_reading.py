"""What Cline CLI loads beyond the lab's scenarios, as two extra runs of Cline CLI 3.0.65
showed: `disabled` and `enabled`, a file without frontmatter, an empty flag, a repeated
key, and a name two folders of one root share. (A list for frontmatter, which Cline loads
under the folder's name, is not modelled: skill-ls drops it.)"""

from __future__ import annotations

from pathlib import Path

from skill_ls.render import catalog_for, refusal_for
from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex

FILES = {
    "dis-true": "---\nname: dis-true\ndescription: D.\ndisabled: true\n---\nBody.\n",
    "en-false": "---\nname: en-false\ndescription: E.\nenabled: false\n---\nBody.\n",
    "dis-yes": "---\nname: dis-yes\ndescription: Y.\ndisabled: yes\n---\nBody.\n",
    "dis-str": '---\nname: dis-str\ndescription: Y.\ndisabled: "true"\n---\nBody.\n',
    "dis-null": "---\nname: dis-null\ndescription: Y.\ndisabled:\n---\nBody.\n",
    "no-front": "# Just a body\n\nText.\n",
    "dup-key": "---\nname: dup-key\ndescription: A.\ndescription: B.\n---\nBody.\n",
    "null-desc": "---\nname: null-desc\ndescription:\n---\nBody.\n",
    "twin-a": "---\nname: twin\ndescription: Copy a.\n---\nBody a.\n",
    "twin-b": "---\nname: twin\ndescription: Copy b.\n---\nBody b.\n",
}


def _index(tmp_path: Path) -> WorkspaceIndex:
    project, home = tmp_path / "ws", tmp_path / "home"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    for folder, text in FILES.items():
        skill = project / ".cline" / "skills" / folder
        skill.mkdir(parents=True)
        (skill / "SKILL.md").write_text(text, encoding="utf-8")
    index = WorkspaceIndex([project], Settings(), home=home, environ={})
    index.scan()
    return index


def test_what_cline_lists_and_what_it_refuses(tmp_path: Path) -> None:
    index = _index(tmp_path)
    view = {skill.name: skill for skill in index.view("cline")}
    # Listed as Cline listed them (the order is the file system's, not checked here).
    listed = catalog_for(index, "cline").text.removeprefix("Available skills: ")
    assert sorted(listed.removesuffix(".").split(", ")) == [
        "dis-null",
        "no-front",
        "null-desc",
        "twin",
    ]
    # Disabled: loaded, left out of the catalog, the activation refused in Cline's words.
    assert view["dis-true"].hidden and view["en-false"].hidden
    assert refusal_for(index, "cline", "dis-true") == 'Skill "dis-true" is configured but disabled.'
    # A flag that is not true or false, or a repeated key, drops the skill.
    assert not {"dis-yes", "dis-str", "dup-key"} & set(view)
    # The later folder of a root wins a shared name (here in path order: twin-b).
    assert view["twin"].path.endswith("twin-b/SKILL.md")
