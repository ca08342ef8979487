// A command run in this process with what it writes to stdout and stderr kept instead of printed.
import { vi } from 'vitest';

/** What `run` returned, and what it wrote to stdout and stderr meanwhile. */
export async function capturedOutput<T>(run: () => Promise<T>): Promise<{ value: T; stdout: string; stderr: string }> {
  const written = { stdout: '', stderr: '' };
  const capture = (stream: 'stdout' | 'stderr') =>
    vi.spyOn(process[stream], 'write').mockImplementation((chunk) => {
      written[stream] += String(chunk);
      return true;
    });
  const spies = [capture('stdout'), capture('stderr')];
  try {
    return { value: await run(), ...written };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
