// Steps the end-to-end scenarios share (scripts/e2e.mjs and scripts/e2e-web.mjs).

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The language status item's hover ({} in the status bar), once it says `word`. */
export async function statusHover(page, waitFor, word) {
  await page.locator('[id="status.languageStatus"]').click();
  const hover = page.locator(".hover-language-status");
  return waitFor(
    `the status item's hover saying ${word}`,
    async () => {
      const texts = await hover.allInnerTexts();
      return texts.some((t) => t.includes(word)) ? texts.join("\n") : undefined;
    },
    20000,
    500,
  );
}

/**
 * Completion on a new line after the first of the active editor (in the frontmatter): the
 * labels offered, which must include one of `expected` (comma-separated); `shoot` pictures
 * the open widget. Then the widget is closed and the new line undone.
 */
export async function completeInFrontmatter(page, expected, shoot, timeoutMs = 20000) {
  await page.locator(".monaco-editor .view-lines").first().click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+Space");
  await page.locator(".suggest-widget.visible .monaco-list-row").first().waitFor({ timeout: timeoutMs });
  await sleep(300);
  const labels = await page.locator(".suggest-widget.visible .monaco-list-row .label-name").allInnerTexts();
  await shoot();
  const wanted = expected.split(",");
  if (!wanted.some((label) => labels.includes(label))) {
    throw new Error(`completion offered ${JSON.stringify(labels)}, none of ${wanted}`);
  }
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+Z");
  return labels;
}

/** The preview panel's page (its webview's inner frame). */
export const webviewBody = (page) => page.frameLocator("iframe.webview.ready").frameLocator("#active-frame").locator("body");

/** "Skill: Preview Catalog" run from the palette; the panel's text once it lists `name`. */
export async function catalogPreview(page, palette, waitFor, name, timeoutMs = 30000) {
  await palette("Skill: Preview Catalog");
  return waitFor(
    "the catalog preview",
    async () => {
      const text = await webviewBody(page).innerText({ timeout: 2000 });
      return text.includes("Catalog for") && (!name || text.includes(name)) ? text : undefined;
    },
    timeoutMs,
    500,
  );
}

/** Whether the Problems panel's text shows one of our findings with `code` (the panel draws a
 * finding's source and code on lines of their own). */
export const showsCode = (problemsText, code) => problemsText.split("\n").some((line) => line.trim() === code);
