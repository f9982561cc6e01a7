import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';
import { ADMIN_PASSWORD, type TestApp } from '../../test/helpers/app.js';
import type { PageWatch } from './chromium.js';

/*
 * What the desk's browser tests share: signing in at the desk, the service called as another desk
 * would, and the page's log checked.
 */

/** A request to the service as a client of the API would make it; fails on anything but a success. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer of any route, read field by field as a client would
export async function api(t: TestApp, token: string, method: string, url: string, payload?: object): Promise<any> {
  const response = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
  assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * No console error, but the browser's own log of the answers expected: the sign-in page asks for
 * a session before there is one (401), and a refusal a test provokes.
 */
export function assertClean(watch: PageWatch, expected: readonly number[] = [401]) {
  const unexpected = watch.problems.filter(
    (problem) => !expected.some((status) => problem.includes(`status of ${status}`)),
  );
  assert.deepEqual(unexpected, [], unexpected.join('\n'));
}

/** Signs in on /login (its labels in English or Dutch) and waits for the start page. */
export async function signInAtDesk(page: Page, email: string, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^(Email|E-mail)$/).fill(email);
  await page.getByLabel(/^(Password|Wachtwoord)$/).fill(password);
  await page.getByLabel(/^(Password|Wachtwoord)$/).press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Opens the calendar at an address and resolves once the calendar's own event stream is
 * answered. Every signed-in page streams (the home page too), so only a stream asked for by the
 * calendar's document counts: the home page's, answered late, would let a change be made before
 * the calendar listens, and the stream's start refetches the day under a test's pointer.
 */
export async function openCalendarLive(page: Page, address: string): Promise<void> {
  const streaming = new Promise<void>((resolve) => {
    const onRequest = (request: Request) => {
      if (new URL(request.url()).pathname !== '/api/bookings/events') return;
      if (new URL(request.frame().url()).pathname !== '/calendar') return;
      void request.response().then((response) => {
        if (response?.status() !== 200) return;
        page.off('request', onRequest);
        resolve();
      });
    };
    page.on('request', onRequest);
  });
  await page.goto(address);
  await streaming;
}
