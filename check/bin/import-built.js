// Imports a command's compiled module from dist/, or says how to build it. The bins are files of their
// own, outside dist/, so that npm can link them at install time, before a build has made dist/.
export async function importBuilt(command, specifier) {
  try {
    return await import(specifier);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    process.stderr.write(`${command} is not built: run \`npm run build\` in the repository first\n`);
    process.exit(2);
  }
}
