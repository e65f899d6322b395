/**
 * The five papers by the short names used throughout (code comments, docs, experiment files).
 * Full citations: README.md and docs/references.md.
 */
export const PAPERS: Readonly<Record<string, string>> = {
  '000': 'Mohapatra & Varavithya, TPM on 2D meshes',
  '001': 'Abd El-Baky, TASNEM on 2D tori',
  '002': 'Sivaram, Stunkel & Panda, multidestination worms in switch-based systems',
  '003': 'Zhou, Liu & Chung, XY multicast on InfiniBand meshes',
  '004': 'Song, Hou & Shi, U-CCC on cube-connected cycles',
};

/** "000 (Mohapatra & Varavithya, TPM on 2D meshes)", or the id alone when it is not one of the five. */
export function paperName(id: string): string {
  const p = PAPERS[id];
  return p ? `${id} (${p})` : id;
}

/** The page of docs/ that discusses a paper's figures and why a claim holds or not in our model. */
const PAGES: Readonly<Record<string, string>> = {
  '000': 'docs/experiments/tpm.md',
  '001': 'docs/experiments/torus.md',
  '002': 'docs/experiments/switch.md',
  '003': 'docs/experiments/infiniband.md',
  '004': 'docs/experiments/ccc.md',
};

/** Where the verdicts of an experiment's claims are explained (the saturation check has its own page). */
export function claimsPage(exp: { paper?: string | undefined }): string {
  return (exp.paper && PAGES[exp.paper]) || 'docs/experiments/saturation.md';
}

/**
 * The line after a list of claims when some do not hold or tie: such a verdict is a finding about
 * our model, explained on the paper's page, not a fault of the run.
 */
export function claimsNote(
  exp: { paper?: string | undefined },
  verdicts: readonly string[],
): string | undefined {
  const fails = verdicts.filter((v) => v === 'fails').length;
  const ties = verdicts.filter((v) => v === 'tie').length;
  if (fails + ties === 0) return undefined;
  const what = [fails ? `${fails} claim(s) do not hold` : '', ties ? `${ties} tie` : '']
    .filter(Boolean)
    .join(', ');
  return `note: ${what} in our model; that is a finding about the model, not a fault of the run: ${claimsPage(exp)} explains each with its numbers and mechanism`;
}
