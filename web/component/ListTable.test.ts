import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, componentSkip } from '../e2e/chromium.js';
import { focusedText, isFocused, startComponentHarness, type ComponentHarness } from './harness.js';

/*
 * ui/ListTable.tsx in chromium, on 60 clients whose page, size and sort live in the address
 * (ui/ListTable.cases.tsx): sorting by pointer and keyboard, pages that keep the sort, Back,
 * selection, type-ahead, a row opened, the empty, loading and failed states, a long page
 * virtualised, a row built again only when its data changed, Dutch.
 */

/** The names in the table's rows, in order (the row header cell of each). */
async function names(page: Page): Promise<string[]> {
  return page.getByRole('rowheader').allTextContents();
}

/** The grid's description (`aria-describedby`): its sort. */
function sortDescription(page: Page): Promise<string | null> {
  return page.evaluate<string | null>(
    `document.getElementById(document.querySelector('[role=grid]').getAttribute('aria-describedby'))?.textContent ?? null`,
  );
}

function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

describe('ListTable (component)', { skip: componentSkip() }, () => {
  let ct: ComponentHarness;
  before(async () => {
    ct = await startComponentHarness('ui/ListTable.cases.tsx');
  });
  after(() => ct?.close());

  it('sorts by a column when its header is pressed, both ways, and says so to assistive technology', async () => {
    const { page, watch } = await ct.mount('clients');
    const name = page.getByRole('columnheader', { name: 'Name' });
    assert.equal(await name.getAttribute('aria-sort'), 'ascending');
    const first = await names(page);
    assert.equal(first.length, 10);
    assert.deepEqual(
      first,
      [...first].sort((a, b) => a.localeCompare(b)),
    );
    await assertAccessible(page, 'the list sorted by name');

    await name.click();
    await page.waitForURL(/[?&]sort=-name(&|$)/);
    assert.equal(await name.getAttribute('aria-sort'), 'descending');
    assert.equal(await sortDescription(page), 'Sorted by Name, descending', 'the grid describes its sort');
    const descending = await names(page);
    assert.deepEqual(
      descending,
      [...descending].sort((a, b) => b.localeCompare(a)),
    );

    const lastVisit = page.getByRole('columnheader', { name: 'Last visit' });
    await lastVisit.click();
    await page.waitForURL(/[?&]sort=last_visit(&|$)/);
    assert.equal(await lastVisit.getAttribute('aria-sort'), 'ascending');
    assert.equal(await name.getAttribute('aria-sort'), 'none');
    assert.equal(await page.getByRole('columnheader', { name: 'Phone' }).getAttribute('aria-sort'), null);
    watch.assertClean();
  });

  it('sorts from the keyboard: arrow keys to a column header, then Enter', async () => {
    const { page, watch } = await ct.mount('clients');
    // Tab into the grid (its first row), up to the header row (select all), right to "Last visit".
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowUp');
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
    assert.equal(await isFocused(page.getByRole('columnheader', { name: 'Last visit' })), true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]sort=last_visit(&|$)/);
    assert.equal(await page.getByRole('columnheader', { name: 'Last visit' }).getAttribute('aria-sort'), 'ascending');
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]sort=-last_visit(&|$)/);
    await assertAccessible(page, 'the list sorted by the keyboard');
    watch.assertClean();
  });

  it('finds a row by the first letters of its name typed in the grid (type-ahead)', async () => {
    const { page, watch } = await ct.mount('clients');
    await page.getByRole('rowheader').first().waitFor();
    await page.keyboard.press('Tab');
    assert.match(await focusedText(page), /^Ada /);
    await page.keyboard.type('br');
    assert.match(await focusedText(page), /^Bram /);
    watch.assertClean();
  });

  it('keeps the sort when the page changes, adds a history entry per page, and Back returns', async () => {
    const { page, watch } = await ct.mount('clients', { path: '/clients?sort=-last_visit' });
    const firstPage = await names(page);
    await page.getByRole('navigation', { name: 'Pages' }).getByText('Page 1 of 6').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 6').waitFor();
    assert.equal(query(page).get('sort'), '-last_visit');
    assert.equal(query(page).get('page'), '2');
    assert.equal(await page.getByText('11–20 of 60').count(), 1);
    const secondPage = await names(page);
    assert.notDeepEqual(secondPage, firstPage);
    assert.equal(await page.getByRole('columnheader', { name: 'Last visit' }).getAttribute('aria-sort'), 'descending');

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 3 of 6').waitFor();
    await page.goBack();
    await page.getByText('Page 2 of 6').waitFor();
    assert.deepEqual(await names(page), secondPage);
    await page.goBack();
    await page.getByText('Page 1 of 6').waitFor();
    assert.deepEqual(await names(page), firstPage);
    assert.equal(await page.getByRole('button', { name: 'Previous page' }).isDisabled(), true);

    await page.getByLabel('Rows per page').selectOption('25');
    await page.getByText('Page 1 of 3').waitFor();
    assert.equal(query(page).get('size'), '25');
    assert.equal((await names(page)).length, 25);
    await assertAccessible(page, 'the second page');
    watch.assertClean();
  });

  it('starts again at page 1 when the sort changes', async () => {
    const { page, watch } = await ct.mount('clients', { path: '/clients?page=4&lang=en' });
    await page.getByText('Page 4 of 6').waitFor();
    await page.getByRole('columnheader', { name: 'Last visit' }).click();
    await page.getByText('Page 1 of 6').waitFor();
    assert.equal(query(page).get('page'), null);
    assert.equal(query(page).get('lang'), 'en', 'the address’s other parameters stay');
    watch.assertClean();
  });

  it('selects rows by their checkbox and by Space, all at once, and opens a row with Enter', async () => {
    const { page, watch } = await ct.mount('clients');
    const rows = page.getByRole('row');
    // The box drawn over the checkbox is what a pointer presses.
    await rows.nth(1).locator('.checkbox').click();
    await page.getByText('Selected: 1').waitFor();
    assert.equal(await rows.nth(1).getAttribute('aria-selected'), 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.getByText('Selected: 2').waitFor();
    await assertAccessible(page, 'two rows selected');
    await page.locator('thead .checkbox').click();
    await page.getByText('Selected: 60').waitFor();
    await page.locator('thead .checkbox').click();
    await page.getByText('Selected: 0').waitFor();

    // The names end with the client's id, which the case shows once the row is opened.
    const [, , third, fourth] = (await names(page)).map((name) => name.split(' ').pop());
    await rows.nth(3).getByRole('rowheader').click();
    await page.getByText(`Opened: ${third}`).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByText(`Opened: ${fourth}`).waitFor();
    watch.assertClean();
  });

  it('says when there are no rows, and shows no pages then', async () => {
    const { page, watch } = await ct.mount('no clients');
    await page.getByText('No clients yet.').waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Pages' }).count(), 0);
    await assertAccessible(page, 'the empty list');
    watch.assertClean();
  });

  it('says when a page is past the end, and goes to the last page', async () => {
    const { page, watch } = await ct.mount('clients', { path: '/?page=9' });
    await page.getByText('There is nothing on page 9: the list has 6 pages.').waitFor();
    await page.getByRole('button', { name: 'Go to the last page' }).click();
    await page.getByText('Page 6 of 6').waitFor();
    watch.assertClean();
  });

  it('shows loading, and a failure with a way to try again', async () => {
    const loading = await ct.mount('loading');
    await loading.page.getByRole('status').getByText('Loading…').waitFor();
    await assertAccessible(loading.page, 'the list loading');
    loading.watch.assertClean();

    const failed = await ct.mount('failed');
    await failed.page.getByRole('alert').getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await assertAccessible(failed.page, 'the list failed');
    await failed.page.getByRole('button', { name: 'Try again' }).click();
    await failed.page.getByText('Tries: 1').waitFor();
    failed.watch.assertClean();
  });

  it('renders only the rows in view of a long page, and scrolls to the others', async () => {
    const { page, watch } = await ct.mount('many clients', { path: '/?size=500' });
    const table = page.getByRole('grid', { name: 'Clients' });
    assert.equal(
      await table.getAttribute('aria-rowcount'),
      '501',
      'the header row and 500 rows, for assistive technology',
    );
    const rendered = await page.getByRole('row').count();
    assert.ok(rendered > 5 && rendered < 100, `${rendered} rows rendered`);
    const lastRow = page.locator('[role=row][aria-rowindex="501"]');
    assert.equal(await lastRow.count(), 0);
    // The keyboard reaches the last row: React Aria renders it as the focus moves there.
    await page.getByRole('row').nth(1).getByRole('rowheader').click();
    await page.keyboard.press('Control+End');
    await lastRow.waitFor();
    await assertAccessible(page, 'the long page scrolled to its end');
    watch.assertClean();
  });

  it('builds a row again only when its own data changed: not for a changed neighbour, a refresh or a page render', async () => {
    const { page, watch } = await ct.mount('one client changes');
    const made = () => page.evaluate<Record<string, number>>(`({ ...window.cellsMade })`);
    await page.getByRole('rowheader').first().waitFor();
    const before = await made();
    assert.deepEqual(Object.keys(before).sort(), ['1', '10', '2', '3', '4', '5', '6', '7', '8', '9']);

    await page.getByRole('button', { name: 'Change client 3’s phone' }).click();
    await page.getByRole('gridcell', { name: '+31 6 99999999' }).waitFor();
    const after = await made();
    assert.ok(after['3']! > before['3']!, 'the changed row is built again');
    assert.deepEqual({ ...after, 3: before['3'] }, before, 'no other row is built again');

    await page.getByRole('button', { name: 'Refreshing: false' }).click();
    await page.locator('.list-rows[aria-busy="true"]').waitFor();
    await page.getByRole('button', { name: 'Page renders: 0' }).click();
    await page.getByRole('button', { name: 'Page renders: 1' }).waitFor();
    await page.getByRole('button', { name: 'Refreshing: true' }).click();
    await page.locator('.list-rows:not([aria-busy])').waitFor();
    assert.deepEqual(await made(), after, 'a refresh and a render of the page build no row again');
    await assertAccessible(page, 'the list after a row changed');
    watch.assertClean();
  });

  it('speaks Dutch', async () => {
    const { page, watch } = await ct.mount('clients', { language: 'nl' });
    await page.getByRole('navigation', { name: 'Pagina’s' }).waitFor();
    await page.getByText('Pagina 1 van 6').waitFor();
    await page.getByText('1–10 van 60').waitFor();
    await page.getByRole('button', { name: 'Volgende pagina' }).click();
    await page.getByText('Pagina 2 van 6').waitFor();
    await page.getByLabel('Rijen per pagina').waitFor();
    await assertAccessible(page, 'the list in Dutch');
    watch.assertClean();
  });
});
