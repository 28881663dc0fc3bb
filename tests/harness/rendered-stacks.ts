import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { KubernetesObject, renderStack, stacksIn } from "../../render";

const REPO = path.resolve(__dirname, "../..");

/** The repo's stacks, each rendered once per test process. */
export const STACKS = stacksIn(REPO);

const cache = new Map<string, Promise<KubernetesObject[]>>();

export function renderedObjects(stack: string): Promise<KubernetesObject[]> {
    if (!cache.has(stack)) {
        cache.set(stack, renderStack(REPO, stack).then((r) => r.objects));
    }
    return cache.get(stack)!;
}

/** A deep copy of the objects with `change` applied to the one of `kind` and `name`, to break it on purpose. */
export function withChange(
    objects: readonly KubernetesObject[],
    kind: string,
    name: string,
    change: (o: any) => void,
    namespace?: string,
): KubernetesObject[] {
    const copy: KubernetesObject[] = JSON.parse(JSON.stringify(objects));
    const target = copy.find(
        (o) => o.kind === kind && o.metadata.name === name && (namespace === undefined || o.metadata.namespace === namespace),
    );
    if (!target) {
        throw new Error(`no ${kind} ${name} among ${copy.map((o) => `${o.kind}/${o.metadata.name}`).join(", ")}`);
    }
    change(target);
    return copy;
}

/** A deep copy without the object of `kind` and `name` (in `namespace` when given). */
export function without(objects: readonly KubernetesObject[], kind: string, name: string, namespace?: string): KubernetesObject[] {
    const copy: KubernetesObject[] = JSON.parse(JSON.stringify(objects));
    const rest = copy.filter(
        (o) => !(o.kind === kind && o.metadata.name === name && (namespace === undefined || o.metadata.namespace === namespace)),
    );
    if (rest.length !== copy.length - 1) {
        throw new Error(`expected exactly one ${kind} ${name} to remove`);
    }
    return rest;
}

/** Namespaces the stack file names as existing application namespaces: those of metrics.services and metrics.annotationDiscovery. */
export function declaredAppNamespaces(stack: string): string[] {
    const file = parse(fs.readFileSync(path.join(REPO, `Pulumi.${stack}.yaml`), "utf8"));
    const metrics = file?.config?.["cluster-monitoring:metrics"];
    const services: Array<{ namespace?: string }> = metrics?.services ?? [];
    // The teams' namespaces of annotation discovery exist before `pulumi up` (docs/monitor-your-app.md).
    const teams: unknown[] = metrics?.annotationDiscovery?.namespaces ?? [];
    return [...services.map((s) => s.namespace), ...teams].filter((ns): ns is string => typeof ns === "string");
}
