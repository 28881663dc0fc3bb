import { MetricsServer } from "./components/metrics-server";
import { loadSettings, pulumiConfigSource } from "./config";

// Validation throws before the first resource is registered, so a bad stack file creates nothing.
const settings = loadSettings(pulumiConfigSource());

const metrics = new MetricsServer("monitor", { settings: settings.metrics });

export const namespace = metrics.namespace;
export const serviceName = metrics.serviceName;
export const inClusterUrl = metrics.inClusterUrl;
export const externalUrl = metrics.externalUrl;
