import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { parse } from "yaml";
// A team's program writes `from "cluster-monitoring"` (the packed library, README "Use from your own
// Pulumi program"); this example sits in the platform's repository, so it imports the same entry
// by path, and tests/team-program.test.ts renders it offline against a platform stack's contract.
import { TeamContract, TeamMonitoring, TeamRuleGroup } from "../../lib";

// Named, so the keys are team-demo:* however the program is run.
const config = new pulumi.Config("team-demo");
const namespace = config.get("namespace") ?? "demo";
const rulesFile = path.resolve(__dirname, config.get("rulesFile") ?? "rules.yaml");

// The platform publishes what a team is checked against as a stack output.
const platform = new pulumi.StackReference(config.require("platformStack"));
const contract = platform.requireOutput("teamContract") as pulumi.Output<TeamContract>;

const groups = (parse(fs.readFileSync(rulesFile, "utf8")) as { groups: TeamRuleGroup[] }).groups;

const requestRate = (selector: string) => `sum by (pod) (rate(http_requests_total{${selector}}[$__rate_interval]))`;

const team = new TeamMonitoring(namespace, {
    namespace,
    contract,
    // The team's rules read only its own namespace's series, whatever their selectors say.
    enforceNamespace: true,
    ruleGroups: groups,
    // The sample app's Service (scripts/demo-app.yaml), probed over HTTP by the platform's blackbox exporter.
    probes: [{ service: "example-app", path: "/" }],
    dashboards: {
        app: {
            uid: `${namespace}-app`,
            title: `${namespace}: requests`,
            panels: [{ type: "timeseries", title: "Requests per pod", targets: [{ expr: requestRate(`namespace="${namespace}"`), legendFormat: "{{pod}}" }] }],
        },
    },
});

export const configMaps = team.configMapNames;
