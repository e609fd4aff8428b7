// The preview panel: which server commands it runs, the client picker, refresh while typing.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh, settle, Uri } = require("./stubs.cjs");

function setup(world, load, overrides = {}) {
  const { PreviewPanel } = load("common/preview");
  const calls = [];
  const answers = {
    "skill-ls.listClients": {
      clients: [
        { id: "agentskills", name: "Agent Skills" },
        { id: "codex", name: "Codex" },
        { id: "claude-code", name: "Claude Code" },
      ],
    },
    "skill-ls.listSkills": { skills: [{ name: "pdf", path: "/ws/pdf/SKILL.md", clients: [] }] },
    "skill-ls.previewCatalog": (target, client) => ({
      client,
      clientName: client,
      text: `catalog for ${target}`,
      characters: 10,
      tokens: 3,
      budget: null,
      truncatedAt: null,
      entries: [
        { name: "pdf", description: "Reads PDFs", location: "/ws/pdf/SKILL.md", characters: 10, hidden: false, truncated: false },
      ],
    }),
    "skill-ls.previewActivation": (target, client) => ({
      client,
      clientName: client,
      name: "pdf",
      text: `body of ${target}`,
      characters: 9,
      tokens: 2,
      budget: 5000,
      truncatedAt: null,
    }),
  };
  Object.assign(answers, overrides);
  const server = {
    async request(command, args) {
      calls.push([command, ...args]);
      const a = answers[command];
      return typeof a === "function" ? a(...args) : a;
    },
  };
  const memento = new Map();
  const state = { get: (k) => memento.get(k), update: async (k, v) => memento.set(k, v) };
  const output = world.vscode.window.createOutputChannel("x", { log: true });
  const skill = Uri.file("/ws/pdf/SKILL.md");
  world.activeTextEditor = { document: { uri: skill } };
  return { preview: new PreviewPanel(server, state, output), calls, memento, skill };
}

test("catalog preview asks the server with the skill's URI and the chosen client", async () => {
  const { world, load } = fresh();
  world.settings = { targetClients: { value: ["codex"], globalValue: ["codex"] } };
  const { preview, calls } = setup(world, load);
  await preview.show("catalog");
  assert.deepEqual(calls, [
    ["skill-ls.listClients"],
    ["skill-ls.listSkills"],
    ["skill-ls.previewCatalog", "file:///ws/pdf/SKILL.md", "codex"],
  ]);
  const panel = world.panels[0];
  assert.equal(panel.options.enableScripts, true);
  assert.deepEqual(panel.options.localResourceRoots, []);
  assert.match(panel.webview.html, /catalog for file:\/\/<span class="current">\/ws\/pdf\/SKILL\.md<\/span>/);
  assert.match(panel.webview.html, /<option value="codex" selected>Codex<\/option>/);
  assert.equal(preview.lastHtml, panel.webview.html);
});

test("the picker and the mode buttons re-render; the choice is remembered", async () => {
  const { world, load } = fresh();
  const { preview, calls, memento } = setup(world, load);
  await preview.show("catalog");
  assert.equal(calls[2][2], "agentskills", "first listed client by default");
  world.panels[0].postFromWebview({ type: "client", client: "codex" });
  await settle();
  assert.deepEqual(calls.at(-1), ["skill-ls.previewCatalog", "file:///ws/pdf/SKILL.md", "codex"]);
  assert.equal(memento.get("skillLs.previewClient"), "codex");
  world.panels[0].postFromWebview({ type: "mode", mode: "activation" });
  await settle();
  assert.deepEqual(calls.at(-1), ["skill-ls.previewActivation", "file:///ws/pdf/SKILL.md", "codex"]);
  assert.match(world.panels[0].webview.html, /<meter/);
  world.panels[0].postFromWebview({ type: "mode", mode: "<script>" });
  await settle();
  assert.equal(preview.current.mode, "activation");
});

test("the default client is one that loads the skill", async () => {
  const { world, load } = fresh();
  const { preview, calls } = setup(world, load, {
    "skill-ls.listSkills": { skills: [{ name: "pdf", path: "/ws/pdf", clients: ["claude-code"] }] },
  });
  await preview.show("catalog");
  assert.equal(calls.at(-1)[2], "claude-code");
});

test("chooseClient: last pick, then target clients that load the skill, then any that does", () => {
  const { load } = fresh();
  const { chooseClient } = load("common/preview");
  const ids = ["agentskills", "claude-code", "codex", "cursor"];
  assert.equal(chooseClient(ids, { picked: "codex", targets: [], skillClients: ["claude-code"] }), "codex");
  assert.equal(chooseClient(ids, { targets: ["cursor", "claude-code"], skillClients: ["codex", "claude-code"] }), "claude-code");
  assert.equal(chooseClient(ids, { targets: ["cursor"], skillClients: ["codex"] }), "codex");
  assert.equal(chooseClient(ids, { targets: ["cursor"], skillClients: [] }), "cursor");
  assert.equal(chooseClient(ids, { picked: "gone", targets: [], skillClients: [] }), "agentskills");
  assert.equal(chooseClient([], { targets: ["cursor"], skillClients: [] }), undefined);
});

test("typing in a SKILL.md refreshes once, 200 ms after the last change", async (t) => {
  const { world, load } = fresh();
  const { preview, calls, skill } = setup(world, load);
  await preview.show("activation");
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const before = calls.length;
  for (let i = 0; i < 4; i++) {
    world.events.textChange.fire({ document: { uri: skill } });
    t.mock.timers.tick(100);
  }
  world.events.textChange.fire({ document: { uri: Uri.file("/ws/README.md") } });
  t.mock.timers.tick(99); // 199 ms after the last SKILL.md change
  assert.equal(calls.length, before);
  t.mock.timers.tick(1);
  await settle();
  assert.equal(calls.length, before + 1);
});

test("switching to another SKILL.md retargets the preview", async (t) => {
  const { world, load } = fresh();
  const { preview, calls } = setup(world, load);
  await preview.show("catalog");
  t.mock.timers.enable({ apis: ["setTimeout"] });
  world.events.activeEditor.fire({ document: { uri: Uri.file("/ws/docx/SKILL.md") } });
  t.mock.timers.tick(200);
  await settle();
  assert.deepEqual(calls.at(-1), ["skill-ls.previewCatalog", "file:///ws/docx/SKILL.md", "agentskills"]);
});

test("activation without a SKILL.md open says so instead of failing", async () => {
  const { world, load } = fresh();
  const { preview } = setup(world, load);
  world.activeTextEditor = undefined;
  await preview.show("activation");
  assert.match(world.panels[0].webview.html, /Open a SKILL.md to preview its activation/);
});

test("a skill passed in (skills view, code lens) wins over the active editor", async () => {
  const { world, load } = fresh();
  const { preview, calls } = setup(world, load);
  await preview.show("activation", Uri.file("/ws/docx/SKILL.md"));
  assert.deepEqual(calls.at(-1), ["skill-ls.previewActivation", "file:///ws/docx/SKILL.md", "agentskills"]);
});
