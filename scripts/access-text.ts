import * as fs from "fs";
import type { Console } from "../components/consoles";

/** The stack outputs the access command reads (index.ts exports them; secrets stay hidden). */
export interface AccessOutputs {
    consoles?: Console[];
    grafanaAdminUser?: string;
    /** Set while metrics.web.basicAuth is. */
    prometheusWebUser?: string;
    /** Set while alertmanager.web.basicAuth is. */
    alertmanagerWebUser?: string;
}

/**
 * How to reach each UI of a deployed stack: its Ingress URL, or a port-forward line and the local
 * address. Grafana's, Prometheus' and Alertmanager's passwords are never printed here, only the commands that
 * show them on request, because this text ends up in terminals' scroll-back and CI logs.
 */
export function accessText(outputs: AccessOutputs, stack: string, context: string, outputCommand: string): string {
    const consoles = outputs.consoles ?? [];
    if (consoles.length === 0) {
        return `Stack ${stack} has no UI outputs; has it been deployed (npm run kind:up)?\n`;
    }
    const width = Math.max(...consoles.map((c) => c.title.length)) + 2;
    const lines = [`Stack ${stack}, kubectl context ${context}:`, ""];
    for (const c of consoles) {
        const head = `  ${c.title.padEnd(width)}`;
        if (c.url) {
            lines.push(`${head}${c.url}`);
        } else {
            lines.push(`${head}kubectl --context ${context} -n ${c.namespace} port-forward svc/${c.service} ${c.port}:${c.port}`);
            // Outputs of a stack deployed before the field existed have no scheme: those served http.
            lines.push(`  ${" ".repeat(width)}then ${c.scheme ?? "http"}://localhost:${c.port}${c.path}`);
            if (c.scheme === "https") {
                lines.push(`  ${" ".repeat(width)}(its certificate names ${c.service}.${c.namespace}.svc, not localhost: expect a warning)`);
            }
        }
    }
    if (outputs.grafanaAdminUser !== undefined) {
        lines.push("", `Grafana login: user ${outputs.grafanaAdminUser}; the password (a secret, shown only when you ask) with:`);
        lines.push(`  ${outputCommand} grafanaAdminPassword --show-secrets --stack ${stack}`);
    }
    if (outputs.prometheusWebUser !== undefined) {
        lines.push("", `Prometheus login: user ${outputs.prometheusWebUser}; the password with:`);
        lines.push(`  ${outputCommand} prometheusWebPassword --show-secrets --stack ${stack}`);
    }
    if (outputs.alertmanagerWebUser !== undefined) {
        lines.push("", `Alertmanager login: user ${outputs.alertmanagerWebUser}; the password with:`);
        lines.push(`  ${outputCommand} alertmanagerWebPassword --show-secrets --stack ${stack}`);
    }
    return `${lines.join("\n")}\n`;
}

// `pulumi stack output --json | access-text.ts <stack> <context> <output command>` (scripts/access.sh).
if (require.main === module) {
    const [stack, context, outputCommand] = process.argv.slice(2);
    const outputs = JSON.parse(fs.readFileSync(0, "utf8") || "{}") as AccessOutputs;
    process.stdout.write(accessText(outputs, stack, context, outputCommand));
}
