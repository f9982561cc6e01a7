import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../lib/errors.js';
import { decodeCsv, detectDelimiter, parseCsv } from './csv.js';
import { cellsByField, headerKey, resolveMapping } from './presets.js';
import {
  notationOf,
  parseAmount,
  parseDate,
  parseDuration,
  parseFlag,
  parseGender,
  parsePercentage,
  parseWholeNumber,
  splitList,
} from './values.js';

const dutch = notationOf('nl');
const english = notationOf('en');
const american = notationOf('en-US');

/** The promise's rejection, as the AppError it must be. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    return error;
  }
  assert.fail('expected a refusal');
}

function thrown(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    return error;
  }
  assert.fail('expected a refusal');
}

describe('import: values in the salon’s notation', () => {
  it('the salon’s language decides the decimal separator and the date order', () => {
    assert.deepEqual(dutch, { decimal: ',', dayFirst: true });
    assert.deepEqual(english, { decimal: '.', dayFirst: true });
    assert.deepEqual(american, { decimal: '.', dayFirst: false });
  });

  it('amounts with a decimal comma or point, thousands groups, currency signs and codes', () => {
    const cases: Array<[string, number | null, number | null]> = [
      // text, in a Dutch salon, in an English one
      ['12,50', 12.5, 12.5],
      ['12.50', 12.5, 12.5],
      ['€ 1.234,56', 1234.56, 1234.56],
      ['1,234.56', 1234.56, 1234.56],
      ['1.250', 1250, 1.25],
      ['1,250', 1.25, 1250],
      ['1.250.000', 1250000, 1250000],
      ['EUR 35', 35, 35],
      ['35 EUR', 35, 35],
      ['€ 25,-', 25, 25],
      ['0,5', 0.5, 0.5],
      ['-3,10', -3.1, -3.1],
      ['€\u00a045', 45, 45],
      ['twelve', null, null],
      ['12,5,0', null, null],
      ['1.23.4,5', null, null],
      ['', null, null],
    ];
    for (const [text, inDutch, inEnglish] of cases) {
      assert.equal(parseAmount(text, dutch), inDutch, `${text} (nl)`);
      assert.equal(parseAmount(text, english), inEnglish, `${text} (en)`);
    }
  });

  it('whole numbers and percentages', () => {
    assert.equal(parseWholeNumber('12', dutch), 12);
    assert.equal(parseWholeNumber('1.000', dutch), 1000);
    assert.equal(parseWholeNumber('12,5', dutch), null);
    assert.equal(parsePercentage('21%', dutch), 2100);
    assert.equal(parsePercentage('9,0 %', dutch), 900);
    assert.equal(parsePercentage('hoog', dutch), null);
  });

  it('dates: ISO, day first, and month first only for a US salon or when the numbers say so', () => {
    assert.equal(parseDate('1990-04-01', dutch), '1990-04-01');
    assert.equal(parseDate('1990-04-01T00:00:00Z', dutch), '1990-04-01');
    assert.equal(parseDate('1990/4/1', dutch), '1990-04-01');
    assert.equal(parseDate('01-04-1990', dutch), '1990-04-01');
    assert.equal(parseDate('1-4-1990', dutch), '1990-04-01');
    assert.equal(parseDate('01.04.1990', dutch), '1990-04-01');
    assert.equal(parseDate('01/04/1990', english), '1990-04-01');
    assert.equal(parseDate('04/01/1990', american), '1990-04-01');
    assert.equal(parseDate('31/12/1985', american), '1985-12-31');
    assert.equal(parseDate('12/31/1985', dutch), '1985-12-31');
    assert.equal(parseDate('01-04-90', dutch), null);
    assert.equal(parseDate('april 1st', dutch), null);
  });

  it('durations in minutes', () => {
    const cases: Array<[string, number | null]> = [
      ['45', 45],
      ['45 min', 45],
      ['45m', 45],
      ['1:30', 90],
      ['1h30', 90],
      ['1 h 30 min', 90],
      ['1,5 uur', 90],
      ['2 hours', 120],
      ['1 uur 15 minuten', 75],
      ['0,3 h', 18],
      ['0,33 h', null],
      ['long', null],
      ['', null],
    ];
    for (const [text, minutes] of cases) assert.equal(parseDuration(text), minutes, text);
  });

  it('yes/no, gender words, lists', () => {
    assert.equal(parseFlag('Ja'), 1);
    assert.equal(parseFlag('x'), 1);
    assert.equal(parseFlag('TRUE'), 1);
    assert.equal(parseFlag('nee'), 0);
    assert.equal(parseFlag('0'), 0);
    assert.equal(parseFlag('maybe'), null);
    assert.equal(parseGender('Vrouw'), 'female');
    assert.equal(parseGender('M'), 'male');
    assert.equal(parseGender('Dhr.'), 'male');
    assert.equal(parseGender('Mevr.'), 'female');
    assert.equal(parseGender('Non-binary'), 'non_binary');
    assert.equal(parseGender('Onbekend'), '');
    assert.equal(parseGender('alien'), 'alien');
    assert.deepEqual(splitList('VIP, Kleuring|vip ;; Nieuw'), ['VIP', 'Kleuring', 'Nieuw']);
  });
});

describe('import: reading the CSV file', () => {
  it('drops a UTF-8 byte-order mark and reads UTF-8 text', async () => {
    const text = await decodeCsv(Buffer.from('\uFEFFNaam;E-mail\nZoë;zoe@example.com\n', 'utf8'));
    assert.equal(text, 'Naam;E-mail\nZoë;zoe@example.com\n');
  });

  it('reads UTF-16 when a byte-order mark says so', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Naam\tE-mail\nZoë\tz@example.com\n', 'utf16le'),
    ]);
    assert.equal(await decodeCsv(utf16), 'Naam\tE-mail\nZoë\tz@example.com\n');
  });

  it('refuses binary files and other encodings with 415, naming a spreadsheet as such', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const image = await refusal(decodeCsv(png));
    assert.equal(image.status, 415);
    assert.match(image.message, /png/);
    const xlsx = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(60)]);
    xlsx.write('[Content_Types].xml', 30, 'latin1');
    const sheet = await refusal(decodeCsv(xlsx));
    assert.equal(sheet.status, 415);
    const binary = await refusal(decodeCsv(Buffer.from([0x41, 0x00, 0x42, 0x0a])));
    assert.match(binary.message, /binary/);
    const latin1 = await refusal(decodeCsv(Buffer.from('Naam\nZo\xeb\n', 'latin1')));
    assert.match(latin1.message, /UTF-8/);
  });

  it('finds the separator on the header line, outside quotes', () => {
    assert.equal(detectDelimiter('Naam;Prijs;Duur\n"a,b";12,50;30'), ';');
    assert.equal(detectDelimiter('name,price\nCut;Colour,12.50'), ',');
    assert.equal(detectDelimiter('"a;b;c",d\n'), ',');
    assert.equal(detectDelimiter('name\tprice\n'), '\t');
    assert.equal(detectDelimiter('name\n'), ',');
  });

  it('quoted fields hold separators, quotes and line breaks; each record knows its first line', async () => {
    const table = await parseCsv(
      'Naam;Notities;Prijs\n"Knippen; lang";"Zegt ""hoi""\nen dag";12,50\n\n;;\nKleuren;;45\n',
    );
    assert.equal(table.delimiter, ';');
    assert.deepEqual(table.header, ['Naam', 'Notities', 'Prijs']);
    assert.deepEqual(table.records, [
      { line: 2, cells: ['Knippen; lang', 'Zegt "hoi"\nen dag', '12,50'] },
      { line: 6, cells: ['Kleuren', '', '45'] },
    ]);
  });

  it('an unclosed quote is 400 invalid_csv naming the line; an empty file is 400 empty_file', async () => {
    const unclosed = await refusal(parseCsv('name,notes\nAda,"never closed\n'));
    assert.equal(unclosed.code, 'invalid_csv');
    assert.match(unclosed.message, /line 2/);
    assert.equal((await refusal(parseCsv('\n\n'))).code, 'empty_file');
  });
});

describe('import: column mapping', () => {
  it('compares headers without case, accents, spaces or punctuation', () => {
    assert.equal(headerKey('E-mailadres'), headerKey('e-mail adres'));
    assert.equal(headerKey('Geboortedatum '), 'geboortedatum');
    assert.equal(headerKey('Prénom'), 'prenom');
  });

  it('the Dutch preset maps Dutch headers, unknown ones fall back to generic, others are ignored', () => {
    const mapping = resolveMapping(
      'clients',
      'nl',
      ['Voornaam', 'Tussenvoegsel', 'Achternaam', 'E-mailadres', 'Telefoonnummer', 'Mobiel', 'Gender', 'Klantnummer'],
      undefined,
    );
    assert.deepEqual(
      mapping.map((m) => m.field),
      ['first_name', 'surname_prefix', 'last_name', 'email', 'phone', 'mobile', 'gender', null],
    );
  });

  it('the fresha preset maps its client export’s columns', () => {
    const mapping = resolveMapping(
      'clients',
      'fresha',
      [
        'Client ID',
        'First Name',
        'Last Name',
        'Mobile Number',
        'Telephone',
        'Email',
        'Accepts Marketing',
        'Date of Birth',
      ],
      undefined,
    );
    assert.deepEqual(
      mapping.map((m) => m.field),
      [null, 'first_name', 'last_name', 'mobile', 'phone', 'email', 'marketing_consent', 'birthday'],
    );
  });

  it('an explicit mapping wins over the preset and can ignore a column', () => {
    const mapping = resolveMapping(
      'products',
      'generic',
      ['Code', 'Omschrijving', 'Prijs'],
      'Code=ignore,Omschrijving=name, Prijs=price',
    );
    assert.deepEqual(
      mapping.map((m) => m.field),
      [null, 'name', 'price'],
    );
    assert.deepEqual([...cellsByField(mapping, [' A-1 ', ' Shampoo ', ''])], [['name', 'Shampoo']]);
  });

  it('a mapping naming an unknown column or field, or a file without a key column, is refused', () => {
    assert.equal(thrown(() => resolveMapping('clients', 'generic', ['Name'], 'Nope=email')).code, 'invalid_mapping');
    assert.equal(
      thrown(() => resolveMapping('clients', 'generic', ['Name'], 'Name=shoe_size')).code,
      'invalid_mapping',
    );
    assert.equal(thrown(() => resolveMapping('clients', 'generic', ['Name'], 'Name')).code, 'invalid_mapping');
    const incomplete = thrown(() => resolveMapping('services', 'generic', ['Prijs', 'Duur'], undefined));
    assert.equal(incomplete.code, 'mapping_incomplete');
    assert.match(incomplete.message, /Prijs, Duur/);
  });
});
