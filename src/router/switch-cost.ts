/**
 * Hardware cost of the three organisations of 002's input-buffer switch (sec. 5.1-5.3), for a
 * k x k switch with k-flit chunks. They are equal in timing ("there is no loss in performance",
 * 002 sec. 5.2.1; "this method performs as well as the method using the register staircase", sec.
 * 5.2.2), so mcsim simulates one model and reports what each would cost:
 *  - chunk-wide crossbar (Fig. 10): k large MUXes of k flit-MUXes each = k^2 flit-MUXes, and a
 *    k-flit output register per port;
 *  - register staircase (Fig. 11-12): k^2 + k flit-MUXes, k registers per input, 1-flit output
 *    registers;
 *  - split RAM (Fig. 13): k^2 + k flit-MUXes, k flit-wide RAMs with k read controls per input,
 *    1-flit output registers.
 * A flit-MUX is "a flit-wide k to 1 MUX" (002 footnote 4).
 */
export type Organisation = 'chunk-crossbar' | 'register-staircase' | 'split-ram';

export interface SwitchCost {
  organisation: Organisation;
  flitMuxes: number;
  outputRegisterFlits: number;
  perInput: string;
}

export function inputBufferCost(k: number, organisation: Organisation): SwitchCost {
  switch (organisation) {
    case 'chunk-crossbar':
      return { organisation, flitMuxes: k * k, outputRegisterFlits: k, perInput: 'one chunk-wide RAM' };
    case 'register-staircase':
      return {
        organisation,
        flitMuxes: k * k + k,
        outputRegisterFlits: 1,
        perInput: `one chunk-wide RAM and ${k} staircase registers`,
      };
    case 'split-ram':
      return {
        organisation,
        flitMuxes: k * k + k,
        outputRegisterFlits: 1,
        perInput: `${k} flit-wide RAMs with ${k} read controls`,
      };
  }
}

/** One line for run summaries. */
export function costText(c: SwitchCost): string {
  return `${c.organisation}: ${c.flitMuxes} flit-MUXes, ${c.outputRegisterFlits}-flit output registers, per input ${c.perInput}`;
}
