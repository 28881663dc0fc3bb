import { pushEndpoints } from "./push-endpoints";
import { METRICS_KEY, Settings } from "../config";
import { Endpoint } from "../components/auth-gateway/checklist-endpoints";
import { COMPONENTS } from "./components";
import { StackAuthFacts, waysIn } from "../validate/ingress-auth";
import type { KubernetesObject } from "../validate/kubernetes-object";
import { providedSecrets } from "../validate/provided-secrets";
import { IMAGE_SUPPORT_REVIEWED, imageSupport } from "./image-support";
import { windowsLongerThan } from "../components/common/rules/windows";
import { defaultRuleGroups } from "./rule-groups";

/**
 * The production checklist (docs/security.md#production-checklist) that `npm run render -- <stack>`
 * prints for every stack: the endpoints it exposes and how each authenticates, the public ones
 * with their reasons, the secrets the stack sets and those the program generates, and every image
 * against the dated support table (stack/image-support.ts). Pure: from the validated settings and
 * what the render saw. The endpoints are every Ingress rule and HTTPRoute of the rendered objects
 * (validate/ingress-auth.ts reads how each authenticates from its backend, the pods behind it and
 * the gateway's nginx config); the settings only add the details of what the objects show.
 */
export interface ChecklistInput {
    stack: string;
    settings: Settings;
    /** Every rendered Kubernetes object: the endpoints are read from its Ingresses and HTTPRoutes. */
    objects: readonly KubernetesObject[];
    /** Every container image of the rendered objects. */
    images: readonly string[];
    /** The stack file's secure keys, by name (values never). */
    secretKeys: readonly string[];
    /** The names of the generated passwords (random.RandomPassword resources). */
    generated: readonly string[];
}

/** The endpoints the settings ask for, by the object the program writes for each (its Ingress or HTTPRoute): each component's on the list (Component.endpoints). */
function settingsEndpoints(s: Settings): Map<string, Endpoint> {
    return new Map(COMPONENTS.flatMap((c) => c.endpoints?.(s) ?? []).map((e) => [e.object, e.endpoint]));
}

/**
 * What the stack says beyond the objects about how its servers authenticate (validate/ingress-auth.ts):
 * the public hosts are those of the components' public endpoints (Component.endpoints), with their
 * reasons; which server asks for its own login, and vmauth's users, each component tells (Component.authFacts).
 */
export function authFactsOf(s: Settings): StackAuthFacts {
    const publicReasons: Record<string, string> = {};
    for (const e of COMPONENTS.flatMap((c) => c.endpoints?.(s) ?? [])) {
        if (e.endpoint.publicReason !== undefined) {
            publicReasons[e.host] = e.endpoint.publicReason;
        }
    }
    const facts = COMPONENTS.map((c) => c.authFacts?.(s) ?? {});
    return {
        serverLogin: (server) => facts.some((f) => f.serverLogin?.server === server && f.serverLogin.asks),
        publicReasons,
        vmauthUsers: facts.flatMap((f) => f.vmauthUsers ?? []),
    };
}

/**
 * Every endpoint the rendered objects publish: each Ingress rule path and HTTPRoute rule, with its
 * host, path and backend Service. How it authenticates is what the objects show (an endpoint they
 * show no authentication for gets a WARNING, whatever the settings meant), told in the settings'
 * words where the program wrote that Ingress for a setting.
 */
export function exposedEndpoints(objects: readonly KubernetesObject[], s: Settings): Endpoint[] {
    const known = settingsEndpoints(s);
    return waysIn(objects, authFactsOf(s)).map((w) => {
        const setting = known.get(w.ingress);
        // A route carries no TLS: its listener does. The program's routes name the HTTPS listener (config/gateway-route.ts), so they are https.
        const https = w.tls || (setting !== undefined && w.ingress.startsWith("HTTPRoute "));
        const url = `${https ? "https" : "http"}://${w.host}${w.path}`;
        const via = `${w.ingress.startsWith("HTTPRoute ") ? w.ingress : `Ingress ${w.ingress}`} to Service ${w.backend ?? "(none)"}`;
        const product = w.server ?? setting?.product ?? "an unknown server";
        if (w.how === undefined) {
            return { url, product, key: setting?.key ?? "no setting", via, auth: "WARNING: nothing the rendered objects show authenticates it (no auth gateway, server login or vmauth users behind its backend)" };
        }
        if (w.how.startsWith("public: ")) {
            return { url, product, key: setting?.key ?? "no setting", via, publicReason: setting?.publicReason ?? w.how.slice("public: ".length) };
        }
        return { url, product: setting?.product ?? product, key: setting?.key ?? "no setting", via, auth: setting?.auth ?? w.how };
    });
}

