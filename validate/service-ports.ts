import { KubernetesObject } from "./kubernetes-object";
import { selects } from "./label-selector";
import { containersOf, podTemplates } from "./pod-templates";
import { describeObject, ManifestProblem } from "./problem";

/**
 * A Service port's targetPort must be a port that the selected pods declare: by name, a
 * container port with that name; by number, a declared containerPort. Kubernetes accepts any
 * value and the Service then has no endpoints. An Ingress backend must name a Service of the
 * stack and one of its ports.
 */
export function servicePortProblems(objects: readonly KubernetesObject[]): ManifestProblem[] {
    const problems: ManifestProblem[] = [];
    const templates = podTemplates(objects);

    for (const service of objects.filter((o) => o.kind === "Service")) {
        const spec = (service as any).spec ?? {};
        if (!spec.selector || Object.keys(spec.selector).length === 0) {
            continue;
        }
        const namespace = service.metadata.namespace ?? "default";
        const ports = templates
            .filter((t) => t.namespace === namespace && selects({ matchLabels: spec.selector }, t.labels))
            .flatMap((t) => containersOf(t.spec).flatMap((c) => c.ports ?? []));
        for (const p of spec.ports ?? []) {
            const target = p.targetPort ?? p.port;
            const declared =
                typeof target === "string"
                    ? ports.some((cp: any) => cp.name === target)
                    : ports.some((cp: any) => cp.containerPort === target);
            if (!declared) {
                problems.push({
                    object: describeObject(service),
                    message:
                        `port ${p.name ?? p.port} targets ${JSON.stringify(target)}, which no selected container declares ` +
                        `(declared: ${ports.map((cp: any) => `${cp.name ?? "-"}/${cp.containerPort}`).join(", ") || "none"})`,
                });
            }
        }
    }

    for (const ingress of objects.filter((o) => o.kind === "Ingress")) {
        const namespace = ingress.metadata.namespace ?? "default";
        const spec = (ingress as any).spec ?? {};
        const backends = [
            ...(spec.defaultBackend ? [spec.defaultBackend] : []),
            ...(spec.rules ?? []).flatMap((r: any) => (r.http?.paths ?? []).map((p: any) => p.backend)),
        ];
        for (const b of backends.filter((b: any) => b?.service)) {
            const service: any = objects.find(
                (o) => o.kind === "Service" && o.metadata.name === b.service.name && (o.metadata.namespace ?? "default") === namespace,
            );
            const port = b.service.port ?? {};
            const ok =
                service &&
                (service.spec?.ports ?? []).some((sp: any) => (port.name !== undefined ? sp.name === port.name : sp.port === port.number));
            if (!ok) {
                problems.push({
                    object: describeObject(ingress),
                    message: `backend ${b.service.name}:${port.name ?? port.number} is not a port of a Service in namespace ${namespace}`,
                });
            }
        }
    }
    return problems;
}
