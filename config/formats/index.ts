/**
 * Format checks for stack config values. Each returns undefined when the value is fine, or a
 * sentence saying what was expected, which becomes the "expected ..." part of a ConfigError.
 *
 * Each check follows the grammar of the program that reads the value (Prometheus 2.11.1,
 * the Kubernetes API server, fluentd 1.6), and refuses on top of it what that program would
 * accept but silently change: a wrapped duration, a rounded quantity, a stripped tab. One file
 * per grammar.
 */
export * from "./prometheus-duration";
export * from "./kubernetes-quantity";
export { configMapName, dnsLabel, dnsSubdomain, MAX_STATEFULSET_NAME_LENGTH, secretName, serviceAccountName, serviceName, statefulSetName } from "./names";
export { endpointAddress, hostName, ipAddress, ipOrHostname } from "./hosts";
export * from "./paths-and-urls";
export * from "./labels";
export * from "./ports";
export * from "./fluentd";
export * from "./image";
export * from "./prometheus-bytes";
export * from "./re2";
export * from "./user-info";
export * from "./cron";
export * from "./pulumi-stack-name";
