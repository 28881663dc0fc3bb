import { Component } from "../contribution";
import { eventCollectorContribution } from "./contribution";
import { EventCollector } from "./event-collector";

/** Kubernetes events as JSON lines on its stdout, which the log agent ships; off by default (docs/cluster-events.md). */
export const eventCollector: Component = {
    name: "event-collector",
    contribute: eventCollectorContribution,
    build({ settings, namespaces, opts }) {
        if (!settings.eventCollector.enabled) {
            return {};
        }
        new EventCollector("event-collector", { settings: settings.eventCollector, namespaces }, opts);
        return { outputs: { eventCollectorDeployment: settings.eventCollector.name } };
    },
};
