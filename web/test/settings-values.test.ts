import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FieldPart } from '../src/routes/manage/settings/groups.js';
import { changedFields, formValues, listFieldErrors, type Settings } from '../src/routes/manage/settings/values.js';

const PARTS: FieldPart[] = [
  {
    id: 'test',
    fields: [
      { name: 'salon_name', kind: 'text' },
      { name: 'smtp_port', kind: 'number', nullable: true },
      { name: 'noshow_fee_value', kind: 'number', decimal: true },
      { name: 'booking_show_prices', kind: 'toggle' },
      { name: 'first_day_of_week', kind: 'choice', options: ['1', '0'], numeric: true },
      { name: 'cardpay_api_key', kind: 'secret' },
      { name: 'reminder_email_hours', kind: 'list', numeric: true },
    ],
  },
];

const SETTINGS = {
  salon_name: 'Studio',
  smtp_port: 587,
  noshow_fee_value: 10,
  booking_show_prices: 1,
  first_day_of_week: 1,
  cardpay_api_key: '********',
  cardpay_api_key_set: 1,
  reminder_email_hours: [24, 2],
} as unknown as Settings;

describe('the settings forms send only what changed', () => {
  it('a form left as it was filled sends nothing, and its secret field holds nothing (never the mask)', () => {
    const start = formValues(PARTS, SETTINGS);
    assert.equal(start.cardpay_api_key, '');
    assert.deepEqual(changedFields(PARTS, start, start), {});
  });

  it('each changed field is sent as the API takes it; a secret only when typed', () => {
    const start = formValues(PARTS, SETTINGS);
    const now = {
      ...start,
      salon_name: 'Studio Noor',
      smtp_port: '',
      noshow_fee_value: '12,50',
      booking_show_prices: false,
      first_day_of_week: '0',
      cardpay_api_key: 'new-key',
      reminder_email_hours: '48\n 2\n',
    };
    assert.deepEqual(changedFields(PARTS, start, now), {
      salon_name: 'Studio Noor',
      smtp_port: null,
      noshow_fee_value: 12.5,
      booking_show_prices: 0,
      first_day_of_week: 0,
      cardpay_api_key: 'new-key',
      reminder_email_hours: [48, 2],
    });
  });

  it("a refusal of a list's item is shown on the list's one field", () => {
    assert.deepEqual(listFieldErrors(PARTS, { 'reminder_email_hours.1': 'must be at most 336', salon_name: 'x' }), {
      reminder_email_hours: 'must be at most 336',
    });
  });
});
