// `--record FILE`: the upstream's successful answers become fixtures, in the `--fixtures` format, each
// as its area says (operations/<area>.ts: videos by id, zones by name, pages of streams...), merged into
// what the file already holds and saved after each one, so nothing is lost when the proxy stops. An
// operation its area cannot make fixtures of, and an answer --fixtures could not load, are named once.
export interface RecordedExchange {
  /** Path parameters and query as the document reads them. */
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The answer's body, scrubbed of the key and of secret fields. */
  body: unknown;
}

/** How an area makes fixtures of an answer: the parts of the recorded fixtures it changes. */
export type RecordAnswer = (exchange: RecordedExchange, recorded: Record<string, unknown>) => Record<string, unknown>;

/** Where the proxy keeps the upstream's successful answers as fixtures (`--record`). */
export interface RecordingSink {
  /** What the file held before: the recording is merged into it. */
  initial: Record<string, unknown>;
  /** Keeps the whole recording (a file written whole, or not at all). */
  save(fixtures: Record<string, unknown>): void;
}

/** What the proxy records: an operation's valid success answer into the fixtures, or why one is not. */
export interface Recorder {
  /** An answer the fixtures could not load (nested too deep): the rest of the recording stays loadable. */
  skip(operationId: string, why: string): void;
  record(operationId: string, exchange: RecordedExchange): void;
}

export function createRecorder(
  recorders: ReadonlyMap<string, RecordAnswer>,
  sink: RecordingSink,
  warn: (line: string) => void,
): Recorder {
  let recorded = { ...sink.initial };
  const named = new Set<string>();
  /** Says once per operation and reason why an answer was not recorded. */
  const notRecorded = (operationId: string, why: string) => {
    if (!named.has(`${operationId} ${why}`)) warn(`--record: ${operationId} ${why}`);
    named.add(`${operationId} ${why}`);
  };
  return {
    skip(operationId, why) {
      notRecorded(operationId, `answered with a body that is not recorded: ${why}`);
    },
    record(operationId, exchange) {
      const recordAnswer = recorders.get(operationId);
      if (!recordAnswer) {
        notRecorded(
          operationId,
          'cannot be recorded: the fixtures have no part for its answers (an operation that changes state, or whose answer is made from the document)',
        );
        return;
      }
      recorded = { ...recorded, ...recordAnswer(exchange, recorded) };
      sink.save(recorded);
    },
  };
}
