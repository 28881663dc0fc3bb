import * as pulumi from "@pulumi/pulumi";
import { SearchStoreSettings } from "../../../config";
import { dashboardsDeployment } from "./dashboards-deployment";
import { kibanaDeployment } from "./deployment";

/** The UI's Deployment: Kibana OSS beside Elasticsearch OSS, OpenSearch Dashboards beside OpenSearch; the component and the name registry both build it here. */
export function kibanaWorkload(s: SearchStoreSettings, adminPasswordGeneration?: pulumi.Input<string>) {
    return s.kind === "opensearch" ? dashboardsDeployment(s, adminPasswordGeneration) : kibanaDeployment(s);
}
