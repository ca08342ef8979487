// A plain static file server for the published site (node:http and the files of one folder, nothing
// else), under a sub-path as GitHub Pages serves a project, on a loopback port the OS picks. It counts
// the bytes of each file it sends, for the site's weight.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticSite {
  /** The site's root URL, ending in the sub-path and a slash. */
  url: string;
  /** Bytes sent since the last call, and the files they were; the count starts again. */
  takeSent(): { bytes: number; files: string[] };
  close(): Promise<void>;
}

export async function serveStatic(root: string, subPath: string): Promise<StaticSite> {
  let sent = { bytes: 0, files: [] as string[] };
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname);
    const relative = pathname.startsWith(subPath) ? pathname.slice(subPath.length) || 'index.html' : undefined;
    const file =
      relative === undefined ? undefined : path.join(root, relative.endsWith('/') ? `${relative}index.html` : relative);
    const size = file?.startsWith(`${root}${path.sep}`) ? statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!file || !size?.isFile()) return void res.writeHead(404).end();
    sent.bytes += size.size;
    sent.files.push(relative!);
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': size.size,
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${subPath}`,
    takeSent() {
      const taken = sent;
      sent = { bytes: 0, files: [] };
      return taken;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
