// Random ids and secrets from Web Crypto, which Node and browsers both have.

/** `bytes` random bytes, hex-encoded. */
export function randomHex(bytes: number): string {
  const random = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('');
}
