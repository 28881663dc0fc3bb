import { Settings } from "../../config";
import { Component, Contribution } from "../contribution";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { APISERVER_FAMILIES, APISERVER_SERIES_RULES } from "./families";
import { apiserverJob, apiserverReach } from "./scrape-job";

/** The API servers' /metrics, while metrics.jobs.apiserver says so. */
export function apiserverContribution(s: Settings): Contribution {
    return { scrapeJobs: { cluster: s.metrics.jobs.apiserver ? [{ config: apiserverJob(endpointDiscovery(s.metrics)), reaches: apiserverReach() }] : [] } };
}

export const APISERVER_FAMILY_TABLES: Component["familyTables"] = { apiserver: APISERVER_FAMILIES };
export const APISERVER_SERIES_TABLES: Component["seriesTables"] = { apiserver: APISERVER_SERIES_RULES };
