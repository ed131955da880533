import type { Page } from 'playwright-core';

/** Picks a value in a combobox (Lumen's shared Select) by typing it and pressing Enter, as a user would. */
export async function chooseOption(page: Page, combobox: string, text: string): Promise<void> {
  const input = page.getByRole('combobox', { name: combobox, exact: true });
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: text, exact: true }).first().waitFor();
  await input.press('Enter');
}
