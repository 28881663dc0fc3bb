import { KubernetesObject } from "./kubernetes-object";
import { describeObject } from "./problem";

/** A pod template inside a workload, with what selecting and referencing it needs. */
export interface PodTemplate {
    owner: KubernetesObject;
    ownerName: string;
    namespace: string;
    labels: Record<string, string>;
    spec: any;
}

const TEMPLATE_AT: Record<string, (o: any) => any> = {
    Deployment: (o) => o.spec?.template,
    StatefulSet: (o) => o.spec?.template,
    DaemonSet: (o) => o.spec?.template,
    ReplicaSet: (o) => o.spec?.template,
    Job: (o) => o.spec?.template,
    CronJob: (o) => o.spec?.jobTemplate?.spec?.template,
    Pod: (o) => ({ metadata: o.metadata, spec: o.spec }),
};

/** Every pod template of every workload (and every bare Pod). */
export function podTemplates(objects: readonly KubernetesObject[]): PodTemplate[] {
    const templates: PodTemplate[] = [];
    for (const o of objects) {
        const template = TEMPLATE_AT[o.kind]?.(o);
        if (template) {
            templates.push({
                owner: o,
                ownerName: describeObject(o),
                namespace: o.metadata.namespace ?? "default",
                labels: template.metadata?.labels ?? {},
                spec: template.spec ?? {},
            });
        }
    }
    return templates;
}

/** Every container of a pod spec, init containers included. */
export function containersOf(spec: any): any[] {
    return [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
}
