/**
 * The part of Node's EventEmitter the shell uses (on, once, emit, listenerCount), for the
 * `electron` double; `emit` returns the listeners' results so a test can await what a listener
 * started. Erasable TypeScript only: plain Node runs the double outside the repository too.
 */
type Listener = (...args: never[]) => unknown;
type AnyFunction = (...args: unknown[]) => unknown;

export class Emitter {
  readonly listeners = new Map<string, { listener: Listener; once: boolean }[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { listener, once: false }]);
    return this;
  }
  once(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { listener, once: true }]);
    return this;
  }
  emit(event: string, ...args: unknown[]): unknown[] {
    const registered = this.listeners.get(event) ?? [];
    this.listeners.set(event, registered.filter((entry) => !entry.once));
    return registered.map((entry) => (entry.listener as AnyFunction)(...args));
  }
  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}
