// The server's command line and the language client's options.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { fresh, settle } = require("./stubs.cjs");

test("bundled server runs as `python -S -m skill_ls serve` with PYTHONPATH=bundled/libs", () => {
  const { load } = fresh();
  const { serverOptions } = load("common/server");
  const options = serverOptions({ kind: "bundled", python: ["/usr/bin/python3"] }, "/ext", { PATH: "/bin", PYTHONPATH: "/evil" });
  assert.equal(options.command, "/usr/bin/python3");
  assert.deepEqual(options.args, ["-S", "-m", "skill_ls", "serve"]);
  assert.equal(options.options.env.PYTHONPATH, path.join("/ext", "bundled", "libs"));
  assert.equal(options.options.env.PYTHONSAFEPATH, "1");
  assert.equal(options.options.env.PATH, "/bin");
  // A transport would make the client append --stdio to the arguments.
  assert.equal(options.transport, undefined);
});

test("interpreter arguments come before -S", () => {
  const { load } = fresh();
  const options = load("common/server").serverOptions({ kind: "bundled", python: ["py", "-3"] }, "/ext", {});
  assert.equal(options.command, "py");
  assert.deepEqual(options.args, ["-3", "-S", "-m", "skill_ls", "serve"]);
});

test("skillLs.server.path runs `<path> serve` without our PYTHONPATH", () => {
  const { load } = fresh();
  const options = load("common/server").serverOptions({ kind: "executable", path: "/opt/skill-ls" }, "/ext", { HOME: "/h" });
  assert.equal(options.command, "/opt/skill-ls");
  assert.deepEqual(options.args, ["serve"]);
  assert.equal(options.options.env.PYTHONPATH, undefined);
  assert.equal(options.options.env.HOME, "/h");
});

test("document selector: the skill language, any SKILL.md file, and the manifests by path (any language)", () => {
  const { world, load } = fresh();
  const { createClient } = load("common/server");
  const client = createClient({ kind: "bundled", python: ["python3"] }, "/ext", world.vscode.window.createOutputChannel("x", { log: true }));
  assert.equal(client.id, "skillLs");
  assert.deepEqual(client.clientOptions.documentSelector, [
    { language: "skill" },
    { scheme: "file", pattern: "**/SKILL.md" },
    { scheme: "file", pattern: "**/.agents/plugins/marketplace.json" },
    { scheme: "file", pattern: "**/.claude-plugin/marketplace.json" },
    { scheme: "file", pattern: "**/.claude-plugin/plugin.json" },
    { scheme: "file", pattern: "**/.codex-plugin/plugin.json" },
    { scheme: "file", pattern: "**/.cursor-plugin/marketplace.json" },
    { scheme: "file", pattern: "**/.cursor-plugin/plugin.json" },
    { scheme: "file", pattern: "**/gemini-extension.json" },
  ]);
  assert.equal(client.clientOptions.synchronize.configurationSection, "skillLs");
});

test("the server gets the schema's keys, never interpreter/server.path/trace", async () => {
  const { world, load } = fresh();
  world.settings = {
    targetClients: { value: ["codex"], workspaceValue: ["codex"] },
    debounceMs: { defaultValue: 0 },
    interpreter: { defaultValue: [] },
    "server.path": { defaultValue: null },
    "trace.server": { defaultValue: "off" },
  };
  const { createClient } = load("common/server");
  const client = createClient({ kind: "bundled", python: ["python3"] }, "/ext", world.vscode.window.createOutputChannel("x", { log: true }));
  assert.deepEqual(client.clientOptions.initializationOptions, { targetClients: ["codex"], debounceMs: 0 });

  const middleware = client.clientOptions.middleware.workspace;
  const params = { items: [{ section: "skillLs" }, { section: "editor" }] };
  const answer = await middleware.configuration(params, undefined, () => [
    { targetClients: [], interpreter: ["x"], server: { path: "/x" }, trace: { server: "off" } },
    { tabSize: 2 },
  ]);
  assert.deepEqual(answer, [{ targetClients: [] }, { tabSize: 2 }]);

  await middleware.didChangeConfiguration(["skillLs"], () => assert.fail("must not send the raw section"));
  await settle();
  assert.deepEqual(client.notifications, [
    ["workspace/didChangeConfiguration", { settings: { skillLs: { targetClients: ["codex"], debounceMs: 0 } } }],
  ]);
});

test("the server never starts in the workspace: its working directory is the extension's folder", () => {
  const { load } = fresh();
  const { serverOptions } = load("common/server");
  for (const launch of [{ kind: "bundled", python: ["/usr/bin/python3"] }, { kind: "executable", path: "/opt/skill-ls" }]) {
    const options = serverOptions(launch, "/ext", {});
    assert.equal(options.options.cwd, "/ext", launch.kind);
  }
});

test("isManifestPath: a manifest's path at any depth, nothing beside it", () => {
  const { load } = fresh();
  const { isManifestPath } = load("common/constants");
  for (const p of ["/w/.claude-plugin/plugin.json", "/w/a/b/.agents/plugins/marketplace.json", "/gemini-extension.json"]) {
    assert.equal(isManifestPath(p), true, p);
  }
  for (const p of ["/w/plugin.json", "/w/.claude-plugin/other.json", "/w/my-gemini-extension.json", "/w/.claude/skills/x/SKILL.md"]) {
    assert.equal(isManifestPath(p), false, p);
  }
});
