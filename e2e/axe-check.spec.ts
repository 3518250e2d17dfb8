/**
 * The accessibility check every browser test relies on (`expectAccessible`, e2e/fixtures) finds what it must: a
 * serious or critical violation on the page and inside a same-origin frame, named by rule; what it is told to
 * exclude, and nothing else. A page that is clean passes.
 */
import { createRequire } from 'node:module';
import { test, expect, expectAccessible, expectNoSeriousViolations, axe } from './fixtures';

const CLEAN = '<main><h1>Clean</h1><p>Text with enough contrast.</p><button type="button">Play</button></main>';

test('the accessibility check reports violations in the page and in its same-origin frames, and only there', async ({
  page,
}) => {
  // Pages on the app's origin (so that a frame's document is same-origin, as the app's own would be).
  let html = '';
  await page.route('**/axe-fixture', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  const show = async (body: string) => {
    html = body;
    await page.goto('/axe-fixture');
  };
  await show(`<html lang="en"><head><title>Clean</title></head><body>${CLEAN}</body></html>`);
  await expectAccessible(page);

  // A button without a name (critical) and grey on white text (serious) in the page itself.
  await show(
    `<html lang="en"><head><title>Page</title></head><body><main><h1>Page</h1>
      <button type="button" id="nameless"></button>
      <p id="faint" style="color:#ccc;background:#fff">Too faint to read</p></main></body></html>`,
  );
  const inPage = await expectAccessible(page).then(
    () => '',
    (err: Error) => err.message,
  );
  expect(inPage).toContain('button-name');
  expect(inPage).toContain('color-contrast');
  // Excluding both leaves nothing to report.
  await expectAccessible(page, ['#nameless', '#faint']);

  // The same faults inside a same-origin frame only.
  await show(
    `<html lang="en"><head><title>Framed</title></head><body><main><h1>Framed</h1>
      <iframe title="Inner" srcdoc='<html lang="en"><head><title>Inner</title></head><body><main><h1>Inner</h1><img src="x.png"><button type="button"></button></main></body></html>'></iframe>
      </main></body></html>`,
  );
  await expect.poll(() => page.frames().length).toBe(2);
  await expect(page.frames()[1].locator('img')).toHaveCount(1);
  const inFrame = await expectAccessible(page).then(
    () => '',
    (err: Error) => err.message,
  );
  expect(inFrame).toContain('image-alt');
  expect(inFrame).toContain('button-name');
});

test("a frame slow to take the check's script is still checked (as under load), not silently left out", async ({
  page,
}) => {
  await page.route('**/axe-fixture', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<html lang="en"><head><title>Framed</title></head><body><main><h1>Framed</h1>
        <iframe title="Inner" srcdoc='<html lang="en"><head><title>Inner</title></head><body><main><h1>Inner</h1><img src="x.png"></main></body></html>'></iframe>
        </main></body></html>`,
    }),
  );
  await page.goto('/axe-fixture');
  await expect.poll(() => page.frames().length).toBe(2);
  await expect(page.frames()[1].locator('img')).toHaveCount(1);
  // axe's own script, taking 1.5 s to evaluate in the frame (the page's copy is quick): what a loaded machine made
  // of it in a dry run, where the frame was then left unconfigured and its answers ignored by the page's axe.
  const source = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
  const slow = `if (window !== window.top) { const end = Date.now() + 1500; while (Date.now() < end); }\n${source}`;
  const found = await expectNoSeriousViolations(axe(page, slow)).then(
    () => '',
    (err: Error) => err.message,
  );
  expect(found).toContain('image-alt');
});
