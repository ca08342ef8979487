// Driving a Stoplight Elements try-it console in Chromium as a reader does: open an operation, type the
// key, the fields and the body, send, and read the answer the console shows. Used for the emulator's
// /docs and for the published site's console.
import path from 'node:path';
import type { Page } from 'playwright-core';

export interface Typed {
  key?: string;
  fields?: Record<string, string>;
  body?: unknown;
}

/** Opens `url` (a console page with `#/operations/<operationId>`) and fills in what the reader types. */
export async function openOperation(page: Page, url: string, { key, fields = {}, body }: Typed = {}): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Send API Request' }).waitFor({ timeout: 30_000 });
  if (key !== undefined) await page.getByRole('textbox', { name: 'Authorization' }).fill(key);
  for (const [name, value] of Object.entries(fields))
    await page.getByRole('textbox', { name, exact: true }).fill(value);
  if (body !== undefined)
    await page
      .locator('textarea')
      .first()
      .fill(JSON.stringify(body, null, 2));
}

/** Sends the request and reads the answer the console shows: its status line and its body; a screenshot goes to `screenshot`. */
export async function sendRequest(page: Page, screenshot: string): Promise<{ status: number; body: string }> {
  await page.getByRole('button', { name: 'Send API Request' }).click();
  const shown = page.getByText(/^\d{3} [A-Za-z ]+$/).first();
  await shown.waitFor({ timeout: 10_000 });
  await page.screenshot({ path: path.resolve(screenshot), fullPage: false });
  const status = Number((await shown.innerText()).slice(0, 3));
  const text = await page.locator('body').innerText();
  return { status, body: text.slice(text.indexOf(await shown.innerText())) };
}
