import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { ApiError } from '../src/api/errors.js';
import { createSessionStore } from '../src/api/session-store.js';

/*
 * The one session store of the staff and the client sessions: the token in memory, the
 * refresh before it expires, and a refresh answered after a sign-in or a sign-out not taken
 * for the latest.
 */

interface Answer {
  token: string;
  expires_in: number;
  name: string;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function storeWith(refresh: () => Promise<Answer>, mayHaveSession?: () => boolean) {
  const tokens: Array<string | null> = [];
  const store = createSessionStore({
    refresh,
    read: (answer: Answer) => ({ token: answer.token, expiresIn: answer.expires_in, signedIn: { name: answer.name } }),
    setToken: (token) => tokens.push(token),
    mayHaveSession,
  });
  return { store, tokens };
}

describe('the session store (staff and client sessions)', () => {
  it('a refresh answered after a sign-out does not sign in again', async () => {
    const answer = deferred<Answer>();
    const { store, tokens } = storeWith(() => answer.promise);
    const restoring = store.restore();
    store.end();
    answer.resolve({ token: 'late', expires_in: 900, name: 'Ada' });
    await restoring;
    assert.deepEqual(store.getState(), { status: 'signed-out' });
    assert.deepEqual(tokens, [null], 'the late token never reaches the requests');
  });

  it('a refresh that fails after a sign-in does not sign out the session started meanwhile', async () => {
    const answer = deferred<Answer>();
    const { store, tokens } = storeWith(() => answer.promise);
    const restoring = store.restore();
    store.start({ token: 'fresh', expires_in: 900, name: 'Ada' });
    answer.reject(new Error('401'));
    await restoring;
    assert.deepEqual(store.getState(), { status: 'signed-in', name: 'Ada' });
    assert.deepEqual(tokens, ['fresh']);
    store.end();
  });

  it('a page load asks for a token and is signed in with it; without a session, signed out', async () => {
    const { store, tokens } = storeWith(async () => ({ token: 't1', expires_in: 900, name: 'Ada' }));
    const changes: string[] = [];
    const stop = store.subscribe(() => changes.push(store.getState().status));
    assert.deepEqual(store.getState(), { status: 'unknown' });
    await store.restore();
    assert.deepEqual(store.getState(), { status: 'signed-in', name: 'Ada' });
    store.update(() => ({ name: 'Ada L.' }));
    assert.deepEqual(store.getState(), { status: 'signed-in', name: 'Ada L.' });
    store.end();
    stop();
    assert.deepEqual(changes, ['signed-in', 'signed-in', 'signed-out']);
    assert.deepEqual(tokens, ['t1', null]);

    const { store: none } = storeWith(() => Promise.reject(new Error('401')));
    await none.restore();
    assert.deepEqual(none.getState(), { status: 'signed-out' });
  });

  it('without a sign of a session, no request is made at all', async () => {
    let asked = 0;
    const { store } = storeWith(
      async () => {
        asked += 1;
        return { token: 't', expires_in: 900, name: 'Ada' };
      },
      () => false,
    );
    await store.restore();
    assert.equal(asked, 0);
    assert.deepEqual(store.getState(), { status: 'signed-out' });
  });

  it('the token is refreshed a minute before it expires, and no more once signed out', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      let asked = 0;
      const { store } = storeWith(async () => {
        asked += 1;
        return { token: `t${asked}`, expires_in: 900, name: 'Ada' };
      });
      store.start({ token: 't0', expires_in: 900, name: 'Ada' });
      mock.timers.tick(839_000);
      assert.equal(asked, 0);
      mock.timers.tick(1_000);
      assert.equal(asked, 1);
      await Promise.resolve();
      store.end();
      mock.timers.tick(900_000);
      assert.equal(asked, 1);
    } finally {
      mock.timers.reset();
    }
  });
  it('a refresh refused for now (429 with Retry-After) signs nobody out: it is asked again when the service says', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const answers: Array<() => Promise<Answer>> = [
        () => Promise.reject(new ApiError(429, null, 2)),
        async () => ({ token: 't1', expires_in: 900, name: 'Ada' }),
        () => Promise.reject(new ApiError(503, null, 120)),
        async () => ({ token: 't2', expires_in: 900, name: 'Ada' }),
      ];
      let asked = 0;
      const { store, tokens } = storeWith(() => answers[asked++]!());
      const changes: string[] = [];
      store.subscribe(() => changes.push(store.getState().status));

      // A page load refused: still unknown (a page shows Loading, not the sign-in), asked again after 2 s.
      await store.restore();
      assert.deepEqual(store.getState(), { status: 'unknown' });
      mock.timers.tick(1_999);
      assert.equal(asked, 1);
      mock.timers.tick(1);
      assert.equal(asked, 2);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(store.getState(), { status: 'signed-in', name: 'Ada' });

      // A renewal refused: still signed in with the token that works, asked again after at most 30 s.
      mock.timers.tick(840_000);
      assert.equal(asked, 3);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(store.getState(), { status: 'signed-in', name: 'Ada' });
      mock.timers.tick(30_000);
      assert.equal(asked, 4);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(tokens, ['t1', 't2']);
      assert.ok(!changes.includes('signed-out'), 'never signed out');
      store.end();
    } finally {
      mock.timers.reset();
    }
  });

  it('a refusal without Retry-After (401: no session) signs out at once', async () => {
    const { store } = storeWith(() => Promise.reject(new ApiError(401, null)));
    await store.restore();
    assert.deepEqual(store.getState(), { status: 'signed-out' });
  });
});
