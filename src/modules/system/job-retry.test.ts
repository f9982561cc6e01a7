import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import type { JobStatus } from '../../db/types.js';

for (const dialect of DIALECTS) {
  describe(`retrying a job [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    const later = new Date(Date.now() + 3_600_000).toISOString();
    async function job(status: JobStatus, fields: { attempts?: number; max?: number; key?: string } = {}) {
      const now = new Date().toISOString();
      const row = await t.ctx.db
        .insertInto('jobs')
        .values({
          name: 'email.send',
          payload: '{"emailId":1}',
          status,
          run_at: later,
          attempts: fields.attempts ?? 3,
          max_attempts: fields.max ?? 3,
          last_error: status === 'failed' || status === 'dead' ? 'connect ECONNREFUSED' : null,
          created_at: now,
          updated_at: now,
          finished_at: status === 'dead' ? now : null,
          key: fields.key ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }
    const retry = (id: number) =>
      t.request({ method: 'POST', url: `/api/system/jobs/${id}/retry`, token: admin.token });
    const stored = (id: number) =>
      t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('a dead job gets one more attempt, due now, its last error kept until it runs', async () => {
      const id = await job('dead');
      const response = await retry(id);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.status, 'queued');
      assert.equal(response.body.last_error, 'connect ECONNREFUSED');
      const row = await stored(id);
      assert.deepEqual([row.attempts, row.max_attempts, row.finished_at], [3, 4, null]);
      assert.ok(row.run_at <= new Date().toISOString());
    });

    it('a failed job awaiting its back-off runs now, with the attempts it has left', async () => {
      const id = await job('failed', { attempts: 1, max: 5 });
      const response = await retry(id);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.status, 'failed');
      const row = await stored(id);
      assert.deepEqual([row.attempts, row.max_attempts], [1, 5]);
      assert.ok(row.run_at <= new Date().toISOString());
    });

    it('a job that did not fail cannot be retried: 409 job_not_failed, nothing changed', async () => {
      for (const status of ['queued', 'running', 'done'] as const) {
        const id = await job(status);
        assertError(await retry(id), 409, 'job_not_failed');
        assert.equal((await stored(id)).run_at, later);
      }
    });

    it('a dead recurring job whose key is queued again meanwhile is 409 job_already_queued', async () => {
      const dead = await job('dead', { key: `recurring-${dialect}` });
      await job('queued', { key: `recurring-${dialect}` });
      assertError(await retry(dead), 409, 'job_already_queued');
      assert.equal((await stored(dead)).status, 'dead');
    });

    it('an unknown job is 404; without a sign-in 401', async () => {
      assertError(await retry(99_999_999), 404, 'not_found');
      const anonymous = await t.request({ method: 'POST', url: '/api/system/jobs/1/retry' });
      assert.equal(anonymous.status, 401);
    });
  });
}
