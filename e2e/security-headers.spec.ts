/** Issue 13, finding 11: under the page's CSP (connect-src to this host only) the app's own socket still connects. */
import { expect, signUp, receivedFrame, test } from './fixtures';

test("the app's websocket connects under the CSP, with no CSP violation", async ({ page, context }) => {
  await signUp(context);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to connect/i.test(m.text())) violations.push(m.text());
  });
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname));
  const hello = receivedFrame(page, (f) => f.includes('"hello"'));
  await page.goto('/');
  expect(await hello).toContain('"hello"');
  expect(sockets).toContain('/ws');
  // 'self', plus APP_URL's own ws:// origin when it is set (the e2e server sets it): no other host, no bare ws:.
  const csp = (await page.request.get('/venues')).headers()['content-security-policy'];
  const own = new URL(page.url());
  const connect = /connect-src ([^;]*)/.exec(csp)![1].split(' ');
  expect(connect[0]).toBe("'self'");
  for (const source of connect.slice(1)) expect(source).toBe(`ws://${own.host}`);
  expect(violations).toEqual([]);
});
