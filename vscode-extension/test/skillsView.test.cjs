// The skills view: nodes drawn from the server's answer, grouping toggle, refresh on notification.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh, settle } = require("./stubs.cjs");

const skill = (id, name, location, rest = {}) => ({
  id,
  name,
  description: `${name} does things.`,
  path: `/ws/${location}/SKILL.md`,
  folder: `/ws/${location}`,
  scope: "project",
  builtin: false,
  status: "loaded",
  summary: `Loaded by Claude Code`,
  provenance: `project skill, ${location}/SKILL.md`,
  location,
  otherPaths: [],
  ...rest,
});

const DATA = {
  skills: [
    skill(0, "pdf", ".claude/skills/pdf"),
    skill(1, "quiet", ".claude/skills/quiet", { status: "hidden-from-model", summary: "Hidden from the model by Claude Code" }),
    skill(2, "helper", "builtin/helper", {
      scope: "builtin",
      builtin: true,
      description: null,
      provenance: "built-in skill, ~/yoi/helper/SKILL.md",
    }),
  ],
  byAgent: [
    {
      id: "claude-code",
      label: "Claude Code",
      items: [
        { skill: 0, status: "loaded", statusText: "loaded", detail: "Claude Code: loaded" },
        {
          skill: 1,
          status: "hidden-from-model",
          statusText: "loaded, hidden from the model",
          detail: "Claude Code: loaded, hidden from the model",
        },
      ],
    },
    {
      id: "cursor",
      label: "Cursor",
      items: [
        { skill: 0, status: "shadowed", statusText: "shadowed", detail: "Cursor: shadowed by .agents/skills/pdf" },
        { skill: 2, status: "loaded", statusText: "loaded", detail: "Cursor: loaded" },
      ],
    },
  ],
  byFolder: [
    {
      label: ".claude/skills (project)",
      scope: "project",
      items: [{ skill: 0, status: "skipped", statusText: "skipped", detail: "Skipped by Cursor (it has no description)" }],
    },
  ],
};

test("groupNodes: by agent, each copy with its status icon, folder and the server's sentences", () => {
  const { load } = fresh();
  const { groupNodes } = load("common/skillsTree");
  const [claude, cursor] = groupNodes(DATA, "agent");
  assert.deepEqual(
    { ...claude, children: claude.children.length },
    {
      kind: "group",
      key: "agent:claude-code",
      label: "Claude Code",
      description: "2 skills",
      children: 2,
    },
  );
  assert.deepEqual(claude.children[1], {
    kind: "skill",
    key: "agent:claude-code/1",
    label: "quiet",
    description: ".claude/skills/quiet",
    icon: "eye-closed",
    color: "disabledForeground",
    tooltip:
      "Claude Code: loaded, hidden from the model\nHidden from the model by Claude Code\nproject skill, .claude/skills/quiet/SKILL.md\n\nquiet does things.",
    path: "/ws/.claude/skills/quiet/SKILL.md",
    status: "hidden-from-model",
  });
  assert.deepEqual(
    cursor.children.map((n) => [n.label, n.icon]),
    [
      ["pdf", "layers"],
      ["helper", "package"],
    ],
  );
});

test("groupNodes: by folder, the summary status in words", () => {
  const { load } = fresh();
  const { groupNodes } = load("common/skillsTree");
  const [folder] = groupNodes(DATA, "folder");
  assert.equal(folder.label, ".claude/skills (project)");
  assert.equal(folder.description, "1 skill");
  assert.deepEqual([folder.children[0].description, folder.children[0].icon], ["skipped", "circle-slash"]);
  assert.equal(folder.children[0].tooltip.split("\n")[0], "Skipped by Cursor (it has no description)");
});

