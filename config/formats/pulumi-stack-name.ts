/**
 * A Pulumi stack's full name, `<organization>/<project>/<stack>`, as `pulumi.StackReference` reads
 * it: each part letters, digits, `-`, `_` or `.` (the names the Pulumi service accepts).
 */
export function pulumiStackName(value: string): string | undefined {
    return /^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value)
        ? undefined
        : "a stack's full name <organization>/<project>/<stack>, such as acme/cluster-monitoring/edge-eu (pulumi stack ls --all shows them)";
}
