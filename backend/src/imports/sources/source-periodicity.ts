// What every source's interval becomes here: the nearest allowed periodicity.
import { PERIODICITIES, PERIODICITY_SECONDS, type Periodicity } from '../../checks/check-config';

/**
 * The allowed periodicity nearest to `seconds` (by how far apart in seconds); a tie goes to the
 * shorter one, since checking more often never misses what the source would have seen.
 */
export function nearestPeriodicity(seconds: number): Periodicity {
  let best: Periodicity = PERIODICITIES[0];
  for (const p of PERIODICITIES) {
    if (Math.abs(PERIODICITY_SECONDS[p] - seconds) < Math.abs(PERIODICITY_SECONDS[best] - seconds)) best = p;
  }
  return best;
}
