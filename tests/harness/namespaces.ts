import { NamespaceReadiness } from "../../components/namespaces";

/** For a component built alone: its namespace exists already, so its objects wait on nothing. */
export const EXISTING_NAMESPACES: NamespaceReadiness = { readyFor: () => [] };
