// Choosing the interpreter.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh } = require("./stubs.cjs");

test("order: setting alone; else the Python extension, then PATH", () => {
  const { load } = fresh();
  const { candidates } = load("common/python");
  assert.deepEqual(candidates(["/my/python"], ["/ext/python"], "linux"), [{ command: ["/my/python"], source: "setting" }]);
  assert.deepEqual(candidates([], ["/ext/python"], "linux"), [
    { command: ["/ext/python"], source: "python-extension" },
    { command: ["python3"], source: "path" },
    { command: ["python"], source: "path" },
  ]);
  assert.deepEqual(candidates([], undefined, "win32").map((c) => c.command), [["py", "-3"], ["python"]]);
});

test("findInterpreter skips what does not run or is older than 3.11", async () => {
  const { load } = fresh();
  const { findInterpreter, candidates } = load("common/python");
  const versions = { "/ext/python": [3, 10], python3: undefined, python: [3, 12] };
  const log = [];
  const found = await findInterpreter(candidates([], ["/ext/python"], "linux"), async ([cmd]) => versions[cmd], (m) => log.push(m));
  assert.deepEqual(found, { command: ["python"], source: "path", version: [3, 12] });
  assert.equal(log.length, 2);
  assert.match(log[0], /3\.10 is older than 3\.11/);
  assert.match(log[1], /did not run/);
  assert.equal(await findInterpreter(candidates(["old"], undefined), async () => [3, 9], () => {}), undefined);
});

test("isSupported", () => {
  const { load } = fresh();
  const { isSupported } = load("common/python");
  assert.equal(isSupported([3, 11]), true);
  assert.equal(isSupported([3, 10]), false);
  assert.equal(isSupported([4, 0]), true);
  assert.equal(isSupported([2, 7]), false);
});

test("probeVersion runs the interpreter; a missing one gives undefined", async () => {
  const { load } = fresh();
  const { probeVersion } = load("common/python");
  const version = await probeVersion(["python3"]);
  assert.ok(Array.isArray(version) && version[0] === 3, `python3 reported ${version}`);
  assert.equal(await probeVersion(["/nonexistent/python"]), undefined);
});

test("the Python extension is optional", async () => {
  const { world, load } = fresh();
  const { pythonExtensionInterpreter } = load("common/python");
  assert.equal(await pythonExtensionInterpreter(), undefined);
  world.extensions["ms-python.python"] = {
    isActive: true,
    exports: {
      environments: {
        getActiveEnvironmentPath: () => ({ path: "/venv" }),
        resolveEnvironment: async () => ({ executable: { uri: { fsPath: "/venv/bin/python" } } }),
      },
    },
  };
  assert.deepEqual(await pythonExtensionInterpreter(), ["/venv/bin/python"]);
  world.extensions["ms-python.python"] = { isActive: false, activate: async () => { throw new Error("broken"); } };
  assert.equal(await pythonExtensionInterpreter(), undefined);
});
