export function oneOf(allowed: readonly string[]): (value: string) => string | undefined {
    return (value) => (allowed.includes(value) ? undefined : `one of ${allowed.join(", ")}`);
}
