import * as k8s from "@pulumi/kubernetes";
import { WorkloadHatchSettings } from "../../config";
import { enabledFeatures } from "../../prometheus-releases/promql-feature-gates";

/**
 * `<component>.extra` (docs/escape-hatches.md#extra-flags-env-volumes-and-annotations) applied to
 * a built StatefulSet and Ingress, and the check that it claims nothing the built objects already
 * hold. One function for every workload, so each component adds a hatch with one call.
 */

type StatefulSet = k8s.types.input.apps.v1.StatefulSet;
type Deployment = k8s.types.input.apps.v1.Deployment;
type Ingress = k8s.types.input.networking.v1.Ingress;

/** Flags a setting turns on and off, by flag, with the setting that owns it, though today's settings leave it out. */
export type OwnedFlags = Readonly<Record<string, string>>;

/** The pod spec of a StatefulSet built by this program: plain values, never Outputs. */
function podSpec(sts: StatefulSet | Deployment): any {
    return (sts.spec as any).template.spec;
}

/** The main container: the one named `container`. */
function mainContainer(sts: StatefulSet | Deployment, container: string): any {
    const found = podSpec(sts).containers.find((c: any) => c.name === container);
    if (found === undefined) {
        throw new Error(`no container ${container} in ${(sts.metadata as any).name}`);
    }
    return found;
}

/**
 * The StatefulSet (or Deployment) with the hatch's flags, env, volumes, mounts, pod labels and
 * annotations added after the program's own. Only the objects on the way are copied: a leaf may be
 * a Pulumi Output (a generated password's annotation), which must stay as it is.
 */
export function withWorkloadHatch<W extends StatefulSet | Deployment>(workload: W, container: string, hatch: WorkloadHatchSettings | undefined): W {
    if (hatch === undefined) {
        return workload;
    }
    const spec = workload.spec as any;
    const template = spec.template;
    const containers = template.spec.containers.map((c: any) => {
        if (c.name !== container) {
            return c;
        }
        const main = { ...c };
        if (hatch.args?.length) {
            main.args = [...(c.args ?? []), ...hatch.args];
        }
        if (hatch.env?.length) {
            main.env = [...(c.env ?? []), ...hatch.env.map((e) => ({ name: e.name, ...(e.value !== undefined ? { value: e.value } : { valueFrom: e.valueFrom }) }))];
        }
        if (hatch.volumeMounts?.length) {
            main.volumeMounts = [...(c.volumeMounts ?? []), ...hatch.volumeMounts];
        }
        return main;
    });
    const volumes = hatch.volumes?.length
        ? [
              ...(template.spec.volumes ?? []),
              ...hatch.volumes.map((v) =>
                  v.secret ? { name: v.name, secret: { secretName: v.secret.secretName, defaultMode: 0o440 } } : v.configMap ? { name: v.name, configMap: { name: v.configMap.name } } : { name: v.name, emptyDir: v.emptyDir },
              ),
          ]
        : template.spec.volumes;
    const metadata = {
        ...template.metadata,
        ...(hatch.podLabels ? { labels: { ...template.metadata.labels, ...hatch.podLabels } } : {}),
        ...(hatch.podAnnotations ? { annotations: { ...(template.metadata.annotations ?? {}), ...hatch.podAnnotations } } : {}),
    };
    return { ...workload, spec: { ...spec, template: { ...template, metadata, spec: { ...template.spec, containers, ...(volumes !== undefined ? { volumes } : {}) } } } } as W;
}

export function withIngressAnnotations(ingress: Ingress, hatch: WorkloadHatchSettings | undefined): Ingress {
    if (!hatch?.ingressAnnotations) {
        return ingress;
    }
    const metadata = ingress.metadata as any;
    return { ...ingress, metadata: { ...metadata, annotations: { ...(metadata.annotations ?? {}), ...hatch.ingressAnnotations } } };
}

/** kingpin's repeatable list of experimental features, which Prometheus 2.x and 3.x both read. */
const ENABLE_FEATURE = "--enable-feature";

