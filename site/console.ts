// The site's console page (console.html): Elements over the description, its requests answered by the
// emulator in this page or, when the reader picks it, sent to the live service with a key the reader types.
// Runs as a classic script before Elements' bundle: a module script cannot load from file://.
import description from 'site:description';
import {
  documentedServer,
  fillKeys,
  keepKeysInPage,
  keySchemes,
  keyValue,
  pointSamplesAt,
  prefillParameters,
  say,
} from '../emulator/static/console-kit.js';
import { answerInPage, EMULATOR_BASE, type Start } from './page-emulator.js';

/** The token the emulator accepts from anyone. */
const EMULATOR_TOKEN = 'any-token';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const answerChoice = () => byId<HTMLSelectElement>('answer');

keepKeysInPage();
const inPage = answerInPage(() => {
  const status = answerChoice()?.value;
  // Asked for only where the operation shown documents it: the list may lag a move the page did not see.
  return status && errorStatusesOf(shownOperationId()).includes(status) ? status : undefined;
});
document.addEventListener('DOMContentLoaded', start);

function start(): void {
  const target = byId<HTMLSelectElement>('target');
  show(target.value);
  target.addEventListener('change', () => show(target.value));
  // Elements moves between operations with history.pushState, which fires no hashchange: each move is watched.
  window.addEventListener('hashchange', listErrorStatuses);
  window.addEventListener('popstate', listErrorStatuses);
  for (const name of ['pushState', 'replaceState'] as const) {
    const move = history[name].bind(history);
    history[name] = (...args: Parameters<History['pushState']>) => {
      move(...args);
      listErrorStatuses();
    };
  }
  listErrorStatuses();
  byId('reset').addEventListener('click', async () => {
    await inPage.reset();
    sayState('The fixtures again: what this tab created is gone.');
  });
  inPage.ready.then(({ start }) => sayState(STARTS[start]));
}

const STARTS: Record<Start, string> = {
  fixtures: 'Starting from the fixtures.',
  restored: 'Restored the state this tab kept.',
  unreadable: 'The state this tab kept could not be read: starting from the fixtures.',
};

function sayState(text: string): void {
  const kept = inPage.keptForTab
    ? 'What you create stays for this tab, through reloads, until you reset or close it.'
    : 'This browser keeps no storage for this page: a reload brings back the fixtures.';
  byId('state').textContent = `${text} ${kept}`;
}

/** Renders the description for the target the reader picked, and says where requests go. */
function show(target: string): void {
  const shown = structuredClone(description);
  prefillParameters(shown);
  const [, scheme = {}] = keySchemes(shown)[0] ?? [];
  const live = target === 'live';
  const base = live ? (documentedServer(description) ?? '') : EMULATOR_BASE;
  pointSamplesAt(shown, base);
  shown.servers = [{ url: base, description: live ? 'The live service' : 'The emulator in this page' }];
  fillKeys(shown, live ? '' : EMULATOR_TOKEN);
  byId('bar').className = live ? 'live' : '';
  answerChoice().disabled = live;
  say(byId('where'), live ? liveWords(base, scheme) : emulatorWords(scheme));
  render(shown);
}

/**
 * Gives Elements the description in a new element: Elements reads the key fields once, as it mounts, and
 * a key must not follow the reader from one target to the other.
 */
function render(shown: object): void {
  const old = byId('reference');
  const fresh = old.cloneNode(false) as HTMLElement & { apiDescriptionDocument: unknown };
  old.replaceWith(fresh);
  fresh.apiDescriptionDocument = shown;
}

const emulatorWords = (scheme: object): [string, string][] => [
  ['strong', 'Answers come from an emulator running in your browser'],
  ['', ': cloud-platform-emulator, inside this page. No request leaves it, no account is needed. The key field holds '],
  ['code', keyValue(scheme, EMULATOR_TOKEN)],
  ['', '. "Answer with" asks for a documented error status (the header Prefer: code=NNN).'],
];

const liveWords = (base: string, scheme: object): [string, string][] => [
  ['strong', `The live service, ${base}`],
  ['', ': requests go there and act on your account. Type your key in the key field as '],
  ['code', keyValue(scheme, '<your key>')],
  ['', ': this page holds it in memory only, never in storage. The service may refuse a browser (CORS).'],
];

/** The operationId of the operation the console shows, read from its route (`#/operations/<operationId>`). */
const shownOperationId = () => /^#\/operations\/([^/?#]+)/.exec(window.location.hash)?.[1];

/** The error statuses (4xx, 5xx) an operation documents. */
function errorStatusesOf(operationId: string | undefined): string[] {
  const operation = Object.values(description.paths ?? {})
    .flatMap((item) => Object.values(item as Record<string, { operationId?: string; responses?: object }>))
    .find((each) => each?.operationId === operationId);
  return Object.keys(operation?.responses ?? {}).filter((status) => /^[45]\d\d$/.test(status));
}

/** The operation "Answer with" lists the statuses of. */
let listedFor: string | undefined;

/** Lists the documented error statuses of the operation shown, for "Answer with"; a move within it keeps the choice. */
function listErrorStatuses(): void {
  const choice = answerChoice();
  const operationId = shownOperationId();
  if (operationId === listedFor && choice.options.length > 0) return;
  listedFor = operationId;
  const statuses = errorStatusesOf(operationId);
  const option = (value: string, text: string) => Object.assign(document.createElement('option'), { value, text });
  choice.replaceChildren(
    option('', 'what the emulator does'),
    ...statuses.map((status) => option(status, `${status} (Prefer: code=${status})`)),
  );
}
