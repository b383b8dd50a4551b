// What a ping URL's suffix says about the run (Healthchecks.io's vocabulary): nothing (success),
// `/start`, `/fail`, `/<exit-code>` (0 is success, 1-255 a failure) and `/log` (kept, changes nothing).

export const PING_KINDS = ['success', 'start', 'fail', 'log'] as const;
export type PingKind = (typeof PING_KINDS)[number];

export interface PingSignal {
  kind: PingKind;
  /** The exit code of `/<exit-code>`; null for the other suffixes. */
  exitCode: number | null;
}

const EXIT_CODE = /^(0|[1-9]\d{0,2})$/;

/** The signal of a suffix (without its slash; undefined for none), or null when it is not one. */
export function pingSignalOf(suffix: string | undefined): PingSignal | null {
  switch (suffix) {
    case undefined:
    case '':
      return { kind: 'success', exitCode: null };
    case 'start':
      return { kind: 'start', exitCode: null };
    case 'fail':
      return { kind: 'fail', exitCode: null };
    case 'log':
      return { kind: 'log', exitCode: null };
    default: {
      if (!EXIT_CODE.test(suffix)) return null;
      const code = Number(suffix);
      if (code > 255) return null;
      return { kind: code === 0 ? 'success' : 'fail', exitCode: code };
    }
  }
}
