import { stringify } from "yaml";
import { SearchStoreSettings } from "../../../config";
import { searchStoreUrl } from "../service";
import { TLS_SECRET_KEYS } from "../../common/web-config";
import { OPENSEARCH_AGENT_BACKEND_ROLE, OPENSEARCH_AGENT_USER } from "../../../config/search-store";
import { OPENSEARCH_EXPORTER_ROLE, OPENSEARCH_EXPORTER_USER } from "../layout";
import { DASHBOARDS_PASSWORD_ENV, DASHBOARDS_TLS_DIR, OPENSEARCH_USER } from "./layout";

/**
 * opensearch.yml, replacing the image's (whose only settings are the cluster name and the bind
 * address). The security plugin serves HTTPS and encrypts the transport with the stack's own
 * certificate (searchStore.tls.secretName), as Prometheus' web config serves its port; its
 * security index is initialised once, on the first start, from the files under
 * config/opensearch-security/, of which the program replaces internal_users.yml and roles.yml (the
 * image's demo users are gone with them); what a later release adds to them reaches an existing
 * store only through the security REST API (exporterRoleBody). The
 * demo installer, which would write demo certificates and an admin:admin user, is off
 * (DISABLE_INSTALL_DEMO_CONFIG in statefulset.ts). Paths are relative to the config directory.
 */
export function openSearchYaml(s: SearchStoreSettings): string {
    const pem = { pemcert_filepath: `tls/${TLS_SECRET_KEYS.cert}`, pemkey_filepath: `tls/${TLS_SECRET_KEYS.key}`, pemtrustedcas_filepath: `tls/${TLS_SECRET_KEYS.ca}` };
    return stringify({
        "cluster.name": s.name,
        "network.host": "0.0.0.0",
        // One node that elects itself: no quorum to wait for, no other node to reach.
        "discovery.type": "single-node",
        // Without memory-mapped indices the node's vm.max_map_count does not matter (as for Elasticsearch).
        ...(s.mmap ? {} : { "node.store.allow_mmap": false }),
        "plugins.security.ssl.http.enabled": true,
        ...Object.fromEntries(Object.entries(pem).map(([k, v]) => [`plugins.security.ssl.http.${k}`, v])),
        ...Object.fromEntries(Object.entries(pem).map(([k, v]) => [`plugins.security.ssl.transport.${k}`, v])),
        // The certificate names the Service, not the pod; a single node dials no other node anyway.
        "plugins.security.ssl.transport.enforce_hostname_verification": false,
        "plugins.security.allow_default_init_securityindex": true,
        "plugins.security.system_indices.enabled": true,
        // The security REST API for all_access (admin, through the image's roles_mapping.yml): the
        // store-setup Job puts the exporter's role and user through it, since the files above are
        // read on a store's first start only (exporterRoleBody). Without it the API answers 403.
        "plugins.security.restapi.roles_enabled": [REST_API_ROLE],
    });
}

/**
 * internal_users.yml with the three users and the bcrypt hashes of their generated passwords
 * (config/search-store.ts says why each has its role). The exporter's user is there whether or
 * not the exporter runs. The security plugin reads this file into its index on a store's first
 * start only; for a store started before the exporter's user existed, the store-setup Job
 * (index-template/) puts the user and its role through the REST API. Pure, so a test feeds it hashes of its own.
 */
export function internalUsersYaml(hashes: { admin: string; agent: string; exporter: string }): string {
    return stringify({
        _meta: { type: "internalusers", config_version: 2 },
        [OPENSEARCH_USER]: { hash: hashes.admin, reserved: true, backend_roles: ["admin"], description: "cluster-monitoring: Dashboards and the template, retention and index pattern jobs" },
        [OPENSEARCH_AGENT_USER]: { hash: hashes.agent, reserved: true, backend_roles: [OPENSEARCH_AGENT_BACKEND_ROLE], description: "cluster-monitoring: the log agent, writing logstash-* only" },
        // Not reserved: the store-setup Job puts it again through the REST API, which refuses to change a reserved user.
        [OPENSEARCH_EXPORTER_USER]: { hash: hashes.exporter, ...exporterUserFields() },
    });
}

/** The security role whose users may call the security REST API (opensearch.yml's restapi.roles_enabled). */
export const REST_API_ROLE = "all_access";

/**
 * The exporter's user apart from its password: the same in internal_users.yml (a new store) and
 * in the store-setup Job's `PUT _plugins/_security/api/internalusers/<user>` (a store that existed
 * before the user did), whose body takes exactly these keys besides `password`/`hash`
 * (opensearch-project/security 3.6.0.0, InternalUsersApiAction's allowedKeys).
 */
export function exporterUserFields(): { backend_roles: string[]; opendistro_security_roles: string[]; description: string } {
    return { backend_roles: [], opendistro_security_roles: [OPENSEARCH_EXPORTER_ROLE], description: "cluster-monitoring: elasticsearch_exporter, cluster monitoring only" };
}

/**
 * The exporter's role: cluster_monitor (cluster:monitor/*) and no index permission. The same in
 * roles.yml (a new store) and in the store-setup Job's `PUT _plugins/_security/api/roles/<role>`
 * (a store that existed before the role did). Not reserved: the REST API refuses to change a
 * reserved role (EndpointValidator.entityReserved, 403) for anyone but a super admin.
 */
export function exporterRoleBody(): { description: string; cluster_permissions: string[]; index_permissions: never[] } {
    return { description: "cluster-monitoring: read cluster health, node stats, settings and info; no index", cluster_permissions: ["cluster_monitor"], index_permissions: [] };
}

/**
 * roles.yml, replacing the image's, with the exporter's role: cluster_monitor (cluster:monitor/*)
 * and no index permission. No static role of the security plugin holds cluster_monitor alone
 * (readall_and_monitor also reads every index, logs included). The image's file declares only
 * reserved roles of plugins this stack does not use (alerting, anomaly detection, the security
 * REST API ...), which the static roles and all_access do not need.
 */
export function rolesYaml(): string {
    return stringify({
        _meta: { type: "roles", config_version: 2 },
        [OPENSEARCH_EXPORTER_ROLE]: exporterRoleBody(),
    });
}

/**
 * opensearch_dashboards.yml, replacing the image's (whose demo settings turn certificate checks
 * off). Dashboards verifies the store against the TLS Secret's CA and serves HTTPS itself with the
 * same certificate, which therefore also names Dashboards' Service. Multi-tenancy is off, so the
 * provisioned index pattern is the one every login sees. The password comes from the container's
 * environment, which a secretKeyRef fills.
 */
export function dashboardsYaml(s: SearchStoreSettings): string {
    return stringify({
        "server.host": "0.0.0.0",
        "server.name": s.kibana.name,
        "server.ssl.enabled": true,
        "server.ssl.certificate": `${DASHBOARDS_TLS_DIR}/${TLS_SECRET_KEYS.cert}`,
        "server.ssl.key": `${DASHBOARDS_TLS_DIR}/${TLS_SECRET_KEYS.key}`,
        "opensearch.hosts": [searchStoreUrl(s)],
        "opensearch.ssl.verificationMode": "full",
        "opensearch.ssl.certificateAuthorities": [`${DASHBOARDS_TLS_DIR}/${TLS_SECRET_KEYS.ca}`],
        "opensearch.username": OPENSEARCH_USER,
        "opensearch.password": `\${${DASHBOARDS_PASSWORD_ENV}}`,
        "opensearch_security.multitenancy.enabled": false,
        "opensearch_security.cookie.secure": true,
    });
}
