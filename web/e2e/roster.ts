import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { tabTo } from './actions.js';

/*
 * The roster's week grid by keyboard, as the browser tests that draw a shift share it: the grid
 * has one tab stop, arrows move its focus, Shift+ArrowDown stretches the selection, Enter makes
 * the shift (the keyboard's way to do what a pointer does by dragging).
 */

/** The grid's first row is 07:00; a row is half an hour. */
const FIRST_HOUR = 7;

/**
 * Moves the grid's focus to (day `col`, hour `hour`), stretches the selection over `slots` half
 * hours with Shift+ArrowDown and presses Enter: a shift, by keyboard alone.
 */
export async function drawByKeyboard(page: Page, col: number, hour: number, slots: number): Promise<void> {
  const focused = page.locator('.roster-grid [role="gridcell"][tabindex="0"]');
  await tabTo(page, focused);
  const at = async () => {
    const cell = (await page.locator(':focus').getAttribute('data-cell')) ?? '0-0';
    return cell.split('-').map(Number) as [number, number];
  };
  const targetRow = (hour - FIRST_HOUR) * 2;
  for (let i = 0; i < 10; i++) {
    const [c] = await at();
    if (c === col) break;
    await page.keyboard.press(c < col ? 'ArrowRight' : 'ArrowLeft');
  }
  for (let i = 0; i < 40; i++) {
    const [, r] = await at();
    if (r === targetRow) break;
    await page.keyboard.press(r < targetRow ? 'ArrowDown' : 'ArrowUp');
  }
  assert.deepEqual(await at(), [col, targetRow]);
  for (let i = 1; i < slots; i++) await page.keyboard.press('Shift+ArrowDown');
  assert.equal(await page.locator('.roster-grid [aria-selected="true"]').count(), slots);
  await page.keyboard.press('Enter');
}
