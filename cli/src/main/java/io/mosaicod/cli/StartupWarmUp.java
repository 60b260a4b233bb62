package io.mosaicod.cli;

import java.io.IOException;
import java.net.URL;
import java.util.Enumeration;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * Start-up work that would otherwise wait its turn on the command's one thread, begun on another core while the
 * command line and the configuration are read: opening the class path's ~125 jars (the first search of a
 * resource in all of them, SLF4J's search for its provider, opens and indexes every jar: tens of ms with a cold page
 * cache), and for the optimizer the codec's libraries: Arrow's {@code Schema} and parquet's
 * {@code ParquetMetadata} each build a Jackson mapper when first used, which the first chunk footer read would
 * wait for. Only library classes, none of which depends on ours, are initialised here and no mosaicod state is
 * touched, so it cannot race the command or deadlock with it on class initialisation (docs/benchmarks.md,
 * "Where the time went"). All of a command's start-up work that is not the command's own is here.
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
                initialize(Schema.class);
                initialize(ParquetMetadata.class);
            }
        }, "start-up warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    private static void initialize(Class<?> type) {
        try {
            Class.forName(type.getName(), true, type.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e); // it is linked into this class: cannot happen
        }
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
