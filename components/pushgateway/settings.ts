import { z } from "zod";
import { fullKey, NETWORK_POLICIES_KEY, OwnKey, OwnKeyProblem, Settings } from "../../config";
import { closedObject, flag, stringList, text } from "../../config/fields";
import { dnsLabel, serviceName } from "../../config/formats";
import { imageAtLeast } from "../../config/oldest-images";
import { ResourceSettings, resourcesSchema } from "../../config/resources";
import { schedulingFields } from "../../config/scheduling";
import { PUSHGATEWAY_JOB_NAME } from "./layout";

/** `cluster-monitoring:pushgateway`: the component's own stack key (config/own-keys.ts), read from the component list. */
export const PUSHGATEWAY_KEY = "pushgateway";

/**
 * quay.io/prometheus/pushgateway v1.11.3, the newest tag of prometheus/pushgateway (2026-05-27),
 * which its release workflow publishes there and on Docker Hub as prom/pushgateway. It holds
 * what batch jobs pushed in memory, so the requests are small and the limit leaves room for them.
 */
export const PUSHGATEWAY_DEFAULTS = {
    enabled: false,
    name: "pushgateway",
    image: "quay.io/prometheus/pushgateway:v1.11.3",
    resources: { cpuRequest: "10m", memoryRequest: "32Mi", memoryLimit: "128Mi" } as ResourceSettings,
};

const d = PUSHGATEWAY_DEFAULTS;

/**
 * The oldest image the program drives (config/oldest-images.ts's rule): the flags, /-/healthy,
 * /-/ready, push_failure_time_seconds and the refusal of inconsistent pushes are all older, but
 * the tests run Debian's 1.5.1 (tests/pushgateway.real.test.ts), and no older release is checked.
 */
export const OLDEST_PUSHGATEWAY = { version: "1.5.1", why: "the tests run the gateway's flags, probes and families on Debian's 1.5.1, and no older release is checked" };

/** Its fields; each is refused while `enabled` is false, as it would do nothing (config/needs.ts). */
export const pushgatewaySchema = closedObject({
    enabled: flag().default(d.enabled).meta({ description: "deploy the Pushgateway for batch jobs, with its scrape job (honor_labels), alerts, board and NetworkPolicy (docs/pushgateway.md)" }),
    name: text((v) => dnsLabel(v) ?? serviceName(v))
        .default(d.name)
        .meta({ description: "Deployment, Service, ServiceAccount and NetworkPolicy name, in the metrics namespace; the URL batch jobs push to is http://<name>.<namespace>.svc:9091" }),
    image: text(imageAtLeast(OLDEST_PUSHGATEWAY)).default(d.image).meta({ description: "the Pushgateway image; flags and families follow v1.11" }),
    resources: resourcesSchema(d.resources).meta({ description: "the container's CPU and memory; what the batch jobs push is held in memory" }),
    ...schedulingFields(),
    pusherNamespaces: stringList(dnsLabel)
        .optional()
        .meta({
            description:
                "the namespaces whose pods may push (and delete), required while enabled: the push endpoint has no login, and the NetworkPolicy admits pushes from these namespaces only (docs/pushgateway.md#who-may-push)",
        }),
}).superRefine((p, ctx) => {
    if (p.enabled && p.pusherNamespaces === undefined) {
        ctx.addIssue({
            code: "custom",
            path: ["pusherNamespaces"],
            input: undefined,
            message: "the namespaces whose pods push, such as [batch]: while the gateway runs, only pods of these namespaces may reach its push endpoint",
        });
    }
});

export type PushgatewayKeySettings = z.output<typeof pushgatewaySchema>;

/** What the builders read: the key's value, and the metrics namespace, where the gateway runs beside Prometheus. */
export type PushgatewaySettings = PushgatewayKeySettings & { namespace: string };

/**
 * The push endpoint has no login (docs/pushgateway.md#who-may-push): only the NetworkPolicy keeps
 * pods outside pusherNamespaces from pushing, overwriting or deleting a group, so the gateway
 * runs only while the stack writes NetworkPolicies.
 */
function pushgatewayProblems(value: unknown, others: { parsed: Readonly<Record<string, unknown>> }): OwnKeyProblem[] {
    const p = value as PushgatewayKeySettings;
    const netpol = others.parsed[NETWORK_POLICIES_KEY] as { enabled: boolean } | undefined;
    if (p.enabled && netpol !== undefined && !netpol.enabled) {
        return [
            {
                field: "enabled",
                got: true,
                expected:
                    `false while ${fullKey(NETWORK_POLICIES_KEY)}.enabled is false: the push endpoint has no login, and without its NetworkPolicy ` +
                    "any pod of the cluster could push, overwrite or delete what batch jobs pushed; switch NetworkPolicies on, or the Pushgateway off",
            },
        ];
    }
    return [];
}

/** The key as the loader reads it (config/own-keys.ts). */
export const PUSHGATEWAY_OWN_KEY: OwnKey = {
    key: PUSHGATEWAY_KEY,
    schema: pushgatewaySchema,
    what: "Pushgateway",
    check: pushgatewayProblems,
};

/** The key's value in loaded settings, or its defaults (off) where the loader was given no own keys. */
export function pushgatewaySettings(s: Settings): PushgatewaySettings {
    const value = (s.own?.[PUSHGATEWAY_KEY] as PushgatewayKeySettings | undefined) ?? pushgatewaySchema.parse({});
    return { ...value, namespace: s.metrics.namespace };
}
