import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A text that is not valid ICU MessageFormat (an unclosed brace, a bad plural …). */
export class UnparsableMessageError extends Error {}

/** The placeholder names of an ICU message, those inside plural/select branches included. */
export function placeholdersOf(text: string): string[] {
  let elements: MessageFormatElement[];
  try {
    elements = parse(text, { ignoreTag: true });
  } catch (error) {
    throw new UnparsableMessageError(error instanceof Error ? error.message : String(error));
  }
  const names = new Set<string>();
  const walk = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if ('value' in element && typeof element.value === 'string') names.add(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(elements);
  return [...names].sort();
}
