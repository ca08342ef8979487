// Imports a command's compiled module from dist/, or says how to build it. The bins are files of their
// own, outside dist/, so that npm can link them at install time, before a build has made dist/.
import module from 'node:module';

export async function importBuilt(command, specifier) {
  // Node's compile cache: a later run reads its modules' compiled code rather than compiling them again.
  // Kept in the system's temporary folder (or NODE_COMPILE_CACHE); off with NODE_DISABLE_COMPILE_CACHE=1.
  module.enableCompileCache?.();
  try {
    return await import(specifier);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    process.stderr.write(`${command} is not built: run \`npm run build\` in the repository first\n`);
    process.exit(2);
  }
}
