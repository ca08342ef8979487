// The auth stage: the token a call acts with, and a 401 (with the operation's headers) for one that may
// not act. Through a proxy no key is checked: the upstream decides who may act.
import { answerError, settled, type Exchange } from './exchange.js';

export function auth(exchange: Exchange): void {
  if (settled(exchange) || exchange.route === undefined) return;
  const { parts } = exchange;
  const token = parts.tokenOf(exchange.request.headers);
  if (parts.forward) {
    exchange.token = token ?? '';
    return;
  }
  const refused = parts.refusal(token);
  if (refused) {
    answerError(exchange, 401, refused);
    return;
  }
  exchange.token = token!;
}
