// package.json and activate(): ids, selectors, activation, trust, and the generated settings.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const { fresh, settle } = require("./stubs.cjs");

const root = path.join(__dirname, "..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const schema = JSON.parse(fs.readFileSync(path.join(root, "..", "skill_ls", "data", "settings.schema.json"), "utf8"));
const OUR_COMMANDS = [
  "skillLs.showCatalogPreview",
  "skillLs.showActivationPreview",
  "skillLs.restartServer",
  "skillLs.showOutput",
  "skillLs.skills.groupByFolder",
  "skillLs.skills.groupByAgent",
  "skillLs.skills.refresh",
  "skillLs.skills.previewCatalog",
  "skillLs.skills.previewActivation",
  "skillLs.skills.revealInExplorer",
];

test("engine floor for vscode-languageclient 11, types pinned to it, exact versions", () => {
  assert.equal(pkg.engines.vscode, "^1.91.0");
  assert.equal(pkg.devDependencies["@types/vscode"], "1.91.0");
  assert.equal(pkg.dependencies["vscode-languageclient"], "11.0.0");
  for (const deps of [pkg.dependencies, pkg.devDependencies]) {
    for (const [name, version] of Object.entries(deps)) assert.match(version, /^\d+\.\d+\.\d+$/, `${name} is not pinned`);
  }
});

test("activation: SKILL.md, or a workspace holding a manifest or a root-level Markdown skill some agent reads", () => {
  assert.deepEqual(pkg.activationEvents, [
    "onLanguage:skill",
    "workspaceContains:**/SKILL.md",
    "workspaceContains:**/.agents/plugins/marketplace.json",
    "workspaceContains:**/.claude-plugin/marketplace.json",
    "workspaceContains:**/.claude-plugin/plugin.json",
    "workspaceContains:**/.codex-plugin/plugin.json",
    "workspaceContains:**/.cursor-plugin/marketplace.json",
    "workspaceContains:**/.cursor-plugin/plugin.json",
    "workspaceContains:**/gemini-extension.json",
    "workspaceContains:**/agents/openai.yaml",
    "workspaceContains:**/.agents/skills/*.md",
    "workspaceContains:**/.kimi-code/skills/*.md",
    "workspaceContains:**/.pi/agent/skills/*.md",
    "workspaceContains:**/.pi/skills/*.md",
  ]);
  // The manifests keep VS Code's JSON languages: we contribute no language for them.
  assert.deepEqual(
    pkg.contributes.languages.map((l) => l.id),
    ["skill"],
  );
  const skill = pkg.contributes.languages.find((l) => l.id === "skill");
  assert.deepEqual(skill.filenames, ["SKILL.md"]);
});

test("palette commands: our own ids with 'Skill:' titles, never the server's ids", () => {
  const contributed = pkg.contributes.commands.map((c) => c.command);
  for (const id of OUR_COMMANDS) assert.ok(contributed.includes(id), id);
  assert.ok(
    contributed.every((id) => id.startsWith("skillLs.")),
    "a server command id is contributed",
  );
  const titles = Object.fromEntries(pkg.contributes.commands.map((c) => [c.command, `${c.category}: ${c.title}`]));
  assert.equal(titles["skillLs.showCatalogPreview"], "Skill: Preview Catalog");
  assert.equal(titles["skillLs.showActivationPreview"], "Skill: Preview Activation");
  assert.equal(titles["skillLs.restartServer"], "Skill: Restart Server");
  assert.equal(titles["skillLs.showOutput"], "Skill: Show Output");
  const hidden = pkg.contributes.menus.commandPalette.find((m) => m.command === "skillLs.test.dumpState");
  assert.equal(hidden.when, "skillLs.testMode");
});

test("the Skills view: in the Explorer, grouping toggle in its title, preview/reveal on each skill", () => {
  assert.deepEqual(
    pkg.contributes.views.explorer.map((v) => [v.id, v.name]),
    [["skillLs.skills", "Skills"]],
  );
  const title = pkg.contributes.menus["view/title"].map((m) => [m.command, m.when]);
  assert.deepEqual(title, [
    ["skillLs.skills.groupByFolder", "view == skillLs.skills && skillLs.skillsView.grouping != folder"],
    ["skillLs.skills.groupByAgent", "view == skillLs.skills && skillLs.skillsView.grouping == folder"],
    ["skillLs.skills.refresh", "view == skillLs.skills"],
  ]);
  const context = pkg.contributes.menus["view/item/context"];
  assert.deepEqual(
    context.map((m) => m.command),
    ["skillLs.skills.previewCatalog", "skillLs.skills.previewActivation", "skillLs.skills.revealInExplorer"],
  );
  assert.ok(context.every((m) => m.when === "view == skillLs.skills && viewItem == skill"));
});

test("workspace trust: limited, the schema's x-restricted keys restricted (generated)", async () => {
  assert.equal(pkg.capabilities.untrustedWorkspaces.supported, "limited");
  assert.deepEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations, [
    "skillLs.extraRoots",
    "skillLs.builtinSkills",
    "skillLs.docsUrl",
    "skillLs.interpreter",
    "skillLs.server.path",
  ]);
  assert.match(pkg.capabilities.untrustedWorkspaces.description, /\.skill-ls\.toml/);
  const { restrictedConfigurations, checkTrust, generatedModule } = await import(path.join(root, "scripts", "gen-settings.mjs"));
  assert.deepEqual(restrictedConfigurations(schema), pkg.capabilities.untrustedWorkspaces.restrictedConfigurations);
  const generated = fs.readFileSync(path.join(root, "src", "common", "settingKeys.generated.ts"), "utf8");
  assert.deepEqual(checkTrust(pkg, generated, schema), [], "stale: run node scripts/gen-settings.mjs");
  // A key newly marked x-restricted makes both stale; so does a hand edit of the list.
  const marked = structuredClone(schema);
  marked.properties.ignore["x-restricted"] = true;
  assert.deepEqual(checkTrust(pkg, generated, marked), [
    "package.json restrictedConfigurations",
    "src/common/settingKeys.generated.ts",
  ]);
  assert.ok(generatedModule(marked).includes('"ignore",\n  "extraRoots",'));
  const edited = structuredClone(pkg);
  edited.capabilities.untrustedWorkspaces.restrictedConfigurations.pop();
  assert.deepEqual(checkTrust(edited, generated, schema), ["package.json restrictedConfigurations"]);
});

