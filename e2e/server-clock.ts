/**
 * The environment of a server process whose clock runs `shiftMs` from the real one (a fake clock
 * for a whole process: `Date` and `Date.now()` shifted by a module Node imports before the
 * server's own). Postgres keeps its own clock; what the server dates itself (the day a page view
 * counts on) follows the shift.
 */
export function shiftedClockEnv(shiftMs: number): Record<string, string> {
  const code = `const Real=Date;const shift=${Math.trunc(shiftMs)};class Shifted extends Real{constructor(...a){if(a.length===0)super(Real.now()+shift);else super(...a)}static now(){return Real.now()+shift}}globalThis.Date=Shifted;`;
  return { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(code)}` };
}
