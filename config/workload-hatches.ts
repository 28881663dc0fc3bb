import { z } from "zod";
import { anyText, closedObject, flag, stringMap, text, whenClean } from "./fields";
import { credentialInPlainText, credentialNeighbours, KUBERNETES_VAR_REFERENCE } from "./credentials";
import { SECRET_VALUE } from "./problems";
import { SECRET_REFERENCE_SHAPE, secretDataKey, secretReferenceSchema } from "./secret-reference";
import { absolutePath, configMapName, dnsLabel, kubernetesLabelKey, kubernetesLabelValue, kubernetesQuantity, ownLabelKey, secretName } from "./formats";

/**
 * `<component>.extra` (docs/escape-hatches.md#extra-flags-env-volumes-and-annotations): what a
 * workload's pod and Ingress get beside what the program writes. Typed after the Kubernetes API,
 * and only the parts that keep the pod within the Restricted Pod Security Standard and least
 * privilege: volumes are configMap, secret or emptyDir (no hostPath, no other type), and there is
 * no securityContext, capability or container of the stack's own. What the program itself owns
 * (a flag it sets, a mount path, a label it selects on) is refused after the settings load, by the
 * composition root, which compares with the very objects the component builds (stack/workload-hatches.ts).
 */

/** A command-line flag as Prometheus and Alertmanager (kingpin) read them: --name or --name=value. */
function commandLineFlag(value: string): string | undefined {
    return /^--[a-z0-9][a-z0-9.-]*(=.*)?$/.test(value) ? undefined : "a flag --name or --name=value, such as --enable-feature=exemplar-storage (one flag per entry)";
}

function envName(value: string): string | undefined {
    return /^[A-Za-z_][A-Za-z0-9_]*$/.test(value) ? undefined : "an environment variable name: letters, digits and '_', not starting with a digit";
}

const keyRef = (kind: string, nameCheck: (v: string) => string | undefined) =>
    closedObject({
        name: text(nameCheck).meta({ description: `the ${kind} in the workload's namespace` }),
        key: text(secretDataKey).meta({ description: "the key in it" }),
    });

const envSchema = closedObject({
    name: text(envName, "GOMEMLIMIT").meta({ description: "the variable" }),
    value: anyText()
        .optional()
        .meta({ description: "a literal value, in the pod spec: never a credential (refused when its name or value says it is one, but for a path, a $(VAR) reference or a public key)" }),
    valueFrom: secretReferenceSchema({ configMapKeyRef: keyRef("ConfigMap", configMapName).optional().meta({ description: "{ name, key }: a ConfigMap in the workload's namespace" }) })
        .optional()
        .meta({ description: `a secret reference, ${SECRET_REFERENCE_SHAPE} (docs/configuration.md#secret-references), or { configMapKeyRef: { name, key } }` }),
}).superRefine((e, ctx) => {
    if ((e.value === undefined) === (e.valueFrom === undefined)) {
        ctx.addIssue({ code: "custom", path: ["value"], input: undefined, message: "exactly one of value or valueFrom" });
        return;
    }
    const why = e.value !== undefined ? credentialInPlainText(e.name, e.value, { reference: KUBERNETES_VAR_REFERENCE }) : undefined;
    if (why !== undefined) {
        ctx.addIssue({
            code: "custom",
            path: ["value"],
            input: SECRET_VALUE,
            message:
                `no credential in plain text: ${e.name} looks like one (${why}), and an env value is written into the pod spec, which anyone who may read the workload reads; ` +
                `give it as valueFrom: ${SECRET_REFERENCE_SHAPE} (docs/configuration.md#secret-references); ${credentialNeighbours({ reference: KUBERNETES_VAR_REFERENCE })}`,
        });
    }
}, whenClean("name", "value", "valueFrom"));

/** Volume types a hatch may add; each reason says why the others are not offered. */
const NOT_OFFERED_VOLUME_TYPES: Record<string, string> = {
    hostPath: "a hostPath volume breaks the Restricted Pod Security Standard and reaches the node's files",
    persistentVolumeClaim: "the program owns the pod's storage (storage.*)",
    projected: "not offered: use secret or configMap",
};

const volumeSchema = closedObject({
    name: text(dnsLabel, "extra-ca").meta({ description: "the volume's name" }),
    configMap: closedObject({ name: text(configMapName) }).optional().meta({ description: "{ name }" }),
    secret: closedObject({ secretName: text(secretName) }).optional().meta({ description: "{ secretName }; mounted 0440" }),
    emptyDir: closedObject({ sizeLimit: text(kubernetesQuantity).optional(), medium: z.literal("Memory", { error: "Memory, or leave medium out" }).optional() })
        .optional()
        .meta({ description: "{ sizeLimit, medium }" }),
    ...Object.fromEntries(
        Object.entries(NOT_OFFERED_VOLUME_TYPES).map(([type, why]) => [
            type,
            z
                .unknown()
                .superRefine((v, ctx) => {
                    if (v !== undefined) {
                        ctx.addIssue({ code: "custom", input: v, message: `nothing: ${why}` });
                    }
                })
                .optional()
                .meta({ description: `refused: ${why}` }),
        ]),
    ),
}).superRefine((v, ctx) => {
    const types = ["configMap", "secret", "emptyDir"].filter((t) => (v as Record<string, unknown>)[t] !== undefined);
    if (types.length !== 1) {
        ctx.addIssue({ code: "custom", path: ["configMap"], input: undefined, message: "exactly one of configMap, secret or emptyDir" });
    }
}, whenClean("configMap", "secret", "emptyDir", ...Object.keys(NOT_OFFERED_VOLUME_TYPES)));

