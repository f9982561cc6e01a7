import { badRequest } from '../../lib/errors.js';

/*
 * Which column of a file holds which field. A preset names, per field, the column headers
 * that one kind of export uses; headers are compared without case, accents, spaces or
 * punctuation (`E-mailadres`, `e-mail adres` and `EmailAdres` are one header). A header the
 * chosen preset does not know is tried against the generic one, and `--map` / `mapping`
 * (`Column=field,…`) overrides both, or ignores a column with `Column=ignore`.
 */

export const IMPORT_KINDS = ['clients', 'services', 'products'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The fields a column can be mapped to, per kind. */
export const IMPORT_FIELDS = {
  clients: [
    'name',
    'first_name',
    'surname_prefix',
    'last_name',
    'email',
    'phone',
    'mobile',
    'birthday',
    'gender',
    'notes',
    'marketing_consent',
    'sms_consent',
    'language',
    'labels',
  ],
  services: ['name', 'category', 'duration_min', 'price', 'vat_rate'],
  products: [
    'name',
    'sku',
    'ean_code',
    'price',
    'purchase_price',
    'quantity_on_hand',
    'low_stock_threshold',
    'category',
    'supplier',
    'vat_rate',
  ],
} as const satisfies Record<ImportKind, readonly string[]>;

export type ImportField<K extends ImportKind = ImportKind> = (typeof IMPORT_FIELDS)[K][number];

/** What a mapping may name instead of a field: leave the column out. */
export const IGNORE = 'ignore';

type Columns = { [K in ImportKind]: Partial<Record<ImportField<K>, readonly string[]>> };

export interface Preset {
  description: string;
  columns: Columns;
}

export const PRESET_NAMES = ['generic', 'nl', 'fresha'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export const PRESETS: Record<PresetName, Preset> = {
  generic: {
    description:
      'English column names as most systems and spreadsheets write them, and the field names themselves. The default.',
    columns: {
      clients: {
        name: ['name', 'full name', 'client name', 'customer name', 'client', 'customer'],
        first_name: ['first name', 'firstname', 'given name', 'forename'],
        surname_prefix: ['surname prefix', 'name prefix', 'infix', 'middle name'],
        last_name: ['last name', 'lastname', 'surname', 'family name'],
        email: ['email', 'e-mail', 'email address', 'e-mail address', 'mail'],
        phone: ['phone', 'telephone', 'phone number', 'telephone number', 'tel', 'home phone', 'landline'],
        mobile: ['mobile', 'mobile number', 'mobile phone', 'cell', 'cell phone', 'cellphone'],
        birthday: ['birthday', 'date of birth', 'birth date', 'birthdate', 'dob'],
        gender: ['gender', 'sex'],
        notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
        marketing_consent: [
          'marketing consent',
          'marketing',
          'accepts marketing',
          'email marketing',
          'newsletter',
          'opt in',
        ],
        sms_consent: ['sms consent', 'sms', 'accepts sms', 'sms marketing', 'text messages'],
        language: ['language', 'preferred language'],
        labels: ['labels', 'label', 'tags', 'tag', 'groups'],
      },
      services: {
        name: ['name', 'service', 'service name', 'treatment', 'treatment name'],
        category: ['category', 'category name', 'service category', 'group'],
        duration_min: ['duration min', 'duration', 'duration minutes', 'minutes', 'length', 'time'],
        price: ['price', 'retail price', 'price incl vat', 'sale price', 'amount'],
        vat_rate: ['vat rate', 'vat', 'tax', 'tax rate', 'vat percentage'],
      },
      products: {
        name: ['name', 'product', 'product name', 'description', 'item', 'item name'],
        sku: ['sku', 'code', 'product code', 'item code', 'article number', 'reference'],
        ean_code: ['ean code', 'ean', 'barcode', 'bar code', 'upc', 'gtin', 'ean13'],
        price: ['price', 'retail price', 'sale price', 'selling price', 'price incl vat'],
        purchase_price: ['purchase price', 'cost', 'cost price', 'supply price', 'buying price', 'wholesale price'],
        quantity_on_hand: ['quantity on hand', 'stock', 'quantity', 'qty', 'stock on hand', 'in stock', 'on hand'],
        low_stock_threshold: ['low stock threshold', 'low stock', 'reorder level', 'reorder point', 'minimum stock'],
        category: ['category', 'category name', 'product category', 'group'],
        supplier: ['supplier', 'supplier name', 'vendor'],
        vat_rate: ['vat rate', 'vat', 'tax', 'tax rate', 'vat percentage'],
      },
    },
  },
  nl: {
    description:
      'Dutch column names, as Dutch salon software and Excel lists write them (Voornaam, Tussenvoegsel, Achternaam, E-mailadres, Telefoonnummer …).',
    columns: {
      clients: {
        name: ['naam', 'volledige naam', 'klantnaam', 'klant'],
        first_name: ['voornaam', 'roepnaam'],
        surname_prefix: ['tussenvoegsel', 'tussenvoegsels', 'voorvoegsel'],
        last_name: ['achternaam', 'familienaam'],
        email: ['e-mailadres', 'e-mail', 'email', 'emailadres', 'e-mail adres'],
        phone: ['telefoonnummer', 'telefoon', 'tel', 'vast nummer', 'telefoon vast'],
        mobile: ['mobiel', 'mobiel nummer', 'mobiele telefoon', 'mobielnummer', 'gsm', 'telefoon mobiel'],
        birthday: ['geboortedatum', 'verjaardag'],
        gender: ['geslacht', 'aanhef'],
        notes: ['opmerkingen', 'opmerking', 'notities', 'notitie', 'bijzonderheden'],
        marketing_consent: ['nieuwsbrief', 'marketing', 'toestemming marketing', 'mailings', 'e-mail marketing'],
        sms_consent: ['sms', 'toestemming sms', 'sms toestemming'],
        language: ['taal', 'voorkeurstaal'],
        labels: ['labels', 'label', 'tags', 'groepen', 'kenmerken'],
      },
      services: {
        name: ['behandeling', 'naam', 'dienst', 'omschrijving', 'naam behandeling'],
        category: ['categorie', 'groep', 'behandelgroep', 'rubriek'],
        duration_min: ['duur', 'duur min', 'duur in minuten', 'tijdsduur', 'minuten', 'tijd'],
        price: ['prijs', 'prijs incl btw', 'verkoopprijs', 'tarief', 'bedrag'],
        vat_rate: ['btw', 'btw tarief', 'btw percentage', 'btw-tarief'],
      },
      products: {
        name: ['productnaam', 'artikel', 'naam', 'omschrijving', 'product', 'artikelnaam'],
        sku: ['artikelnummer', 'artikelcode', 'code', 'productcode', 'sku'],
        ean_code: ['ean', 'ean-code', 'barcode', 'streepjescode', 'ean code'],
        price: ['verkoopprijs', 'prijs', 'prijs incl btw', 'adviesprijs'],
        purchase_price: ['inkoopprijs', 'kostprijs', 'inkoop'],
        quantity_on_hand: ['voorraad', 'aantal', 'aantal op voorraad', 'huidige voorraad'],
        low_stock_threshold: ['minimale voorraad', 'minimumvoorraad', 'bestelpunt', 'minimum voorraad'],
        category: ['categorie', 'productgroep', 'groep'],
        supplier: ['leverancier', 'merk leverancier'],
        vat_rate: ['btw', 'btw tarief', 'btw percentage', 'btw-tarief'],
      },
    },
  },
  fresha: {
    description:
      'Modelled on the client, service and product list exports of Fresha (English column names such as First Name, Last Name, Mobile Number, Accepts Marketing; Retail Price, Supply Price, Stock Quantity).',
    columns: {
      clients: {
        first_name: ['first name'],
        last_name: ['last name'],
        name: ['full name', 'client name'],
        email: ['email', 'email address'],
        mobile: ['mobile number', 'mobile'],
        phone: ['telephone', 'phone number', 'phone'],
        birthday: ['date of birth', 'birthday'],
        gender: ['gender'],
        notes: ['note', 'notes', 'client notes'],
        marketing_consent: ['accepts marketing', 'accepts email marketing', 'email marketing notifications'],
        sms_consent: ['accepts sms marketing', 'sms marketing notifications', 'accepts text marketing'],
        language: ['preferred language', 'language'],
        labels: ['tags', 'client tags'],
      },
      services: {
        name: ['service name', 'name'],
        category: ['category', 'service category', 'menu category'],
        duration_min: ['duration', 'duration min', 'service duration'],
        price: ['retail price', 'price'],
        vat_rate: ['tax', 'tax rate'],
      },
      products: {
        name: ['product name', 'name'],
        sku: ['sku', 'sku code', 'product code'],
        ean_code: ['barcode', 'ean'],
        price: ['retail price', 'full price'],
        purchase_price: ['supply price', 'cost price'],
        quantity_on_hand: ['stock quantity', 'stock qty', 'current stock', 'stock on hand'],
        low_stock_threshold: ['low stock level', 'reorder point', 'low stock'],
        category: ['category', 'product category'],
        supplier: ['supplier'],
        vat_rate: ['tax', 'tax rate'],
      },
    },
  },
};

/** A header as compared: lower-cased, accents dropped, only letters and digits. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The field each column holds, or null when the column is ignored. */
export interface ColumnMapping {
  column: string;
  field: string | null;
}

/** The fields of `kind` by header key, from one preset (the field names themselves count as headers). */
function fieldsByHeader(kind: ImportKind, preset: PresetName): Map<string, string> {
  const byHeader = new Map<string, string>();
  for (const [field, headers] of Object.entries(PRESETS[preset].columns[kind]) as Array<[string, string[]]>) {
    for (const header of headers) if (!byHeader.has(headerKey(header))) byHeader.set(headerKey(header), field);
  }
  for (const field of IMPORT_FIELDS[kind]) if (!byHeader.has(headerKey(field))) byHeader.set(headerKey(field), field);
  return byHeader;
}

/** `Column=field,Other column=field2` (from `--map` or `mapping`) as pairs; 400 on text that is not pairs. */
export function parseMappingText(text: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const item of text.split(',')) {
    if (item.trim() === '') continue;
    const at = item.lastIndexOf('=');
    if (at <= 0) {
      throw badRequest('invalid_mapping', `Mapping "${item.trim()}" is not "Column=field"`, [
        { field: 'mapping', message: 'must be a comma-separated list of Column=field' },
      ]);
    }
    pairs.push([item.slice(0, at).trim(), item.slice(at + 1).trim()]);
  }
  return pairs;
}

/** Fields of which at least one must have a column, per kind: what a row is matched or named by. */
export const KEY_FIELDS: Record<ImportKind, readonly string[]> = {
  clients: ['name', 'first_name', 'last_name', 'email', 'phone', 'mobile'],
  services: ['name'],
  products: ['sku', 'ean_code', 'name'],
};

/**
 * The field of every column of `header`: the explicit mapping first, then the preset, then
 * the generic preset. 400 `invalid_mapping` for a mapping that names a column the file
 * lacks or a field the kind lacks; 400 `mapping_incomplete` when no column gives any of the
 * kind's key fields.
 */
export function resolveMapping(
  kind: ImportKind,
  preset: PresetName,
  header: string[],
  mappingText: string | undefined,
): ColumnMapping[] {
  const fields = new Set<string>(IMPORT_FIELDS[kind]);
  const explicit = new Map<string, string | null>();
  for (const [column, field] of parseMappingText(mappingText ?? '')) {
    const key = headerKey(column);
    if (!header.some((h) => headerKey(h) === key)) {
      throw badRequest('invalid_mapping', `The file has no column "${column}" (columns: ${header.join(', ')})`, [
        { field: 'mapping', message: `names a column the file does not have: ${column}` },
      ]);
    }
    if (field !== IGNORE && !fields.has(field)) {
      throw badRequest(
        'invalid_mapping',
        `"${field}" is not a field of ${kind}: one of ${[...fields].join(', ')}, or ${IGNORE}`,
        [{ field: 'mapping', message: `names an unknown field: ${field}` }],
      );
    }
    explicit.set(key, field === IGNORE ? null : field);
  }
  const chosen = fieldsByHeader(kind, preset);
  const generic = fieldsByHeader(kind, 'generic');
  const mapping = header.map((column) => {
    const key = headerKey(column);
    const field = explicit.has(key) ? explicit.get(key)! : (chosen.get(key) ?? generic.get(key) ?? null);
    return { column, field: key === '' ? null : field };
  });
  if (!mapping.some((m) => m.field !== null && KEY_FIELDS[kind].includes(m.field))) {
    throw badRequest(
      'mapping_incomplete',
      `No column holds any of ${KEY_FIELDS[kind].join(', ')}, which ${kind} are found and named by (columns: ${header.join(', ')}); choose another preset or map a column with "Column=${KEY_FIELDS[kind][0]}"`,
      [{ field: 'mapping', message: `needs a column for one of ${KEY_FIELDS[kind].join(', ')}` }],
    );
  }
  return mapping;
}

/**
 * A record's cells by field: trimmed, empty ones left out. Two columns of one field (a
 * preset that knows both `Telefoon` and `Telefoonnummer`): the first that is not empty.
 */
export function cellsByField(mapping: ColumnMapping[], cells: string[]): Map<string, string> {
  const byField = new Map<string, string>();
  mapping.forEach(({ field }, index) => {
    const text = cells[index]?.trim() ?? '';
    if (field === null || text === '' || byField.has(field)) return;
    byField.set(field, text);
  });
  return byField;
}
