// `npm run build:site`: the published site, dist/site/, from what build:docs and build:lib made (skipped when fresh).
import { unlessFresh } from './lib/fresh.js';
import { buildSite, siteDir } from './lib/site.js';
import { timedStep } from './lib/tools.js';

await unlessFresh('build-site', [`${siteDir}/index.html`], () => timedStep(`site -> ${siteDir}/`, buildSite));
