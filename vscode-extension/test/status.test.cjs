// The language status item's text.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh } = require("./stubs.cjs");

test("statusView", () => {
  const { load } = fresh();
  const { statusView } = load("common/status");
  assert.deepEqual(statusView("running", 3, ["codex", "cursor"]), {
    text: "Skill LS: 3 skills",
    detail: "Targets: codex, cursor",
    severity: "information",
    busy: false,
  });
  assert.equal(statusView("running", 1, []).text, "Skill LS: 1 skill");
  assert.equal(statusView("running", undefined, []).detail, "Targets: every client");
  assert.equal(statusView("starting", undefined, []).busy, true);
  assert.equal(statusView("failed", undefined, []).severity, "error");
});

test("while running, the item says which runtime serves", () => {
  const { load } = fresh();
  const { statusView, servedBy } = load("common/status");
  const wasm = servedBy({ kind: "wasm", why: "no-python" });
  assert.equal(wasm, "Served by the bundled WebAssembly Python: no Python 3.11 or newer was found.");
  assert.equal(
    statusView("running", 2, ["codex"], undefined, true, wasm).detail,
    "Targets: codex. Served by the bundled WebAssembly Python: no Python 3.11 or newer was found.",
  );
  assert.equal(statusView("starting", undefined, [], undefined, true, wasm).detail, "Targets: every client");
  assert.equal(
    servedBy({ kind: "wasm", why: "setting" }),
    "Served by the bundled WebAssembly Python (skillLs.runtime is webassembly).",
  );
  assert.equal(
    servedBy({ kind: "bundled", python: ["/usr/bin/python3.12", "-X", "utf8"] }),
    "Served by Python (/usr/bin/python3.12 -X utf8).",
  );
  assert.equal(servedBy({ kind: "executable", path: "/usr/bin/skill-ls" }), "Served by /usr/bin/skill-ls.");
  assert.equal(servedBy(undefined), "");
});

test("statusView after crashes: restarted (warning), then given up (error)", () => {
  const { load } = fresh();
  const { statusView } = load("common/status");
  assert.deepEqual(statusView("running", 2, [], { count: 1, gaveUp: false }), {
    text: "Skill LS: 2 skills",
    detail: "The server stopped unexpectedly and was restarted (once in 3 minutes). Targets: every client",
    severity: "warning",
    busy: false,
  });
  assert.equal(statusView("starting", undefined, [], { count: 2, gaveUp: false }).text, "Skill LS: restarting after a crash");
  assert.deepEqual(statusView("failed", undefined, [], { count: 5, gaveUp: true }), {
    text: "Skill LS: crashed",
    detail: "The server crashed 5 times in 3 minutes and is not restarted again.",
    severity: "error",
    busy: false,
  });
});

test("the item opens the logs", () => {
  const { world, load } = fresh();
  const { ServerSession } = load("common/session");
  const { defaultDeps } = load("common/launch");
  const { ServerStatus } = load("common/status");
  const session = new ServerSession("/ext", world.vscode.window.createOutputChannel("x", { log: true }), defaultDeps);
  new ServerStatus(session);
  assert.deepEqual(world.statusItems[0].command, { title: "Open logs", command: "skillLs.showOutput" });
  assert.equal(world.statusItems[0].text, "Skill LS: stopped");
});

test("statusView in Restricted Mode says so, and what is ignored", () => {
  const { load } = fresh();
  const { statusView } = load("common/status");
  const view = statusView("running", 2, [], undefined, false);
  assert.equal(view.text, "Skill LS: 2 skills (Restricted Mode)");
  assert.equal(
    view.detail,
    "Restricted Mode: this workspace's skill-ls configuration (.skill-ls.toml, pyproject.toml) and its values of " +
      "skillLs.extraRoots, skillLs.builtinSkills, skillLs.docsUrl, skillLs.interpreter, skillLs.server.path are ignored until you trust it. " +
      "Targets: every client",
  );
  assert.equal(view.severity, "information");
  assert.deepEqual(statusView("running", 2, [], undefined, true), statusView("running", 2, []));
});

test("the item shows Restricted Mode until trust is granted", () => {
  const { world, load } = fresh();
  world.trusted = false;
  const { ServerSession } = load("common/session");
  const { defaultDeps } = load("common/launch");
  const { ServerStatus } = load("common/status");
  const session = new ServerSession("/ext", world.vscode.window.createOutputChannel("x", { log: true }), defaultDeps);
  new ServerStatus(session);
  assert.equal(world.statusItems[0].text, "Skill LS: stopped (Restricted Mode)");
  world.trusted = true;
  world.events.trust.fire();
  assert.equal(world.statusItems[0].text, "Skill LS: stopped");
});
