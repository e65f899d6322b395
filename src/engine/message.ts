/** Book-keeping of one message (a unicast, or a multicast operation with all its worms and phases). */
export interface Delivery {
  node: number;
  /** Cycle the header flit entered the node's consumption channel. */
  header: number;
  /** Cycle the tail flit entered it. */
  tail: number;
}

export interface MessageState {
  readonly id: number;
  readonly source: number;
  readonly created: number;
  /** Caller's label (e.g. 'unicast', 'multicast'); carried into records. */
  readonly tag: string;
  /** Whether metrics count this message (created inside the measurement window). */
  readonly measured: boolean;
  /** Cycle the first flit of the first worm entered an injection channel (-1 before). */
  injected: number;
  /** Worms submitted and not yet finished (including those still in start-up or queued). */
  liveWorms: number;
  deliveries: Delivery[];
  /** Head hops over network channels, summed over worms. */
  hops: number;
  /** Network VCs allocated over the message's life. */
  channels: number;
  /** Flits moved over network channels (000 sec. 5.2 traffic units). */
  traffic: number;
  /** Number of worms started in total. */
  worms: number;
  /** Flits per worm (for throughput accounting). */
  length: number;
}
