/**
 * Writes tests/fixtures/node-exporter-metrics.txt: the /metrics of Debian's real
 * prometheus-node-exporter on this machine, started with the DaemonSet's collector switches and
 * exclusions (tests/harness/node-exporter-process.ts), exactly as it answered. The tests also
 * scrape a live exporter; the fixture keeps one answer for exact comparisons and the benchmark.
 *
 *   npm run fixture:node-exporter
 */
import * as fs from "fs";
import * as path from "path";
import { settingsWith } from "../tests/harness/stack-config";
import { NodeExporterProcess } from "../tests/harness/node-exporter-process";

export const NODE_EXPORTER_FIXTURE = path.join(__dirname, "..", "tests", "fixtures", "node-exporter-metrics.txt");

async function main(): Promise<void> {
    const exporter = await NodeExporterProcess.start(settingsWith().nodeExporter);
    try {
        fs.writeFileSync(NODE_EXPORTER_FIXTURE, await exporter.metrics());
        console.log(`wrote ${NODE_EXPORTER_FIXTURE}`);
    } finally {
        await exporter.stop();
    }
}

if (require.main === module) {
    main().catch((e) => {
        console.error(e);
        process.exit(1);
    });
}
