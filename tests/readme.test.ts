import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { CADVISOR_FAMILIES } from "../components/metrics-server/scrape-jobs/cadvisor-families";
import { JOB_SWITCH_DEFAULTS, METRICS_DEFAULTS } from "../config";

const README = fs.readFileSync(path.join(__dirname, "..", "README.md"), "utf8");

describe("README stays in step with the code", () => {
    it("explains every cAdvisor family it keeps or drops, with the code's reason", () => {
        for (const f of CADVISOR_FAMILIES) {
            assert.ok(
                README.includes(`| \`${f.name}\` | ${f.keep ? "kept" : "dropped"} | ${f.why} |`),
                `README lacks the row for ${f.name}; regenerate the table from cadvisor-families.ts`,
            );
        }
    });

    it("documents every metrics key with its default", () => {
        for (const key of Object.keys(METRICS_DEFAULTS)) {
            assert.match(README, new RegExp(`\\| \`${key}\` \\|`), `README lacks metrics.${key}`);
        }
        for (const [job, on] of Object.entries(JOB_SWITCH_DEFAULTS)) {
            assert.ok(README.includes(`| \`jobs.${job}\` | \`${on}\` |`), `README lacks jobs.${job} with default ${on}`);
        }
    });

    it("gives the two commands", () => {
        assert.match(README, /```sh\nnpm ci && .*pulumi up --stack dev\n```/);
        assert.match(README, /```sh\nnpm test\n```/);
    });
});
