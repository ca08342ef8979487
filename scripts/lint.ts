// `npm run lint`: the lint step of the build on its own.
import { lintDocument } from './lib/lint.js';

const report = await lintDocument();
process.stdout.write(report.output);
if (!report.ok) process.exitCode = 1;
