import { OPENSEARCH_USER, SearchStoreSettings, STORE_CREDENTIALS_SUFFIX } from "../../../config/search-store";
import { CurlAuth } from "../../common/curl-job-pod";
import { TLS_SECRET_KEYS } from "../../common/web-config";

/** Paths of the official OpenSearch and OpenSearch Dashboards images, and what several builders share. */

/** The opensearch user of the official image (and opensearch-dashboards of its own); files belong to this uid. */
export const OPENSEARCH_UID = 1000;

export const OPENSEARCH_CONFIG_DIR = "/usr/share/opensearch/config";
/**
 * The TLS Secret is mounted inside the config directory: the security plugin reads PEM files only
 * from there (a path outside it is refused at start).
 */
export const OPENSEARCH_TLS_DIR = `${OPENSEARCH_CONFIG_DIR}/tls`;
export const OPENSEARCH_DATA_DIR = "/usr/share/opensearch/data";
export const INTERNAL_USERS_PATH = `${OPENSEARCH_CONFIG_DIR}/opensearch-security/internal_users.yml`;
/** The security plugin's roles file, replaced by the program's (settings-files.ts says why). */
export const ROLES_PATH = `${OPENSEARCH_CONFIG_DIR}/opensearch-security/roles.yml`;

export const DASHBOARDS_CONFIG_DIR = "/usr/share/opensearch-dashboards/config";
export const DASHBOARDS_TLS_DIR = `${DASHBOARDS_CONFIG_DIR}/tls`;

/** Keys of the store's credentials Secret (STORE_PASSWORD_KEY, the plain password, is config's). */
export const CREDENTIALS_KEYS = { internalUsers: "internal_users.yml", curlrc: ".curlrc" } as const;

/** Keys of the ConfigMap with the store's and Dashboards' settings files. */
export const SETTINGS_KEYS = { opensearch: "opensearch.yml", dashboards: "opensearch_dashboards.yml", roles: "roles.yml" } as const;

export const VOLUMES = { settings: "settings", tls: "tls", users: "internal-users" } as const;

/** The env variable through which Dashboards' config file reads the password (Kibana's ${VAR} substitution). */
export const DASHBOARDS_PASSWORD_ENV = "OPENSEARCH_PASSWORD";

/** The three keys of the stack's kubernetes.io/tls Secret, named so that no other key of it is mounted. */
export function tlsItems(): { key: string; path: string }[] {
    return Object.values(TLS_SECRET_KEYS).map((key) => ({ key, path: key }));
}

export function credentialsSecretName(s: SearchStoreSettings): string {
    return `${s.name}${STORE_CREDENTIALS_SUFFIX}`;
}

/** The settings ConfigMap: named after the store, with a suffix no other object of the store uses. */
export function settingsConfigMapName(s: SearchStoreSettings): string {
    return `${s.name}-settings`;
}

/** What a curl pod authenticates to the in-cluster OpenSearch and Dashboards with; none for Elasticsearch OSS. */
export function curlAuth(s: SearchStoreSettings): CurlAuth | undefined {
    return s.kind === "opensearch" && s.tls ? { credentialsSecret: credentialsSecretName(s), curlrcKey: CREDENTIALS_KEYS.curlrc, caSecret: s.tls.secretName } : undefined;
}

export { OPENSEARCH_USER };
