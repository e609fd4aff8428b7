// One copy of each problem: our findings that repeat VS Code's own SKILL.md checks are dropped.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh, Uri } = require("./stubs.cjs");

const TABLE = {
  checker: "VS Code's chat prompt validator (built-in extension vscode.prompt)",
  duplicates: [
    {
      code: "SKL104",
      vscodeKey: "k1",
      vscodeMessage: "Skill name may only contain lowercase letters, numbers, and hyphens.",
      oursAdds: null,
    },
    {
      code: "SKL106",
      vscodeKey: "k2",
      vscodeMessage: "The skill name '{0}' should match the folder name '{1}'.",
      oursAdds: null,
    },
    {
      code: "SKL301",
      vscodeKey: "k3",
      vscodeMessage: "Attribute '{0}' is not supported by VS Code skills.",
      oursAdds: "names the agents",
    },
  ],
  agentNames: ["Claude Code", "Copilot CLI", "pi"],
};
const ours = (code, message) => ({ source: "skill-ls", code: { value: code, target: "file:///rules.md" }, message });

test("keepFinding: a listed repeat goes; one that says more, or names an agent, stays", () => {
  const { load } = fresh();
  const { keepFinding } = load("common/duplicates");
  assert.equal(keepFinding(TABLE, ours("SKL104", "`name` 'A_b' contains characters 'A' '_'")), false);
  assert.equal(keepFinding(TABLE, ours("SKL106", "`name` 'x' does not match its folder 'y'; most clients warn")), false);
  assert.equal(keepFinding(TABLE, ours("SKL106", "`name` 'x' does not match its folder 'y'; Copilot CLI skips it")), true);
  assert.equal(keepFinding(TABLE, ours("SKL301", "unknown field `version`")), true);
  assert.equal(keepFinding(TABLE, ours("SKL124", "`allowed-tools` is comma-separated")), true);
  // "pi" only as a word: "pipeline" names no agent.
  assert.equal(keepFinding(TABLE, ours("SKL104", "the pipeline name is wrong")), false);
  assert.equal(keepFinding(TABLE, ours("SKL104", "pi drops it")), true);
  assert.equal(keepFinding(TABLE, { source: undefined, code: undefined, message: "Skill name may only contain…" }), true);
});

function withPromptExtension(world, languages = [{ id: "prompt" }, { id: "skill" }]) {
  world.extensions["vscode.prompt"] = { packageJSON: { contributes: { languages } } };
}

test("VS Code's checks count as active when its prompt extension claims SKILL.md", () => {
  const { world, load } = fresh();
  const { vscodeChecksActive, hidingDuplicates } = load("common/duplicates");
  assert.equal(vscodeChecksActive(), false);
  withPromptExtension(world, [{ id: "prompt" }]);
  assert.equal(vscodeChecksActive(), false);
  withPromptExtension(world);
  assert.equal(vscodeChecksActive(), true);
  assert.equal(hidingDuplicates(), true);
  world.settings = { showDuplicates: { value: true, globalValue: true } };
  assert.equal(hidingDuplicates(), false);
});

const shown = (world, ...paths) => (world.visibleTextEditors = paths.map((p) => ({ document: { uri: Uri.file(p) } })));

test("the middleware drops repeats from the reports of shown documents, and asks for the table then", async () => {
  const { world, load } = fresh();
  withPromptExtension(world);
  const { diagnosticsMiddleware } = load("common/server");
  let asked = 0;
  const middleware = diagnosticsMiddleware(async () => {
    asked++;
    return TABLE;
  });
  const items = [
    ours("SKL104", "bad characters"),
    ours("SKL301", "unknown field"),
    { source: undefined, message: "Skill name may only contain…" },
  ];
  const sent = [];
  const next = async (_document, previousResultId) => {
    sent.push(previousResultId);
    return { kind: "full", resultId: "2", items };
  };
  const doc = { uri: Uri.file("/ws/a/SKILL.md") };
  shown(world, "/ws/a/SKILL.md");
  const report = await middleware.provideDiagnostics(doc, "1", undefined, next);
  assert.deepEqual(
    report.items.map((d) => d.message),
    ["unknown field", "Skill name may only contain…"],
  );
  assert.equal(asked, 1);
  const unchanged = await middleware.provideDiagnostics(doc, "2", undefined, async (_d, previousResultId) => {
    sent.push(previousResultId);
    return { kind: "unChanged", resultId: "2" };
  });
  assert.deepEqual(unchanged, { kind: "unChanged", resultId: "2" });
  const pushed = [];
  middleware.handleDiagnostics(doc.uri, items, (_uri, list) => pushed.push(list.length));
  assert.deepEqual(pushed, [2]);

  // Not shown any more: VS Code's markers are gone, ours come back whole (no previous result id).
  shown(world, "/ws/other/SKILL.md");
  const whole = await middleware.provideDiagnostics(doc, "2", undefined, next);
  assert.equal(whole.items.length, 3);
  // The first pull and the one after the change go without a result id; the one between keeps it.
  assert.deepEqual(sent, [undefined, "2", undefined]);
  middleware.handleDiagnostics(doc.uri, items, (_uri, list) => pushed.push(list.length));
  assert.deepEqual(pushed, [2, 3]);

  // showDuplicates: everything, shown or not.
  shown(world, "/ws/a/SKILL.md");
  world.settings = { showDuplicates: { value: true, globalValue: true } };
  const all = await middleware.provideDiagnostics(doc, "3", undefined, next);
  assert.equal(all.items.length, 3);
});

test("a change in the shown SKILL.md files pulls the diagnostics again", async () => {
  const { world, load } = fresh();
  const { ServerSession, defaultDeps } = load("common/session");
  const output = world.vscode.window.createOutputChannel("Skill LS", { log: true });
  const session = new ServerSession("/ext", output, {
    ...defaultDeps,
    probe: async () => ({ version: [3, 12], executable: "/usr/bin/python3.12", options: [] }),
    pythonExtensionInterpreter: async () => undefined,
  });
  await session.start();
  const client = world.clients[0];
  shown(world, "/ws/a/SKILL.md", "/ws/README.md");
  world.events.visibleEditors.fire();
  shown(world, "/ws/README.md", "/ws/a/SKILL.md");
  world.events.visibleEditors.fire(); // the same SKILL.md files: nothing to do
  shown(world, "/ws/README.md");
  world.events.visibleEditors.fire();
  assert.equal(client.diagnosticRefreshes, 2);
});
