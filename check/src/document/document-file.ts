// One file of a document, read and parsed: a regular file, read no further than what is left of the
// loader's byte budget, then YAML or JSON (YAML 1.2 reads JSON as it is). What is wrong is a DocumentError
// naming the file.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { DocumentError } from '../contract/read-document.js';

/** How many bytes a document may take, all its files together: about eight times the largest public one we met (2.2 MB). */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/** How many bytes the files read so far have taken, of MAX_DOCUMENT_BYTES. */
export interface ByteBudget {
  used: number;
}

/** A file of the document that cannot be read: the DocumentError naming it, and the problem alone. */
export class FileProblem extends DocumentError {
  constructor(
    file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Why a file cannot be opened, in words: the errno codes people meet. */
function openProblem(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return 'cannot be read: it does not exist';
  if (error.code === 'EISDIR') return 'is a directory, not a file';
  if (error.code === 'EACCES') return 'cannot be read: permission denied';
  return `cannot be read: ${error.code ?? error.message}`;
}

/** The file's bytes, no more than the budget has left: a file past it is refused without being held. */
function boundedBytes(file: string, budget: ByteBudget): Buffer {
  let fd: number;
  try {
    // Non-blocking: a named pipe is refused below rather than waited on.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new FileProblem(file, openProblem(error as NodeJS.ErrnoException));
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new FileProblem(file, 'is a directory, not a file');
    if (!stat.isFile()) throw new FileProblem(file, 'is not a regular file');
    const left = MAX_DOCUMENT_BYTES - budget.used;
    if (stat.size > left)
      throw new FileProblem(
        file,
        `is over the size cap of ${mebibytes(MAX_DOCUMENT_BYTES)} for a document and its files`,
      );
    // One byte more than the size read tells a file that grew past the budget since.
    const bytes = Buffer.alloc(Math.min(stat.size + 1, left + 1));
    let filled = 0;
    for (let n = 1; n > 0 && filled < bytes.length; filled += n)
      n = readSync(fd, bytes, filled, bytes.length - filled, null);
    if (filled > stat.size) throw new FileProblem(file, 'changed while it was read: read it again');
    budget.used += filled;
    return bytes.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

/** YAML's parser, loaded by the first file that is not JSON: a JSON document is read without it. */
const yaml = () => import('yaml');

/** The first line of a parser's message, and where: one line, whatever the parser wrote. */
function parseProblem(error: unknown, { YAMLParseError }: Awaited<ReturnType<typeof yaml>>): string {
  if (error instanceof YAMLParseError) {
    const at = error.linePos ? ` (line ${error.linePos[0].line}, column ${error.linePos[0].col})` : '';
    return `${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}${at}`;
  }
  // A document nested past the parser's stack.
  if (error instanceof RangeError) return 'is nested too deeply to read';
  return (error as Error).message.split('\n')[0]!;
}

/** The file's content as YAML or JSON; empty, unreadable or unparsable is a DocumentError naming the file. */
export async function readDocumentFile(file: string, budget: ByteBudget): Promise<unknown> {
  const text = boundedBytes(file, budget).toString('utf8');
  if (text.trim() === '') throw new FileProblem(file, 'is empty');
  try {
    // JSON first, many times faster than the YAML parser on a large document; YAML (which reads JSON too)
    // for the rest, and for the error: it says where.
    return JSON.parse(text);
  } catch {
    // Not JSON: read as YAML below.
  }
  const parser = await yaml();
  try {
    // Aliases bounded: a "billion laughs" file expands no further than the parser's default allows.
    return parser.parse(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new FileProblem(file, `is not YAML or JSON: ${parseProblem(error, parser)}`);
  }
}
