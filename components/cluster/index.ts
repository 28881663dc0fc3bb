export { clusterProviderArgs } from "./provider";
