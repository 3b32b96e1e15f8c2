/**
 * Wake-up calls between the instances on one database (issue 13): "something at this key changed,
 * look again". A signal is only a hint — what changed is read from the database, which decides —
 * so a lost one costs time, never correctness: whoever waits on one also looks again on a timer.
 * On PostgreSQL they travel by LISTEN/NOTIFY (postgres-signals.ts); SQLite serves one process, and
 * its signals stay inside it.
 */

export interface Signals {
  /** Tells every instance on the database, this one included, `message` on `channel`. Best effort: never throws. */
  publish(channel: string, message: string): void;
  /** Calls `listener` with every message on `channel`, from any instance; returns the way to stop. */
  subscribe(channel: string, listener: (message: string) => void): () => void;
  close(): Promise<void>;
}

/** A channel's name as PostgreSQL takes it unquoted: the names are the code's own constants. */
export const SIGNAL_CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;

/** Listeners by channel: the part both kinds of signals share. */
export function createListeners() {
  const byChannel = new Map<string, Set<(message: string) => void>>();
  return {
    channels: () => [...byChannel.keys()],
    /** Adds `listener`; true when it is the channel's first. */
    add(channel: string, listener: (message: string) => void): boolean {
      if (!SIGNAL_CHANNEL.test(channel)) throw new Error(`not a signal channel: ${channel}`);
      const set = byChannel.get(channel) ?? new Set();
      byChannel.set(channel, set);
      set.add(listener);
      return set.size === 1;
    },
    remove(channel: string, listener: (message: string) => void): void {
      const set = byChannel.get(channel);
      set?.delete(listener);
      if (set?.size === 0) byChannel.delete(channel);
    },
    /** To every listener of the channel; one that throws is passed over: a hint must not stop the others, nor the process. */
    deliver(channel: string, message: string): void {
      for (const listener of byChannel.get(channel) ?? []) {
        try {
          listener(message);
        } catch {
          // Nothing to do: the listener's next look at the database (its timer) still comes.
        }
      }
    },
  };
}

/** Signals within this process: SQLite's, and the in-process test app's. */
export function createInProcessSignals(): Signals {
  const listeners = createListeners();
  return {
    publish(channel, message) {
      // After the caller's turn, as a message from the database would come.
      queueMicrotask(() => listeners.deliver(channel, message));
    },
    subscribe(channel, listener) {
      listeners.add(channel, listener);
      return () => listeners.remove(channel, listener);
    },
    close: async () => {},
  };
}
