import { LogAgent } from "./components/log-agent";
import { MetricsServer } from "./components/metrics-server";
import { loadSettings, pulumiConfigSource } from "./config";

// Validation throws before the first resource is registered, so a bad stack file creates nothing.
const settings = loadSettings(pulumiConfigSource());

const metrics = new MetricsServer("monitor", { settings: settings.metrics });
const logs = new LogAgent("log-agent", { settings: settings.logs });

export const namespace = metrics.namespace;
export const serviceName = metrics.serviceName;
export const inClusterUrl = metrics.inClusterUrl;
export const externalUrl = metrics.externalUrl;
export const logAgentNamespace = logs.namespace;
export const logAgentDaemonSet = logs.daemonSetName;
export const searchUrl = logs.searchUrl;
