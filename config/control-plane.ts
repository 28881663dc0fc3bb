import { z } from "zod";
import { choice, closedObject, flag, integer, selectorMap, text, whenClean } from "./fields";
import { dnsLabel, kubernetesLabelKey, kubernetesLabelValue, serviceName } from "./formats";
import { fullKey } from "./source";

/**
 * `cluster-monitoring:controlPlane`: what the cluster exposes of its control plane
 * (docs/control-plane.md). A self-managed control plane (kubeadm, kind) runs on nodes the
 * stack can reach; a managed one (EKS, GKE, AKS) hides etcd, the scheduler and the controller
 * manager, whose targets would otherwise be down forever and page someone.
 */
export const CONTROL_PLANE_KEY = "controlPlane";

export const CONTROL_PLANE_KINDS = ["selfManaged", "managed"] as const;
export type ControlPlaneKind = (typeof CONTROL_PLANE_KINDS)[number];

/** The components a kind may hide; etcd's switch stays metrics.jobs.etcd, since its addresses and certificates live there. */
export const HIDEABLE_COMPONENTS = ["etcd", "scheduler", "controllerManager"] as const;
export type HideableComponent = (typeof HIDEABLE_COMPONENTS)[number];

export const HIDDEN_BY_KIND: Record<ControlPlaneKind, readonly HideableComponent[]> = {
    selfManaged: [],
    managed: ["etcd", "scheduler", "controllerManager"],
};

/** Ports and labels as kubeadm (and so kind) sets them up at Kubernetes 1.35. */
export const CONTROL_PLANE_DEFAULTS = {
    kind: "selfManaged" as ControlPlaneKind,
    coreDns: { namespace: "kube-system", serviceName: "kube-dns", port: 9153 },
    scheduler: { namespace: "kube-system", podLabels: { component: "kube-scheduler" } as Record<string, string>, port: 10259 },
    controllerManager: { namespace: "kube-system", podLabels: { component: "kube-controller-manager" } as Record<string, string>, port: 10257 },
    kubeProxy: { port: 10249 },
};

const d = CONTROL_PLANE_DEFAULTS;

const port = (value: number, what: string) => integer(1, 65535).default(value).meta({ description: what });
const enabled = (what: string) =>
    flag().optional().meta({ description: `scrape ${what}; default: whether controlPlane.kind exposes it` });

/** A component that runs as kubeadm static pods on the control-plane nodes, found by its mirror pods' labels. */
function staticPodSchema(defaults: typeof d.scheduler, what: string) {
    return closedObject({
        enabled: enabled(what),
        port: port(defaults.port, `the secure port ${what} serves /metrics on, at the node's address`),
        namespace: text(dnsLabel).default(defaults.namespace).meta({ description: "the namespace of its (mirror) pods" }),
        podLabels: selectorMap(kubernetesLabelKey, kubernetesLabelValue, `every pod in the namespace, and the job would scrape each of them on ${what}'s port`)
            .default({ ...defaults.podLabels })
            .meta({ description: "labels its pods carry (kubeadm: component=<name>)" }),
    }).prefault({});
}

const controlPlaneObject = closedObject({
    kind: choice(CONTROL_PLANE_KINDS)
        .default(d.kind)
        .meta({ description: "selfManaged (kubeadm, kind): everything is scraped; managed (EKS, GKE, AKS): no etcd, scheduler or controller manager" }),
    override: z
        .array(choice(HIDEABLE_COMPONENTS), { error: `a list of ${HIDEABLE_COMPONENTS.join(", ")}` })
        .default([])
        .meta({ description: "components this cluster exposes although its kind hides them; only then may they be switched on" }),
    coreDns: closedObject({
        enabled: enabled("CoreDNS"),
        port: port(d.coreDns.port, "the metrics port of the CoreDNS Service's endpoints"),
        namespace: text(dnsLabel).default(d.coreDns.namespace).meta({ description: "the CoreDNS Service's namespace" }),
        serviceName: text(serviceName).default(d.coreDns.serviceName).meta({ description: "the CoreDNS Service" }),
    })
        .prefault({})
        .meta({ description: "the coredns job: { enabled, port, namespace, serviceName }" }),
    scheduler: staticPodSchema(d.scheduler, "the scheduler").meta({ description: "the kube-scheduler job: { enabled, port, namespace, podLabels }" }),
    controllerManager: staticPodSchema(d.controllerManager, "the controller manager").meta({
        description: "the kube-controller-manager job: { enabled, port, namespace, podLabels }",
    }),
    kubeProxy: closedObject({
        enabled: enabled("kube-proxy"),
        port: port(d.kubeProxy.port, "kube-proxy's metricsBindAddress port on every node"),
    })
        .prefault({})
        .meta({ description: "the kube-proxy job: { enabled, port }" }),
});

type ParsedControlPlane = z.output<typeof controlPlaneObject>;

export const controlPlaneSchema = controlPlaneObject
    .superRefine((c, ctx) => {
        for (const component of ["scheduler", "controllerManager"] as const) {
            if (c[component].enabled === true && isHidden(c, component)) {
                ctx.addIssue({
                    code: "custom",
                    path: [component, "enabled"],
                    input: true,
                    message: hiddenMessage(c.kind, component),
                });
            }
        }
    }, whenClean("kind", "override", "scheduler", "controllerManager"))
    .transform((c) => resolve(c));

/** Whether the control plane's kind hides the component and the stack does not override it. */
export function isHidden(c: { kind: ControlPlaneKind; override: readonly HideableComponent[] }, component: HideableComponent): boolean {
    return HIDDEN_BY_KIND[c.kind].includes(component) && !c.override.includes(component);
}

export function hiddenMessage(kind: ControlPlaneKind, component: HideableComponent): string {
    return (
        `false or unset: a ${kind} control plane hides ${component}, so its target would be down forever; ` +
        `if this cluster does expose it, add ${component} to ${fullKey(CONTROL_PLANE_KEY)}.override`
    );
}

export interface CoreDnsTarget {
    enabled: boolean;
    port: number;
    namespace: string;
    serviceName: string;
}

export interface StaticPodTarget {
    enabled: boolean;
    port: number;
    namespace: string;
    podLabels: Record<string, string>;
}

export interface ControlPlaneSettings {
    kind: ControlPlaneKind;
    override: HideableComponent[];
    coreDns: CoreDnsTarget;
    scheduler: StaticPodTarget;
    controllerManager: StaticPodTarget;
    kubeProxy: { enabled: boolean; port: number };
}

function resolve(c: ParsedControlPlane): ControlPlaneSettings {
    return {
        kind: c.kind,
        override: c.override,
        coreDns: { ...c.coreDns, enabled: c.coreDns.enabled ?? true },
        scheduler: { ...c.scheduler, enabled: c.scheduler.enabled ?? !isHidden(c, "scheduler") },
        controllerManager: { ...c.controllerManager, enabled: c.controllerManager.enabled ?? !isHidden(c, "controllerManager") },
        kubeProxy: { ...c.kubeProxy, enabled: c.kubeProxy.enabled ?? true },
    };
}

/** The defaults, for settings built without a stack file (tests, the config reference). */
export function defaultControlPlane(): ControlPlaneSettings {
    return controlPlaneSchema.parse({});
}
