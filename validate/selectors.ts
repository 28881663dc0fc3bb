import { KubernetesObject } from "./kubernetes-object";
import { isEmptySelector, selects } from "./label-selector";
import { podTemplates } from "./pod-templates";
import { describeObject, ManifestProblem } from "./problem";

/**
 * Selectors that a schema cannot check: a workload whose selector misses its own template is
 * rejected by the API server only at apply time, a Service that selects no pod routes nowhere,
 * and a claim template whose selector matches no PersistentVolume stays Pending forever.
 */
export function selectorProblems(objects: readonly KubernetesObject[]): ManifestProblem[] {
    const problems: ManifestProblem[] = [];
    const templates = podTemplates(objects);

    for (const t of templates) {
        if (t.owner.kind === "Pod" || t.owner.kind === "CronJob" || t.owner.kind === "Job") {
            continue; // these have no selector of their own to check
        }
        const selector = (t.owner as any).spec?.selector;
        if (isEmptySelector(selector)) {
            problems.push({ object: t.ownerName, message: "spec.selector is empty, so it would adopt every pod in the namespace" });
        } else if (!selects(selector, t.labels)) {
            problems.push({
                object: t.ownerName,
                message: `spec.selector ${JSON.stringify(selector)} does not match its pod template labels ${JSON.stringify(t.labels)}`,
            });
        }
    }

    for (const service of objects.filter((o) => o.kind === "Service")) {
        const selector = (service as any).spec?.selector;
        if (!selector || Object.keys(selector).length === 0) {
            continue; // a Service without selector has endpoints managed elsewhere
        }
        const namespace = service.metadata.namespace ?? "default";
        if (!templates.some((t) => t.namespace === namespace && selects({ matchLabels: selector }, t.labels))) {
            problems.push({
                object: describeObject(service),
                message: `spec.selector ${JSON.stringify(selector)} matches no pod template in namespace ${namespace}`,
            });
        }
    }

    const volumes = objects.filter((o) => o.kind === "PersistentVolume");
    for (const sts of objects.filter((o) => o.kind === "StatefulSet")) {
        for (const claim of (sts as any).spec?.volumeClaimTemplates ?? []) {
            if (!claim.spec?.selector) {
                continue;
            }
            const className = claim.spec.storageClassName;
            const match = volumes.some(
                (pv: any) =>
                    selects(claim.spec.selector, pv.metadata.labels ?? {}) &&
                    (className === undefined || (pv.spec?.storageClassName ?? "") === className),
            );
            if (!match) {
                problems.push({
                    object: describeObject(sts),
                    message:
                        `volume claim template ${claim.metadata?.name} selects ${JSON.stringify(claim.spec.selector)}` +
                        ` with storageClassName ${JSON.stringify(className)}, and no PersistentVolume matches`,
                });
            }
        }
    }
    return problems;
}
