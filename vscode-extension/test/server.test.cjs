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

test("document selector: the skill language, any SKILL.md file, root-level Markdown skills, the manifests and the instruction files by path (any language)", () => {
  const { world, load } = fresh();
  const { createClient } = load("common/server");
  const client = createClient(
    { kind: "bundled", python: ["python3"] },
    "/ext",
    world.vscode.window.createOutputChannel("x", { log: true }),
  );
  assert.equal(client.id, "skillLs");
  assert.deepEqual(client.clientOptions.documentSelector, [
    { language: "skill" },
    { scheme: "file", pattern: "**/SKILL.md" },
    { scheme: "file", pattern: "**/.agents/skills/*.md" },
    { scheme: "file", pattern: "**/.kimi-code/skills/*.md" },
    { scheme: "file", pattern: "**/.pi/agent/skills/*.md" },
    { scheme: "file", pattern: "**/.pi/skills/*.md" },
    { scheme: "file", pattern: "**/.agents/plugins/marketplace.json" },
    { scheme: "file", pattern: "**/.claude-plugin/marketplace.json" },
    { scheme: "file", pattern: "**/.claude-plugin/plugin.json" },
    { scheme: "file", pattern: "**/.codex-plugin/plugin.json" },
    { scheme: "file", pattern: "**/.cursor-plugin/marketplace.json" },
    { scheme: "file", pattern: "**/.cursor-plugin/plugin.json" },
    { scheme: "file", pattern: "**/gemini-extension.json" },
    { scheme: "file", pattern: "**/agents/openai.yaml" },
    { scheme: "file", pattern: "**/.claude/CLAUDE.md" },
    { scheme: "file", pattern: "**/.claude/commands/**/*.md" },
    { scheme: "file", pattern: "**/.factory/commands/**/*.md" },
    { scheme: "file", pattern: "**/AGENTS.md" },
    { scheme: "file", pattern: "**/AGENTS.override.md" },
    { scheme: "file", pattern: "**/CLAUDE.local.md" },
    { scheme: "file", pattern: "**/CLAUDE.md" },
    { scheme: "file", pattern: "**/QWEN.md" },
  ]);
  // No other Markdown file: a README or a doc page is none of the server's business.
  const patterns = client.clientOptions.documentSelector.map((entry) => entry.pattern ?? "");
  assert.ok(!patterns.includes("**/*.md"));
  assert.equal(client.clientOptions.synchronize.configurationSection, "skillLs");
});

test("the server gets the values the user set (no defaults, no extension-only keys) and the trust", async () => {
  const { world, load } = fresh();
  world.settings = {
    targetClients: { workspaceValue: ["codex"], defaultValue: [] },
    debounceMs: { defaultValue: 0 },
    ignore: { defaultValue: [] },
    docsUrl: { defaultValue: null, workspaceValue: "command:workbench.extensions.command.installFromVSIX", restricted: true },
    interpreter: { defaultValue: [], globalValue: ["/usr/bin/python3"] },
    "server.path": { defaultValue: null },
    "trace.server": { defaultValue: "off", globalValue: "verbose" },
  };
  const { createClient } = load("common/server");
  const output = world.vscode.window.createOutputChannel("x", { log: true });
  const client = createClient({ kind: "bundled", python: ["/usr/bin/python3"] }, "/ext", output);
  const sent = { targetClients: ["codex"], docsUrl: "command:workbench.extensions.command.installFromVSIX" };
  assert.deepEqual(client.clientOptions.initializationOptions, { skillLs: sent, workspaceTrusted: true });

  // workspace/configuration: our section is answered from inspect(), not from the effective
  // values (defaults included) the client found; other sections pass.
  const middleware = client.clientOptions.middleware.workspace;
  const params = { items: [{ section: "skillLs" }, { section: "editor" }, { section: "skillLs", scopeUri: "file:///ws/a" }] };
  const answer = await middleware.configuration(params, undefined, () => [
    { targetClients: ["codex"], ignore: [], debounceMs: 0, interpreter: ["x"], server: { path: "/x" }, trace: { server: "off" } },
    { tabSize: 2 },
    { ignore: [] },
  ]);
  assert.deepEqual(answer, [sent, { tabSize: 2 }, sent]);

  await middleware.didChangeConfiguration(["skillLs"], () => assert.fail("must not send the raw section"));
  await settle();
  assert.deepEqual(client.notifications, [["workspace/didChangeConfiguration", { settings: { skillLs: sent } }]]);

  // Untrusted: the repository's docsUrl is not sent, anywhere.
  world.trusted = false;
  const restricted = createClient({ kind: "bundled", python: ["/usr/bin/python3"] }, "/ext", output);
  assert.deepEqual(restricted.clientOptions.initializationOptions, {
    skillLs: { targetClients: ["codex"] },
    workspaceTrusted: false,
  });
  const again = await restricted.clientOptions.middleware.workspace.configuration(
    { items: [{ section: "skillLs" }] },
    undefined,
    () => [{}],
  );
  assert.deepEqual(again, [{ targetClients: ["codex"] }]);
  await restricted.clientOptions.middleware.workspace.didChangeConfiguration(["skillLs"], () => {});
  await settle();
  assert.deepEqual(restricted.notifications, [
    ["workspace/didChangeConfiguration", { settings: { skillLs: { targetClients: ["codex"] } } }],
  ]);
});

