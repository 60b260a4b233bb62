package io.mosaicod.cli;

import io.mosaicod.format.ChunkFooter;
import java.io.IOException;
import java.net.URL;
import java.util.Enumeration;

/**
 * Start-up work that would otherwise wait its turn on the command's one thread, begun on another core while the
 * command line and the configuration are read: opening the class path's ~125 jars (the first search of a
 * resource in all of them, SLF4J's search for its provider, opens and indexes every jar: tens of ms with a cold page
 * cache), and for the optimizer the codec's libraries ({@link ChunkFooter#initializeLibraries()}). Only library
 * classes are initialised here and no mosaicod state is touched, so it cannot race the command or deadlock with
 * it on class initialisation (docs/benchmarks.md).
 */
final class StartupWarmUp {
    /** The first resource every command looks for in every jar. */
    private static final String SLF4J_PROVIDERS = "META-INF/services/org.slf4j.spi.SLF4JServiceProvider";

    private StartupWarmUp() {
    }

    static void start(boolean readsChunks) {
        Thread thread = new Thread(() -> {
            openClassPath();
            if (readsChunks) {
                ChunkFooter.initializeLibraries();
            }
        }, "start-up warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    private static void openClassPath() {
        try {
            Enumeration<URL> found = ClassLoader.getSystemClassLoader().getResources(SLF4J_PROVIDERS);
            while (found.hasMoreElements()) {
                found.nextElement();
            }
        } catch (IOException e) {
            // only a head start: SLF4J reports what it cannot read itself
        }
    }
}
