// The base of every error the emulator throws, so that code using it can tell the emulator's refusals
// from any other failure with one `instanceof EmulatorError`. It imports nothing: every layer builds on it.
/** The base of every error the emulator throws: `error instanceof EmulatorError` tells its refusals from other failures. */
export class EmulatorError extends Error {
  override name = 'EmulatorError';
}

/** An option the emulator cannot use (createEmulator's, the server's); the message names the option and the rule. */
export class EmulatorOptionError extends EmulatorError {
  override name = 'EmulatorOptionError';
}
