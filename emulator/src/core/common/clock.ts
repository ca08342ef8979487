// The current time as text, made at most once per unit of time: formatting a Date costs far more
// than reading the clock, and a busy emulator asks for the same second (or millisecond) many times.

export function clockText(unitMs: number, format: (time: Date) => string): () => string {
  let unit = Number.NaN;
  let text = '';
  return () => {
    const now = Math.floor(Date.now() / unitMs);
    if (now !== unit) {
      unit = now;
      text = format(new Date(now * unitMs));
    }
    return text;
  };
}
