package io.mosaicod.cli;

import io.mosaicod.cli.logging.LogSetup;
import io.mosaicod.core.config.ConfigLoader;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.tasks.cleanup.CleanupSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A child JVM for {@link CleanupProcessContract}: {@code mosaicod cleanup} configured from the environment and
 * run exactly as the command runs it ({@link RunningInstance}, {@link CleanupCommand#runPasses}), except that
 * its store holds the pass's first folder deletion: it prints {@code IN_PASS} and waits for {@code GO} on
 * stdin. So a test knows for certain that a pass is under way while it starts a rival or sends a signal.
 */
public final class GatedCleanupWorker {
    private GatedCleanupWorker() {
    }

    public static void main(String[] args) throws Exception {
        MosaicodConfig config = new ConfigLoader(System.getenv(), Path.of("")).load(Map.of());
        LogSetup.apply(config.log());
        int code;
        try (RunningInstance instance = RunningInstance.start(config, InstanceKind.CLEANUP,
                config.cleanup().runsOnce())) {
            // as `cleanup --confirm-empty-repository`: the contract's repositories reference no folder
            code = CleanupCommand.runPasses(instance, gated(instance.store()), config.cleanup(),
                    CleanupSettings.withRetention(config.cleanup().retentionDuration()).confirmingEmptyRepository());
        }
        System.exit(code);
    }

    private static ObjectStore gated(ObjectStore store) {
        AtomicBoolean held = new AtomicBoolean();
        return (ObjectStore) Proxy.newProxyInstance(ObjectStore.class.getClassLoader(),
                new Class<?>[] {ObjectStore.class}, (proxy, method, arguments) -> {
                    if (method.getName().equals("deleteFolder") && held.compareAndSet(false, true)) {
                        waitForGo();
                    }
                    try {
                        return method.invoke(store, arguments);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static void waitForGo() {
        System.out.println("IN_PASS");
        System.out.flush();
        try {
            String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            if (!"GO".equals(line)) {
                throw new IllegalStateException("expected GO on stdin, got " + line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
