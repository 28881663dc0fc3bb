export { clusterProviderArgs, providerAfter } from "./provider";
