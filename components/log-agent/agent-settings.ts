import { LogsSettings, OPENSEARCH_AGENT_USER, SearchStoreSettings, Settings, STORE_AGENT_PASSWORD_KEY, STORE_CREDENTIALS_SUFFIX } from "../../config";

/** Where the log agent finds the in-cluster OpenSearch's password and CA, in its own namespace. */
export interface InClusterStoreAccess {
    user: string;
    credentialsSecret: string;
    passwordKey: string;
    caSecret: string;
}

/**
 * While the agent ships to the in-cluster OpenSearch: the store's user for the agent, and the
 * Secrets in the agent's namespace with its generated password and its CA, which the agent reads
 * instead of logs.search.user and searchPassword.
 */
export function inClusterStoreAccess(s: SearchStoreSettings): InClusterStoreAccess | undefined {
    if (!s.enabled || s.kind !== "opensearch" || s.tls === undefined) {
        return undefined;
    }
    return { user: OPENSEARCH_AGENT_USER, credentialsSecret: `${s.name}${STORE_CREDENTIALS_SUFFIX}`, passwordKey: STORE_AGENT_PASSWORD_KEY, caSecret: s.tls.secretName };
}

/** The log agent's settings: the logs key, and where it finds the in-cluster store while it ships to one. */
export type LogAgentSettings = LogsSettings & { search: LogsSettings["search"] & { inClusterStore?: InClusterStoreAccess } };

/** Derived from the stack's settings where the agent is built, never written into them at load (#43). */
export function logAgentSettings(s: Pick<Settings, "logs" | "searchStore">): LogAgentSettings {
    const access = inClusterStoreAccess(s.searchStore);
    return access ? { ...s.logs, search: { ...s.logs.search, inClusterStore: access } } : s.logs;
}
