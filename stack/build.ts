import * as pulumi from "@pulumi/pulumi";
import { Settings } from "../config";
import { Built, Composition, OfflineStandIn } from "../components/contribution";
import { NamespaceReadiness } from "../components/common/namespace-readiness";
import { COMPONENTS } from "./components";

/** Everything the provider waits for, from every component of the list (Component.gate); none, mostly. */
export function providerGate(settings: Settings): pulumi.Output<unknown> | undefined {
    const gates = COMPONENTS.flatMap((c) => {
        const g = c.gate?.(settings);
        return g === undefined ? [] : [g];
    });
    return gates.length === 0 ? undefined : gates.length === 1 ? gates[0] : pulumi.all(gates);
}

/** Every other stack's output the components read, with its stand-in for an offline render (Component.offlineStandIns). */
export function offlineStandIns(settings: Settings, placeholder: (stack: string, output: string) => string): OfflineStandIn[] {
    return COMPONENTS.flatMap((c) => c.offlineStandIns?.(settings, placeholder) ?? []);
}

/**
 * The resources of every component, by one loop over the list: each builds from the settings,
 * the fold and what the components before it built. Returns every stack output they offer.
 */
export function buildComponents(settings: Settings, composed: Composition, namespaces: NamespaceReadiness, opts: pulumi.ComponentResourceOptions): Record<string, unknown> {
    const built: Record<string, Built> = {};
    const outputs: Record<string, unknown> = {};
    for (const component of COMPONENTS) {
        const b = component.build?.({ settings, namespaces, opts, composed, built }) ?? {};
        built[component.name] = b;
        for (const [name, value] of Object.entries(b.outputs ?? {})) {
            if (name in outputs) {
                throw new Error(`stack output ${name} is offered by two components (${component.name} and another)`);
            }
            outputs[name] = value;
        }
    }
    return outputs;
}
