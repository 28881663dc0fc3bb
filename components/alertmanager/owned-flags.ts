/**
 * Alertmanager flags a setting owns, whether or not today's settings write them
 * (components/alertmanager/statefulset.ts alertmanagerArgs); alertmanager.extra.args may not set them.
 */
export const ALERTMANAGER_OWNED_FLAGS: Readonly<Record<string, string>> = {
    "--config.file": "the program's generated config (alertmanager.routes, receivers...)",
    "--storage.path": "the program's data volume",
    "--data.retention": "alertmanager.retention",
    "--web.listen-address": "the port the Service, probes and NetworkPolicy use",
    "--web.config.file": "alertmanager.web",
    "--cluster.listen-address": "alertmanager.replicas",
    "--cluster.peer": "alertmanager.replicas",
    "--cluster.reconnect-timeout": "alertmanager.replicas",
    "--cluster.advertise-address": "alertmanager.replicas",
    "--web.external-url": "the program's routing",
    "--web.route-prefix": "the program's routing",
};
