/** Stage timing: every stage of the build adds its duration under its name. */
export type Timings = Record<string, number>;

/** The stages the build reports, in the order it logs them. */
export const STAGE_NAMES = ['load', 'pages', 'site', 'render', 'emit'] as const;

/** Runs `fn` and adds its duration to `timings[name]`. */
export async function timed<T>(name: string, timings: Timings, fn: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    timings[name] = (timings[name] ?? 0) + performance.now() - start;
  }
}
