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
const at = (line, from, to) => ({ start: { line, character: from }, end: { line, character: to } });
const NAME = at(1, 6, 13); // `name: A_b-cd`'s value
const ours = (code, message, range = NAME) => ({
  source: "skill-ls",
  code: { value: code, target: "file:///rules.md" },
  message,
  range,
});
const theirs = (message, range = NAME) => ({ source: undefined, code: undefined, message, range });
const CHARSET = "Skill name may only contain lowercase letters, numbers, and hyphens.";

test("keepFinding: ours goes only while VS Code's own marker says it on the same range", () => {
  const { load } = fresh();
  const { keepFinding } = load("common/duplicates");
  const charset = ours("SKL104", "`name` 'A_b' contains characters 'A' '_'");
  assert.equal(keepFinding(TABLE, charset, [theirs(CHARSET)]), false);
  // No marker (a build without the check, a file VS Code has not checked yet): ours stays.
  assert.equal(keepFinding(TABLE, charset, []), true);
  // A build that words it otherwise, or a marker elsewhere in the file: ours stays.
  assert.equal(keepFinding(TABLE, charset, [theirs("Skill names use lowercase letters only.")]), true);
  assert.equal(keepFinding(TABLE, charset, [theirs(CHARSET, at(4, 0, 9))]), true);
  // The row's holes take any text; ranges that only touch still count as the same place.
  const mismatch = "The skill name 'x' should match the folder name 'y'.";
  const folder = ours("SKL106", "`name` 'x' does not match its folder 'y'; most clients warn");
  assert.equal(keepFinding(TABLE, folder, [theirs(mismatch, at(1, 13, 20))]), false);
  assert.equal(keepFinding(TABLE, folder, [theirs(mismatch, at(1, 14, 20))]), true);
  // Ours says more: it names an agent, or the table marks it (SKL301).
  const named = ours("SKL106", "`name` 'x' does not match its folder 'y'; Copilot CLI skips it");
  assert.equal(keepFinding(TABLE, named, [theirs(mismatch)]), true);
  const unknown = "Attribute 'version' is not supported by VS Code skills.";
  assert.equal(keepFinding(TABLE, ours("SKL301", "unknown field `version`"), [theirs(unknown)]), true);
  assert.equal(keepFinding(TABLE, ours("SKL124", "`allowed-tools` is comma-separated"), [theirs(CHARSET)]), true);
  // "pi" only as a word: "pipeline" names no agent.
  assert.equal(keepFinding(TABLE, ours("SKL104", "the pipeline name is wrong"), [theirs(CHARSET)]), false);
  assert.equal(keepFinding(TABLE, ours("SKL104", "pi drops it"), [theirs(CHARSET)]), true);
  assert.equal(keepFinding(TABLE, theirs(CHARSET), [theirs(CHARSET)]), true);
});

