// `npm run build:site`: the published site, dist/site/, from what build:docs and build:lib made.
import { buildSite, siteDir } from './lib/site.js';
import { timedStep } from './lib/tools.js';

await timedStep(`site -> ${siteDir}/`, buildSite);
