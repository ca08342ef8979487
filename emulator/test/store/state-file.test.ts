// A state file under what can go wrong: unknown fields nested deep in a body (dropped, never stored),
// a full disk (nothing of a failed change kept, nothing acknowledged lost), another process holding it,
// tokens that create nothing (the file unchanged), and counters set back by hand (ids raised above
// those the file holds).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { call, CONFIG, EVENT, launchCli, startEmulator } from '../helpers/emulator.js';

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'emulator-state-file-'));

/** A JSON text with an extra field nested `depth` levels deep (as text: JSON.stringify itself overflows on it). */
const withDeepExtra = (body: object, depth: number) =>
  `${JSON.stringify(body).slice(0, -1)},"extra":${'{"down":'.repeat(depth)}"bottom"${'}'.repeat(depth)}}`;

describe('a client cannot poison the store: unknown fields are dropped', () => {
  it('stores and answers only documented fields, however deep the extra one is, and later changes still save', async () => {
    const stateFile = path.join(freshDir(), 'state.db');
    const running = await startEmulator({ stateFile });
    try {
      const added = await call(
        running,
        'POST',
        '/storage/notifications/v1/event?client_id=5',
        withDeepExtra(EVENT, 5000),
      );
      expect(added.status).toBe(200);
      expect(added.body).toEqual(EVENT);
      const created = await call(
        running,
        'POST',
        '/cdn/logs_uploader/configs',
        withDeepExtra({ ...CONFIG, resources: [1] }, 5000),
      );
      expect(created.status).toBe(200);
      expect(created.body).not.toHaveProperty('extra');
      expect(JSON.stringify(running.emulator.store.snapshot())).not.toContain('bottom');
      expect(
        (await call(running, 'PATCH', `/cdn/logs_uploader/configs/${created.body.id}`, { enabled: false })).status,
      ).toBe(200);
    } finally {
      await running.close();
    }
  });
});

describe('a change that cannot be saved is not applied', () => {
  const launch = (stateFile: string, fileSizeBlocks?: number) =>
    launchCli(['--port', '0', '--state', stateFile], fileSizeBlocks);
  const create = (url: string, name: string) =>
    fetch(`${url}/cdn/logs_uploader/configs`, {
      method: 'POST',
      headers: { authorization: 'apikey full-disk', 'content-type': 'application/json' },
      body: JSON.stringify({ ...CONFIG, name }),
    });

  it('answers 503 in the area shape when the disk is full, keeps nothing of it, and loses nothing acknowledged', async () => {
    const stateFile = path.join(freshDir(), 'state.db');
    // A file-size limit makes the state file's writes fail part-way, as a full disk does.
    const limited = await launch(stateFile, 400);
    const acknowledged: number[] = [];
    let refused: Response | undefined;
    try {
      for (let i = 0; i < 2000 && !refused; i++) {
        const response = await create(limited.url, `c${i}`);
        if (response.status === 200) acknowledged.push(((await response.json()) as { id: number }).id);
        else refused = response;
      }
      expect(refused?.status).toBe(503);
      const body = (await refused!.json()) as { message: string };
      expect(body.message).toMatch(/could not be saved/);
      // Reading still works.
      expect(
        (await fetch(`${limited.url}/streaming/videos/1444`, { headers: { authorization: 'apikey full-disk' } }))
          .status,
      ).toBe(200);
    } finally {
      limited.child.kill('SIGKILL');
      await new Promise((resolve) => limited.child.once('exit', resolve));
    }
    expect(acknowledged.length).toBeGreaterThan(0);

    const free = await launch(stateFile);
    try {
      for (const id of acknowledged) {
        const patched = await fetch(`${free.url}/cdn/logs_uploader/configs/${id}`, {
          method: 'PATCH',
          headers: { authorization: 'apikey full-disk', 'content-type': 'application/json' },
          body: '{"enabled":false}',
        });
        expect(patched.status, `acknowledged config ${id}`).toBe(200);
      }
      // The refused create was not kept: its id is the next one handed out.
      expect(((await (await create(free.url, 'after')).json()) as { id: number }).id).toBe(
        Math.max(...acknowledged) + 1,
      );
    } finally {
      free.child.kill('SIGKILL');
    }
  }, 60_000);

  it('refuses to share a state file another process holds', async () => {
    const stateFile = path.join(freshDir(), 'state.db');
    const first = await launch(stateFile);
    try {
      await expect(launch(stateFile)).rejects.toThrow(/is in use by another process/);
    } finally {
      first.child.kill('SIGKILL');
    }
  }, 30_000);
});

describe('tokens that create nothing add nothing', () => {
  it('2,000 distinct tokens patching an existing config leave one client and an unchanged state file', async () => {
    const stateFile = path.join(freshDir(), 'state.db');
    const running = await startEmulator({ stateFile });
    try {
      expect((await call(running, 'POST', '/cdn/logs_uploader/configs', CONFIG, 'owner')).status).toBe(200);
      const before = JSON.stringify(running.emulator.store.snapshot());
      for (let i = 0; i < 2000; i++)
        expect(
          (await call(running, 'PATCH', '/cdn/logs_uploader/configs/1', { enabled: false }, `stranger-${i}`)).status,
        ).toBe(404);
      expect(running.emulator.store.tables.clients.size()).toBe(1);
      expect(JSON.stringify(running.emulator.store.snapshot())).toBe(before);
    } finally {
      await running.close();
    }
  }, 30_000);
});

describe('a hand-edited state file cannot make a create overwrite data', () => {
  it('raises next ids above the ids the file holds', async () => {
    const stateFile = path.join(freshDir(), 'state.db');
    const first = await startEmulator({ stateFile });
    const original = await call(first, 'POST', '/cdn/logs_uploader/configs', { ...CONFIG, name: 'original' }, 'owner');
    expect(original.body.id).toBe(1);
    await first.close();
    // Set both counters back by hand, as someone editing the file might.
    const edit = new Database(stateFile);
    edit.exec("UPDATE counters SET row = '1'");
    edit.close();

    const second = await startEmulator({ stateFile });
    try {
      const next = await call(second, 'POST', '/cdn/logs_uploader/configs', { ...CONFIG, name: 'next' }, 'newcomer');
      expect(next.body.id).toBe(2);
      expect(next.body.client_id).not.toBe(original.body.client_id);
      expect(second.emulator.store.tables.configs.get('1')!.name).toBe('original');
    } finally {
      await second.close();
    }
  });
});
