import { RegisteredResource } from "./pulumi-mocks";

/**
 * Where a secret reaches a container's command or arguments: its value, or a `$(VAR)` that
 * Kubernetes expands from a Secret-fed variable when it starts the container (and which then sits
 * in the process's command line). One line per finding; none means clean.
 */
export function secretsInArguments(resources: readonly RegisteredResource[], secretValues: readonly string[]): string[] {
    const findings: string[] = [];
    for (const w of resources.filter((r) => r.inputs?.spec?.template?.spec?.containers)) {
        const pod = w.inputs.spec.template.spec;
        for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
            const fromSecrets = (c.env ?? []).filter((e: any) => e.valueFrom?.secretKeyRef).map((e: any) => e.name as string);
            const words = JSON.stringify([c.command ?? [], c.args ?? []]);
            for (const name of fromSecrets.filter((n: string) => words.includes(`$(${n})`))) {
                findings.push(`${w.name}/${c.name} expands the Secret-fed ${name} in ${words}`);
            }
            for (const value of secretValues.filter((v) => words.includes(v))) {
                findings.push(`${w.name}/${c.name} has a secret value (${value.length} characters) in ${words}`);
            }
        }
    }
    return findings;
}
