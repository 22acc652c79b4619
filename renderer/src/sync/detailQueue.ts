/**
 * The queue of details to fetch, best priority first and in arrival order within one priority.
 * A task queued again with a better priority moves up; one already queued at a better priority
 * stays where it is.
 */
import type { RequestPriority } from '../../../contract/bridge.ts';

export type DetailKind = 'actor' | 'crew' | 'castingCall';

export interface DetailTask {
  kind: DetailKind;
  id: number;
  priority: RequestPriority;
}

const order: RequestPriority[] = ['interactive', 'shortlist', 'keep_offline', 'background'];

function keyOf(kind: DetailKind, id: number): string {
  return `${kind}:${id}`;
}

export class DetailQueue {
  private readonly lanes = new Map<RequestPriority, DetailTask[]>(order.map((priority) => [priority, []]));
  /** Key → the priority it is queued at (the lanes may hold stale copies at worse priorities). */
  private readonly queued = new Map<string, RequestPriority>();

  get size(): number {
    return this.queued.size;
  }

  add(task: DetailTask): void {
    const key = keyOf(task.kind, task.id);
    const current = this.queued.get(key);
    if (current !== undefined && order.indexOf(current) <= order.indexOf(task.priority)) return;
    this.queued.set(key, task.priority);
    this.lanes.get(task.priority)!.push(task);
  }

  /** The best task, or undefined when the queue is empty. */
  take(): DetailTask | undefined {
    for (const priority of order) {
      const lane = this.lanes.get(priority)!;
      while (lane.length > 0) {
        const task = lane.shift()!;
        const key = keyOf(task.kind, task.id);
        if (this.queued.get(key) !== priority) continue;
        this.queued.delete(key);
        return task;
      }
    }
    return undefined;
  }

  has(kind: DetailKind, id: number): boolean {
    return this.queued.has(keyOf(kind, id));
  }

  clear(): void {
    for (const lane of this.lanes.values()) lane.length = 0;
    this.queued.clear();
  }
}
