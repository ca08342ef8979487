// The faults-after stage: a fault with `after: true` fails the operation's answer once it is made. Its
// change is kept, and the client gets the injected status or a dropped or held connection instead;
// `applied` tells the journal what the operation answered.
import { withRetryAfter } from './faults-before.js';
import { answerError, type Exchange } from './exchange.js';

export function faultsAfter(exchange: Exchange): void {
  const { fault, answer } = exchange;
  if (!fault?.after || answer === undefined || exchange.left) return;
  exchange.applied = answer.status;
  if (fault.drop) {
    exchange.drop = fault.drop;
    exchange.answer = undefined;
    return;
  }
  const message = `Injected fault after the operation ran: ${fault.status}`;
  answerError(exchange, fault.status!, message, undefined, withRetryAfter(exchange.headers, fault));
  exchange.injected = fault.status!;
  // The 400's issues went with the answer the client no longer gets.
  exchange.issues = undefined;
}
