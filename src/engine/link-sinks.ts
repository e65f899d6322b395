/** Consumers of the flits a link delivers: head processing and the end nodes. */
export interface LinkSinks {
  /** The header of a worm entered buffer b at cycle t. */
  headArrived(b: number, t: number): void;
  /** Flit number `got` entered consumption buffer o at cycle t. */
  consume(o: number, got: number, t: number): void;
}
