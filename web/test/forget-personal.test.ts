import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { forgetPersonal } from '../src/api/forget-personal.js';

describe('what was read for the person before is forgotten without stranding a screen', () => {
  it("a read no screen follows goes, one a screen follows is read again, the salon's page stays", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['get', '/api/public/salon-page'], { salon_name: 'Studio' });
    client.setQueryData(['get', '/api/clients'], { items: ['of the person before'] });
    let answers = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['get', '/api/reporting/dashboard'],
      queryFn: () => new Promise<number>((resolve) => setTimeout(() => resolve(++answers), 20)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    // Its request is on its way when the person changes: cancelled, then asked again.
    forgetPersonal(client);
    const data = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the screen was left waiting')), 2000);
      observer.subscribe((result) => {
        if (result.data !== undefined) {
          clearTimeout(timer);
          resolve(result.data);
        }
      });
    });
    assert.equal(data, 2, 'the answer of the request made after the change');
    assert.equal(client.getQueryData(['get', '/api/clients']), undefined);
    assert.deepEqual(client.getQueryData(['get', '/api/public/salon-page']), { salon_name: 'Studio' });
    unsubscribe();
    client.clear();
  });
});
