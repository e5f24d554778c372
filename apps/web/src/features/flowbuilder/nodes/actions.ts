/** What a card's icons do (§4 "node actions"), handed down by the page. */
import { createContext, useContext } from "react";

export interface NodeActions {
  duplicate: (id: string) => void;
  remove: (id: string) => void;
}

export const NodeActionsContext = createContext<NodeActions>({ duplicate: () => undefined, remove: () => undefined });

export const useNodeActions = () => useContext(NodeActionsContext);