/** One refusal: the field under the hatch, the value, and why. */
export interface HatchProblem {
    path: string;
    got: unknown;
    expected: string;
}

/**
 * What the hatch claims that the program owns in the built objects: a flag of the main container
 * (or one a setting owns), an env name, a volume name or mount path of the pod, a pod label the
 * selector or anything else uses, an annotation the program writes, an Ingress annotation.
 */
export function hatchProblems(
    sts: StatefulSet | Deployment,
    container: string,
    hatch: WorkloadHatchSettings | undefined,
    owned: { flags?: OwnedFlags; features?: OwnedFlags; ingress?: Ingress; annotations?: readonly string[]; envPrefix?: { prefix: string; why: string }; noArgs?: string } = {},
): HatchProblem[] {
    if (hatch === undefined) {
        return [];
    }
    const problems: HatchProblem[] = [];
    const pod = podSpec(sts);
    const main = mainContainer(sts, container);
    const flagOf = (arg: string) => arg.split("=")[0];
    const programFlags = new Set<string>((main.args ?? []).map(flagOf));
    // --enable-feature may repeat, each a comma-separated list: what is the program's is each feature, not the flag.
    // The one reading of the flag, which the PromQL check shares (prometheus-releases/promql-features.ts).
    const featuresOf = (arg: string) => enabledFeatures([arg]);
    const programFeatures = new Set<string>((main.args ?? []).flatMap(featuresOf));
    (hatch.args ?? []).forEach((arg, i) => {
        if (owned.noArgs !== undefined) {
            problems.push({ path: `args[${i}]`, got: arg, expected: `no args: ${owned.noArgs}` });
            return;
        }
        const f = flagOf(arg);
        if (f === ENABLE_FEATURE) {
            for (const feature of featuresOf(arg)) {
                const setting = owned.features?.[feature];
                if (programFeatures.has(feature) || setting !== undefined) {
                    problems.push({
                        path: `args[${i}]`,
                        got: arg,
                        expected: `a feature the program does not enable: it switches ${feature} itself${setting ? ` from ${setting}` : ""}; change that setting instead`,
                    });
                }
            }
            return;
        }
        const setting = owned.flags?.[f];
        if (programFlags.has(f) || setting !== undefined) {
            problems.push({
                path: `args[${i}]`,
                got: arg,
                expected: `a flag the program does not set: it sets ${f} itself${setting ? ` from ${setting}` : ""}; change that setting instead`,
            });
        }
    });
    const envNames = new Set<string>(pod.containers.flatMap((c: any) => (c.env ?? []).map((e: any) => e.name)));
    (hatch.env ?? []).forEach((e, i) => {
        if (envNames.has(e.name)) {
            problems.push({ path: `env[${i}].name`, got: e.name, expected: `a variable the program does not set: it sets ${e.name} for its own use` });
        } else if (owned.envPrefix && e.name.startsWith(owned.envPrefix.prefix)) {
            problems.push({ path: `env[${i}].name`, got: e.name, expected: `a variable not starting ${owned.envPrefix.prefix}: ${owned.envPrefix.why}` });
        }
    });
    const volumeNames = new Set<string>([
        ...(pod.volumes ?? []).map((v: any) => v.name),
        ...((sts.spec as any).volumeClaimTemplates ?? []).map((t: any) => t.metadata.name),
    ]);
    (hatch.volumes ?? []).forEach((v, i) => {
        if (volumeNames.has(v.name)) {
            problems.push({ path: `volumes[${i}].name`, got: v.name, expected: `a volume name the program does not use: ${v.name} is one of the pod's own volumes` });
        }
    });
    // A volume no mount of the hatch names does nothing (issue #41, class 2); judged here, beside its name's clash, so both come in one run.
    (hatch.volumes ?? []).forEach((v, i) => {
        if (!(hatch.volumeMounts ?? []).some((m) => m.name === v.name)) {
            problems.push({ path: `volumes[${i}]`, got: v.name, expected: `a volume some mount names: no entry of extra.volumeMounts mounts ${v.name}, so the pod gets it and nothing reads it; add a mount, or remove it` });
        }
    });
    const owns = ownedPaths(pod);
    (hatch.volumeMounts ?? []).forEach((m, i) => {
        const clash = owns.find(({ path: p }) => p === m.mountPath || m.mountPath.startsWith(`${p.replace(/\/$/, "")}/`) || p.startsWith(`${m.mountPath.replace(/\/$/, "")}/`));
        if (clash !== undefined) {
            problems.push({
                path: `volumeMounts[${i}].mountPath`,
                got: m.mountPath,
                expected: `a path outside the program's own: ${clash.path} is ${clash.why}, and a mount on, in or above it would hide or shadow its files`,
            });
        }
    });
    const labels: Record<string, string> = (sts.spec as any).template.metadata.labels ?? {};
    const selector: Record<string, string> = (sts.spec as any).selector.matchLabels ?? {};
    for (const key of Object.keys(hatch.podLabels ?? {})) {
        if (key in labels || key in selector) {
            problems.push({
                path: `podLabels.${key}`,
                got: hatch.podLabels![key],
                expected: `a label the program does not set: ${key} is a label of its pods${key in selector ? " that the StatefulSet, Services and NetworkPolicies select on" : ""}`,
            });
        }
    }
    const annotations = new Set([...Object.keys((sts.spec as any).template.metadata.annotations ?? {}), ...(owned.annotations ?? [])]);
    for (const key of Object.keys(hatch.podAnnotations ?? {})) {
        if (annotations.has(key)) {
            problems.push({ path: `podAnnotations.${key}`, got: hatch.podAnnotations![key], expected: `an annotation the program does not write: it writes ${key} to roll the pod on a config change` });
        }
    }
    const ingressAnnotations = (owned.ingress?.metadata as any)?.annotations ?? {};
    for (const key of Object.keys(hatch.ingressAnnotations ?? {})) {
        if (owned.ingress === undefined) {
            problems.push({ path: `ingressAnnotations`, got: Object.keys(hatch.ingressAnnotations!), expected: "nothing unless the component has an ingress" });
            break;
        }
        if (key in ingressAnnotations) {
            problems.push({ path: `ingressAnnotations.${key}`, got: hatch.ingressAnnotations![key], expected: `an annotation the program does not write: it sets ${key} on this Ingress itself` });
        }
    }
    return problems;
}

