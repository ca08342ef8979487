// Coverage as one self-contained HTML page: a legend, then a table per operation, coloured by how much
// of it was covered, each row saying in words what was met and what was not. Every value from the
// document or the exchanges is escaped; the page loads nothing (its Content-Security-Policy says so).
import type { InputCoverage } from './inputs.js';
import type { CoverageReport, Figure, LinkCoverage, OperationCoverage } from './model.js';
import { percentOf } from './summary.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const htmlText = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A row's colour class: all of it met, some, or none. */
const level = ([covered, total]: Figure) => (covered === total ? 'full' : covered === 0 ? 'none' : 'part');

const row = (cells: string[], cls: string) => `<tr class="${cls}">${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;

function statusRows(op: OperationCoverage): string[] {
  return op.statuses.documented.map((key) => {
    const seen = op.statuses.seen.includes(key);
    const faultOnly = op.statuses.faultOnly.includes(key);
    const said = faultOnly ? 'seen, only by an injected fault' : seen ? 'seen' : 'never seen';
    return row(['status', htmlText(key), said], faultOnly ? 'fault' : seen ? 'full' : 'none');
  });
}

function inputRows(input: InputCoverage): string[] {
  const kind = input.in === 'body' ? 'body property' : 'parameter';
  const name = `${htmlText(input.in)} <code>${htmlText(input.name)}</code>`;
  if (!input.values) return [row([kind, name, input.sent ? 'sent' : 'never sent'], input.sent ? 'full' : 'none')];
  return input.values.map(({ value, sent }) =>
    row(
      [kind, `${name} = <code>${htmlText(JSON.stringify(value))}</code>`, sent ? 'sent' : 'never sent'],
      sent ? 'full' : 'none',
    ),
  );
}

const linkRow = (link: LinkCoverage) =>
  row(
    [
      'link',
      `<code>${htmlText(link.name)}</code> to <code>${htmlText(link.target)}</code>`,
      link.followed ? 'followed' : 'never followed',
    ],
    link.followed ? 'full' : 'none',
  );

/** The line under an operation's heading: its requests and figures, and any status it answered undeclared. */
function operationSummary(op: OperationCoverage, all: Figure): string {
  const { statuses, parameters, links } = op.figures;
  const figures = `statuses ${statuses.join('/')}, parameters ${parameters.join('/')}, links ${links.join('/')}`;
  const undocumented = op.statuses.undocumented.join(', ');
  const stray = undocumented ? `; answered with statuses it does not declare: ${htmlText(undocumented)}` : '';
  return `${op.requests} request(s); ${figures} (${percentOf(all).toFixed(0)}% covered)${stray}`;
}

function operationTable(op: OperationCoverage): string {
  const { statuses, parameters, links } = op.figures;
  const all: Figure = [statuses[0] + parameters[0] + links[0], statuses[1] + parameters[1] + links[1]];
  const rows = [
    ...statusRows(op),
    ...[...op.parameters, ...op.bodyProperties].flatMap(inputRows),
    ...op.links.map(linkRow),
  ];
  return `<section class="${level(all)}">
<h2><code>${htmlText(op.operationId)}</code> ${htmlText(op.method)} <code>${htmlText(op.path)}</code></h2>
<p>${operationSummary(op, all)}</p>
<table><thead><tr><th>kind</th><th>what</th><th>covered</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
</section>`;
}

const STYLE = `body{font:15px/1.4 system-ui,sans-serif;margin:2em;max-width:70em}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left}
section{border-left:.6em solid #888;padding-left:1em;margin:1.5em 0}
section.full{border-color:#2e7d32}section.part{border-color:#f9a825}section.none{border-color:#c62828}
tr.full,.legend .full{background:#e8f5e9}tr.none,.legend .none{background:#ffebee}
tr.fault,.legend .fault{background:#fff8e1}.legend span{padding:.1em .5em;margin-right:.5em}`;

/** The report as one HTML page that needs nothing else: no script, no request. */
export function coverageHtml(report: CoverageReport, title = 'API coverage'): string {
  const { operations, statuses, parameters, links } = report.totals;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${htmlText(title)}</title><style>${STYLE}</style></head><body>
<h1>${htmlText(title)}</h1>
<p>Which documented answers were met: each status the document declares for an operation, each parameter and
body property sent (every enum value and both sides of a boolean apart), and each link followed.</p>
<p>Operations called ${operations.join(' of ')}; statuses ${statuses.join(' of ')}; parameters ${parameters.join(' of ')}; links ${links.join(' of ')}.</p>
<p class="legend"><span class="full">met</span><span class="fault">met only by an injected fault</span><span class="none">never met</span></p>
${report.operations.map(operationTable).join('\n')}
</body></html>
`;
}
