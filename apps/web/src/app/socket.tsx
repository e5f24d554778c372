/**
 * The socket for React: one SocketManager while someone is signed in, and
 * hooks typed by the contracts' event map (DESIGN §2 "Typed realtime").
 */
import { createContext, useContext, useEffect, useEffectEvent, useState, type ReactNode } from "react";
import {
  channels,
  keyedChannels,
  type ChannelName,
  type ChannelPayloads,
  type KeyedChannelName,
  type KeyedChannelPayloads,
} from "@balcao/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { SocketManager, type JoinEvent } from "../api/socket";
import { useAuth } from "./auth";

const SocketContext = createContext<SocketManager | null>(null);

export function SocketProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id;
  const [manager, setManager] = useState<SocketManager | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (userId === undefined) return;
    // Back after events were lost: every list and record on screen is read again.
    const m = new SocketManager({ onResync: () => void queryClient.invalidateQueries() });
    m.start();
    setManager(m);
    // Logout (or another user signing in) ends this connection.
    return () => {
      m.stop();
      setManager(null);
    };
  }, [userId, queryClient]);

  return <SocketContext.Provider value={manager}>{children}</SocketContext.Provider>;
}

/** The manager, null while connecting is not possible (signed out). */
export function useSocket(): SocketManager | null {
  return useContext(SocketContext);
}

export function channelEvent(channel: ChannelName, companyId: number): string {
  const build: (companyId: number) => string = channels[channel];
  return build(companyId);
}

/** Listen to a server event named for the signed-in company (none while `nameOf` answers undefined); the handler always sees fresh props. */
function useNamedEvent<T>(nameOf: (companyId: number) => string | undefined, handler: (payload: T) => void) {
  const manager = useSocket();
  const { user } = useAuth();
  const name = user ? nameOf(user.companyId) : undefined;
  const onEvent = useEffectEvent(handler);

  useEffect(() => {
    if (!manager || name === undefined) return;
    return manager.on<T>(name, (payload) => onEvent(payload));
  }, [manager, name]);
}

/** Listen to a company channel (`company-{companyId}-...`). */
export function useCompanyEvent<C extends ChannelName>(channel: C, handler: (payload: ChannelPayloads[C]) => void) {
  useNamedEvent((companyId) => channelEvent(channel, companyId), handler);
}

/** Listen to one record's channel (`company-{companyId}-chat-{chatId}` …); nothing while `key` is undefined. */
export function useKeyedEvent<C extends KeyedChannelName>(
  channel: C,
  key: number | undefined,
  handler: (payload: KeyedChannelPayloads[C]) => void,
) {
  useNamedEvent((companyId) => (key === undefined ? undefined : keyedChannels[channel](companyId, key)), handler);
}

/** Stay in a narrower room while mounted (e.g. joinTickets {status: "open"}). */
export function useSocketRoom(event: JoinEvent, arg?: unknown, enabled = true) {
  const manager = useSocket();
  const key = JSON.stringify(arg ?? null);
  useEffect(() => {
    if (!manager || !enabled) return;
    return manager.join(event, (JSON.parse(key) as unknown) ?? undefined);
  }, [manager, event, key, enabled]);
}