export function productionChecklist(c: ChecklistInput): string {
    const endpoints = exposedEndpoints(c.objects, c.settings);
    const authenticated = endpoints.filter((e) => e.auth !== undefined);
    const open = endpoints.filter((e) => e.publicReason !== undefined);
    const lines = [`Production checklist of stack ${c.stack} (docs/security.md#production-checklist):`];
    lines.push("  Exposed endpoints and their authentication:");
    lines.push(...(authenticated.length > 0 ? authenticated.map((e) => `    ${e.auth?.startsWith("WARNING") ? "WARNING " : ""}${e.url}  ${e.product} (${e.key}; ${e.via}): ${e.auth?.replace(/^WARNING: /, "")}`) : ["    none: nothing is published through an Ingress"]));
    const pushes = pushEndpoints(c.objects);
    lines.push("  Push endpoints inside the cluster:");
    lines.push(...(pushes.length > 0 ? pushes.map((p) => `    ${p.auth.startsWith("WARNING") || p.from.startsWith("WARNING") ? "WARNING " : ""}${p.url}  ${p.what} (${p.via}): from ${p.from.replace(/^WARNING /, "")}; login: ${p.auth.replace(/^WARNING /, "")}`) : ["    none"]));
    lines.push("  Public endpoints:");
    lines.push(...(open.length > 0 ? open.map((e) => `    WARNING ${e.url}  ${e.product} (${e.key}; ${e.via}) is public, without authentication: ${e.publicReason}`) : ["    none"]));
    lines.push("  Secrets set in the stack (pulumi config set --secret):");
    lines.push(`    ${c.secretKeys.length > 0 ? c.secretKeys.map((k) => k.replace(/^cluster-monitoring:/, "")).join(", ") : "none"}`);
    // docs/existing-secrets.md: every Secret a pod reads that the render does not write; the program never sees those values.
    const provided = providedSecrets(c.objects);
    lines.push("  Secrets provided by the cluster (read by the pods, written by nothing in this stack; each must exist before the pods start):");
    lines.push(
        ...(provided.length > 0
            ? provided.map((p) => `    ${p.namespace}/${p.name}, ${p.keys ? `key${p.keys.length > 1 ? "s" : ""} ${p.keys.join(", ")}` : "every key"}: read by ${p.readers.join(", ")}`)
            : ["    none"]),
    );
    lines.push("  Secrets the program generates (kept encrypted in the stack's state):");
    lines.push(`    ${c.generated.length > 0 ? [...c.generated].sort().join(", ") : "none"}`);
    const retention = c.settings.metrics.retention;
    const long = c.settings.alertRules.defaults ? windowsLongerThan(defaultRuleGroups(c.settings), retention) : [];
    lines.push(`  Rules reading further back than the retention (${METRICS_KEY}.retention ${retention}):`);
    lines.push(...(long.length > 0 ? long.map((l) => `    WARNING ${l.name} reads [${l.window}]: it covers only the ${retention} Prometheus keeps, not the whole window`) : ["    none"]));
    lines.push(`  Images, against the support table of ${IMAGE_SUPPORT_REVIEWED} (stack/image-support.ts):`);
    for (const image of [...new Set(c.images)].sort()) {
        const row = imageSupport(image);
        const verdict = row === undefined ? "not in the table: check its support yourself" : row.status === "eol" ? `END OF LIFE: ${row.source}` : `supported${row.until ? ` until ${row.until}` : ""}`;
        lines.push(`    ${row?.status === "eol" ? "WARNING " : ""}${image}: ${verdict}`);
    }
    return `${lines.join("\n")}\n`;
}