test("vscodeTextPattern: the catalogue's holes match any text, the rest only itself", () => {
  const { load } = fresh();
  const { vscodeTextPattern } = load("common/duplicates");
  const pattern = vscodeTextPattern("File '{0}' not found at '{1}'.");
  assert.ok(pattern.test("File 'references/a (1).md' not found at '/ws/x/references/a (1).md'."));
  assert.ok(!pattern.test("File 'a.md' not found at '/ws/a.md'. Extra"));
  assert.ok(!pattern.test("Skill name may only contain lowercase letters, numbers, and hyphens."));
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
  const { diagnosticsMiddleware } = load("common/client");
  let asked = 0;
  const middleware = diagnosticsMiddleware(async () => {
    asked++;
    return TABLE;
  });
  const items = [ours("SKL104", "bad characters"), ours("SKL301", "unknown field"), theirs(CHARSET)];
  const sent = [];
  const next = async (_document, previousResultId) => {
    sent.push(previousResultId);
    return { kind: "full", resultId: "2", items };
  };
  const doc = { uri: Uri.file("/ws/a/SKILL.md") };
  shown(world, "/ws/a/SKILL.md");
  world.markers[doc.uri.toString()] = [theirs(CHARSET)];
  const report = await middleware.provideDiagnostics(doc, "1", undefined, next);
  assert.deepEqual(
    report.items.map((d) => d.message),
    ["unknown field", CHARSET],
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

  // VS Code's marker gone while the file is still shown (it re-checked): ours comes back whole.
  world.markers[doc.uri.toString()] = [];
  const back = await middleware.provideDiagnostics(doc, "2", undefined, next);
  assert.equal(back.items.length, 3);
  world.markers[doc.uri.toString()] = [theirs(CHARSET)];
  await middleware.provideDiagnostics(doc, "2", undefined, next);

  // Not shown any more: VS Code's markers are gone, ours come back whole (no previous result id).
  shown(world, "/ws/other/SKILL.md");
  delete world.markers[doc.uri.toString()];
  const whole = await middleware.provideDiagnostics(doc, "2", undefined, next);
  assert.equal(whole.items.length, 3);
  // Each pull after a change goes without a result id; the one between two alike keeps it.
  assert.deepEqual(sent, [undefined, "2", undefined, undefined, undefined]);
  middleware.handleDiagnostics(doc.uri, items, (_uri, list) => pushed.push(list.length));
  assert.deepEqual(pushed, [2, 3]);

  // showDuplicates: everything, shown or not.
  shown(world, "/ws/a/SKILL.md");
  world.settings = { showDuplicates: { value: true, globalValue: true } };
  const all = await middleware.provideDiagnostics(doc, "3", undefined, next);
  assert.equal(all.items.length, 3);
});

/** A running session's language client (a Python 3.12 found), in the fake world. */
async function startedClient(world, load) {
  const { ServerSession } = load("common/session");
  const { defaultDeps } = load("common/launch");
  const output = world.vscode.window.createOutputChannel("Skill LS", { log: true });
  const session = new ServerSession("/ext", output, {
    ...defaultDeps,
    probe: async () => ({ version: [3, 12], executable: "/usr/bin/python3.12", options: [] }),
    pythonExtensionInterpreter: async () => undefined,
  });
  await session.start();
  return world.clients[0];
}

test("a change in the shown SKILL.md files pulls the diagnostics again", async () => {
  const { world, load } = fresh();
  const client = await startedClient(world, load);
  shown(world, "/ws/a/SKILL.md", "/ws/README.md");
  world.events.visibleEditors.fire();
  shown(world, "/ws/README.md", "/ws/a/SKILL.md");
  world.events.visibleEditors.fire(); // the same SKILL.md files: nothing to do
  shown(world, "/ws/README.md");
  world.events.visibleEditors.fire();
  assert.equal(client.diagnosticRefreshes, 2);
});

test("VS Code's markers changing on a shown SKILL.md pull the diagnostics again; ours changing do not", async () => {
  const { world, load } = fresh();
  withPromptExtension(world);
  const client = await startedClient(world, load);
  const skill = Uri.file("/ws/a/SKILL.md");
  const readme = Uri.file("/ws/README.md");
  shown(world, "/ws/a/SKILL.md", "/ws/README.md");
  const changed = (...uris) => world.events.diagnostics.fire({ uris });
  changed(skill); // only ours so far: nothing of VS Code's to filter beside
  assert.equal(client.diagnosticRefreshes ?? 0, 0);
  world.markers[skill.toString()] = [theirs(CHARSET)];
  changed(skill);
  assert.equal(client.diagnosticRefreshes, 1);
  world.markers[skill.toString()].push(ours("SKL301", "unknown field"));
  changed(skill); // ours came back: VS Code's are as they were
  assert.equal(client.diagnosticRefreshes, 1);
  world.markers[readme.toString()] = [theirs("a README lint")];
  changed(readme); // not a SKILL.md
  assert.equal(client.diagnosticRefreshes, 1);
  world.markers[skill.toString()] = [];
  changed(skill);
  assert.equal(client.diagnosticRefreshes, 2);
  // With both shown (showDuplicates), nothing is filtered, so nothing is pulled for it.
  world.settings = { showDuplicates: { value: true, globalValue: true } };
  world.markers[skill.toString()] = [theirs(CHARSET)];
  changed(skill);
  assert.equal(client.diagnosticRefreshes, 2);
});
