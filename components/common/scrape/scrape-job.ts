import { ScrapeConfig } from "./prometheus-config-types";
import { ScrapeReach } from "./reach";

/** A job and what it connects to; the NetworkPolicies are derived from `reaches`. */
export interface ScrapeJob {
    config: ScrapeConfig;
    reaches: ScrapeReach[];
}