/** Where the kubelet puts the ServiceAccount token of a pod that automounts it (the kubelet and API server jobs read it). */
const SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";

/**
 * The paths of the pod a hatch mount must stay clear of: the program's volume mounts, the
 * ServiceAccount token the kubelet mounts unless the pod opts out, and every absolute path the
 * containers' arguments name (a file or directory of the image, such as Prometheus' console
 * templates, which a mount above it would hide as surely as a mount over a volume).
 */
export function ownedPaths(pod: any): { path: string; why: string }[] {
    const containers: any[] = [...(pod.initContainers ?? []), ...(pod.containers ?? [])];
    const mounts = containers.flatMap((c) => (c.volumeMounts ?? []).map((m: any) => ({ path: String(m.mountPath), why: "mounted by the program" })));
    const token = pod.automountServiceAccountToken === false ? [] : [{ path: SERVICE_ACCOUNT_DIR, why: "the ServiceAccount token the kubelet mounts for the pod" }];
    const argPaths = containers.flatMap((c) =>
        [...(c.command ?? []), ...(c.args ?? [])]
            .filter((a: unknown): a is string => typeof a === "string")
            .map((a) => (a.startsWith("-") ? a.slice(a.indexOf("=") + 1) : a))
            .filter((v) => v.startsWith("/") && v.length > 1 && !/\s/.test(v))
            .map((v) => ({ path: v, why: `a path the container's arguments name (${c.name})` })),
    );
    return [...mounts, ...token, ...argPaths];
}
