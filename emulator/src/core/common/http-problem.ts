// An answer other than success, thrown by an operation's behaviour: the core shapes its body for the
// operation's area.
import { EmulatorError } from '../../emulator-error.js';

export class HttpProblem extends EmulatorError {
  override name = 'HttpProblem';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
