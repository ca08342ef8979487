// An answer other than success, thrown by an operation's behaviour: the core shapes its body for the
// operation's area.
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