test("the server never starts in the workspace: its working directory is the extension's folder", () => {
  const { load } = fresh();
  const { serverOptions } = load("common/server");
  for (const launch of [
    { kind: "bundled", python: ["/usr/bin/python3"] },
    { kind: "executable", path: "/opt/skill-ls" },
  ]) {
    const options = serverOptions(launch, "/ext", {});
    assert.equal(options.options.cwd, "/ext", launch.kind);
  }
});

test("a code link or document link that is not https: or file: never reaches the editor", async () => {
  const { load } = fresh();
  const { diagnosticsMiddleware } = load("common/client");
  const { Uri } = require("./stubs.cjs");
  const finding = (target) => ({ message: "m", source: "skill-ls", code: { value: "SKL104", target: Uri.parse(target) } });
  const items = () => [
    finding("command:workbench.extensions.command.installFromVSIX?%5B%5D"),
    finding("https://example.com/rules#skl104"),
    finding("file:///ext/rules.md#skl104"),
    { message: "plain", code: "X" },
  ];
  const codes = (list) => list.map((d) => (typeof d.code === "object" ? `${d.code.value} ${d.code.target.scheme}` : d.code));
  const middleware = diagnosticsMiddleware();
  const expected = ["SKL104", "SKL104 https", "SKL104 file", "X"];

  // Pull (a document), push, and the workspace pull's chunks.
  const pulled = await middleware.provideDiagnostics(Uri.file("/ws/a/SKILL.md"), undefined, undefined, async () => ({
    kind: "full",
    items: items(),
  }));
  assert.deepEqual(codes(pulled.items), expected);
  const pushed = [];
  middleware.handleDiagnostics(Uri.file("/ws/a/SKILL.md"), items(), (_uri, list) => pushed.push(...list));
  assert.deepEqual(codes(pushed), expected);
  const chunks = [];
  await middleware.provideWorkspaceDiagnostics(
    [],
    undefined,
    (chunk) => chunks.push(chunk),
    async (_ids, _token, report) => {
      report({
        items: [
          { kind: "full", uri: Uri.file("/ws/b/SKILL.md"), items: items() },
          { kind: "unChanged", uri: Uri.file("/ws/c/SKILL.md") },
        ],
      });
      report(null);
      return { items: [] };
    },
  );
  assert.deepEqual(codes(chunks[0].items[0].items), expected);
  assert.equal(chunks[1], null);

  const links = await middleware.provideDocumentLinks({}, undefined, async () => [
    { target: Uri.parse("command:workbench.action.terminal.new") },
    { target: Uri.file("/ws/a/references/x.md") },
    { target: undefined },
  ]);
  assert.deepEqual(
    links.map((l) => l.target?.scheme),
    ["file", undefined],
  );
});

test("in VS Code for the Web a link into the workspace's own scheme opens, a command still does not", async () => {
  const { world, load } = fresh();
  const { Uri } = require("./stubs.cjs");
  world.workspaceFolders = [{ uri: Uri.parse("vscode-vfs://github/o/r"), name: "r", index: 0 }];
  const { diagnosticsMiddleware } = load("common/client");
  const links = await diagnosticsMiddleware().provideDocumentLinks({}, undefined, async () => [
    { target: Uri.parse("vscode-vfs://github/o/r/a/references/x.md") },
    { target: Uri.parse("command:workbench.action.terminal.new") },
    { target: Uri.parse("vscode-remote://elsewhere/x.md") },
  ]);
  assert.deepEqual(
    links.map((l) => l.target.scheme),
    ["vscode-vfs"],
  );
});

test("isManifestPath: a manifest's path at any depth, nothing beside it", () => {
  const { load } = fresh();
  const { isManifestPath } = load("common/constants");
  for (const p of ["/w/.claude-plugin/plugin.json", "/w/a/b/.agents/plugins/marketplace.json", "/gemini-extension.json"]) {
    assert.equal(isManifestPath(p), true, p);
  }
  for (const p of [
    "/w/plugin.json",
    "/w/.claude-plugin/other.json",
    "/w/my-gemini-extension.json",
    "/w/.claude/skills/x/SKILL.md",
  ]) {
    assert.equal(isManifestPath(p), false, p);
  }
});

test("instruction files are recognised by path, other Markdown files are not", () => {
  const { load } = fresh();
  const { isInstructionPath } = load("common/constants");
  for (const path of ["/w/CLAUDE.md", "/w/pkg/AGENTS.md", "/w/.claude/commands/ship.md", "/w/.claude/commands/a/b.md"]) {
    assert.ok(isInstructionPath(path), path);
  }
  for (const path of ["/w/README.md", "/w/NOTCLAUDE.md", "/w/.claude/commands.md", "/w/docs/commands/x.md", "/w/SKILL.md"]) {
    assert.ok(!isInstructionPath(path), path);
  }
});
