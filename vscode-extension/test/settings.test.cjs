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
  interpreter: { defaultValue: [], globalValue: ["/usr/bin/python3.12"], workspaceValue: ["${workspaceFolder}/.venv/bin/python"] },
  "server.path": { defaultValue: null, workspaceValue: "./evil" },
};

test("trusted workspace: workspace values win, variables expanded", () => {
  const { load } = fresh();
  const { readLaunchSettings } = load("common/settings");
  assert.deepEqual(readLaunchSettings(configWith(settings), true, vars), {
    interpreter: ["/ws/.venv/bin/python"],
    serverPath: "./evil",
  });
});

test("untrusted workspace: only the user's own (global) values count", () => {
  const { load } = fresh();
  const { readLaunchSettings } = load("common/settings");
  assert.deepEqual(readLaunchSettings(configWith(settings), false, vars), {
    interpreter: ["/usr/bin/python3.12"],
    serverPath: undefined,
  });
});

test("empty and malformed values mean 'not set'", () => {
  const { load } = fresh();
  const { readLaunchSettings } = load("common/settings");
  const odd = { interpreter: { defaultValue: [], globalValue: "python3" }, "server.path": { defaultValue: null, globalValue: "  " } };
  assert.deepEqual(readLaunchSettings(configWith(odd), true, vars), { interpreter: [], serverPath: undefined });
  const blanks = { interpreter: { globalValue: ["", " ", 3] }, "server.path": {} };
  assert.deepEqual(readLaunchSettings(configWith(blanks), true, vars), { interpreter: [], serverPath: undefined });
});

test("substitute expands ~, ${userHome} and ${workspaceFolder}", () => {
  const { load } = fresh();
  const { substitute } = load("common/settings");
  assert.equal(substitute("~/bin/skill-ls", vars), "/home/u/bin/skill-ls");
  assert.equal(substitute("${userHome}/x:${workspaceFolder}/y", vars), "/home/u/x:/ws/y");
  assert.equal(substitute("a~b", vars), "a~b");
});

test("toServerSettings drops extension-only keys, nested or dotted", () => {
  const { load } = fresh();
  const { toServerSettings } = load("common/settings");
  assert.deepEqual(
    toServerSettings({ rules: { SKL105: "off" }, interpreter: [], server: { path: null }, "trace.server": "off", showDuplicates: true, extraRoots: ["x"] }),
    { rules: { SKL105: "off" }, extraRoots: ["x"] },
  );
  assert.deepEqual(toServerSettings(null), {});
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
