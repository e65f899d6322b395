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