test("the preview commands take only a SKILL.md on disk as their argument", () => {
  const { world, load } = fresh();
  const { asSkillUri } = load("extension");
  const { Uri } = world.vscode;
  assert.equal(asSkillUri("file:///ws/a/SKILL.md").fsPath, "/ws/a/SKILL.md");
  assert.equal(asSkillUri(Uri.file("/ws/a/SKILL.md")).fsPath, "/ws/a/SKILL.md");
  for (const odd of [
    "command:workbench.action.terminal.new",
    "https://example.com/SKILL.md",
    "untitled:SKILL.md",
    "file:///etc/passwd",
    "/ws/a/SKILL.md",
    3,
    {},
    undefined,
  ]) {
    assert.equal(asSkillUri(odd), undefined, String(odd));
  }
  assert.equal(asSkillUri(new Uri("vscode-remote", "/ws/a/SKILL.md")), undefined);
});

test("activate registers exactly our commands (the dump only with SKILL_LS_TEST_DUMP)", async () => {
  const saved = process.env.SKILL_LS_TEST_DUMP;
  try {
    delete process.env.SKILL_LS_TEST_DUMP;
    let { world, load } = fresh();
    const context = {
      extensionPath: "/ext",
      subscriptions: [],
      workspaceState: { get: () => undefined, update: async () => {} },
    };
    load("extension").activate(context);
    assert.deepEqual([...world.commands.keys()].sort(), [...OUR_COMMANDS].sort());
    assert.equal(world.statusItems.length, 1);
    assert.deepEqual(world.statusItems[0].selector, [{ language: "skill" }, { scheme: "file", pattern: "**/SKILL.md" }]);

    process.env.SKILL_LS_TEST_DUMP = "/tmp/x.json";
    ({ world, load } = fresh());
    load("extension").activate({ ...context, subscriptions: [] });
    assert.ok(world.commands.has("skillLs.test.dumpState"));
    assert.deepEqual(
      world.executed.filter(([id]) => id === "setContext"),
      [
        ["setContext", "skillLs.skillsView.grouping", "agent"],
        ["setContext", "skillLs.testMode", true],
      ],
    );
    await settle();
  } finally {
    if (saved === undefined) delete process.env.SKILL_LS_TEST_DUMP;
    else process.env.SKILL_LS_TEST_DUMP = saved;
  }
});

