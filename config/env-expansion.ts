/**
 * The config reloader renders Prometheus' config with every `$(NAME)` replaced by the pod's
 * environment variable NAME (docs/high-availability.md#the-replica-label): that is how each
 * replica gets its own replica label. A `$(` that a stack writes into any text of the config
 * would be replaced too, by POD_NAME or one of the variables Kubernetes adds to every container
 * (KUBERNETES_SERVICE_HOST...), so it is refused wherever it appears.
 */
export const ENV_REFERENCE = "$(";

export const ENV_REFERENCE_MESSAGE =
    "text without `$(`: the config reloader replaces $(NAME) in the rendered config with the pod's environment variable NAME";

/** Every string inside `value`, with its path, that contains `$(`; map keys count as text too. */
export function envReferences(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; text: string }[] {
    if (typeof value === "string") {
        return value.includes(ENV_REFERENCE) ? [{ path, text: value }] : [];
    }
    if (Array.isArray(value)) {
        return value.flatMap((item, i) => envReferences(item, [...path, i]));
    }
    if (value !== null && typeof value === "object") {
        return Object.entries(value).flatMap(([key, item]) => [
            ...(key.includes(ENV_REFERENCE) ? [{ path: [...path, key], text: key }] : []),
            ...envReferences(item, [...path, key]),
        ]);
    }
    return [];
}
