import { ConfigProblem } from "../config";
import { Problems } from "../config/problems";
import { probesService } from "../components/common/probe-guards";
import { Settings } from "../config";
import { LaterProblem, reading } from "../components/common/later-problem";
import { COMPONENTS } from "./components";

/**
 * The prober sends no credentials and no client certificate, so a probe of our own server fails
 * once its web config asks for a login (401 on every path, /-/ready included), and a plain-http
 * probe fails once it speaks TLS only: every probe the components claim (Component.probeGuards)
 * against every guard they claim, checked while the stack loads (stack/index.ts) with every other problem.
 */
export function probeGuardProblems(s: Settings): LaterProblem[] {
    const claims = COMPONENTS.map((c) => c.probeGuards?.(s) ?? {});
    const guards = claims.flatMap((c) => c.guards ?? []);
    return claims
        .flatMap((c) => c.probes ?? [])
        .flatMap((p): LaterProblem[] => {
            const guard = guards.find((g) => probesService(p, g));
            if (guard === undefined) {
                return [];
            }
            const problems = new Problems();
            if (guard.basicAuth && p.module !== "tcp_connect") {
                problems.add(
                    p.key,
                    p.target,
                    `a target that answers without a login: ${guard.key}.basicAuth makes ${guard.what} ask every request for one (401, /-/ready included), ` +
                        "and the blackbox exporter sends none; probe it with module tcp_connect, or remove the probe",
                );
            } else if (guard.tls && /^http:/i.test(p.target)) {
                problems.add(p.key, p.target, `an https:// target: ${guard.key}.tls makes ${guard.what} speak TLS only, and a plain http probe would be refused`);
            }
            return reading([guard.key], problems.all() satisfies ConfigProblem[]);
        });
}
