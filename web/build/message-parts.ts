import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/*
 * The message catalogues are split into parts, so that a page downloads the messages it shows
 * and not the whole front end's: a shell's part (what its first screen names) and one part per
 * area that is loaded lazily (the area's own messages, fetched with its chunk).
 *
 * A part is not a list of keys kept by hand: it is the keys named in the source files reachable
 * from its roots, found by reading the imports. Static imports are followed everywhere; a
 * dynamic `import()` is followed too (an area's own lazy chunks need its messages), except into
 * another part's root, which brings its own. An area's part leaves out what its shell's already
 * holds (the shell's part is always loaded first).
 */

interface PartDefinition {
  /** Source files (relative to web/src) the part's code starts from. */
  roots: readonly string[];
  /** The shell whose part is loaded before this one; none for a shell. */
  shell?: string;
}

/**
 * The parts: one per shell (`shell-<entry>`, what its first screen names), one per area its shell
 * loads lazily, named after the area's folder (its roots are the modules the shell imports
 * lazily). A new area adds itself here and loads its chunks through `withMessages`
 * (i18n/i18n.tsx).
 */
export const MESSAGE_PARTS = {
  'shell-public': { roots: ['app/public-main.tsx'] },
  'shell-office': { roots: ['app/office-main.tsx'] },
  account: { shell: 'shell-public', roots: ['routes/account/AccountPages.tsx'] },
  links: { shell: 'shell-public', roots: ['routes/links/routes.tsx'] },
  payment: { shell: 'shell-public', roots: ['routes/payment/PaymentReturnPage.tsx'] },
  office: {
    shell: 'shell-office',
    roots: [
      'routes/office/LoginPage.tsx',
      'routes/office/ResetPasswordPage.tsx',
      'routes/office/HomePage.tsx',
      'routes/office/SetupPage.tsx',
      'routes/office/ChangePasswordPage.tsx',
    ],
  },
  clients: { shell: 'shell-office', roots: ['routes/clients/ClientsArea.tsx'] },
  desk: { shell: 'shell-office', roots: ['routes/desk/calendar/CalendarPage.tsx'] },
  notifications: { shell: 'shell-office', roots: ['routes/notifications/NotificationsArea.tsx'] },
  waitlist: { shell: 'shell-office', roots: ['routes/waitlist/WaitlistArea.tsx'] },
  inventory: { shell: 'shell-office', roots: ['routes/inventory/InventoryArea.tsx'] },
  payments: { shell: 'shell-office', roots: ['routes/payments/PaymentsArea.tsx'] },
  campaigns: { shell: 'shell-office', roots: ['routes/campaigns/CampaignsArea.tsx'] },
  system: { shell: 'shell-office', roots: ['routes/system/SystemArea.tsx'] },
  receipts: { shell: 'shell-office', roots: ['routes/receipts/ReceiptsArea.tsx'] },
  till: { shell: 'shell-office', roots: ['routes/till/TillArea.tsx'] },
  // Its sections' screens are roots too: the office's start imports their loaders
  // (routes/manage/section-chunks.ts) to begin a deep link's at once, and a root is where the
  // shell's part stops following, so their messages stay in this part, not the shell's.
  manage: {
    shell: 'shell-office',
    roots: [
      'routes/manage/ManageArea.tsx',
      'routes/manage/services/ServicesScreens.tsx',
      'routes/manage/resources/ResourcesScreens.tsx',
      'routes/manage/products/ProductsScreens.tsx',
      'routes/manage/suppliers/SuppliersScreens.tsx',
      'routes/manage/staff/StaffScreens.tsx',
      'routes/manage/offers/OffersScreens.tsx',
      'routes/manage/imports/ImportsScreens.tsx',
      'routes/manage/settings/SettingsScreens.tsx',
      'routes/manage/reports/ReportsScreens.tsx',
      'routes/manage/campaigns/CampaignsScreens.tsx',
      'routes/manage/reviews/ReviewsScreens.tsx',
      'routes/manage/system/SystemScreens.tsx',
    ],
  },
  agenda: { shell: 'shell-office', roots: ['routes/agenda/AgendaPage.tsx'] },
} as const satisfies Record<string, PartDefinition>;

