// One copy of each problem: our findings that repeat VS Code's own SKILL.md checks are dropped.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh } = require("./stubs.cjs");

const TABLE = {
  checker: "VS Code's chat prompt validator (built-in extension vscode.prompt)",
  duplicates: [
    { code: "SKL104", vscodeKey: "k1", vscodeMessage: "Skill name may only contain lowercase letters, numbers, and hyphens.", oursAdds: null },
    { code: "SKL106", vscodeKey: "k2", vscodeMessage: "The skill name '{0}' should match the folder name '{1}'.", oursAdds: null },
    { code: "SKL301", vscodeKey: "k3", vscodeMessage: "Attribute '{0}' is not supported by VS Code skills.", oursAdds: "names the agents" },
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

test("the middleware drops repeats from pulled reports and asks for the table once", async () => {
  const { world, load } = fresh();
  withPromptExtension(world);
  const { duplicatesMiddleware } = load("common/server");
  let asked = 0;
  const middleware = duplicatesMiddleware(async () => (asked++, TABLE));
  const items = [ours("SKL104", "bad characters"), ours("SKL301", "unknown field"), { source: undefined, message: "Skill name may only contain…" }];
  const next = async () => ({ kind: "full", resultId: "1", items });
  const report = await middleware.provideDiagnostics("doc", undefined, undefined, next);
  assert.deepEqual(report.items.map((d) => d.message), ["unknown field", "Skill name may only contain…"]);
  assert.deepEqual(await middleware.provideDiagnostics("doc", "1", undefined, async () => ({ kind: "unChanged", resultId: "1" })), { kind: "unChanged", resultId: "1" });
  const pushed = [];
  middleware.handleDiagnostics("uri", items, (uri, list) => pushed.push(list.length));
  assert.deepEqual(pushed, [2]);
  assert.equal(asked, 1, "an unchanged report needs no table; pushes use the one loaded");

  world.settings = { showDuplicates: { value: true, globalValue: true } };
  const all = await middleware.provideDiagnostics("doc", undefined, undefined, next);
  assert.equal(all.items.length, 3);
});

test("the workspace report is filtered too, chunks and final report", async () => {
  const { world, load } = fresh();
  withPromptExtension(world);
  const { duplicatesMiddleware } = load("common/server");
  const middleware = duplicatesMiddleware(async () => TABLE);
  const chunk = { items: [{ kind: "full", uri: "u", version: null, items: [ours("SKL104", "bad"), ours("SKL124", "comma")] }, { kind: "unChanged", uri: "v", resultId: "3", version: null }] };
  const reported = [];
  const final = await middleware.provideWorkspaceDiagnostics([], undefined, (c) => reported.push(c), async (ids, token, reporter) => {
    reporter(chunk);
    return chunk;
  });
  for (const report of [reported[0], final]) {
    assert.deepEqual(report.items[0].items.map((d) => d.code.value), ["SKL124"]);
    assert.deepEqual(report.items[1], chunk.items[1]);
  }
});
