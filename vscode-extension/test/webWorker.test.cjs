// VS Code for the Web: the client hears once that its server's Web Worker ended.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh } = require("./stubs.cjs");

const fakeWorker = () => ({ onmessage: null, onerror: null });

test("the worker's 'ended' closes the connection once, with the failure said", () => {
  const { whenWorkerEnds } = fresh().load("web/protocol");
  const worker = fakeWorker();
  const ends = [];
  whenWorkerEnds(worker, (why) => ends.push(why));
  worker.onmessage({ data: { kind: "files" } }); // not a word about ending
  worker.onmessage({ data: undefined });
  assert.deepEqual(ends, []);
  worker.onmessage({ data: { kind: "ended", code: 1, error: "the server failed: memory" } });
  worker.onmessage({ data: { kind: "ended", code: 0 } });
  worker.onerror({ message: "late" });
  assert.deepEqual(ends, ["the server failed: memory"]);
});

test("a normal end says no failure; a worker error ends it too", () => {
  const { whenWorkerEnds } = fresh().load("web/protocol");
  const quiet = fakeWorker();
  const ends = [];
  whenWorkerEnds(quiet, (why) => ends.push(why));
  quiet.onmessage({ data: { kind: "ended", code: 0 } });
  const failing = fakeWorker();
  whenWorkerEnds(failing, (why) => ends.push(why));
  failing.onerror({ message: "" });
  assert.deepEqual(ends, [undefined, "the worker failed"]);
});
