// What the areas' behaviour shares: the refusal it answers with (HttpProblem: the core shapes its body),
// the time format of keys and configs, and a delete that answers 404 for what is not there.
import { clockText } from '../core/common/clock.js';
import { HttpProblem } from '../core/common/http-problem.js';
import type { Store } from '../store/store.js';

export { HttpProblem };

export const notFound = (what: string) => new HttpProblem(404, `${what} not found`);

/** Timestamps of inference keys and uploader configs are in whole seconds. */
export const nowInSeconds = clockText(1000, (time) => time.toISOString().replace('.000Z', 'Z'));

/** Deletes a row that stands for a resource, or answers 404. */
export function deleteOrNotFound(
  store: Pick<Store, 'transaction'>,
  table: { delete(key: string): boolean },
  key: string,
  what: string,
): void {
  store.transaction(() => {
    if (!table.delete(key)) throw notFound(what);
  });
}
