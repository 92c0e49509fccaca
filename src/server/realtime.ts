// The realtime connection (spec §4: opened once a user id exists; chat uses it later). One
// websocket per tab at /api/v1/realtime, authenticated by the session cookie and an Origin
// check (browsers cannot send the bearer header on a websocket). The hub fans events out to the
// sockets of a user in this process.
// TODO(realtime-redis): with several API processes, publish through Redis (REDIS_URL) so an
// event reaches sockets held by another process.
export type RealtimeEvent = { type: string } & Record<string, unknown>;
export type RealtimeSocket = { send(data: string): void; close(code?: number, reason?: string): void };

type Entry = { socket: RealtimeSocket; sessionId: string };

export class RealtimeHub {
  private readonly byUser = new Map<string, Set<Entry>>();

  add(userId: string, sessionId: string, socket: RealtimeSocket): () => void {
    const entry = { socket, sessionId };
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(entry);
    return () => {
      set.delete(entry);
      if (set.size === 0) this.byUser.delete(userId);
    };
  }

  /** Sends an event to every socket of the user; answers how many it reached. */
  publish(userId: string, event: RealtimeEvent): number {
    const set = this.byUser.get(userId);
    if (!set) return 0;
    const data = JSON.stringify(event);
    for (const { socket } of set) socket.send(data);
    return set.size;
  }

  /** Log-out: the sockets opened with that session are told and closed. */
  endSession(userId: string, sessionId: string): void {
    for (const entry of [...(this.byUser.get(userId) ?? [])]) {
      if (entry.sessionId !== sessionId) continue;
      entry.socket.send(JSON.stringify({ type: 'session.ended' }));
      entry.socket.close(4401, 'Logged out');
    }
  }

  connections(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }
}
