// Coverage as one self-contained HTML page: a legend, then a table per operation, coloured by how much
// of it was covered, each row saying in words what was met and what was not. Every value from the
// document or the exchanges is escaped; the page loads nothing (its Content-Security-Policy says so).
import type { InputCoverage } from './inputs.js';
import type { CoverageReport, Figure, OperationCoverage } from './model.js';
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
  const name = `${htmlText(input.in)} <code>${htmlText(input.name)}</code>`;
  if (!input.values) return [row(['input', name, input.sent ? 'sent' : 'never sent'], input.sent ? 'full' : 'none')];
  return input.values.map(({ value, sent }) =>
    row(
      ['input', `${name} = <code>${htmlText(JSON.stringify(value))}</code>`, sent ? 'sent' : 'never sent'],
      sent ? 'full' : 'none',
    ),
  );
}

function operationTable(op: OperationCoverage): string {
  const { statuses, parameters, links } = op.figures;
  const all: Figure = [statuses[0] + parameters[0] + links[0], statuses[1] + parameters[1] + links[1]];
  const inputs = [...op.parameters, ...op.bodyProperties];
  const figures = `statuses ${statuses.join('/')}, inputs ${parameters.join('/')}, links ${links.join('/')}`;
  return `<section class="${level(all)}">
<h2><code>${htmlText(op.operationId)}</code> ${htmlText(op.method)} <code>${htmlText(op.path)}</code></h2>
<p>${op.requests} request(s); ${figures} (${percentOf(all).toFixed(0)}% covered)${
    op.statuses.undocumented.length > 0
      ? `; answered with statuses it does not declare: ${htmlText(op.statuses.undocumented.join(', '))}`
      : ''
  }</p>
<table><thead><tr><th>kind</th><th>what</th><th>covered</th></tr></thead><tbody>
${[
  ...statusRows(op),
  ...inputs.flatMap(inputRows),
  ...op.links.map((l) =>
    row(
      [
        'link',
        `<code>${htmlText(l.name)}</code> to <code>${htmlText(l.target)}</code>`,
        l.followed ? 'followed' : 'never followed',
      ],
      l.followed ? 'full' : 'none',
    ),
  ),
].join('\n')}
</tbody></table>
</section>`;
}

const STYLE = `body{font:15px/1.4 system-ui,sans-serif;margin:2em;max-width:70em}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left}
section{border-left:.6em solid #888;padding-left:1em;margin:1.5em 0}
section.full{border-color:#2e7d32}section.part{border-color:#f9a825}section.none{border-color:#c62828}
tr.full{background:#e8f5e9}tr.none{background:#ffebee}tr.fault{background:#fff8e1}
.legend span{padding:.1em .5em;margin-right:.5em}`;

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
<p>Operations called ${operations.join(' of ')}; statuses ${statuses.join(' of ')}; inputs ${parameters.join(' of ')}; links ${links.join(' of ')}.</p>
<p class="legend"><span class="full" style="background:#e8f5e9">met</span><span style="background:#fff8e1">met only by an injected fault</span><span style="background:#ffebee">never met</span></p>
${report.operations.map(operationTable).join('\n')}
</body></html>
`;
}
