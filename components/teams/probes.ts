import { TeamContract } from "./contract";
import { TeamProblem } from "./check";

/** A probe of one of the team's Services, through the platform's blackbox exporter (docs/monitor-your-app.md#probes). */
export interface TeamProbe {
    /** The Service's name, in the team's namespace; its every port is probed. */
    service: string;
    /** A module the platform's blackbox exporter offers (the contract's probes.modules); http_2xx by default. */
    module?: string;
    /** The path of an HTTP probe, from "/". */
    path?: string;
    scheme?: "http" | "https";
}

/** The annotations the platform's probe job reads on a Service (components/blackbox-exporter/probe-scrape-jobs.ts). */
export const PROBE_ANNOTATIONS = {
    probe: "prometheus.io/probe",
    module: "prometheus.io/probe-module",
    path: "prometheus.io/path",
    scheme: "prometheus.io/scheme",
} as const;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export function probeAnnotations(p: TeamProbe): Record<string, string> {
    return {
        [PROBE_ANNOTATIONS.probe]: "true",
        ...(p.module !== undefined ? { [PROBE_ANNOTATIONS.module]: p.module } : {}),
        ...(p.path !== undefined ? { [PROBE_ANNOTATIONS.path]: p.path } : {}),
        ...(p.scheme !== undefined ? { [PROBE_ANNOTATIONS.scheme]: p.scheme } : {}),
    };
}

/**
 * The problems of a team's probes against the platform's contract: a namespace whose annotated
 * Services the platform does not probe (the annotation would do nothing), a module it does not
 * offer, a path or scheme its probe job would not read, a Service named twice.
 */
export function checkTeamProbes(probes: readonly TeamProbe[], namespace: string, contract: TeamContract, where: string): TeamProblem[] {
    const problems: TeamProblem[] = [];
    const add = (key: string, got: unknown, expected: string) => problems.push({ key: `${where} ${key}`, got, expected });
    // A contract published before probes were part of it offers none.
    const offered = contract.probes ?? { namespaces: [], modules: [] };
    if (probes.length > 0 && offered.namespaces !== "all" && !offered.namespaces.includes(namespace)) {
        add("namespace", namespace, `a namespace whose annotated Services the platform probes (${offered.namespaces.length === 0 ? "none: the platform's blackboxExporter.probeAnnotated and metrics.annotationDiscovery are off" : offered.namespaces.join(", ")})`);
    }
    const seen = new Set<string>();
    probes.forEach((p, i) => {
        if (typeof p.service !== "string" || !DNS_LABEL.test(p.service)) {
            add(`probes[${i}].service`, p.service, "a Service name (a DNS label: lower case letters, digits and dashes)");
        } else if (seen.has(p.service)) {
            add(`probes[${i}].service`, p.service, "a Service not probed already: each Service is probed once, on every port");
        }
        seen.add(p.service);
        if (p.module !== undefined && !offered.modules.includes(p.module)) {
            add(`probes[${i}].module`, p.module, `one of the platform's modules: ${offered.modules.join(", ")}`);
        }
        if (p.path !== undefined && (p.module === "tcp_connect" || !p.path.startsWith("/"))) {
            add(`probes[${i}].path`, p.path, p.module === "tcp_connect" ? "no path: tcp_connect only opens the port" : "a path from /, such as /healthz");
        }
        if (p.scheme !== undefined && p.module === "tcp_connect") {
            add(`probes[${i}].scheme`, p.scheme, "no scheme: tcp_connect only opens the port");
        }
    });
    return problems;
}
