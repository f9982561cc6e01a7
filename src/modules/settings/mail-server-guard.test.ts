import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { SmtpSink } from '../../../test/helpers/smtp-sink.js';

/*
 * The settings' mail server is an admin's choice, held to the outbound address rules of
 * webhooks (SMTP_ALLOW_PRIVATE), never echoing what answers there, sending the password only
 * over TLS (SMTP_ALLOW_AUTH_WITHOUT_TLS) and forgetting it when the server moves.
 */

const BANNER = 'SSH-2.0-OpenSSH_9.6 internal-host';

/** A TCP server that greets like an SSH daemon, counting connections. */
async function sshLike(): Promise<{ server: Server; port: number; connections: () => number }> {
  let count = 0;
  const server = createServer((socket) => {
    count += 1;
    socket.end(`${BANNER}\r\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, connections: () => count };
}

for (const dialect of DIALECTS) {
  describe(`settings mail server rules [${dialect}]`, () => {
    let strict: TestApp;
    let strictAdmin: { token: string };
    let open: TestApp;
    let openAdmin: { token: string };

    before(async () => {
      strict = await createTestApp(dialect, { config: { mail: { allowPrivate: false, allowAuthWithoutTls: false } } });
      strictAdmin = await setupSalon(strict);
      open = await createTestApp(dialect);
      openAdmin = await setupSalon(open);
    });
    after(async () => {
      await strict.close();
      await open.close();
    });

    const put = (t: TestApp, token: string, payload: object) =>
      t.request({ method: 'PUT', url: '/api/settings', token, payload });
    const testEmail = (t: TestApp, token: string) =>
      t.request({ method: 'POST', url: '/api/settings/test-email', token, payload: { to: uniqueEmail('probe') } });

    it('internal port scan: smtp_host 127.0.0.1 is refused without SMTP_ALLOW_PRIVATE, for the test email and real sends; nothing connects', async () => {
      const ssh = await sshLike();
      try {
        await put(strict, strictAdmin.token, { smtp_host: '127.0.0.1', smtp_port: ssh.port });
        const response = await testEmail(strict, strictAdmin.token);
        assert.equal(response.status, 400);
        assert.equal(response.body.code, 'mail_server_address_refused');
        const email = uniqueEmail('queued');
        await strict.request({
          method: 'POST',
          url: '/api/auth/register',
          token: strictAdmin.token,
          payload: { email, name: 'Queued' },
        });
        await strict.drain();
        const row = await strict.ctx.db
          .selectFrom('emails')
          .selectAll()
          .where('recipient', '=', email)
          .executeTakeFirstOrThrow();
        assert.notEqual(row.status, 'sent');
        assert.match(row.error ?? '', /not a public address/);
        assert.equal(ssh.connections(), 0, 'nothing connected to the internal port');
      } finally {
        await put(strict, strictAdmin.token, { smtp_host: '', smtp_port: null });
        ssh.server.close();
      }
    });

    it('internal port scan: with SMTP_ALLOW_PRIVATE the SSH banner is not echoed in the error or the outbox', async () => {
      const ssh = await sshLike();
      try {
        await put(open, openAdmin.token, { smtp_host: '127.0.0.1', smtp_port: ssh.port });
        const response = await testEmail(open, openAdmin.token);
        assert.equal(response.status, 400);
        assert.equal(response.body.code, 'mail_failed');
        assert.ok(ssh.connections() > 0);
        assert.ok(!JSON.stringify(response.body).includes('SSH'), response.body.error);
        const rows = await open.ctx.db.selectFrom('emails').select('error').execute();
        assert.ok(!JSON.stringify(rows).includes('SSH'));
      } finally {
        await put(open, openAdmin.token, { smtp_host: '', smtp_port: null });
        ssh.server.close();
      }
    });

    it('password leak: the password is not sent without TLS unless SMTP_ALLOW_AUTH_WITHOUT_TLS', async () => {
      const plain = await new SmtpSink({ auth: { user: 'salon', pass: 'mail-pass-1' } }).start();
      const t = await createTestApp(dialect, { config: { mail: { allowPrivate: true, allowAuthWithoutTls: false } } });
      try {
        const admin = await setupSalon(t);
        await put(t, admin.token, {
          smtp_host: '127.0.0.1',
          smtp_port: plain.port,
          smtp_user: 'salon',
          smtp_pass: 'mail-pass-1',
          smtp_secure: 0,
        });
        const response = await testEmail(t, admin.token);
        assert.equal(response.status, 400);
        assert.equal(response.body.code, 'mail_tls_required');
        assert.deepEqual(plain.passwordsSeen, [], 'the password went out in clear');
      } finally {
        await t.close();
        await plain.stop();
      }
    });

    it('password leak: moving smtp_host, smtp_port or smtp_user clears smtp_pass, unless the request sets a new one', async () => {
      const attacker = await new SmtpSink({ auth: { user: 'salon', pass: 'x' } }).start();
      try {
        for (const move of [{ smtp_host: '127.0.0.1' }, { smtp_port: attacker.port }, { smtp_user: 'other' }]) {
          await put(open, openAdmin.token, {
            smtp_host: 'mail.salon.example',
            smtp_port: 587,
            smtp_user: 'salon',
            smtp_pass: 'stored-pass-1',
          });
          const moved = await put(open, openAdmin.token, { ...move, smtp_pass: '********' });
          assert.equal(moved.status, 200);
          assert.equal(moved.body.smtp_pass_set, 0, JSON.stringify(move));
        }
        const kept = await put(open, openAdmin.token, { smtp_host: 'mail2.salon.example', smtp_pass: 'new-pass-2' });
        assert.equal(kept.body.smtp_pass_set, 1);
        // Pointed at another server, the stored password does not go there.
        await put(open, openAdmin.token, {
          smtp_host: 'mail.salon.example',
          smtp_user: 'salon',
          smtp_pass: 'stored-pass-1',
        });
        await put(open, openAdmin.token, { smtp_host: '127.0.0.1', smtp_port: attacker.port });
        await testEmail(open, openAdmin.token);
        assert.ok(!attacker.passwordsSeen.includes('stored-pass-1'));
      } finally {
        await put(open, openAdmin.token, { smtp_host: '', smtp_port: null, smtp_user: '', smtp_pass: '' });
        await attacker.stop();
      }
    });
  });
}