test("contributes.configuration is generated from the one schema", async () => {
  const { configurationFromSchema, check } = await import(path.join(root, "scripts", "gen-settings.mjs"));
  const generated = configurationFromSchema(schema);
  // Keys marked x-file-only (`overrides`) live in configuration files only: not offered here.
  const offered = Object.entries(schema.properties).filter(([, spec]) => spec["x-file-only"] !== true);
  assert.ok(offered.length < Object.keys(schema.properties).length, "some key is file-only");
  assert.deepEqual(
    Object.keys(generated.properties),
    offered.map(([k]) => `skillLs.${k}`),
  );
  assert.ok(!("skillLs.overrides" in generated.properties));
  for (const [key, spec] of offered) {
    const property = generated.properties[`skillLs.${key}`];
    for (const field of ["type", "description", "enum", "default", "items"])
      assert.deepEqual(property[field], spec[field], `${key}.${field}`);
    assert.equal(property.scope, spec.scope ?? "resource");
  }
  assert.deepEqual(check(pkg, schema), [], "package.json has drifted: run node scripts/gen-settings.mjs");

  const drifted = structuredClone(pkg);
  drifted.contributes.configuration.properties["skillLs.debounceMs"].default = 300;
  delete drifted.contributes.configuration.properties["skillLs.unicodeNames"];
  assert.deepEqual(check(drifted, schema).sort(), ["skillLs.debounceMs", "skillLs.unicodeNames"]);
  const newKey = structuredClone(schema);
  newKey.properties.newSetting = { type: "boolean", default: true, description: "new" };
  assert.deepEqual(check(pkg, newKey), ["skillLs.newSetting"]);
});

test("the README's settings table is generated too", async () => {
  const { withTable, settingsTable } = await import(path.join(root, "scripts", "gen-settings.mjs"));
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  assert.equal(withTable(readme, schema), readme, "README.md is stale: run node scripts/gen-settings.mjs");
  const table = settingsTable(schema);
  for (const [key, spec] of Object.entries(schema.properties)) {
    assert.equal(table.includes(`| \`skillLs.${key}\` |`), spec["x-file-only"] !== true, key);
  }
});

test("bundled/requirements.txt pins every runtime dependency of pyproject.toml", () => {
  const pyproject = fs.readFileSync(path.join(root, "..", "pyproject.toml"), "utf8");
  const block = /^dependencies = \[([\s\S]*?)^\]/m.exec(pyproject)[1];
  const wanted = [...block.matchAll(/"([A-Za-z0-9_.-]+)/g)].map((m) => m[1].toLowerCase().replace(/[-_.]+/g, "-"));
  const pinned = fs
    .readFileSync(path.join(root, "bundled", "requirements.txt"), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      assert.match(l, /^[A-Za-z0-9_.-]+==[\w.]+$/, `not pinned exactly: ${l}`);
      return l
        .split("==")[0]
        .toLowerCase()
        .replace(/[-_.]+/g, "-");
    });
  for (const name of wanted) assert.ok(pinned.includes(name), `${name} is missing from bundled/requirements.txt`);
});

test("gen-settings --check passes on the committed package.json", () => {
  const run = spawnSync(process.execPath, [path.join(root, "scripts", "gen-settings.mjs"), "--check"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
});

test("the manifest selector and activation are generated from the client table's data", async () => {
  const { activationEvents, check, generatedModule } = await import(path.join(root, "scripts", "gen-manifests.mjs"));
  const data = JSON.parse(fs.readFileSync(path.join(root, "..", "skill_ls", "data", "manifest_files.json"), "utf8"));
  const generated = fs.readFileSync(path.join(root, "src", "common", "manifestPatterns.generated.ts"), "utf8");
  assert.deepEqual(check(pkg, generated, data), [], "stale: run node scripts/gen-manifests.mjs");
  assert.deepEqual(
    activationEvents(data).slice(2),
    [...data.patterns, ...data.rootMarkdownPatterns].map((p) => `workspaceContains:${p}`),
  );

  // A bundle format added to the table (a new pattern in the data file) makes both stale.
  const added = { ...data, patterns: [...data.patterns, "**/.new-agent/bundle.json"] };
  assert.deepEqual(check(pkg, generated, added), ["package.json activationEvents", "src/common/manifestPatterns.generated.ts"]);
  assert.ok(generatedModule(added).includes('  "**/.new-agent/bundle.json",\n];'));
});

test("gen-manifests --check passes on the committed files", () => {
  const run = spawnSync(process.execPath, [path.join(root, "scripts", "gen-manifests.mjs"), "--check"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
});
