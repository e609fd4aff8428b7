// --scenario files of scripts/e2e.mjs: a team's repository (a .skill-ls.toml with overrides,
// an inline suppression, fixable files) opened in the workbench. Each file of --files is opened
// in turn and our diagnostics on it are recorded once they hold still, so the test can hold them
// against `skill-ls check` on the same files. With --suppress FILE:CODE, the quick fix
// "Suppress CODE here" is then picked from the light bulb menu on that finding and the file's
// diagnostics recorded again.

const codeOf = (d) => (typeof d.code === "object" ? d.code.value : d.code);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Our diagnostics on `file` (a path relative to the workspace) in a state dump. */
function oursOn(state, file) {
  return state.diagnostics
    .filter((d) => d.uri.endsWith(`/${file}`))
    .flatMap((d) => d.diagnostics)
    .filter((d) => d.source === "skill-ls")
    .map((d) => ({ ...d, code: codeOf(d) }));
}

export async function runFilesScenario({ args, page, dump, summary, shot, mark, waitFor }) {
  const files = args.files.split("|");
  const expectCodes = args.expectCodes.split("|");
  if (files.length !== expectCodes.length) throw new Error("--files and --expect-codes must pair up");

  const open = async (file, timeoutMs = 15000) => {
    await page.keyboard.press("Control+P");
    const input = page.locator(".quick-input-widget input");
    await input.waitFor();
    await input.fill(file);
    // The row of that file (its folder is in the row's description), not the first row: a file
    // opened before may be listed first as recently opened.
    const folder = file.split("/").slice(0, -1).join("/");
    const row = page.locator(".quick-input-widget .monaco-list-row", { hasText: folder }).first();
    await row.waitFor({ timeout: 15000 });
    await row.click();
    await page.locator(".tab.active", { hasText: "SKILL.md" }).waitFor({ timeout: 15000 });
    // The code lens says the server has judged the file (and, on the first file, that the
    // extension is active, so the palette lists its test-only dump command).
    await page.locator(".codelens-decoration", { hasText: /\S/ }).first().waitFor({ timeout: timeoutMs });
    await waitFor(
      `${file} in the editor`,
      async () => {
        await page.keyboard.press("Escape"); // a palette left open keeps the commands it listed
        return (await dump()).activeEditor?.endsWith(`/${file}`);
      },
      15000,
      300,
    );
  };
  // Our diagnostics on `file` once `ready` holds and two looks a second and a half apart agree.
  const settled = async (file, what, ready) => {
    let last;
    return waitFor(
      what,
      async () => {
        const now = oursOn(await dump(), file);
        const same = last !== undefined && JSON.stringify(now) === JSON.stringify(last);
        last = now;
        if (same && ready(now)) return now;
        await sleep(1500);
        return undefined;
      },
      90000,
      200,
    );
  };

  summary.files = {};
  // The test-only dump command exists once the extension is active (the first SKILL.md opened).
  await open(files[0], 90000);
  for (const [i, file] of files.entries()) {
    await open(file);
    const wanted = expectCodes[i];
    summary.files[file] = await settled(file, `${wanted} on ${file}`, (ds) => ds.some((d) => d.code === wanted));
    mark(`file-${i}`);
  }
  await shot("f1-team-files");

  if (!args.suppress) return;
  const [file, code] = args.suppress.split(":");
  await open(file);
  const finding = summary.files[file].find((d) => d.code === code);
  if (!finding) throw new Error(`no ${code} on ${file} to suppress`);
  // The cursor onto the finding (Go to Line takes line:column, both from 1), then the light bulb.
  await page.keyboard.press("Control+G");
  await page.locator(".quick-input-widget input").fill(`:${finding.range[0] + 1}:${finding.range[1] + 1}`);
  await page.keyboard.press("Enter");
  await sleep(500);
  await page.keyboard.press("Control+.");
  const title = `Suppress ${code} here`;
  const action = page.locator(".action-widget .monaco-list-row", { hasText: title }).first();
  await action.waitFor({ timeout: 20000 });
  summary.quickFixTitles = await page.locator(".action-widget .monaco-list-row").allInnerTexts();
  await shot("f2-suppress-menu");
  await action.click();
  summary.afterSuppress = await settled(file, `${code} gone from ${file}`, (ds) => !ds.some((d) => d.code === code));
  summary.suppressedText = (await dump()).activeText;
  await page.keyboard.press("Control+S");
  await shot("f3-suppressed");
  mark("suppressed");
}
