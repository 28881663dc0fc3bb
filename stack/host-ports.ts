import { ConfigProblem, Settings } from "../config";
import { Problems } from "../config/problems";
import { HostPortClaim, NODE_HELD_PORTS } from "../components/common/host-ports";
import { COMPONENTS } from "./components";

/**
 * Refuses a host port that the node, a node process the stack declares, or another of our
 * host-network pods already holds: the claims of every component on the list
 * (Component.hostPorts), checked while the stack loads (stack/index.ts) with every other problem.
 */
export function hostPortProblems(s: Settings): ConfigProblem[] {
    const claims = COMPONENTS.map((c) => c.hostPorts?.(s) ?? {});
    const problems = new Problems();
    checkHostPorts(
        claims.flatMap((c) => c.binds ?? []),
        claims.flatMap((c) => c.held ?? []),
        problems,
    );
    return problems.all();
}

function checkHostPorts(binds: readonly HostPortClaim[], nodePorts: readonly HostPortClaim[], problems: Problems): void {
    binds.forEach((claim, i) => {
        const declared = nodePorts.find((p) => p.port === claim.port);
        const held = NODE_HELD_PORTS[claim.port] ?? (declared ? `${declared.who} (${declared.key})` : undefined);
        const ours = binds.slice(0, i).find((c) => c.port === claim.port);
        const holder = held ?? (ours ? `${ours.who} (${ours.key})` : undefined);
        if (holder !== undefined) {
            problems.add(
                claim.key,
                claim.port,
                `a port that nothing else on the node holds: ${claim.who} binds it on the node's own network, where ${holder} already listens on ${claim.port} ` +
                    `(ports the node holds: ${Object.keys(NODE_HELD_PORTS).join(", ")})`,
            );
        }
    });
}
