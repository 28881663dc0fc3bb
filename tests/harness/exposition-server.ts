import * as http from "http";

export interface ExpositionServer {
    /** host:port, as a scrape target names it. */
    address: string;
    close: () => Promise<void>;
}

/** Serves one exposition text at `path` on 127.0.0.1, as an exporter or a kubelet would. */
export async function serveExposition(path: string, body: string): Promise<ExpositionServer> {
    const server = http.createServer((req, res) => {
        if (req.url === path) {
            res.writeHead(200, { "Content-Type": "text/plain; version=0.0.4" });
            res.end(body);
        } else {
            res.writeHead(404).end();
        }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return { address: `127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
