// Values an attacker or a careless caller puts where a path parameter goes: each either is refused or
// stays inside its own segment. Shared by every caller's test (the client, the MCP tools, the checker).
export const HOSTILE_PATH_VALUES: readonly [string, unknown][] = [
  ['empty', ''],
  ['dot', '.'],
  ['dot dot', '..'],
  ['encoded dot dot', '%2E%2E'],
  ['climbing', '../../iam/users'],
  ['slash', 'a/b'],
  ['encoded slash', '%2F'],
  ['query', '?page=2'],
  ['fragment', '#top'],
  ['absolute URL', 'https://attacker.example/x'],
  ['protocol-relative', '//attacker.example'],
  ['backslash', '..\\..'],
  ['space', ' '],
  ['object', { a: 'b' }],
  ['array', ['x', 'y']],
  ['null', null],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['fraction', 1.5],
  ['unsafe integer', 2 ** 60],
  ['boolean', true],
];

/** Whether a request's URL is one of the operation's own: its path template matched segment by segment. */
export function staysOnPath(template: string, url: string): boolean {
  const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return pattern.test(new URL(url).pathname);
}
