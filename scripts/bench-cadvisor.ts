/**
 * How much the cadvisor job's metric_relabel_configs save per scrape, measured on a real
 * Prometheus scraping the test fixture (tests/fixtures/cadvisor-metrics.txt). A benchmark, not
 * a test: it prints numbers and asserts nothing.
 *
 *   npm run bench:cadvisor
 */
import * as fs from "fs";
import { CADVISOR_FIXTURE, parseExposition, scrapeFixtureWithCadvisorJob } from "../tests/harness/cadvisor-scrape";

function percent(part: number, whole: number): string {
    return `${((100 * part) / whole).toFixed(1)}%`;
}

async function main(): Promise<void> {
    const scrape = await scrapeFixtureWithCadvisorJob();
    try {
        const seriesBefore = scrape.samplesScraped;
        const seriesAfter = scrape.stored.length;
        const familiesBefore = new Set(parseExposition(fs.readFileSync(CADVISOR_FIXTURE, "utf8")).map((s) => s.name));
        const familiesAfter = new Set(scrape.stored.map((s) => s.name));
        const rows = [
            ["", "scraped", "stored", "saved", "saved %"],
            ["samples per scrape", scrape.samplesScraped, scrape.samplesStored, scrape.samplesScraped - scrape.samplesStored, percent(scrape.samplesScraped - scrape.samplesStored, scrape.samplesScraped)],
            ["series", seriesBefore, seriesAfter, seriesBefore - seriesAfter, percent(seriesBefore - seriesAfter, seriesBefore)],
            ["metric families", familiesBefore.size, familiesAfter.size, familiesBefore.size - familiesAfter.size, percent(familiesBefore.size - familiesAfter.size, familiesBefore.size)],
        ];
        console.log("cadvisor job, one scrape of tests/fixtures/cadvisor-metrics.txt on Prometheus (Debian):");
        for (const row of rows) {
            console.log(row.map((cell, i) => String(cell).padStart(i === 0 ? 0 : 10).padEnd(i === 0 ? 20 : 0)).join(" "));
        }
    } finally {
        await scrape.stop();
    }
}

main().catch((e) => {
    console.error(e);
    process.exit(1);
});
