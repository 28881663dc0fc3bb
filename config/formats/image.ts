export function containerImage(value: string): string | undefined {
    return /^[a-z0-9.\-_/:@]+$/i.test(value)
        ? undefined
        : "a container image reference such as quay.io/fluentd_elasticsearch/fluentd:v2.7.0";
}
