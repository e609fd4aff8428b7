// Launch settings (with Workspace Trust) and the settings sent to the server.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh } = require("./stubs.cjs");

const vars = { workspaceFolder: "/ws", userHome: "/home/u" };

function configWith(settings) {
  return {
    get: (key) => settings[key]?.workspaceValue ?? settings[key]?.globalValue ?? settings[key]?.defaultValue,
    inspect: (key) => settings[key],
  };
}

const settings = {
  interpreter: {
    defaultValue: [],
    globalValue: ["/usr/bin/python3.12"],
    workspaceValue: ["${workspaceFolder}/.venv/bin/python"],
  },
  "server.path": { defaultValue: null, workspaceValue: "./evil" },
};

test("trusted workspace: workspace values win, variables expanded", () => {
  const { load } = fresh();
  const { readLaunchSettings } = load("common/settings");
  assert.deepEqual(readLaunchSettings(configWith(settings), true, vars), {
    interpreter: ["/ws/.venv/bin/python"],
    runtime: "auto",
    serverPath: "./evil",
    ignored: [],
  });
});

test("untrusted workspace: only the user's own (global) values count", () => {
  const { load } = fresh();
  const { readLaunchSettings } = load("common/settings");
  assert.deepEqual(readLaunchSettings(configWith(settings), false, vars), {
    interpreter: ["/usr/bin/python3.12"],
    runtime: "auto",
    serverPath: undefined,
    ignored: [],
  });
});

test("untrusted workspace: the user's own value is not used either when it names a program in the workspace", () => {
  const { load } = fresh();
  const { readLaunchSettings } = load("common/settings");
  const inRepo = {
    interpreter: { defaultValue: [], globalValue: ["${workspaceFolder}/.venv/bin/python"] },
    "server.path": { defaultValue: null, globalValue: "${workspaceFolder}/bin/skill-ls" },
  };
  assert.deepEqual(readLaunchSettings(configWith(inRepo), false, vars), {
    interpreter: [],
    runtime: "auto",
    serverPath: undefined,
    ignored: ["interpreter", "server.path"],
  });
  assert.deepEqual(readLaunchSettings(configWith(inRepo), true, vars), {
    interpreter: ["/ws/.venv/bin/python"],
    runtime: "auto",
    serverPath: "/ws/bin/skill-ls",
    ignored: [],
  });
});

test("empty and malformed values mean 'not set'", () => {
  const { load } = fresh();
  const { readLaunchSettings } = load("common/settings");
  const odd = {
    interpreter: { defaultValue: [], globalValue: "python3" },
    "server.path": { defaultValue: null, globalValue: "  " },
    runtime: { defaultValue: "auto", globalValue: "java" },
  };
  const none = { interpreter: [], runtime: "auto", serverPath: undefined, ignored: [] };
  assert.deepEqual(readLaunchSettings(configWith(odd), true, vars), none);
  const blanks = { interpreter: { globalValue: ["", " ", 3] }, "server.path": {}, runtime: { globalValue: 3 } };
  assert.deepEqual(readLaunchSettings(configWith(blanks), true, vars), none);
});

test("substitute expands ~, ${userHome} and ${workspaceFolder}", () => {
  const { load } = fresh();
  const { substitute } = load("common/settings");
  assert.equal(substitute("~/bin/skill-ls", vars), "/home/u/bin/skill-ls");
  assert.equal(substitute("${userHome}/x:${workspaceFolder}/y", vars), "/home/u/x:/ws/y");
  assert.equal(substitute("a~b", vars), "a~b");
});

// What a repository's .vscode/settings.json and the user's settings say, as inspect() reports it.
const REPOSITORY = {
  targetClients: { defaultValue: [], globalValue: ["codex"] },
  rules: { defaultValue: {} }, // only the default: not sent
  ignore: { defaultValue: [], workspaceValue: ["SKL301"] },
  select: { defaultValue: [], globalValue: ["SKL1"], workspaceFolderValue: ["SKL4"] },
  debounceMs: { defaultValue: 0, globalValue: 0 }, // set to its default value: still set
  docsUrl: {
    defaultValue: null,
    globalValue: "https://example.com/rules#{code}",
    workspaceValue: "command:workbench.action.openSettings",
  },
  extraRoots: { defaultValue: [], workspaceValue: ["/etc"] },
  builtinSkills: { defaultValue: null, workspaceFolderValue: "/repo/builtins" },
  interpreter: { defaultValue: [], workspaceValue: ["/repo/py"] },
  "server.path": { defaultValue: null, workspaceValue: "/repo/evil" },
  "trace.server": { defaultValue: "off", globalValue: "verbose" },
  showDuplicates: { defaultValue: false, globalValue: true },
};

