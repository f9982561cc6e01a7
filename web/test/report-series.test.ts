import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seriesAsk } from '../src/routes/manage/reports/range.js';

describe("the revenue chart's request for its buckets", () => {
  it('a period of up to 31 days is asked for in weeks, as it is', () => {
    assert.deepEqual(seriesAsk({ from: '2026-11-01', to: '2026-11-29' }), {
      from: '2026-11-01',
      to: '2026-11-29',
      interval: 'week',
    });
    assert.deepEqual(seriesAsk({ from: '2026-01-01', to: '2026-01-31' }).interval, 'week');
  });

  it('a longer period is asked for in calendar months from its own first day', () => {
    assert.deepEqual(seriesAsk({ from: '2026-01-01', to: '2026-02-01' }), {
      from: '2026-01-01',
      to: '2026-02-01',
      interval: 'month',
    });
    assert.deepEqual(seriesAsk({ from: '2024-12-15', to: '2026-11-29' }).from, '2024-12-15');
  });

  it('a period of more than 24 months shows its last 24: from the first day of the 24th month back', () => {
    assert.deepEqual(seriesAsk({ from: '2021-01-01', to: '2026-11-29' }), {
      from: '2024-12-01',
      to: '2026-11-29',
      interval: 'month',
    });
    // Across the year's turn: January 2026 back to February 2024.
    assert.deepEqual(seriesAsk({ from: '2020-05-05', to: '2026-01-10' }).from, '2024-02-01');
  });
});
