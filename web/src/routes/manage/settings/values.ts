import type { components } from '../../../api/schema.gen.js';
import type { FieldPart, FieldSpec, SettingsChanges } from './groups.js';

export type Settings = components['schemas']['Settings'];
/** What a form holds per field: the text typed, or a switch's state. */
export type FormValues = Record<string, string | boolean>;

/** A list typed one item a line (or separated by commas), blanks dropped. */
export function listItems(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * The form's value of a field as the settings hold it. A secret starts empty: the service
 * answers only `********`, and the form never holds, shows or sends that mask.
 */
export function formValue(spec: FieldSpec, settings: Settings): string | boolean {
  const value = (settings as Record<string, unknown>)[spec.name];
  switch (spec.kind) {
    case 'toggle':
      return value === 1;
    case 'secret':
      return '';
    case 'list':
      return Array.isArray(value) ? value.join('\n') : '';
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
}

export function formValues(parts: readonly FieldPart[], settings: Settings): FormValues {
  return Object.fromEntries(parts.flatMap((part) => part.fields.map((spec) => [spec.name, formValue(spec, settings)])));
}

/** A field's value as PUT /api/settings takes it. */
function sent(spec: FieldSpec, value: string | boolean): unknown {
  switch (spec.kind) {
    case 'toggle':
      return value ? 1 : 0;
    case 'number':
      return spec.nullable && value === '' ? null : Number(String(value).replace(',', '.'));
    case 'choice':
      return spec.numeric ? Number(value) : value;
    case 'list': {
      const items = listItems(String(value));
      return spec.numeric ? items.map(Number) : items;
    }
    default:
      return value;
  }
}

/**
 * Only the fields changed since the form was filled: a field someone else changed meanwhile and
 * this form left alone keeps their value (the service changes only the fields present). A secret
 * is sent only when something was typed into it.
 */
export function changedFields(parts: readonly FieldPart[], start: FormValues, now: FormValues): SettingsChanges {
  const changes: Record<string, unknown> = {};
  for (const spec of parts.flatMap((part) => part.fields)) {
    const value = now[spec.name] ?? '';
    if (spec.kind === 'secret') {
      if (value !== '') changes[spec.name] = value;
    } else if (value !== start[spec.name]) {
      changes[spec.name] = sent(spec, value);
    }
  }
  return changes;
}

/**
 * The service's field errors of a list (`reminder_email_hours.1`) on the list's own field,
 * which is one text box.
 */
export function listFieldErrors(
  parts: readonly FieldPart[],
  errors: Readonly<Record<string, string>>,
): Record<string, string> {
  const lists = parts.flatMap((part) => part.fields.filter((spec) => spec.kind === 'list').map((spec) => spec.name));
  const found: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const list = lists.find((name) => field.startsWith(`${name}.`) || field.startsWith(`${name}/`));
    if (list) found[list] = message;
  }
  return found;
}
