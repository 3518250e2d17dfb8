/** Issue 13, finding 11: under the page's CSP (connect-src to this host only) the app's own socket still connects. */
import { expect, signUp, test } from './fixtures';

test("the app's websocket connects under the CSP, with no CSP violation", async ({ page, context }) => {
  await signUp(context);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to connect/i.test(m.text())) violations.push(m.text());
  });
  const socket = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws');
  await page.goto('/');
  const ws = await socket;
  const hello = await ws.waitForEvent('framereceived', (f) => String(f.payload).includes('"hello"'));
  expect(String(hello.payload)).toContain('"hello"');
  const csp = (await page.request.get('/venues')).headers()['content-security-policy'];
  expect(csp).toMatch(/connect-src 'self'(;|$)/);
  expect(violations).toEqual([]);
});
