/**
 * Where the program's own components serve metrics, filled from their settings while they run,
 * so the metrics server scrapes each (docs/scrape-jobs.md#our-own-components).
 */
export interface ServiceTarget {
    namespace: string;
    serviceName: string;
    portName: string;
}