export type MessagePart = keyof typeof MESSAGE_PARTS;

const IMPORT_STATIC = /(?:^|[\n;])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const IMPORT_DYNAMIC = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
// A key written out ('book.title') or the fixed start of one built from a template (`app.language.${code}`).
const KEY_LITERAL = /(['"`])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)*\.?)(\1|\$\{)/g;

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

interface SourceFile {
  staticImports: string[];
  dynamicImports: string[];
  /** Keys named in full, and the starts of keys built from templates. */
  keys: { text: string; start: boolean }[];
}

// Read once per version of a file: every part's walk reads the shared folders again.
const sources = new Map<string, { modified: number; source: SourceFile }>();

function readSource(path: string): SourceFile {
  const modified = statSync(path).mtimeMs;
  const known = sources.get(path);
  if (known?.modified === modified) return known.source;
  const source = parseSource(path);
  sources.set(path, { modified, source });
  return source;
}

function parseSource(path: string): SourceFile {
  // Comments may name a key as an example; only code counts.
  const text = readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const resolved = (pattern: RegExp) =>
    [...text.matchAll(pattern)].map((match) => resolveImport(path, match[1]!)).filter((file) => file !== null);
  return {
    staticImports: resolved(IMPORT_STATIC),
    dynamicImports: resolved(IMPORT_DYNAMIC),
    keys: [...text.matchAll(KEY_LITERAL)].map((match) => ({ text: match[2]!, start: match[3] === '${' })),
  };
}

/** The source files a part's code reaches (see above), as absolute paths. */
export function filesOfPart(sourceRoot: string, part: MessagePart): string[] {
  const definition: PartDefinition = MESSAGE_PARTS[part];
  const otherRoots = new Set(
    Object.entries(MESSAGE_PARTS)
      .filter(([name]) => name !== part)
      .flatMap(([, other]) => other.roots.map((root) => join(sourceRoot, root))),
  );
  const seen = new Set<string>();
  const stack = definition.roots.map((root) => join(sourceRoot, root));
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readSource(file);
    stack.push(...source.staticImports, ...source.dynamicImports.filter((target) => !otherRoots.has(target)));
  }
  return [...seen].map((file) => relative(sourceRoot, file)).sort();
}

/** The catalogue's keys that the files name (a template's start names every key it begins). */
function keysNamed(sourceRoot: string, files: readonly string[], catalogueKeys: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (const file of files) {
    for (const { text, start } of readSource(join(sourceRoot, file)).keys) {
      if (!start) {
        if (catalogueKeys.includes(text)) named.add(text);
      } else if (text.includes('.')) {
        for (const key of catalogueKeys) if (key.startsWith(text)) named.add(key);
      }
    }
  }
  return named;
}

/** Each part's keys, in the catalogue's order; an area's part without those of its shell. */
export function keysOfParts(sourceRoot: string, catalogueKeys: readonly string[]): Record<MessagePart, string[]> {
  const parts = Object.keys(MESSAGE_PARTS) as MessagePart[];
  const named = Object.fromEntries(
    parts.map((part) => [part, keysNamed(sourceRoot, filesOfPart(sourceRoot, part), catalogueKeys)]),
  ) as Record<MessagePart, Set<string>>;
  return Object.fromEntries(
    parts.map((part) => {
      const shell: string | undefined = (MESSAGE_PARTS[part] as PartDefinition).shell;
      const ofShell = shell === undefined ? new Set<string>() : named[shell as MessagePart];
      return [part, catalogueKeys.filter((key) => named[part].has(key) && !ofShell.has(key))];
    }),
  ) as Record<MessagePart, string[]>;
}
