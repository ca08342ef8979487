// Text from a peer (a server's body, an upstream's header), made safe to print on one line: each
// control character, line or paragraph separator and bidirectional override is written as a `\u001b`
// escape, so a peer can neither forge a log line nor send terminal escape codes to whoever reads it.

const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** Printable ASCII: text made only of these (most paths, names and messages) is answered as it is, at once. */
const PLAIN = /^[\x20-\x7e]*$/;

const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The text with each control character, separator and bidirectional override escaped, so it prints on one line as it is. */
export const printable = (text: string): string => (PLAIN.test(text) ? text : text.replace(UNPRINTABLE, escaped));
