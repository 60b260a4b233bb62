package io.mosaicod.cli.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.mosaicod.core.config.ConfigException;
import io.mosaicod.core.config.Settings;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /metrics} over HTTP, with the JDK's own server: the registry's meters in the format the scraper
 * asks for in its {@code Accept} header (OpenMetrics, or Prometheus' text format by default). One thread: a
 * scrape every few seconds needs no more, and a slow scraper cannot take threads from the work.
 */
final class MetricsEndpoint implements AutoCloseable {
    /** Logged once the endpoint listens, followed by its URL: how operators and tests find a port 0 chose. */
    static final String LISTENING = "metrics endpoint listening on ";
    private static final Logger LOG = LoggerFactory.getLogger(MetricsEndpoint.class);
    private static final String PATH = "/metrics";

    private final HttpServer server;
    private final ExecutorService executor;

    private MetricsEndpoint(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /** @throws ConfigException naming the setting when nothing can listen on {@code address} */
    static MetricsEndpoint start(InetSocketAddress address, PrometheusMeterRegistry registry) {
        InetSocketAddress resolved = new InetSocketAddress(address.getHostString(), address.getPort());
        if (resolved.isUnresolved()) {
            throw cannotListen(address, "unknown host");
        }
        HttpServer server;
        try {
            server = HttpServer.create(resolved, 0);
        } catch (IOException e) {
            throw cannotListen(address, e.getMessage());
        }
        ExecutorService executor = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "mosaicod-metrics");
            thread.setDaemon(true);
            return thread;
        });
        ExpositionFormats formats = ExpositionFormats.init();
        server.createContext(PATH, exchange -> {
            try (exchange) {
                serve(exchange, registry, formats);
            }
        });
        server.setExecutor(executor);
        server.start();
        InetSocketAddress bound = server.getAddress();
        LOG.info(LISTENING + "http://{}:{}{}", address.getHostString().contains(":")
                ? "[" + address.getHostString() + "]" : address.getHostString(), bound.getPort(), PATH);
        return new MetricsEndpoint(server, executor);
    }

    private static ConfigException cannotListen(InetSocketAddress address, String reason) {
        return new ConfigException("cannot open the metrics endpoint on " + Settings.METRICS_ADDRESS.type()
                .format(address) + " (" + Settings.METRICS_ADDRESS.env() + ", config "
                + Settings.METRICS_ADDRESS.fileKeyDisplay() + "): " + reason);
    }

    private static void serve(HttpExchange exchange, PrometheusMeterRegistry registry, ExpositionFormats formats)
            throws IOException {
        if (!exchange.getRequestURI().getPath().equals(PATH)) {
            exchange.sendResponseHeaders(404, -1);
            return;
        }
        String method = exchange.getRequestMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            exchange.getResponseHeaders().set("Allow", "GET, HEAD");
            exchange.sendResponseHeaders(405, -1);
            return;
        }
        ExpositionFormatWriter writer = formats.findWriter(exchange.getRequestHeaders().getFirst("Accept"));
        ByteArrayOutputStream body = new ByteArrayOutputStream(16 * 1024);
        registry.scrape(body, writer.getContentType());
        exchange.getResponseHeaders().set("Content-Type", writer.getContentType());
        if (method.equals("HEAD")) {
            exchange.sendResponseHeaders(200, -1);
            return;
        }
        exchange.sendResponseHeaders(200, body.size());
        try (OutputStream out = exchange.getResponseBody()) {
            body.writeTo(out);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