function setup(world, load, answer = DATA) {
  const { SkillsView, registerSkillsView } = load("common/skillsView");
  const index = new world.vscode.EventEmitter();
  const states = new world.vscode.EventEmitter();
  const calls = [];
  const source = {
    onIndexChanged: index.event,
    onDidChangeState: states.event,
    async request(command, args) {
      calls.push([command, ...args]);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  const memento = new Map();
  const state = { get: (k) => memento.get(k), update: async (k, v) => memento.set(k, v) };
  const view = new SkillsView(source, state, world.vscode.window.createOutputChannel("x", { log: true }));
  const previews = [];
  const disposables = registerSkillsView(view, async (mode, uri) => previews.push([mode, uri.fsPath]));
  return { view, index, states, calls, memento, previews, disposables };
}

test("the view asks the server when it starts and on each skill-ls/indexChanged, never otherwise", async () => {
  const { world, load } = fresh();
  const { view, index, states, calls } = setup(world, load);
  assert.deepEqual(view.getChildren(), []);
  states.fire("running");
  await settle();
  assert.deepEqual(calls, [["skill-ls.skillsView"]]);
  assert.deepEqual(
    view.getChildren().map((g) => g.label),
    ["Claude Code", "Cursor"],
  );
  index.fire();
  await settle();
  assert.equal(calls.length, 2);
  assert.equal(view.loads, 2);
});

test("the tree items: icon, tooltip, click opens the file, context value for the menus", async () => {
  const { world, load } = fresh();
  const { view, states } = setup(world, load);
  states.fire("running");
  await settle();
  const [claude] = view.getChildren();
  const group = view.getTreeItem(claude);
  assert.equal(group.collapsibleState, world.vscode.TreeItemCollapsibleState.Expanded);
  const item = view.getTreeItem(view.getChildren(claude)[0]);
  assert.equal(item.label, "pdf");
  assert.equal(item.contextValue, "skill");
  assert.deepEqual([item.iconPath.id, item.iconPath.color.id], ["pass", "testing.iconPassed"]);
  assert.equal(item.command.command, "vscode.open");
  assert.equal(item.command.arguments[0].fsPath, "/ws/.claude/skills/pdf/SKILL.md");
});

test("the grouping toggles, is remembered, and sets the context key the title buttons use", async () => {
  const { world, load } = fresh();
  const { view, states, memento } = setup(world, load);
  states.fire("running");
  await settle();
  await world.commands.get("skillLs.skills.groupByFolder")();
  assert.equal(view.grouping, "folder");
  assert.equal(memento.get("skillLs.skillsView.grouping"), "folder");
  assert.deepEqual(world.executed.at(-1), ["setContext", "skillLs.skillsView.grouping", "folder"]);
  assert.deepEqual(
    view.getChildren().map((g) => g.label),
    [".claude/skills (project)"],
  );
});

test("context actions preview the skill of the node", async () => {
  const { world, load } = fresh();
  const { view, states, previews } = setup(world, load);
  states.fire("running");
  await settle();
  const node = view.getChildren(view.getChildren()[0])[0];
  await world.commands.get("skillLs.skills.previewCatalog")(node);
  await world.commands.get("skillLs.skills.previewActivation")(node);
  await world.commands.get("skillLs.skills.revealInExplorer")(node);
  assert.deepEqual(previews, [
    ["catalog", "/ws/.claude/skills/pdf/SKILL.md"],
    ["activation", "/ws/.claude/skills/pdf/SKILL.md"],
  ]);
  assert.equal(world.executed.at(-1)[0], "revealInExplorer");
});

test("context actions take only a node the view shows, by the path the server listed", async () => {
  const { world, load } = fresh();
  const { states, previews } = setup(world, load);
  states.fire("running");
  await settle();
  const run = (id, arg) => world.commands.get(id)(arg);
  // Anyone can run these commands (another extension, a command: link), with any argument.
  const forged = [
    { kind: "skill", key: "forged", path: "/etc/passwd" },
    { key: "agent:claude-code/0", path: "/elsewhere/SKILL.md" },
    "/etc",
    undefined,
  ];
  for (const arg of forged) {
    await run("skillLs.skills.previewCatalog", arg);
    await run("skillLs.skills.revealInExplorer", arg);
  }
  // The known key wins over the path it came with: the server's path is used.
  assert.deepEqual(previews, [["catalog", "/ws/.claude/skills/pdf/SKILL.md"]]);
  assert.equal(world.executed.filter(([id]) => id === "revealInExplorer").length, 1);
  assert.equal(world.executed.find(([id]) => id === "revealInExplorer")[1].fsPath, "/ws/.claude/skills/pdf/SKILL.md");
});

test("a server error shows in the view instead of an empty tree", async () => {
  const { world, load } = fresh();
  const { states } = setup(world, load, new Error("The Skill LS server is not running."));
  states.fire("running");
  await settle();
  assert.equal(world.treeViews[0].message, "Skill LS: The Skill LS server is not running.");
});

test("answers that come back out of order: the latest request's answer is shown, with its message", async () => {
  // A restarted server: the view asks when it runs (answered with nothing yet) and again when
  // its index changes (seven skills); the first answer comes back last.
  const { world, load } = fresh();
  const { SkillsView, registerSkillsView } = load("common/skillsView");
  const index = new world.vscode.EventEmitter();
  const states = new world.vscode.EventEmitter();
  const pending = [];
  const source = {
    onIndexChanged: index.event,
    onDidChangeState: states.event,
    request: () => new Promise((resolve, reject) => pending.push({ resolve, reject })),
  };
  const memento = new Map();
  const state = { get: (k) => memento.get(k), update: async (k, v) => memento.set(k, v) };
  const view = new SkillsView(source, state, world.vscode.window.createOutputChannel("x", { log: true }));
  registerSkillsView(view, async () => undefined);
  const tree = world.treeViews[0];
  states.fire("running");
  index.fire();
  await settle();
  assert.equal(pending.length, 2);
  pending[1].resolve(DATA);
  await settle();
  pending[0].resolve({ skills: [], byAgent: [], byFolder: [] });
  await settle();
  assert.deepEqual(
    view.getChildren().map((g) => g.label),
    ["Claude Code", "Cursor"],
  );
  assert.equal(tree.message, undefined);
  assert.equal(view.loads, 1);
  // An older request failing late (the old server's connection closing) does not cover a
  // newer answer with its error either.
  index.fire();
  index.fire();
  await settle();
  pending[3].resolve(DATA);
  await settle();
  pending[2].reject(new Error("Pending response rejected since connection got disposed"));
  await settle();
  assert.equal(tree.message, undefined);
  assert.equal(view.getChildren().length, 2);
  // The title buttons' context key is set with each answer.
  assert.deepEqual(world.executed.filter(([id, key]) => id === "setContext" && key === "skillLs.skillsView.grouping").at(-1), [
    "setContext",
    "skillLs.skillsView.grouping",
    "agent",
  ]);
});

test("the message follows the latest answer: an empty answer, then skills, clears it", async () => {
  const { world, load } = fresh();
  let answer = { skills: [], byAgent: [], byFolder: [] };
  const { view, index, states } = setup(world, load);
  view.source.request = async () => answer;
  states.fire("running");
  await settle();
  assert.equal(world.treeViews[0].message, "No skills found in the workspace or your user folders.");
  answer = DATA;
  index.fire();
  await settle();
  assert.equal(world.treeViews[0].message, undefined);
  assert.equal(view.getChildren().length, 2);
});
