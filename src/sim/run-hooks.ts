import type { EngineHooks, TraceSink } from '../engine/engine.js';
import type { MessageState } from '../engine/message.js';
import type { MetricsCollector } from '../metrics/collector.js';
import type { SwitchDiagnostics } from '../metrics/switch-diagnostics.js';
import { type MessageRecord, messageRecord } from '../run/record.js';
import type { Topology } from '../topology/topology.js';

/**
 * What one run does when the engine finishes a message or delivers flits: metrics, switch
 * diagnostics, per-message records. A class rather than an object literal of closures, so that
 * the engine's optimised code calls the same functions in every run of a sweep: new closures per
 * run would make V8 discard that code (a "wrong call target") at the start of each run.
 */
export class RunHooks implements EngineHooks {
  constructor(
    private readonly collector: MetricsCollector,
    private readonly diag: SwitchDiagnostics | undefined,
    private readonly topo: Topology,
    private readonly onRecord: ((rec: MessageRecord) => void) | undefined,
    readonly trace: TraceSink | undefined,
  ) {}

  onMessageDone(m: MessageState): void {
    this.collector.onMessageDone(m);
    this.diag?.onMessageDone(m);
    this.onRecord?.(messageRecord(this.topo, m));
  }

  onDeliverFlits(_m: MessageState, flits: number, cycle: number): void {
    this.collector.onDeliverFlits(flits, cycle);
  }
}
