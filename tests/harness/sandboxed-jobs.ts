import { Settings } from "../../config";
import { generatedPrometheusFiles } from "./generated-config";
import { PrometheusProcess, SandboxedConfig, sandboxConfig } from "./prometheus";

/**
 * A real Prometheus on the generated config of `settings` (no rule files), each job of `targets` fed the targets
 * Kubernetes discovery would give it (through file_sd); the sandbox too, for checks of its roles.
 */
export async function prometheusWithTargets(settings: Settings, targets: Record<string, object[]>): Promise<{ server: PrometheusProcess; sandbox: SandboxedConfig }> {
    const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings, { withRules: false });
    const sandbox = sandboxConfig(prometheusYml, ruleFiles);
    for (const [job, jobTargets] of Object.entries(targets)) {
        sandbox.setTargets(job, jobTargets);
    }
    return { server: await PrometheusProcess.start(sandbox.configFile), sandbox };
}