const mountSchema = closedObject({
    name: text(dnsLabel).meta({ description: "a volume of extra.volumes" }),
    mountPath: text(absolutePath).meta({ description: "where in the container" }),
    readOnly: flag().optional(),
    subPath: text().optional(),
});

/**
 * Ingress annotations that could take authentication away, refused whatever the Ingress's auth
 * is: ingress-nginx's own auth annotations (auth-*, satisfy, enable-global-auth) would replace or
 * relax the program's, and a snippet can add a location that proxies around the gateway.
 */
export function authRemovingAnnotation(key: string): string | undefined {
    if (/snippet/i.test(key)) {
        return "a snippet can add a location that reaches the server around its authentication";
    }
    if (/^nginx\.ingress\.kubernetes\.io\/(auth-|satisfy$|enable-global-auth$|whitelist-source-range$|allowlist-source-range$)/.test(key)) {
        return "the program owns the Ingress's authentication (ingress.auth); an ingress-nginx auth annotation would replace or relax it";
    }
    return undefined;
}

/**
 * Annotations' names are other tools' (Vault's agent-inject-secret-<name> holds a path), so only
 * their values are read: a URL with a password is a credential whatever the name.
 */
function noCredentialValues(m: Record<string, string>, ctx: z.RefinementCtx): void {
    for (const [name, value] of Object.entries(m)) {
        if (credentialInPlainText("", value) !== undefined) {
            ctx.addIssue({
                code: "custom",
                path: [name],
                input: SECRET_VALUE,
                message: "an annotation without a credential: its value holds a URL with a password (user:password@), and annotations are readable by anyone who may read the workload",
            });
        }
    }
}

export const workloadHatchSchema = closedObject({
    args: z.array(text(commandLineFlag), { error: "a list of flags" }).optional().meta({ description: "flags after the program's; a flag the program sets is refused" }),
    env: z.array(envSchema, { error: "a list of { name, value | valueFrom }" }).optional().meta({ description: "environment variables of the main container" }),
    volumes: z.array(volumeSchema, { error: "a list of volumes" }).optional().meta({ description: "configMap, secret or emptyDir volumes; no hostPath" }),
    volumeMounts: z.array(mountSchema, { error: "a list of { name, mountPath, readOnly, subPath }" }).optional().meta({ description: "mounts in the main container" }),
    podLabels: stringMap(ownLabelKey, kubernetesLabelValue).optional().meta({ description: "labels of the pods (a service mesh, cost tooling); never one the program selects on" }),
    podAnnotations: stringMap(kubernetesLabelKey).superRefine(noCredentialValues).optional().meta({ description: "annotations of the pods; never one the program writes" }),
    ingressAnnotations: stringMap(kubernetesLabelKey)
        .superRefine(noCredentialValues)
        .superRefine((m, ctx) => {
            for (const key of Object.keys(m)) {
                const why = authRemovingAnnotation(key);
                if (why !== undefined) {
                    ctx.addIssue({ code: "custom", path: [key], input: m[key], message: `an annotation that leaves authentication alone: ${why}` });
                }
            }
        })
        .optional()
        .meta({ description: "annotations of the workload's Ingress (cert-manager's issuer, rate limits); never one that removes its authentication" }),
})
    .superRefine((h, ctx) => {
        const names = (h.volumes ?? []).map((v) => v.name);
        (h.volumeMounts ?? []).forEach((m, i) => {
            if (!names.includes(m.name)) {
                ctx.addIssue({ code: "custom", path: ["volumeMounts", i, "name"], input: m.name, message: `a volume of extra.volumes (${names.join(", ") || "none"})` });
            }
        });
        (h.args ?? []).forEach((arg, i) => {
            const [flagName, ...rest] = arg.split("=");
            const why = rest.length > 0 ? credentialInPlainText(flagName.replace(/^--/, ""), rest.join("=")) : undefined;
            if (why !== undefined) {
                ctx.addIssue({
                    code: "custom",
                    path: ["args", i],
                    input: SECRET_VALUE,
                    message: `a flag without a credential: its value looks like one (${why}), and a flag is in the pod spec and the process list; neither binary takes a credential as a flag, so give it to the setting that reads it from a Secret`,
                });
            }
        });
        const flags = (h.args ?? []).map((a) => a.split("=")[0]);
        flags.forEach((f, i) => {
            if (flags.indexOf(f) !== i && f !== "--enable-feature") {
                ctx.addIssue({ code: "custom", path: ["args", i], input: h.args![i], message: "a flag given once" });
            }
        });
    }, whenClean("volumes", "volumeMounts", "args"))
    .superRefine((h, ctx) => {
        // Class 2 of issue #41: of two entries with one name, Kubernetes keeps the last, so the first does nothing.
        const envNames = (h.env ?? []).map((e) => e.name);
        envNames.forEach((n, i) => {
            if (envNames.indexOf(n) !== i) {
                ctx.addIssue({ code: "custom", path: ["env", i, "name"], input: n, message: `a variable given once: env[${envNames.indexOf(n)}] sets ${n} too, and the container gets only one of them` });
            }
        });
    }, whenClean("env"))
    .optional();

/** The flags of `args` that `known` lacks, with their index: the binary would exit at start on them. */
export function unknownFlags(args: readonly string[] | undefined, known: readonly string[]): { index: number; flag: string }[] {
    return (args ?? []).map((arg, index) => ({ index, flag: arg.split("=")[0].replace(/^--(no-)?/, "") })).filter((f) => !known.includes(f.flag));
}

export type WorkloadHatchSettings = NonNullable<z.output<typeof workloadHatchSchema>>;