test("readServerSettings sends only the values the user set, the most specific one, no extension-only keys", () => {
  const { world, load } = fresh();
  world.settings = REPOSITORY;
  const { readServerSettings } = load("common/settings");
  assert.deepEqual(readServerSettings(undefined, true), {
    targetClients: ["codex"],
    ignore: ["SKL301"],
    select: ["SKL4"],
    debounceMs: 0,
    docsUrl: "command:workbench.action.openSettings",
    extraRoots: ["/etc"],
    builtinSkills: "/repo/builtins",
  });
  // Objects merge over each other as VS Code merges them; a restricted one only from the user.
  world.settings = {
    rules: { defaultValue: {}, globalValue: { SKL105: "off", SKL301: "hint" }, workspaceValue: { SKL301: "error" } },
  };
  assert.deepEqual(readServerSettings(undefined, true), { rules: { SKL105: "off", SKL301: "error" } });
  // Nothing set: nothing sent (the folder's .skill-ls.toml then applies).
  world.settings = { ignore: { defaultValue: [] }, targetClients: { defaultValue: [] }, docsUrl: { defaultValue: null } };
  assert.deepEqual(readServerSettings(undefined, true), {});
});

test("untrusted workspace: the workspace's values of the restricted keys are not sent, the user's are", () => {
  const { world, load } = fresh();
  world.settings = REPOSITORY;
  world.trusted = false;
  const { readServerSettings } = load("common/settings");
  const untrusted = readServerSettings();
  assert.deepEqual(untrusted, {
    targetClients: ["codex"],
    ignore: ["SKL301"], // not restricted: the workspace's value still counts
    select: ["SKL4"],
    debounceMs: 0,
    docsUrl: "https://example.com/rules#{code}", // the user's own
  });
  assert.equal("extraRoots" in untrusted, false);
  assert.equal("builtinSkills" in untrusted, false);
});

test("initializationOptions: the section the user set, and whether the workspace is trusted", () => {
  const { world, load } = fresh();
  world.settings = {
    ignore: { defaultValue: [], workspaceValue: ["SKL1"] },
    extraRoots: { defaultValue: [], workspaceValue: ["x"] },
    debounceMs: { defaultValue: 0 },
  };
  const { initializationOptions } = load("common/settings");
  assert.deepEqual(initializationOptions(), { skillLs: { ignore: ["SKL1"], extraRoots: ["x"] }, workspaceTrusted: true });
  world.trusted = false;
  assert.deepEqual(initializationOptions(), { skillLs: { ignore: ["SKL1"] }, workspaceTrusted: false });
});

test("the restricted keys are the schema's x-restricted ones, and cover both launch settings", () => {
  const { load } = fresh();
  const { RESTRICTED_SETTINGS, SETTING_KEYS } = load("common/settingKeys.generated");
  const schema = require("../../skill_ls/data/settings.schema.json");
  const offered = Object.entries(schema.properties).filter(([, s]) => s["x-file-only"] !== true);
  assert.deepEqual(
    SETTING_KEYS,
    offered.map(([k]) => k),
  );
  assert.deepEqual(
    RESTRICTED_SETTINGS,
    Object.entries(schema.properties)
      .filter(([, s]) => s["x-restricted"])
      .map(([k]) => k),
  );
  for (const key of ["interpreter", "server.path", "docsUrl", "extraRoots", "builtinSkills"])
    assert.ok(RESTRICTED_SETTINGS.includes(key), key);
});

test("only interpreter, server.path and showDuplicates changes need a restart", () => {
  const { load } = fresh();
  const { affectsLaunch } = load("common/settings");
  const event = (...keys) => ({ affectsConfiguration: (k) => keys.includes(k) });
  assert.equal(affectsLaunch(event("skillLs.interpreter")), true);
  assert.equal(affectsLaunch(event("skillLs.server.path")), true);
  assert.equal(affectsLaunch(event("skillLs.showDuplicates")), true);
  assert.equal(affectsLaunch(event("skillLs.targetClients")), false);
});
