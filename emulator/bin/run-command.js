// What each command of the package does first: refuse an unsupported Node line in one line, then load
// its main from dist/ (saying how to build it where it is missing) and exit with the code it returns.
import { engines, unsupportedNode } from './node-line.js';

/** Whether a failed load is a module of a dist/ folder not found, as before a build. */
export const isUnbuilt = (error) =>
  error?.code === 'ERR_MODULE_NOT_FOUND' && /^Cannot find module '[^']*[/\\]dist[/\\]/.test(String(error.message));

/** `load` imports the command's module, whose `main(argv)` resolves to the exit code. */
export async function runCommand(name, load) {
  const unsupported = unsupportedNode(process.versions.node, engines);
  if (unsupported) {
    process.stderr.write(unsupported);
    process.exit(1);
  }
  let main;
  try {
    ({ main } = await load());
  } catch (error) {
    // Only the command's own dist/ missing means a build is due; a missing dependency is a broken install.
    if (!isUnbuilt(error)) throw error;
    process.stderr.write(`${name} is not built: run \`npm run build\` in the repository first\n`);
    process.exit(1);
  }
  const code = await main(process.argv.slice(2));
  if (code !== 0) process.exit(code);
}
