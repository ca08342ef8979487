// The auth stage: the token a call acts with, and a 401 (with the operation's headers) for one that may
// not act under the operation's requirement. Through a proxy no key is checked: the upstream decides who may act.
import { answerError, settled, type Exchange } from './exchange.js';

export function auth(exchange: Exchange): void {
  if (settled(exchange) || exchange.route === undefined) return;
  const verdict = exchange.parts.authorize(exchange.request, exchange.route);
  if (exchange.parts.forward) {
    exchange.token = verdict.token ?? '';
    return;
  }
  if (verdict.refused !== undefined) {
    answerError(exchange, 401, verdict.refused);
    return;
  }
  exchange.token = verdict.token;
}
