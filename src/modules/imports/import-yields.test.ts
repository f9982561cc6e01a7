import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { multipartFile } from '../../../test/helpers/multipart.js';

/** A client list of `count` rows, each a new client. */
function clientList(count: number): Buffer {
  const lines = ['name,email,phone'];
  for (let i = 0; i < count; i += 1) {
    lines.push(`Bulk Client ${i},bulk.client.${i}@example.com,+3162${String(1_000_000 + i).padStart(7, '0')}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

for (const dialect of DIALECTS) {
  describe(`a large CSV import leaves the service answering [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let base: string;

    before(async () => {
      t = await createTestApp(dialect, { smtp: false });
      admin = await setupSalon(t);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    after(() => t.close());

    it('while a large import runs, other requests are answered between its batches, and the event loop never stalls for the import', async () => {
      // SQLite runs every query synchronously: the case that stalled. PostgreSQL, where queries
      // wait on the network, gets a smaller file for the same check.
      const rows = dialect === 'sqlite' ? 1500 : 300;
      const { payload, headers } = multipartFile('file', 'clients.csv', 'text/csv', clientList(rows));
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = performance.now();
      let importing = true;
      const upload = fetch(`${base}/api/imports/clients`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${admin.token}` },
        body: payload,
      }).finally(() => {
        importing = false;
      });

      // A client of the API asking for something else, again and again, until the import answers.
      let answeredWhileImporting = 0;
      while (importing) {
        const other = await fetch(`${base}/api/clients?limit=1`, {
          headers: { authorization: `Bearer ${admin.token}` },
        });
        assert.equal(other.status, 200);
        await other.arrayBuffer();
        if (importing) answeredWhileImporting += 1;
      }
      const answer = await upload;
      const duration = performance.now() - started;
      await sleep(30); // the delay monitor's timer records the loop's last turn
      delay.disable();

      assert.equal(answer.status, 200);
      const report = (await answer.json()) as { totals: { create: number } };
      assert.equal(report.totals.create, rows);
      // An import that let the event loop turn only between batches of 500 rows would answer
      // three requests at most (the file is three such batches), one that never did none.
      assert.ok(answeredWhileImporting >= 6, `${answeredWhileImporting} requests answered during the import`);
      // Nor does the loop stand still for a large share of the import (generous: a loaded
      // machine's own pauses stay far below it; such batches would be a third of it each).
      const longestStallMs = delay.max / 1e6;
      assert.ok(
        longestStallMs < duration / 4,
        `the event loop stood still ${Math.round(longestStallMs)} ms of an import of ${Math.round(duration)} ms`,
      );
    });
  });
}
